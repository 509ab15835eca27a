"""The play rulings, cantes and scores in English: the person is right for whoever plays, the ruling at a
variant table names its variant, and every ruling at every table is spelt right (hunspell en_US plus
tests/spelling/palabras.en.txt)."""

from __future__ import annotations

import random
import re

import pytest

from engine.cantes import cante_options, check_cante, option, score_hand, score_renuncio
from engine.cards import Suit
from engine.hand import Hand, IllegalPlay
from engine.messages import Who, render
from engine.messages.en import CATALOGUE
from engine.obligations import ruling
from engine.rules import PRESET_LABELS, PRESETS, RULE_CATALOGUE, SWITCH_LABELS, SWITCH_VALUE_LABELS
from tests.engine.helpers import cards
from tests.spelling.checker import unknown

OROS = Suit.OROS
PLACEHOLDER = re.compile(r"\{[^}]*\}")
MINE = ("play.", "hand.", "rule.", "preset.", "switch.", "cantes.", "table.", "match.", "referee.", "bots.")


def _en(text) -> str:
    return render(text, "en")


def test_the_learner_is_told_you_must_and_the_partner_is_named_in_the_third_person():
    hand, trick = cards("12c 3c 6b"), cards("5c")  # copas led, you hold the rey and the tres of copas
    yours = ruling(hand, trick, OROS).verdict(cards("6b")[0])
    partners = ruling(hand, trick, OROS, who=Who.seat(2, 0)).verdict(cards("6b")[0])
    assert _en(yours.why) == "No: you have copas; you must asistir and montar."
    assert _en(partners.why) == "No: your partner has copas; your partner must asistir and montar."
    outside = ruling(hand, trick, OROS, who=Who.seat(3, 0))
    assert "The opponent on your left has copas, so the opponent on your left must asistir" in _en(
        outside.explanation
    )


def test_a_card_that_must_montar_names_the_cards_that_beat_in_the_right_number():
    one = ruling(cards("12c 4c 6b"), cards("5c"), OROS).verdict(cards("4c")[0])
    two = ruling(cards("12c 3c 4c"), cards("5c"), OROS).verdict(cards("4c")[0])
    assert "the king of copas beats the five of copas" in _en(one.why)
    assert "the king of copas or the three of copas beat the five of copas" in _en(two.why)


def test_the_same_wrong_card_is_explained_by_each_table_and_the_variant_is_named():
    hand, trick = cards("12c 4c 6b"), cards("5c 4o")  # copas led and already cut with the cuatro de oros
    guia = ruling(hand, trick, OROS, PRESETS["guia"])
    estricta = ruling(hand, trick, OROS, PRESETS["estricta"])
    assert guia.obligation == "asistir" and estricta.obligation == "montar"
    assert "there is no need to montar" in _en(guia.explanation)
    assert "at this table montar is required even when the baza is cut" in _en(estricta.explanation)
    low = estricta.verdict(cards("4c")[0])
    assert not low.legal and "at this table montar is required even when the baza is cut" in _en(low.why)
    fsp = ruling(cards("2o 6b"), cards("5c 12o"), OROS, PRESETS["estricta"])
    assert "at this table (fallar sin pisar)" in _en(fsp.explanation)
    comp = ruling(cards("4c 6b"), cards("5c 1c 7c"), OROS, PRESETS["companero"])
    assert "(the partner exception)" in _en(comp.explanation)


def test_a_refused_card_is_told_in_the_language_in_force_without_a_doubled_answer():
    h = Hand.new(3)
    while True:
        r = h.ruling()
        bad = [c for c in h.hand_of(h.turn) if c not in r.legal]
        if h.trick and bad:
            break
        h.play(r.legal[0])
    with pytest.raises(IllegalPlay) as err:
        h.play(bad[0])
    spanish, english = str(err.value), _en(err.value.text)
    assert spanish.startswith("No puedes jugar ") and ": No:" not in spanish
    assert english.startswith("You cannot play the ") and ": No:" not in english


def _rulings(rules, seeds=range(12)):
    for seed in seeds:
        rng = random.Random(seed)
        h = Hand.new(seed, rules=rules)
        while h.turn is not None:
            seat = h.turn
            r = h.ruling()
            yield r
            if h.trick:
                yield ruling(h.hand_of(seat), h.trick, h.trump, rules, who=Who.seat(seat, None))
                yield ruling(h.hand_of(seat), h.trick, h.trump, rules, who=Who.seat(seat, (seat + 1) % 4))
            h.play(r.legal[int(rng.random() * len(r.legal))])


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_english_ruling_at_every_table_is_spelt_right(name):
    texts = set()
    for r in _rulings(PRESETS[name]):
        texts.add(_en(r.explanation))
        texts.update(_en(v.why) for v in r.verdicts)
    assert len(texts) > 50
    assert unknown(texts, "en_US") == {}


def test_every_english_rule_line_label_and_template_is_spelt_right():
    texts = [PLACEHOLDER.sub(" ", t) for k, t in CATALOGUE.items() if k.startswith(MINE)]
    for table in (RULE_CATALOGUE, PRESET_LABELS, SWITCH_LABELS, SWITCH_VALUE_LABELS):
        texts += [_en(t) for t in table.values()]
    assert len(texts) > 100
    assert unknown(texts, "en_US") == {}


def test_cantes_and_scores_are_told_in_english_with_their_spanish_names():
    opts = cante_options(cards("12e 11e 12c 11c"), OROS)
    assert _en(opts.explanation) == "You may sing las veinte in copas or las veinte in espadas."
    assert str(opts.explanation) == "Puedes cantar las veinte en copas o las veinte en espadas."
    split = check_cante(cards("12e 4c"), OROS, option(OROS, "e"), partner_hand=cards("11e"))
    assert _en(split.reason) == (
        "Not valid: las veinte in espadas needs the king and the knight of espadas in your hand, and your "
        "partner holds the knight of espadas, and a cante split between the two of you does not count."
    )
    score = score_hand((60, 50), (20, 0), "B")
    assert _en(score.explanation) == (
        "Pair A scores 80 (60 in cards + 20 in cantes) and pair B scores 60 (50 in cards + 10 for the last baza): "
        "pair A wins, 80 to 60."
    )
    assert "pierde la mano" in str(score_renuncio((0, 0), (0, 0), None, "A", "pierde_mano").explanation)
    assert "loses the hand" in _en(score_renuncio((0, 0), (0, 0), None, "A", "pierde_mano").explanation)
