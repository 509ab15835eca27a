"""``python -m engine legal|trick|referee|deal [--jsonl] [--lang es|en]``: JSON on stdin, JSON on stdout
(contract in README.md). The commands answer with engine texts (messages); what is printed is their
words in ``--lang`` (Spanish by default)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, BinaryIO, TextIO

from engine.cards import Suit, notation_of, parse_cards, write
from engine.deal import deal
from engine.messages import LANGUAGES, Message, Texts, render
from engine.obligations import ruling
from engine.referee import referee_record
from engine.rules import TableRules
from engine.tricks import trick_winner

USAGE = "uso: python -m engine legal|trick|referee|deal [--jsonl] [--lang es|en]"


class InputError(ValueError):
    """Bad input: answered with {"error": ...} and, for a single object, exit status 2."""


def _object(data: Any, allowed: set[str], required: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InputError("se espera un objeto JSON")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise InputError(f"campo desconocido: {', '.join(unknown)}")
    missing = sorted(required - set(data))
    if missing:
        raise InputError(f"falta el campo: {', '.join(missing)}")
    return data


def _trump(value: Any) -> Suit:
    if not isinstance(value, str):
        raise InputError("'trump' debe ser un palo: o, c, e, b u oros, copas, espadas, bastos")
    return Suit.parse(value)


def _tokens(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(f"'{what}' debe ser una lista de cartas")
    return value


def cmd_legal(data: Any) -> dict[str, Any]:
    """Legal cards, obligation, rule ids and a verdict per card (R-OBL-*)."""
    data = _object(data, {"trump", "trick", "hand", "rules"}, {"trump", "hand"})
    trump = _trump(data["trump"])
    hand_tokens = _tokens(data["hand"], "hand")
    trick_tokens = _tokens(data.get("trick", []), "trick")
    if not 1 <= len(hand_tokens) <= 10:
        raise InputError(f"'hand' debe tener de 1 a 10 cartas y tiene {len(hand_tokens)}")
    if len(trick_tokens) > 3:
        raise InputError(f"'trick' puede tener como mucho 3 cartas y tiene {len(trick_tokens)}")
    both = parse_cards([*trick_tokens, *hand_tokens], what="trick + hand")
    trick, hand = both[: len(trick_tokens)], both[len(trick_tokens) :]
    rules = TableRules.from_spec(data.get("rules"))
    notation = {c: notation_of(tok) for c, tok in zip(hand, hand_tokens, strict=True)}
    r = ruling(hand, trick, trump, rules)
    return {
        "legal": [write(c, notation[c]) for c in r.legal],
        "obligation": r.obligation,
        "rules": list(r.rule_ids),
        "cards": [
            {"card": write(v.card, notation[v.card]), "legal": v.legal, "why": v.message or v.why}
            for v in r.verdicts
        ],
        "explanation": Texts(r.messages) if r.messages else r.explanation,
    }


def cmd_trick(data: Any) -> dict[str, Any]:
    """Index of the card winning the trick so far (R-TRICK-*)."""
    data = _object(data, {"trump", "cards"}, {"trump", "cards"})
    trump = _trump(data["trump"])
    tokens = _tokens(data["cards"], "cards")
    if not 1 <= len(tokens) <= 4:
        raise InputError(f"'cards' debe tener de 1 a 4 cartas y tiene {len(tokens)}")
    cards = parse_cards(tokens, what="cards")
    i = trick_winner(cards, trump)
    return {"winner": i, "card": write(cards[i], notation_of(tokens[i]))}


def cmd_referee(data: Any) -> dict[str, Any]:
    """Check a hand record: renuncios, cantes, tute and score."""
    return referee_record(data).to_dict()


def cmd_deal(data: Any) -> dict[str, Any]:
    """A seeded deal: the four hands, the trump card and suit, the first leader (R-DEAL-*)."""
    data = _object(data, {"seed", "dealer", "rules", "first_hand"}, {"seed"})
    seed, dealer = data["seed"], data.get("dealer", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("'seed' debe ser un número entero")
    if isinstance(dealer, bool) or dealer not in (0, 1, 2, 3):
        raise InputError("'dealer' debe ser un asiento de 0 a 3")
    first_hand = data.get("first_hand", False)
    if not isinstance(first_hand, bool):
        raise InputError("'first_hand' debe ser true o false")
    d = deal(seed, dealer, TableRules.from_spec(data.get("rules")), first_hand=first_hand)
    return {
        "hands": {str(s): [c.code for c in d.hands[s]] for s in range(4)},
        "trump": d.trump.letter,
        "trump_card": None if d.trump_card is None else d.trump_card.code,
        "dealer": d.dealer,
        "leader": d.leader,
    }


COMMANDS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "legal": cmd_legal,
    "trick": cmd_trick,
    "referee": cmd_referee,
    "deal": cmd_deal,
}


def words(value: Any, lang: str) -> Any:
    """An answer with every engine text in it (a message, several) turned into words of ``lang``."""
    if isinstance(value, (Message, Texts)):
        return render(value, lang)
    if isinstance(value, dict):
        return {k: words(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [words(v, lang) for v in value]
    return value


def answer(command: str, raw: bytes | str, lang: str = "es") -> tuple[dict[str, Any], bool]:
    """(the JSON answer for one input, its texts in ``lang``; whether it is an error)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        return {"error": f"JSON no válido: {err}"}, True
    try:
        return words(COMMANDS[command](data), lang), False
    except (ValueError, TypeError, KeyError) as err:
        return {"error": str(err) or type(err).__name__}, True


def _language(argv: list[str]) -> tuple[list[str], str | None]:
    """The arguments without ``--lang xx`` / ``--lang=xx``, and the language (None if it is not one)."""
    rest, lang = [], "es"
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--lang":
            lang = argv[i + 1] if i + 1 < len(argv) else ""
            i += 2
            continue
        if a.startswith("--lang="):
            lang = a.removeprefix("--lang=")
        else:
            rest.append(a)
        i += 1
    return rest, lang if lang in LANGUAGES else None


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def main(argv: list[str] | None = None, stdin: BinaryIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one command; returns the exit status (0, or 2 for bad input)."""
    argv = sys.argv[1:] if argv is None else argv
    stdin = sys.stdin.buffer if stdin is None else stdin
    if stdout is None:
        sys.stdout.reconfigure(encoding="utf-8")
        stdout = sys.stdout
    argv, lang = _language(argv)
    flags = [a for a in argv if a.startswith("-")]
    args = [a for a in argv if not a.startswith("-")]
    if len(args) != 1 or args[0] not in COMMANDS or set(flags) - {"--jsonl"} or lang is None:
        stdout.write(_dump({"error": USAGE}) + "\n")
        return 2
    command = args[0]
    if "--jsonl" in flags:
        try:
            write_line = stdout.write
            for raw in stdin:  # streamed: one answer per line, in order
                if not raw.strip():
                    write_line(_dump({"error": "línea vacía: se espera un objeto JSON por línea"}) + "\n")
                    continue
                write_line(_dump(answer(command, raw, lang)[0]) + "\n")
        except OSError as err:
            stdout.write(_dump({"error": f"no se puede leer la entrada: {err}"}) + "\n")
            return 2
        return 0
    try:
        raw = stdin.read()
    except OSError as err:
        stdout.write(_dump({"error": f"no se puede leer la entrada: {err}"}) + "\n")
        return 2
    result, failed = answer(command, raw, lang)
    stdout.write(_dump(result) + "\n")
    return 2 if failed else 0
