"""What the printed sheets say, prepared for their templates: every rule, example, question and answer
comes from the engine (its rulings, catalogue and scenarios); this module only arranges them.

- the rules sheet of a table: its rules by part, an example of each obligation ruled by the engine on a
  position of ours, and what the table changes from the guide's rules;
- the worksheet: questions of chosen families, levels and table, one copy per seed, with its key;
- the score sheet: cartas, cantes, última baza and total per hand, the match's points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.utils.translation import gettext as _

from engine.cards import Suit
from engine.match import Match as MatchRules
from engine.obligations import ruling
from engine.rules import RULE_CATALOGUE, TableRules, cite, switched_off, variant_ids
from engine.scenarios import FAMILY, Scenario, ScenarioError, grade
from tutor.lib.cards import as_card, card_name, seat_labels
from tutor.lib.tables import table_label
from tutor.practice import display

# The rules sheet's parts, by the guide's rule ids (a table that switches one off states its variant).
PARTS = (
    (
        "deal",
        ("R-DECK-1", "R-DECK-3", "R-DECK-4", "R-SEAT-1", "R-DEAL-1", "R-DEAL-2", "R-DEAL-3", "R-DEAL-4"),
    ),
    (
        "obligations",
        (
            "R-TRICK-1",
            "R-TRICK-2",
            "R-OBL-ASISTIR",
            "R-OBL-MONTAR",
            "R-OBL-CORTADA",
            "R-OBL-TRIUNFO-SALIDA",
            "R-OBL-FALLAR",
            "R-OBL-PISAR",
            "R-OBL-LIBRE",
            "R-OBL-PAREJA",
            "R-OBL-RENUNCIO",
        ),
    ),
    (
        "cantes",
        ("R-CANTE-1", "R-CANTE-2", "R-CANTE-3", "R-CANTE-4", "R-CANTE-5", "R-TUTE-1", "R-TUTE-2", "R-TUTE-3"),
    ),
    ("scoring", ("R-SCORE-1", "R-SCORE-2", "R-SCORE-3")),
    ("match", ("R-MATCH-1", "R-RENUNCIO-1")),
)
# Variant rules that switch no default rule off, but add to one part (they follow the rule they narrow).
ADDED_TO = {"R-VAR-FALLAR-SIN-PISAR": "R-OBL-LIBRE", "R-VAR-PRIMERA-MANO-LUDOTEKA": "R-DEAL-3"}


@dataclass(frozen=True)
class Position:
    """A position for an example: the trump suit, the trick so far (in playing order), the hand."""

    trump: str
    trick: tuple[str, ...]
    hand: tuple[str, ...]


# One position per obligation; the engine rules on it at the sheet's table (a variant rule that
# replaces an obligation is shown on the same position, so the two tables can be compared).
EXAMPLES = {
    "R-OBL-ASISTIR": Position("o", ("12c",), ("4c", "6b", "1e")),
    "R-OBL-MONTAR": Position("o", ("10c",), ("12c", "4c", "6b")),
    "R-OBL-CORTADA": Position("o", ("10c", "2o"), ("12c", "4c", "6b")),
    "R-VAR-MONTAR-TRAS-FALLO": Position("o", ("10c", "2o"), ("12c", "4c", "6b")),
    "R-OBL-TRIUNFO-SALIDA": Position("o", ("4o",), ("12o", "2o", "6b")),
    "R-OBL-FALLAR": Position("o", ("10c",), ("4o", "6b", "7e")),
    "R-OBL-PISAR": Position("o", ("10c", "5o"), ("4o", "12o", "6b")),
    "R-OBL-LIBRE": Position("o", ("10c",), ("6b", "7e", "2b")),
    "R-VAR-FALLAR-SIN-PISAR": Position("o", ("10c", "12o"), ("4o", "6b", "7e")),
    "R-OBL-PAREJA": Position("o", ("3c", "4c"), ("1c", "6c", "7b")),
    "R-VAR-COMPANERO": Position("o", ("3c", "4c"), ("1c", "6c", "7b")),
}


def example(position: Position, rules: TableRules) -> dict:
    """The position in words and the cards the engine allows there, at this table."""
    trump = Suit.parse(position.trump)
    hand = [as_card(c) for c in position.hand]
    trick = [as_card(c) for c in position.trick]
    decided = ruling(hand, trick, trump, rules)
    labels = seat_labels()
    # The card played k-th came from the seat k - len(trick) places from the viewer (R-SEAT-1).
    played = [{"who": labels[(k - len(trick)) % 4], "card": card_name(c)} for k, c in enumerate(trick)]
    return {
        "trump": trump.label,
        "trick": played,
        "hand": [card_name(c) for c in hand],
        "legal": [card_name(c) for c in decided.legal],
        "all_legal": len(decided.legal) == len(hand),
    }


def _line(rule_id: str, rules: TableRules) -> dict:
    position = EXAMPLES.get(rule_id)
    return {
        "id": rule_id,
        "text": RULE_CATALOGUE[rule_id],
        "example": example(position, rules) if position else None,
    }


def rules_sheet(rules: TableRules) -> dict:
    titles = {
        "deal": _("La baraja y el reparto"),
        "obligations": _("Bazas y obligaciones"),
        "cantes": _("Cantes y tute"),
        "scoring": _("La cuenta de cada mano"),
        "match": _("La partida y el renuncio"),
    }
    off = switched_off(rules)
    in_force = variant_ids(rules)
    parts = []
    for name, ids in PARTS:
        stated = []
        for rule_id in cite(ids, rules):
            if rule_id in off:
                continue
            stated.append(rule_id)
            stated += [v for v, after in ADDED_TO.items() if after == rule_id and v in in_force]
        parts.append({"name": name, "title": titles[name], "rules": [_line(r, rules) for r in stated]})
    return {
        "table_label": table_label(rules),
        "parts": parts,
        # The switches this table sets otherwise; each variant rule is stated in its part above.
        "switches": display.rules_in_force(rules)["switches"],
    }


def score_sheet(rules: TableRules) -> dict:
    """As many rows as the longest match can have: the target's hands for one pair, one fewer for the
    other (a hand gives at least one point), plus the deciding hand."""
    target = MatchRules(rules=rules).target
    return {
        "table_label": table_label(rules),
        "hands": range(1, 2 * target),
        "target": target,
        "match_rules": [
            {"id": r, "text": RULE_CATALOGUE[r]}
            for r in cite(("R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-MATCH-1", "R-RENUNCIO-1"), rules)
        ],
    }


def _given_right(scenario: Scenario):
    """The key's answer as a form would send it (the first of several right cards or options)."""
    answer = scenario.answer
    if scenario.answer_kind in ("card", "choice") and isinstance(answer, list):
        return answer[0]
    if scenario.answer_kind == "cards":
        return list(answer)
    return str(answer)


