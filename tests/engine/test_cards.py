"""The deck, strength order, tantos and notation (R-DECK-*)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import (
    CARDS,
    FULL_DECK,
    RANK_NAMES,
    SUIT_MASKS,
    TOTAL_TANTOS,
    CardError,
    Suit,
    card,
    card_name,
    cards_of,
    deck_by_strength,
    mask_of,
    notation_of,
    parse_card,
    parse_cards,
    rank_name,
    write,
)

rule = pytest.mark.rule


@rule("R-DECK-1")
def test_the_deck_has_forty_cards_in_four_suits_without_eights_or_nines():
    assert len(CARDS) == 40
    assert {c.suit for c in CARDS} == set(Suit)
    assert sorted({c.rank for c in CARDS}) == [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]
    assert mask_of(CARDS) == FULL_DECK
    assert sum(bin(m).count("1") for m in SUIT_MASKS) == 40


@rule("R-DECK-3")
def test_strength_within_a_suit_is_as_tres_rey_caballo_sota_siete_seis_cinco_cuatro_dos():
    order = [c.rank for c in deck_by_strength()[:10]]
    assert order == [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
    for suit in "oceb":
        ranks = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
        ints = [card(r, suit) for r in ranks]
        assert ints == sorted(ints, reverse=True)


@rule("R-DECK-3")
def test_a_tres_beats_a_rey():
    assert parse_card("3c") > parse_card("12c")
    assert parse_card("3c").strength > parse_card("12c").strength


@rule("R-DECK-4")
def test_tantos_are_11_10_4_3_2_and_the_deck_holds_120():
    assert [parse_card(f"{r}o").tantos for r in (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
        0,
        0,
    ]
    assert TOTAL_TANTOS == 120
    assert sum(c.tantos for c in CARDS) == 120


@rule("R-DECK-2")
@pytest.mark.parametrize(
    ("token", "name"),
    [
        ("1o", "as de oros"),
        ("3c", "tres de copas"),
        ("12e", "rey de espadas"),
        ("11b", "caballo de bastos"),
        ("10o", "sota de oros"),
    ],
)
def test_it_reads_and_writes_the_codes_of_the_reference(token, name):
    c = parse_card(token)
    assert c.code == token
    assert c.name == name
    assert write(c) == token
    assert write(c, "name") == name
    assert parse_card(name) == c


@rule("R-DECK-2")
@pytest.mark.parametrize(
    "token", ["rey de copas", "Rey de Copas", "REY DE COPAS", "  rey   de copas ", "12C", "12 de copas"]
)
def test_it_accepts_spanish_names_in_any_case_and_spacing(token):
    assert parse_card(token) == card(12, "c")


@rule("R-DECK-2")
def test_it_ignores_accents_and_accepts_uno_for_the_as():
    assert parse_card("As de Oros") == card(1, "o")
    assert parse_card("ás de óros") == card(1, "o")
    assert parse_card("uno de bastos") == card(1, "b")


@rule("R-DECK-2")
@pytest.mark.parametrize("token", ["13c", "xyz", "rey de tréboles", "", "12", "c12", "0o"])
def test_a_bad_token_is_an_error_that_names_it(token):
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)


@rule("R-DECK-1", "R-DECK-2")
@pytest.mark.parametrize("token", ["8o", "9c", "ocho de copas", "nueve de espadas", "8 de bastos"])
def test_an_eight_or_a_nine_is_an_error_that_says_there_are_none(token):
    with pytest.raises(CardError, match="ochos ni nueves") as err:
        parse_card(token)
    assert repr(token) in str(err.value)


@rule("R-DECK-2")
def test_a_card_given_twice_is_an_error_that_names_it():
    with pytest.raises(CardError, match="repetida") as err:
        parse_cards(["12c", "4c", "rey de copas"])
    assert "'rey de copas'" in str(err.value)


def test_a_list_of_cards_must_not_be_a_bare_string():
    with pytest.raises(CardError):
        parse_cards("12c")


def test_a_non_string_token_is_an_error():
    with pytest.raises(CardError):
        parse_card(12)


def test_notation_of_tells_codes_from_names():
    assert notation_of("12c") == "code"
    assert notation_of("Rey de copas") == "name"


def test_suits_parse_from_letter_name_singular_or_int():
    assert Suit.parse("o") is Suit.OROS
    assert Suit.parse("Copas") is Suit.COPAS
    assert Suit.parse("espada") is Suit.ESPADAS
    assert Suit.parse(3) is Suit.BASTOS
    with pytest.raises(CardError):
        Suit.parse("x")
    with pytest.raises(CardError):
        Suit.parse(4)


def test_masks_round_trip_and_list_cards_by_suit_then_strength():
    some = [parse_card(t) for t in ("1o", "2c", "12o")]
    assert cards_of(mask_of(some)) == sorted(some)


def test_the_dos_de_oros_is_card_zero_and_still_parses():
    # CARDS[0] is falsy as an int; parsing must not treat it as "not found".
    assert parse_card("2o") == 0
    assert parse_card("dos de oros") == 0


def test_card_repr_and_str_use_the_code():
    c = parse_card("11b")
    assert str(c) == "11b"
    assert repr(c) == "Card(11b)"
    assert c.bit == 1 << int(c)


@rule("R-DECK-2")
@pytest.mark.parametrize(
    "token", ["፩c", "፩ de copas", "٣o", "٣ de oros", "1" * 5000 + "c", "1" * 5000 + " de oros"]
)
def test_digits_that_are_not_plain_ascii_or_too_long_are_a_card_error_not_a_crash(token):
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert "Carta no válida" in str(err.value)


def test_superscript_digits_fold_to_the_plain_card():
    # NFKD folds '²' to '2': the learner typed a two, and gets the two.
    assert parse_card("²c") == card(2, "c")


@pytest.mark.parametrize("tokens", [None, 12, {"12c": 1}, 3.5])
def test_a_list_of_cards_that_is_not_a_list_is_a_card_error(tokens):
    with pytest.raises(CardError, match="se espera una lista"):
        parse_cards(tokens)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(), st.integers(), st.none(), st.lists(st.text(max_size=4), max_size=4)))
def test_parsing_any_value_either_gives_a_card_or_raises_only_card_error(token):
    try:
        assert parse_card(token) in CARDS
    except CardError:
        pass


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.text(), st.integers(), st.none(), st.lists(st.one_of(st.text(max_size=6), st.integers())))
)
def test_parsing_any_list_either_gives_cards_or_raises_only_card_error(tokens):
    try:
        assert all(c in CARDS for c in parse_cards(tokens))
    except CardError:
        pass


@pytest.mark.parametrize(
    "code, es, en",
    [
        ("1o", "as de oros", "ace of oros"),
        ("3c", "tres de copas", "three of copas"),
        ("10e", "sota de espadas", "jack of espadas"),
        ("11b", "caballo de bastos", "knight of bastos"),
        ("12c", "rey de copas", "king of copas"),
        ("2b", "dos de bastos", "two of bastos"),
        ("7o", "siete de oros", "seven of oros"),
    ],
)
def test_a_card_is_named_in_spanish_or_in_english_with_the_suit_kept_spanish(code, es, en):
    c = parse_card(code)
    assert card_name(c) == card_name(c, "es") == c.name == es
    assert card_name(c, "en") == en


def test_the_forty_english_names_are_all_different_and_name_every_rank():
    assert len({card_name(c, "en") for c in CARDS}) == 40
    assert [rank_name(r, "en") for r in sorted(RANK_NAMES)] == [
        "ace", "two", "three", "four", "five", "six", "seven", "jack", "knight", "king"
    ]  # fmt: skip
    assert rank_name(10) == "sota"
    with pytest.raises(KeyError):
        card_name(CARDS[0], "fr")
