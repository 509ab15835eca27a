"""A sample of engine texts and their words in both languages, for ``test_rendered_golden``.

``python -m tests.engine.rendered_sample`` writes ``tests/engine/data/rendered_golden.json.gz``: every
text of the sample (as ``to_data``), its Spanish and English words, and the templates of every message id
it uses. It was written once by the renderer before it compiled its templates (commit 2d387d8), so the
test compares today's renderer with words the old one printed. Rewrite it only when the catalogue's
templates changed so much that the test asks for it, and then only from a renderer already shown equal.

The sample: rulings of random positions at every table, spoken to the learner, to each other seat and to
a player seen from outside (named or not); every family's scenarios at every level, their options and the
grade of each option; and every message id of the catalogue with facts drawn for its fields.
"""

from __future__ import annotations

import gzip
import json
import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.messages import Message, Texts, Who, en, es, render, to_data

GOLDEN = Path(__file__).parent / "data" / "rendered_golden.json.gz"

_WHOS = (Who.you(), Who(1), Who(2), Who(3), Who(None, 2), Who(None, 3, "Ana"), Who(None, 4, "Íñigo"))
_CARD_FACTS = {"card", "top", "target", "lead", "partner_card", "best"}


def _rulings(per_table: int) -> Iterator[tuple[str, Any]]:
    from engine.bench import positions
    from engine.cards import cards_of
    from engine.obligations import ruling
    from engine.rules import PRESETS

    for name, rules in PRESETS.items():
        for i, (hand, trick, trump) in enumerate(positions(per_table, rules, seed=7)):
            who = _WHOS[i % len(_WHOS)]
            r = ruling(cards_of(hand), trick, trump, rules, who)
            yield f"ruling/{name}/{i}", Texts([r.explanation, *(v.why for v in r.verdicts)])


def _scenarios(seeds: int) -> Iterator[tuple[str, Any]]:
    from engine.rules import PRESETS
    from engine.scenarios import FAMILIES, generate
    from engine.scenarios.families import grade

    for name in ("guia", "ludoteka"):
        for family in FAMILIES:
            for level in (1, 2, 3):
                for seed in range(seeds):
                    s = generate(family, seed, level, PRESETS[name])
                    key = f"scenario/{name}/{family}/{level}/{seed}"
                    yield key + "/question", s.question
                    yield key + "/options", Texts([o.label for o in s.options])
                    answers = [s.answer] + [o.value for o in s.options]
                    for j, answer in enumerate(answers):
                        try:
                            g = grade(s, answer)
                        except Exception as exc:  # an option value is not an answer of this kind
                            yield f"{key}/grade{j}", f"{type(exc).__name__}"
                            continue
                        parts = [g.explanation, g.note]
                        parts += [t for row in g.verdicts for t in row[1:] if not isinstance(t, bool)]
                        yield (
                            f"{key}/grade{j}",
                            Texts(p for p in parts if isinstance(p, (str, Message, tuple))),
                        )


def _value(name: str, spec: str, conv: str | None, rng: random.Random) -> Any:
    if name == "who":
        return rng.choice(_WHOS)
    if name in _CARD_FACTS:
        return rng.randrange(40)
    if name in ("cards", "others"):
        return tuple(rng.sample(range(40), rng.randint(1, 3)))
    if name in ("suit", "trump", "led", "other"):
        return rng.randrange(4)
    if name == "verdict":
        return Message(rng.choice(("play.salida.ok", "play.follow.ok")), {"who": rng.choice(_WHOS)})
    if spec in ("and", "or", "semi"):
        return tuple(Message("play.salida.ok", {"who": w}) for w in rng.sample(_WHOS, rng.randint(1, 3)))
    if conv == "r":
        return rng.choice(("x", "7c", "ñ"))
    return rng.choice((0, 1, 2, 3, 12, 130, "texto", "Ana"))


def _catalogue(variants: int) -> Iterator[tuple[str, Any]]:
    rng = random.Random(30)
    for message_id in sorted(es.CATALOGUE):
        fields: dict[str, tuple[str, str | None]] = {}
        for template in (es.CATALOGUE[message_id], en.CATALOGUE[message_id]):
            for _, name, spec, conv in string.Formatter().parse(template):
                if name:
                    fields.setdefault(name, (spec or "", conv))
        for k in range(variants):
            facts = {name: _value(name, spec, conv, rng) for name, (spec, conv) in fields.items()}
            yield f"catalogue/{message_id}/{k}", Message(message_id, facts)


def samples() -> Iterator[tuple[str, Any]]:
    yield from _rulings(150)
    yield from _scenarios(6)
    yield from _catalogue(4)


def words(text: Any, lang: str) -> str:
    """The text's words, or the name of the error rendering it raised (the sample keeps both)."""
    try:
        return render(text, lang)
    except Exception as exc:
        return f"!{type(exc).__name__}"


def message_ids(data: Any) -> set[str]:
    """Every message id inside a text as ``to_data`` writes it."""
    found: set[str] = set()
    if isinstance(data, dict):
        if "msg" in data:
            found.add(data["msg"])
        for v in data.values():
            found |= message_ids(v)
    elif isinstance(data, list):
        for v in data:
            found |= message_ids(v)
    return found


def main() -> None:
    rows, used = [], set()
    for key, text in samples():
        data = to_data(text)
        used |= message_ids(data)
        rows.append([key, data, words(text, "es"), words(text, "en")])
    templates = {i: [es.CATALOGUE.get(i), en.CATALOGUE.get(i)] for i in sorted(used)}
    GOLDEN.parent.mkdir(exist_ok=True)
    payload = json.dumps({"templates": templates, "rows": rows}, ensure_ascii=False, separators=(",", ":"))
    with gzip.GzipFile(GOLDEN, "wb", mtime=0) as f:
        f.write(payload.encode())
    print(f"{len(rows)} texts, {len(used)} message ids -> {GOLDEN} ({GOLDEN.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
