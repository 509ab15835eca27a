"""The review's sentences speak of the right person: the reader's partner's pair is the reader's own, and
the reader's partner's partner is the reader; a renuncio that did not even follow suit names both
obligations it broke."""

import pytest

from engine.analysis.review import RuleError
from engine.cards import parse_card
from engine.messages import Message, Who, render

AS_DE_OROS = int(parse_card("1o"))
READER = 0


def said(message_id: str, seat: int, viewer: int | None, lang: str, **facts) -> str:
    return render(Message(message_id, {"who": Who.seat(seat, viewer), **facts}), lang)


@pytest.mark.parametrize(
    ("seat", "viewer", "es", "en"),
    [
        (READER, READER, "Con el as de oros, tu pareja ganaba", "With the ace of oros, your pair won"),
        (2, READER, "Con el as de oros, tu pareja ganaba", "With the ace of oros, your pair won"),
        (2, None, "Con el as de oros, su pareja ganaba", "With the ace of oros, their pair won"),
    ],
)
def test_the_pair_of_a_card_judged_is_the_readers_when_it_is_their_partners(seat, viewer, es, en):
    for message_id in ("review.reason.both", "review.reason.win"):
        facts = {"best": AS_DE_OROS, "win": 12, "points": 8}
        assert said(message_id, seat, viewer, "es", **facts).startswith(es)
        assert said(message_id, seat, viewer, "en", **facts).startswith(en)


def test_loading_the_readers_baza_is_said_to_the_reader():
    facts = {"best": AS_DE_OROS, "n": 11}
    # the reader's own card: their partner was winning
    assert said("review.reason.cargar", READER, READER, "es", **facts) == (
        "Tu compañero ya ganaba: cargar el as de oros le daba 11 tantos más"
    )
    assert said("review.reason.cargar", READER, READER, "en", **facts) == (
        "Your partner was already winning: loading the ace of oros gave them 11 more tantos"
    )
    # the partner's card: the reader was winning
    assert said("review.reason.cargar", 2, READER, "es", **facts) == (
        "Tú ya ganabas: cargar el as de oros te daba 11 tantos más"
    )
    assert said("review.reason.cargar", 2, READER, "en", **facts) == (
        "You were already winning: loading the ace of oros gave you 11 more tantos"
    )
    # a teacher reading: nobody is «you»
    assert said("review.reason.cargar", 2, None, "es", **facts).startswith("Su compañero ya ganaba")
    assert said("review.reason.cargar", 2, None, "en", **facts).startswith(
        "The partner of player 3 (pair A) was already winning"
    )


def test_a_suit_the_reader_lacks_is_said_to_the_reader():
    facts = {"suit": 0, "best": AS_DE_OROS}
    assert said("review.reason.fallo_companero", 2, READER, "es", **facts) == (
        "Tú no tienes oros: salir de oros con el as de oros te dejaba fallar"
    )
    assert said("review.reason.fallo_companero", 2, READER, "en", **facts) == (
        "You have no oros: leading the ace of oros let you fallar"
    )
    assert said("review.reason.fallo_companero", READER, READER, "es", **facts).startswith(
        "Tu compañero no tiene oros"
    )


@pytest.mark.parametrize(
    ("followed", "es", "en"),
    [
        (True, "y debías montar", "and had to montar"),
        (False, "y debías asistir y montar", "and had to asistir and montar"),
    ],
)
def test_a_renuncio_of_another_suit_names_asistir_with_montar(followed, es, en):
    error = RuleError(1, READER, parse_card("11o"), "montar", ("R-OBL-ASISTIR", "R-OBL-MONTAR"), (), followed)
    assert render(error.message(READER), "es").endswith(es)
    assert render(error.message(READER), "en").endswith(en)
