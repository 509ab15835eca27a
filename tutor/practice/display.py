"""What a scenario page shows, prepared from the stored position and grade (no rule is decided here).

Trick winners come from engine.tricks, verdicts and explanations from the stored engine Grade, seat
names from engine.scenarios.common; this module only arranges them for the templates.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.cards import Suit
from engine.messages import Message
from engine.rules import PRESETS, RULE_CATALOGUE, SWITCH_LABELS, SWITCH_VALUE_LABELS, TableRules
from engine.scenarios import FAMILY, FAMILY_LABELS, MISCONCEPTIONS, Scenario, grade_texts
from engine.scenarios.common import CODE_INDEX, player_text
from engine.tricks import trick_winner
from tutor.lib.cards import card_name, is_card_code, seat_labels
from tutor.lib.i18n import text
from tutor.lib.tables import table_label

# The words of a verdict row's yes and no, by what its family's contract says yes means
# (engine.scenarios.families.VERDICT_MEANINGS); translated when a row is drawn.
VERDICT_WORDS = {
    "playable": (gettext_noop("se puede jugar"), gettext_noop("no se puede jugar")),
    "obligation": (gettext_noop("es la obligación"), gettext_noop("no es la obligación")),
    "wins": (gettext_noop("gana"), gettext_noop("no gana")),
    "counts": (gettext_noop("cuenta tantos"), gettext_noop("no cuenta")),
    "answer": (gettext_noop("respuesta"), gettext_noop("no")),
    "valid_now": (gettext_noop("vale ahora"), gettext_noop("no vale ahora")),
    "renuncio": (gettext_noop("renuncio"), gettext_noop("cumple")),
    "yes": (gettext_noop("sí"), gettext_noop("no")),
}


def verdict_words(meaning: str) -> tuple[str, str]:
    """A verdict row's yes and no in words."""
    yes, no = VERDICT_WORDS[meaning]
    return _(yes), _(no)


def _no_lesson(rule_id: str) -> str | None:
    return None


_lesson_links: Callable[[str], str | None] = _no_lesson


def set_lesson_links(links: Callable[[str], str | None]) -> None:
    """Let the course say which step teaches a rule id (lessons calls it when it starts)."""
    global _lesson_links
    _lesson_links = links
    lesson_url.cache_clear()


@cache
def lesson_url(rule_id: str) -> str | None:
    """The lesson step that teaches ``rule_id``, or None while no course says so."""
    try:
        return _lesson_links(rule_id)
    except Exception:  # a broken course must not take practice down with it
        return None


def rule_lines(rule_ids) -> list[dict]:
    return [
        {"id": rule_id, "summary": RULE_CATALOGUE.get(rule_id, ""), "url": lesson_url(rule_id)}
        for rule_id in rule_ids
    ]


def _switch_setting(key: str, rules: TableRules) -> Message:
    """«Castigo del renuncio: pierde la mano»: a switch and its value at this table, in the page's language."""
    value = getattr(rules, key)
    if isinstance(value, bool):
        said = Message("switch.yes" if value else "switch.no")
    else:
        said = SWITCH_VALUE_LABELS[(key, value)]
    return Message("switch.setting", {"label": SWITCH_LABELS[key], "value": said})


def rules_in_force(rules: TableRules) -> dict:
    """The table's name and the switches that differ from the default table."""
    name = rules.preset_name
    return {
        "preset": name or "",
        "label": table_label(rules),
        "switches": [
            {"key": key, "label": SWITCH_LABELS[key], "setting": _switch_setting(key, rules)}
            for key in rules.differences()
        ],
    }


def _ints(codes) -> list[int]:
    return [CODE_INDEX[c] for c in codes]


def _seat_names(pos: dict) -> dict[int, str] | None:
    # Scenarios seen from no seat (ganador, renuncio) name the players; others use "Tú", "Compañero"...
    if pos.get("viewer") is None:
        return {seat: text(player_text(seat)) for seat in range(4)}
    return None


def _trick(pos: dict, show_winner: bool) -> dict | None:
    cards = pos.get("trick") or []
    trump = int(Suit.parse(pos["trump"]))
    viewer = pos.get("viewer")
    seats = pos.get("trick_seats") or []
    leader = pos.get("leader", seats[0] if seats else 0)
    return {
        "cards": cards,
        "leader": leader,
        "viewer": viewer if viewer is not None else 0,
        "trump": pos["trump"],
        "trump_card": _unseen_trump_card(pos),
        "winner": trick_winner(_ints(cards), trump) if cards and show_winner else None,
        "names": _seat_names(pos),
    }


def _unseen_trump_card(pos: dict) -> str | None:
    """The dealer's shown card, unless the page already draws it (played, or in the hand shown)."""
    card = pos.get("trump_card")
    visible = {*(pos.get("trick") or []), *(pos.get("hand") or [])}
    return None if card in visible else card


