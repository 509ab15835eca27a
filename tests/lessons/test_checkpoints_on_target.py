"""A step's checkpoint hits its step's point in every question it issues, over many seeds, and does not
quiz what the course has not taught yet."""

import pytest

from engine import scenarios
from engine.cards import Suit
from engine.scenarios import tantos
from engine.scenarios.common import CODE_INDEX
from engine.scenarios.play import LOW_TRUMP, STRONG_NOT_LEAD, tags
from lessons.course import load_course

COURSE = load_course()
SEEDS = range(120)


def _questions(unit: str, step: str):
    checkpoints = [cp for cp in COURSE.step(unit, step).checkpoints if not cp.is_fixed]
    assert checkpoints
    for cp in checkpoints:
        for seed in SEEDS:
            yield scenarios.generate(cp.family, seed, cp.difficulty, cp.rules, cp.target)


def _tags(s) -> int:
    p = s.position
    hand = sum(1 << CODE_INDEX[c] for c in p["hand"])
    return tags(hand, [CODE_INDEX[c] for c in p["trick"]], int(Suit.parse(p["trump"])), s.rules)


def test_beat_the_strongest_step_always_has_a_card_between_the_lead_and_the_strongest():
    assert all(_tags(s) & STRONG_NOT_LEAD for s in _questions("montar", "la-mas-fuerte-de-la-baza"))


def test_the_trump_that_does_not_pisar_step_always_holds_a_low_trump():
    assert all(_tags(s) & LOW_TRUMP for s in _questions("descarte-libre", "un-triunfo-que-no-pisa"))


def test_five_tricks_is_not_a_tie_is_asked_with_five_tricks_each_and_no_cantes_yet():
    for s in _questions("tantos", "cinco-bazas-no-es-empatar"):
        assert s.position["tricks"] == {"A": 5, "B": 5}
        assert s.position["cantes"] == {"A": [], "B": []}  # cantes come in unit 15
        # Las diez de últimas come in unit 14: the cards alone must name the winner the totals name.
        cards = {p: tantos.pile_tantos(s.position["piles"][p]) for p in "AB"}
        assert cards["A"] != cards["B"] and "AB"[cards["B"] > cards["A"]] == s.answer, s.seed


@pytest.mark.parametrize("step", ["rey-y-caballo", "cuando-se-canta", "un-palo-una-vez"])
def test_cante_steps_before_the_tute_offer_no_tute(step):
    for s in _questions("cantes", step):
        assert not any(o.value.startswith("tute") for o in s.options), s.seed


def test_the_match_step_teaches_that_the_game_is_played_without_bets_and_what_that_means():
    # The seed: «Proponemos ganar tres manos para terminar la partida, sin apuestas ni intercambio del
    # triunfo». It belongs with the match, and says what is (not) at stake.
    spanish = COURSE.step("partida", "tres-manos").body
    assert "**sin apuestas**: nadie pone dinero ni nada más en juego" in spanish
    english = COURSE.in_language("en").step("partida", "tres-manos").body
    assert "**no bets** (*sin apuestas*): nobody puts money or anything else at stake" in english
    assert "apuesta" not in COURSE.step("reparto", "diez-cartas-y-el-triunfo").body


def test_the_lessons_do_not_say_ludoteka_itself_makes_renuncio_cost_only_the_hand():
    # The sources: seed 000 says the pair «pierde la partida»; none says what Ludoteka does.
    body = COURSE.step("renuncio", "el-castigo").body
    assert "como Ludoteka, son más suaves" not in body and "se juega así" not in body
    assert "«comete renuncio y pierde la partida»" in body
    assert "las fuentes del curso no dicen cómo castiga Ludoteka el renuncio" in body
    english = COURSE.in_language("en").step("renuncio", "el-castigo").body
    assert "the course's sources don't say how Ludoteka punishes a renuncio" in english


def test_the_strength_step_of_unit_1_asks_the_strongest_card_of_one_suit_not_who_wins_a_trick():
    for s in _questions("baraja", "el-tres-gana-al-rey"):
        assert len({CODE_INDEX[c] // 10 for c in s.position["trick"]}) == 1
        question = str(s.question).lower()
        assert "baza" not in question and "triunfo" not in question
        assert s.rule_ids == ("R-DECK-3",)
        wrong = next(o.value for o in s.options if o.value != s.answer)
        g = scenarios.grade(s, wrong)
        assert "R-DECK-3" in g.rule_ids and "triunfo" not in str(g.explanation)
        assert "orden de fuerza" in str(g.explanation)  # the rule in words; its id in the «Reglas» lines
        assert g.misconception == "orden_fuerza"


def test_the_rey_y_caballo_step_asks_what_a_cante_is_with_nothing_else_to_weigh():
    """No suit of the hand already sung or half played (R-CANTE-3, unit 15 step 3), no two cantes to
    choose between (R-CANTE-4, step 4), no tute (unit 16)."""
    for s in _questions("cantes", "rey-y-caballo"):
        pos = s.position
        hand = set(pos["hand"])
        played = {c for t in pos["history"] for c in t["cards"]}
        sung = {x["suit"] for x in pos["sung"]}
        pairs = [x for x in "oceb" if {f"12{x}", f"11{x}"} <= hand]
        assert len(pairs) <= 1 and not set(pairs) & sung, s.seed
        assert not any({f"12{x}", f"11{x}"} & hand and {f"12{x}", f"11{x}"} & played for x in "oceb"), s.seed
        assert all(len({f"{r}{x}" for x in "oceb"} & hand) < 4 for r in (11, 12)), s.seed
