"""Messages as data: they survive JSON, print in the language in force, and both catalogues agree."""

from __future__ import annotations

import json
import string

import pytest

from engine import messages
from engine.messages import Message, Texts, Who, en, es, from_data, msg, render, to_data


def _fields(template: str) -> set[str]:
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_a_message_survives_json_with_its_players_cards_and_clauses():
    text = Texts(
        [
            msg("play.pisar.low", who=Who.seat(3, 1), led=1, trump=0, top=4, card=2, cards=(7, 9)),
            "Una frase guardada antes de los mensajes.",
            msg("play.libre.none", who=Who.you(), nothing=msg("play.nothing", who=Who.you(), led=1, trump=0)),
        ]
    )
    back = from_data(json.loads(json.dumps(to_data(text))))
    assert back == text
    assert isinstance(back, Texts)
    assert back[0].facts["who"] == Who(2, None)
    assert render(back) == render(text)


def test_to_data_refuses_what_json_cannot_carry():
    with pytest.raises(TypeError):
        to_data(msg("play.salida.ok", who=object()))


def test_str_of_a_message_speaks_the_language_the_source_says():
    message = msg("play.salida.ok", who=Who.you())
    try:
        messages.set_language_source(lambda: "es")
        assert str(message) == render(message, "es")
        assert str(Texts([message, message])) == render(message, "es") + " " + render(message, "es")
        if "play.salida.ok" in en.CATALOGUE:
            messages.set_language_source(lambda: "en")
            assert str(message) == render(message, "en") != render(message, "es")
    finally:
        messages.set_language_source(None)
    assert str(message) == render(message, "es")


def test_an_unknown_language_is_an_error():
    with pytest.raises(ValueError):
        render(Message("play.salida.ok", {"who": Who.you()}), "fr")


def test_every_message_has_a_sentence_in_every_language():
    assert set(es.CATALOGUE) == set(en.CATALOGUE), (
        f"only in Spanish: {sorted(set(es.CATALOGUE) - set(en.CATALOGUE))}; "
        f"only in English: {sorted(set(en.CATALOGUE) - set(es.CATALOGUE))}"
    )


@pytest.mark.parametrize("message_id", sorted(es.CATALOGUE))
def test_english_uses_only_facts_the_spanish_sentence_is_given(message_id):
    if message_id not in en.CATALOGUE:
        pytest.fail(f"{message_id} has no English sentence")
    assert _fields(en.CATALOGUE[message_id]) <= _fields(es.CATALOGUE[message_id])


@pytest.mark.parametrize(
    ("who", "spanish", "english"),
    [
        (Who.you(), "tienes", "have"),
        (Who.seat(2, 0), "tiene", "has"),
        (Who.seat(1, None), "tiene", "has"),
    ],
)
def test_the_verb_agrees_with_the_player(who, spanish, english):
    assert es.phrase(who, "v:tiene") == spanish
    assert en.phrase(who, "v:has") == english


def test_english_names_a_player_from_the_learner_seat_or_from_outside():
    assert en.phrase(Who.seat(3, 0)) == "the opponent on your left"
    assert en.phrase(Who.seat(2, 0), "poss") == "your partner's"
    assert en.phrase(Who.seat(0, None)) == "player 1 (pair A)"
    assert en.phrase(Who.you(), "v:plays") == "play"
    assert en.phrase(Who.you(), "v:must") == "must"


def test_named_gives_players_seen_from_outside_their_names_at_any_depth():
    from engine.messages import named

    inner = Message("play.must_follow", {"who": Who(None, 2), "led": 0})
    text = Texts([Message("renuncio.expl", {"who": Who(None, 3), "note": inner}), inner])
    out = named(text, {2: "Bea", 3: "Carla"})
    assert out[1].facts["who"] == Who(None, 2, "Bea") and out[0].facts["note"].facts["who"].name == "Bea"
    assert render(out[0], "es").startswith("Renuncio de Carla (pareja A).")
    assert render(out[0], "en").startswith("Renuncio by Carla (pair A).")
    assert named(text, {4: "Dani"}) == text  # nobody named at those seats: «el jugador 3» as before
    assert named(Who.you(), {1: "Ana"}) is Who.you()  # the learner is never renamed


def test_a_sentence_that_begins_with_a_players_name_keeps_the_name_as_written():
    # «Ana (pareja A) acusa de renuncio a bruno (pareja B)» wrote one user's name two ways.
    facts = {"who": Who(None, 1, "ana"), "against": "a bruno (pareja B)"}
    assert render(Message("records.claim.false", facts), "es").startswith("ana (pareja A) acusa de renuncio")
    assert render(Message("records.claim.false", facts), "en").startswith("ana (pair A) ")
    # a seat without a name, or a form that does not begin with the name, still opens with a capital
    unnamed = {"who": Who(None, 1), "against": "a bruno (pareja B)"}
    assert render(Message("records.claim.false", unnamed), "es").startswith("El jugador 1 (pareja A) acusa")
    assert render(Message("play.must_follow", {"who": Who(None, 2, "bea"), "led": 0}), "es")[:1].isupper()


def test_a_player_named_again_in_the_same_sentence_is_they_in_english_and_no_subject_in_spanish():
    from engine.messages import again, named

    carla = Who(None, 2, "Carla")
    verdict = Message("play.montar.other", {"who": carla, "led": 1})
    sentence = Message(
        "records.play.renuncio", {"n": 3, "who": carla, "card": 0, "verdict": again(verdict, carla)}
    )
    assert render(sentence, "en") == (
        "Baza 3: renuncio by Carla (pair B), who plays the two of oros: they have copas; they must asistir and montar."
    )
    assert render(sentence, "es") == (
        "Baza 3: renuncio de Carla (pareja B), que juega el dos de oros: tiene copas; debe asistir y montar."
    )
    again_carla = again(carla, carla)
    assert [en.phrase(again_carla, f) for f in ("subj", "obj", "poss", "pos", "v:has", "v:is", "mano")] == [
        "they",
        "them",
        "their",
        "their",
        "have",
        "are",
        "their hand",
    ]
    assert es.phrase(again_carla, "s") + es.phrase(again_carla, "v:tiene") == "tiene"
    assert es.phrase(again_carla, "mano") == "su mano" and es.phrase(again_carla, "pos1") == "su"
    # another player in the verdict keeps their name; the learner stays «you»; JSON and names keep the mark
    assert again(Who(None, 3), carla) == Who(None, 3) and en.phrase(again(Who.you(), Who.you())) == "you"
    assert from_data(to_data(sentence)) == sentence
    unnamed = again(Who(None, 2), Who(None, 2))
    assert named(unnamed, {2: "Carla"}) == again_carla and en.phrase(unnamed) == "they"
    # a seat seen from the learner, remembered by seat, is not confused with the same seat named again
    right = Who.seat(1, 0)
    assert render(Message("play.must_follow", {"who": right, "led": 0}), "en").startswith("No: the opponent")
    assert render(Message("play.must_follow", {"who": again(right, right), "led": 0}), "en") == (
        "No: they have oros and must asistir."
    )
    assert render(Message("play.must_follow", {"who": right, "led": 0}), "en").startswith("No: the opponent")