def _history(pos: dict) -> list[dict]:
    names = _seat_names(pos) or {}
    viewer = pos.get("viewer")
    labels = seat_labels()
    rows = []
    for t in pos.get("history") or []:
        plays = [
            f"{_who((t['leader'] + offset) % 4, viewer, names, labels)}: {card_name(code)}"
            for offset, code in enumerate(t["cards"])
        ]
        # The whole trick in words, "Tú: as de oros; ... — gana Compañero" ("— ganas tú" for the viewer).
        if viewer is not None and t["winner"] == viewer:
            won = _("ganas tú")
        else:
            won = _("gana %(who)s") % {"who": _who(t["winner"], viewer, names, labels)}
        rows.append({"text": "; ".join(plays) + " — " + won})
    return rows


def _who(seat: int, viewer: int | None, names: dict, labels: tuple[str, ...] | None = None) -> str:
    """A seat's name: the neutral player name, or relative to the viewer. Pass ``labels``
    (seat_labels()) when naming many seats: translating them is the dear part."""
    if viewer is None:
        return names.get(seat, text(player_text(seat)))
    return (labels or seat_labels())[(seat - viewer) % 4]


def _cantes(items, viewer, names) -> list[dict]:
    labels = seat_labels()
    return [
        {
            "who": _who(x["seat"], viewer, names, labels),
            "suit": Suit.parse(x["suit"]).label,
            "points": x["points"],
            "after_trick": x.get("after_trick"),
            "what": _points_words(x["points"]),
            "sentence": _sung_sentence(x["seat"], viewer, x["points"], Suit.parse(x["suit"]).label),
        }
        for x in items or []
    ]


def _points_words(points: int) -> str:
    return {20: _("las veinte"), 40: _("las cuarenta")}.get(points, str(points))


def _sung_sentence(seat: int, viewer: int | None, points: int, suit: str) -> str:
    """ "Cantaste las veinte en espadas", "Tu compañero cantó las cuarenta en oros"... by seat."""
    what = _points_words(points)
    if viewer is None:
        return _("%(who)s cantó %(what)s en %(suit)s") % {
            "who": text(player_text(seat)),
            "what": what,
            "suit": suit,
        }
    pattern = (
        _("Cantaste %(what)s en %(suit)s"),
        _("El rival de tu derecha cantó %(what)s en %(suit)s"),
        _("Tu compañero cantó %(what)s en %(suit)s"),
        _("El rival de tu izquierda cantó %(what)s en %(suit)s"),
    )[(seat - viewer) % 4]
    return pattern % {"what": what, "suit": suit}


def _last_winner_sentence(seat: int, viewer: int) -> str:
    return (
        _("La última baza la has ganado tú."),
        _("La última baza la ha ganado el rival de tu derecha."),
        _("La última baza la ha ganado tu compañero."),
        _("La última baza la ha ganado el rival de tu izquierda."),
    )[(seat - viewer) % 4]


def _pair_of(seat: int) -> str:
    # Seats 0 and 2 are pair A, 1 and 3 pair B (engine.scenarios' positions).
    return "A" if seat % 2 == 0 else "B"


def table_changes_when_answered(scenario: Scenario) -> bool:
    """Whether the table looks different once answered (position(..., answered=True))."""
    return FAMILY[scenario.family].answer_in_trick


def position(scenario: Scenario, answered: bool) -> dict:
    """The parts of the table the question needs, ready for the deck template tags."""
    pos = scenario.position
    family = scenario.family
    names = _seat_names(pos) or {}
    viewer = pos.get("viewer")
    view: dict = {"family": family, "trump": Suit.parse(pos["trump"]).label if pos.get("trump") else ""}
    draws = FAMILY[family].draws  # what this family's page draws (the engine's family contract)
    if "trick" in draws and "trick" in pos:
        # Where the trick's winner is the question, it is shown once answered.
        view["trick"] = _trick(pos, show_winner=answered or not table_changes_when_answered(scenario))
    if "hand" in draws:
        view["hand"] = pos.get("hand") or []
    if "candidates" in pos:
        view["candidates"] = pos["candidates"]
    if "hands_before" in draws:
        view["hands_before"] = [
            {"who": text(player_text(seat)), "cards": cards} for seat, cards in enumerate(pos["hands_before"])
        ]
    if "history" in draws:
        view["history"] = _history(pos)
        view["history_open"] = FAMILY[family].history_decides
    if "cante" in draws:
        view["cante"] = True
        view["trump_card"] = _unseen_trump_card(pos)
        view["last_winner_sentence"] = _last_winner_sentence(pos["last_winner"], viewer)
        pair_tricks = pos.get("pair_tricks") or {}
        mine = _pair_of(viewer)
        theirs = "B" if mine == "A" else "A"
        view["pair_tricks"] = {"mine": pair_tricks.get(mine, 0), "theirs": pair_tricks.get(theirs, 0)}
        view["sung"] = _cantes(pos.get("sung"), viewer, names)
        view["sang_now"] = _cantes(pos.get("sang_now"), viewer, names)
        view["partner_shows"] = pos.get("partner_shows") or []
    if "piles" in draws:
        if "pile" in pos:
            view["pile"] = pos["pile"]
            view["pile_tricks"] = pos["tricks"]
        else:
            pair_names = pos.get("names") or {
                "A": _("Pareja A (jugadores 1 y 3)"),
                "B": _("Pareja B (jugadores 2 y 4)"),
            }
            view["piles"] = [
                {
                    "pair": p,
                    "name": pair_names[p],
                    "cards": pos["piles"][p],
                    "tricks": pos["tricks"][p],
                    "cantes": _cantes(pos["cantes"][p], None, names),
                    "last": pos["last_trick"] == p,
                    "asked": pos.get("pair") == p,
                }
                for p in "AB"
            ]
    return view