def _question(scenario: Scenario, number: int) -> dict:
    view = display.position(scenario, answered=False)
    graded = grade(scenario, _given_right(scenario)).to_dict()
    feedback = display.feedback(scenario, graded)
    hands_before = [
        {"who": h["who"], "cards": [card_name(c) for c in h["cards"]]} for h in view.get("hands_before", [])
    ]
    piles = [
        {
            "name": p["name"],
            "cards": [card_name(c) for c in p["cards"]],
            "cantes": [c["sentence"] for c in p["cantes"]],
            "last": p["last"],
        }
        for p in view.get("piles", [])
    ]
    return {
        "number": number,
        "family": display.family_label(scenario.family),
        "level": scenario.difficulty,
        "question": scenario.question,
        "kind": scenario.answer_kind,
        "hand": [card_name(c) for c in view.get("hand", [])],
        "pile": [card_name(c) for c in view.get("pile", [])],
        "piles": piles,
        "hands_before": hands_before,
        "history": [row["text"] for row in view.get("history", [])] if view.get("history_open") else [],
        "sung": [c["sentence"] for c in view.get("sung", [])],
        "options": [o.label for o in scenario.options] if scenario.answer_kind == "choice" else [],
        "answer": feedback["expected"],
        "reason": feedback["explanation"],
    }


def worksheet(
    families: list[str], levels: list[int], rules: TableRules, questions: int, copies: int, seed: int
) -> list[dict]:
    """``copies`` worksheets of ``questions`` questions, the families and levels taken in turn; each copy
    draws its own scenarios from ``seed`` and its number, so the same seed prints the same sheets."""
    sheets = []
    for copy in range(1, copies + 1):
        draw = random.Random(f"{seed}:{copy}")
        items = []
        for n in range(questions):
            family, level = families[n % len(families)], levels[n % len(levels)]
            for _attempt in range(20):
                try:
                    scenario = FAMILY[family].make(draw.randrange(10**9), level, rules, None)
                except ScenarioError:
                    continue
                items.append(_question(scenario, n + 1))
                break
        sheets.append({"copy": copy, "questions": items})
    return sheets
