"""The Spanish of every generated sentence: person, number and articles, and one word per thing."""

from __future__ import annotations

import re

import pytest

from engine.messages import Who, msg, render
from engine.obligations import ruling
from tests.engine.helpers import cards
from tests.engine.scenarios.sweep import swept

OROS = 0
BAD = {
    "«tú» after a preposition": re.compile(r"\b(de|a|tras|con|para|por|que) tú\b"),
    "a third-person verb with «tú»": re.compile(
        r"\b(gana|ganó|ha ganado|ha repartido|ha|reparte|sale|juega|canta|cantó|tiene|es|enseña) tú\b"
    ),
    "«tú» before a third-person verb": re.compile(r"\btú (ha|tiene|es|gana|reparte|canta|sale)\b"),
    "«ha cantado ningún»": re.compile(r"ha cantado ningún"),
    "a plural after 1": re.compile(r"\b1 (bazas|tantos|puntos|manos|cartas)\b"),
    "a card without its article after «Sale»": re.compile(
        r"\bSale (as|dos|tres|cuatro|cinco|seis|siete|sota|caballo|rey) de\b"
    ),
    "«fallada» (the lessons say «cortada»)": re.compile(r"\bfallad[ao]\b"),
    "«Renuncio de Jugador»": re.compile(r"Renuncio de [Jj]ugador"),
    "«asiento» (questions say «jugador 1 a 4»)": re.compile(r"\b[Aa]sientos?\b"),
    "«cumple las reglas» said of no card": re.compile(r"la carta jugada cumple"),
    "«de el» / «a el»": re.compile(r"\b(de|a) el\b"),
}
SECOND_PERSON = re.compile(r"\b(tienes|debes|puedes|asistes|montas|fallas|pisas|tus|tu compañero)\b")


@pytest.fixture(scope="module")
def rendered():
    return swept()


def test_no_sentence_gets_person_number_or_articles_wrong(rendered):
    seen = {}
    for r in rendered:
        for sentence in r.sentences():
            seen.setdefault(sentence, r)
    wrong = {}
    for sentence, r in seen.items():
        for what, pattern in BAD.items():
            if pattern.search(sentence):
                wrong.setdefault(what, f"{r.where()}: {sentence}")
    assert wrong == {}


def test_a_renuncio_verdict_speaks_of_the_player_in_the_third_person(rendered):
    wrong = [
        f"{r.where()}: {v[3]}"
        for r in rendered
        if r.family == "renuncio"
        for v in r.grade.verdicts
        if SECOND_PERSON.search(str(v[3]))
    ]
    assert wrong == []


def test_the_same_ruling_is_told_to_you_and_about_a_player_seen_from_outside():
    hand, trick = cards("12c 4c 6b"), cards("10c")
    yours = ruling(hand, trick, OROS).verdict(hand[1])
    theirs = ruling(hand, trick, OROS, who=Who.seat(2, None)).verdict(hand[1])
    assert str(yours.why) == "No: tienes copas y el rey de copas supera a la sota de copas; debes montar."
    assert str(theirs.why) == "No: tiene copas y el rey de copas supera a la sota de copas; debe montar."
    assert yours.message.id == theirs.message.id == "play.montar.low"


def test_the_catalogue_puts_articles_and_contractions_on_cards_and_players():
    assert render(msg("play.pisar.ok", who=Who.you(), card=cards("12o")[0], top=cards("10o")[0])) == (
        "Sí: el rey de oros supera a la sota de oros; pisas."
    )
    right_rival = Who.seat(1, 0)
    assert render(msg("play.fallar.no", who=right_rival, led=1, trump=0)) == (
        "No: no tiene copas pero tiene triunfo (oros); debe fallar."
    )


def test_where_the_partner_exception_decides_the_feedback_says_the_partner_is_winning(rendered):
    decided = [r for r in rendered if r.table == "companero" and "R-VAR-COMPANERO" in r.grade.rule_ids]
    assert decided
    assert all("compañero va ganando" in str(r.grade.explanation) for r in decided)