def _reason(why) -> str:
    """The engine's reason without its own "Sí:"/"No:" ("Yes:"/"No:"): the row already says yes or no."""
    words = str(why)
    for verdict in ("Sí: ", "No: ", "Yes: "):
        if words.startswith(verdict):
            return words.removeprefix(verdict)
    return words


def feedback(scenario: Scenario, grade: dict) -> dict:
    """Right or wrong, the explanation, a verdict per card or option, rules and the misconception."""
    rows = []
    grade = grade_texts(grade)
    given = grade["given"] if isinstance(grade["given"], list) else [grade["given"]]
    verdicts = FAMILY[scenario.family].verdicts
    # A row of facts (a card counts tantos or it does not) is never a judgement on the learner.
    fact = verdicts.facts
    for value, label, ok, why in grade["verdicts"]:
        is_card = is_card_code(value)
        yes, no = verdict_words(verdicts.meaning(is_card, is_seat=str(value).isdigit()))
        rows.append(
            {
                "value": value,
                "label": label,
                "ok": bool(ok),
                "mark": ("fact" if fact else "yes") if ok else ("zero" if fact else "no"),  # CSS modifier
                "icon": ("+" if ok else "·") if fact else ("✔" if ok else "✘"),
                "word": yes if ok else no,
                "why": _reason(why),
                "is_card": is_card,
                # What the learner got wrong, from the grade: a wrong option or card they chose, or a
                # right card they left out when marking several.
                "mistake": not fact and _is_mistake(scenario, value, bool(ok), given),
            }
        )
    misconception = grade.get("misconception") or ""
    return {
        "correct": grade["correct"],
        "explanation": grade["explanation"],
        "note": grade.get("note") or "",  # what this answer missed (no misconception fits it)
        "verdicts": rows,
        "card_verdicts": [r for r in rows if r["is_card"]],
        "option_verdicts": [r for r in rows if not r["is_card"]],
        "expected": _describe(scenario, grade["expected"]),
        "given": _describe(scenario, grade["given"]),
        "rules": rule_lines(grade.get("rule_ids") or scenario.rule_ids),
        "misconception": MISCONCEPTIONS.get(misconception, "") if misconception else "",
        # The cards the learner played or marked, marked on the hand after answering.
        "given_cards": given_cards(grade),
        "given_label": _("tu carta") if scenario.answer_kind == "card" else _("marcada"),
    }


def _is_mistake(scenario: Scenario, value, ok: bool, given: list) -> bool:
    chosen = value in given
    if scenario.answer_kind == "cards":
        return chosen != ok
    return chosen and not ok


def given_cards(grade: dict) -> list[str]:
    """The cards the learner played or marked, to mark them on the hand after answering."""
    given = grade.get("given")
    values = given if isinstance(given, list) else [given]
    return [v for v in values if is_card_code(v)]


def _describe(scenario: Scenario, value) -> str:
    """An answer in words: card names or option labels."""
    labels = {o.value: o.label for o in scenario.options}
    if isinstance(value, list):
        return ", ".join(_describe(scenario, v) for v in value) or _("ninguna")
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if value in labels and scenario.answer_kind not in ("card", "cards"):
        return text(labels[value])
    if is_card_code(value):  # a card from the hand, named as in a sentence: "rey de copas, cuatro de copas"
        return card_name(value)
    return str(value)


def family_label(family: str) -> str:
    return text(FAMILY_LABELS.get(family, family))


def variant_of(name: str) -> dict:
    """A preset table and what it changes from the guide's, in the engine's own switch labels."""
    shown = rules_in_force(PRESETS[name])
    return {
        "name": name,
        "label": shown["label"],
        "changes": [switch["setting"] for switch in shown["switches"]],
    }


def variants() -> list[dict]:
    """Every preset table with what it changes (the class form's and the new match's explanation)."""
    return [variant_of(name) for name in PRESETS]
