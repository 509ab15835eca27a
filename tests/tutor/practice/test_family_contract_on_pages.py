"""The practice pages go through the family contract (engine.scenarios.FAMILY): what a verdict row's
yes means, whether the trick shows the answer, whether the earlier tricks decide it. They never
compare family names."""

import re
from pathlib import Path

import pytest

from engine.scenarios import FAMILIES, FAMILY, generate, grade
from engine.scenarios.families import VERDICT_MEANINGS
from tutor.practice import display

ROOT = Path(__file__).resolve().parents[3]
# A family name in quotes next to a comparison: `family == "ganador"`, `family in ("cante", ...)`.
NAMES = "|".join(FAMILIES)
COMPARED = re.compile(rf"(==|!=|\bin\b)\s*\(?\s*[\"'](?:{NAMES})[\"']|[\"'](?:{NAMES})[\"']\s*(==|!=)")


def test_every_meaning_a_family_can_give_its_verdicts_has_words():
    assert set(display.VERDICT_WORDS) == set(VERDICT_MEANINGS)
    for family in FAMILY.values():
        v = family.verdicts
        assert {v.card, v.option} | ({v.seat} if v.seat else set()) <= set(VERDICT_MEANINGS), family.name


@pytest.mark.parametrize(
    "path",
    [
        "tutor/practice/display.py",
        "templates/practice/_scenario.html",
        "templates/live/phone.html",
        "engine/scenarios/grading.py",
        "engine/scenarios/families.py",
    ],
)
def test_the_practice_pages_and_grading_compare_no_family_names(path):
    assert COMPARED.findall((ROOT / path).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    ("family", "row", "words"),
    [
        ("jugada", "card", ("se puede jugar", "no se puede jugar")),
        ("ganador", "card", ("gana", "no gana")),
        ("tantos", "option", ("respuesta", "no")),
        ("cante", "option", ("vale ahora", "no vale ahora")),
        ("renuncio", "seat", ("renuncio", "cumple")),
        ("mesa", "any", ("sí", "no")),
    ],
)
def test_a_verdict_row_is_worded_by_what_its_family_says_yes_means(family, row, words):
    s = generate(family, 3, 2)
    g = grade(s, s.options[0].value if s.options else s.answer).to_dict()
    rows = display.feedback(s, g)["verdicts"]
    pick = {
        "card": lambda r: r["is_card"],
        "option": lambda r: not r["is_card"] and not str(r["value"]).isdigit(),
        "seat": lambda r: str(r["value"]).isdigit(),
        "any": lambda r: True,
    }[row]
    chosen = [r for r in rows if pick(r)]
    assert chosen and all(r["word"] == (words[0] if r["ok"] else words[1]) for r in chosen), rows
    assert all(r["mark"] in ("fact", "zero") for r in rows) == FAMILY[family].verdicts.facts


def test_only_the_family_whose_trick_is_the_answer_hides_the_winner_until_answered():
    for name in FAMILIES:
        s = generate(name, 1, 2)
        assert display.table_changes_when_answered(s) == FAMILY[name].answer_in_trick
        view = display.position(s, answered=False)
        if "trick" in view and FAMILY[name].answer_in_trick:
            assert view["trick"]["winner"] is None
        if "history" in view:
            assert view["history_open"] == FAMILY[name].history_decides
