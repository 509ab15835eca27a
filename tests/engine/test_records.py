"""Hand records (engine.records): the notation written and read back, lenient input, deal codes, and every
malformed record refused with its line, in Spanish and English (issue 31)."""

from __future__ import annotations

import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots.table import play_hand
from engine.cards import CARDS, Suit, parse_card
from engine.hand import Hand, random_hand
from engine.messages import render
from engine.records import (
    CODE_LENGTH,
    MAX_BYTES,
    Cante,
    Comment,
    HandRecord,
    Play,
    RecordSyntaxError,
    RenuncioClaim,
    append,
    deal_code,
    deal_from_code,
    from_hand,
    possible_cards,
    read,
    turn,
    write,
)
from engine.rules import PRESETS, TableRules

from .helpers import cards

# The issue asks 10,000 bot hands per table; CI plays RECORDS_HANDS (default 150) per table and level mix.
HANDS = int(os.environ.get("RECORDS_HANDS", "150"))


def bot_hand(seed: int, rules: TableRules, levels=("principiante",) * 4) -> Hand:
    rng = random.Random(seed)
    return play_hand(Hand.new(rng, seed % 4, rules, first_hand=seed % 5 == 0), list(levels), rng)


# A hand as a person types it after a real table: names for some cards, no hands known, a note.
TYPED = """\
# Torneo del centro social, mesa 3
Mesa: guía
Reparte: 4
Triunfo: 6o
Jugador 1: Ana
Jugador 2: Bruno
Jugador 3: Carla
Jugador 4: Diego

1: As de bastos, rey de bastos, 4b, 3b
canta 1: las cuarenta
baza 2: 2o 10o 11c 3o
3: 4c 7o 10c 1c {Carla se deja el as?}
4: 7e 10e 1e 12e
5: 3c 2c 12o 1o!
nota: aquí Bruno dice que Diego no ha asistido
6: 2b 10b 6o 5b
7: 5c 11o 4o 6c
8: 2e 5o 6e 4e
9: 11b 7c 5e 6b
10: 7b 3e 12c 11e
"""


def test_a_typed_record_reads_with_names_accents_and_comments():
    r = read(TYPED)
    assert r.rules == PRESETS["guia"]
    assert (r.dealer, r.trump_card, r.first_hand) == (3, parse_card("6o"), False)
    assert r.players == ("Ana", "Bruno", "Carla", "Diego")
    assert r.hands == ((None,) * 10,) * 4
    plays = r.plays
    assert len(plays) == 40
    # Bruno dealt… no: Diego (4) dealt, so Ana (seat 0) leads the first trick with the as de bastos.
    assert (plays[0].seat, plays[0].card.code, plays[1].seat, plays[1].card.code) == (0, "1b", 1, "12b")
    assert r.events[4] == Cante(0, Suit.OROS)
    assert plays[11].comment == "Carla se deja el as?" and plays[11].card.code == "1c"
    assert plays[19].annotation == "!" and plays[19].card.code == "1o"
    assert Comment("aquí Bruno dice que Diego no ha asistido") in r.events
    assert read(write(r)) == r
    text = write(r)
    assert "1: 1b 12b 4b 3b\ncanta 1: las cuarenta en oros\n2: 2o 10o 11c 3o" in text
    assert "3: 4c 7o 10c 1c {Carla se deja el as?}" in text


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_bot_hands_round_trip_at_every_table(name):
    rules = PRESETS[name]
    for seed in range(HANDS):
        h = bot_hand(seed, rules)
        r = from_hand(
            h, players=("Ana", None, "Carla", None), comments={1: "salida de manual", 40: "¡última!"}
        )
        text = write(r)
        back = read(text)
        assert back == r, text
        assert write(back) == text
        assert len(back.plays) == sum(len(t) for t in h.tricks)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_stronger_bots_and_random_hands_with_renuncios_round_trip(name):
    rules = PRESETS[name]
    for seed in range(max(3, HANDS // 50)):
        r = from_hand(bot_hand(seed, rules, ("normal", "principiante", "normal", "principiante")))
        assert read(write(r)) == r
    for seed in range(HANDS):
        h = random_hand(seed, seed % 4, rules, first_hand=seed % 3 == 0, renuncio=0.05)
        r = from_hand(h)
        assert read(write(r)) == r


def test_a_partly_known_record_with_every_kind_of_event_round_trips():
    r = HandRecord(
        TableRules(fallar_sin_pisar=True, renuncio="pierde_mano"),
        2,
        parse_card("3e"),
        False,
        (None, "Bruno", None, "Diego"),
        (
            tuple(cards("1o 3o 12o 11o 1c 3c")) + (None,) * 4,
            (None,) * 10,
            (None,) * 10,
            (None,) * 10,
        ),
        (
            Comment("la mesa empieza"),
            Play(3, parse_card("2c"), "sale flojo", "?"),
            Play(0, parse_card("1c")),
            Play(1, parse_card("4c")),
            Play(2, parse_card("5c")),
            RenuncioClaim(1, 0, "dice que no montó"),
        ),
        "Final",
        "2026-12-06",
        "Torneo de Oviedo",
    )
    text = write(r)
    assert "mesa: guia, fallar_sin_pisar=sí, renuncio=pierde_mano" in text
    assert "mano 2: -" in text
    assert "mano 1: 1o 3o 12o 11o 1c 3c - - - -" in text
    assert "1: 2c? {sale flojo} 1c 4c 5c" in text
    assert "renuncio: 2 acusa a 1 {dice que no montó}" in text
    assert read(text) == r


def test_a_trick_interrupted_by_a_claim_goes_on_on_a_second_line_of_the_same_number():
    text = "mesa: guia\nreparte: 1\ntriunfo: 2e\n1: 4c 1c\nrenuncio: 3 acusa a 2\n1: 2c 12c\n2: 1o\n"
    r = read(text)
    assert [type(e).__name__ for e in r.events] == ["Play", "Play", "RenuncioClaim", "Play", "Play", "Play"]
    assert read(write(r)) == r
    assert write(r).count("\n1: ") == 2


# -- deal codes --------------------------------------------------------------------------------------


def test_deal_codes_are_13_characters_and_give_the_same_deal_back():
    rng = random.Random(5)
    seen = set()
    for seed in range(300):
        h = Hand.new(rng, seed % 4, PRESETS["ludoteka"], first_hand=seed % 4 == 0)
        hands = [[CARDS[c] for c in range(40) if m >> c & 1] for m in h.start]
        for hand in hands:
            rng.shuffle(hand)
        code = deal_code(hands, h.dealer, h.trump_card)
        assert len(code) == CODE_LENGTH and re.fullmatch(r"[A-Za-z0-9_-]{13}", code)
        back, dealer, trump = deal_from_code(code)
        assert [set(x) for x in back] == [set(x) for x in hands]
        assert (dealer, trump) == (h.dealer, h.trump_card)
        seen.add(code)
    assert len(seen) == 300


def test_extreme_deals_encode_and_bad_codes_are_refused():
    lowest = [CARDS[10 * s : 10 * s + 10] for s in range(4)]
    highest = list(reversed(lowest))
    for hands in (lowest, highest):
        for dealer in range(4):
            for trump in (None, hands[dealer][0], hands[dealer][9]):
                assert deal_from_code(deal_code(hands, dealer, trump)) == (
                    tuple(map(tuple, hands)),
                    dealer,
                    trump,
                )
    for bad in ("", "abc", "A" * 12, "A" * 14, "!" * 13, "ÁAAAAAAAAAAAA", "_" * 13):
        with pytest.raises(RecordSyntaxError) as err:
            deal_from_code(bad)
        assert err.value.line == 0
        assert "código de reparto" in render(err.value.message, "es")
        assert "deal code" in render(err.value.message, "en")


def test_a_record_with_a_code_must_agree_with_it():
    h = random_hand(8, 1)
    r = from_hand(h)
    lines = [x for x in write(r).splitlines() if not x.startswith("mano")]
    text = "\n".join(lines).replace("reparte: 2", "reparte: 3")
    with pytest.raises(RecordSyntaxError) as err:
        read(text, "en")
    assert err.value.line == next(i for i, x in enumerate(lines, 1) if x.startswith("codigo"))
    assert "deal code does not match" in str(err.value)
    assert read("\n".join(lines)) == HandRecord(**{**_fields(r), "hands": ((None,) * 10,) * 4})


def _fields(r: HandRecord) -> dict:
    return {name: getattr(r, name) for name in HandRecord.__slots__}


# -- malformed records -------------------------------------------------------------------------------

HEAD = "mesa: guia\nreparte: 1\ntriunfo: 2e\n"
KNOWN = (
    "mano 1: 2e 4e 5e 6e 7e 10e 11e 12e 3e 1e\n"
    "mano 2: 2c 4c 5c 6c 7c 10c 11c 12c 3c 1c\n"
    "mano 3: 2o 4o 5o 6o 7o 10o 11o 12o 3o 1o\n"
    "mano 4: 2b 4b 5b 6b 7b 10b 11b 12b 3b 1b\n"
)
# (text, line, words of the Spanish reason, words of the English reason)
MALFORMED = [
    (HEAD + "1: 4c 1c 2c 12x\n", 4, "«12x» no es una carta", "“12x” is not a card"),
    (HEAD + "1: 4c 1c 8c 12c\n", 4, "«8c» no es una carta", "“8c” is not a card"),
    (
        HEAD + "1: 4c 1c 2c 4c\n",
        4,
        "el cuatro de copas ya se ha jugado",
        "the four of copas has already been played",
    ),
    (HEAD + "1: 4c 1c 2c 12c 5c\n", 4, "la baza 1 tendría 5 cartas", "baza 1 would have 5 cards"),
    (HEAD + "1: 4c 1c 2c\n3: 12c\n", 5, "la baza 1 solo tiene 3 cartas", "baza 1 only has 3 cards"),
    (HEAD + "2: 4c 1c 2c 12c\n", 4, "se esperaba la baza 1, no la 2", "baza 1 was expected, not baza 2"),
    (
        HEAD + "mesa: estricta\n",
        4,
        "«mesa» ya se ha escrito en la línea 1",
        "“mesa” was already written on line 1",
    ),
    (HEAD + "color: rojo\n", 4, "cabecera desconocida: «color»", "unknown header: “color”"),
    (HEAD + "1: 4c 1c 2c 12c\nreparte: 2\n", 5, "va antes de las bazas", "goes before the bazas"),
    ("mesa: guia\nreparte: 5\ntriunfo: 2e\n", 2, "jugador no válido: «5»", "invalid player: “5”"),
    ("mesa: tresillo\nreparte: 1\ntriunfo: 2e\n", 1, "mesa desconocida", "unknown table"),
    ("mesa: guia, montar=si\nreparte: 1\ntriunfo: 2e\n", 1, "mesa no válida", "invalid table"),
    ("reparte: 1\ntriunfo: 2e\n", 1, "falta la línea «mesa:»", "the line “mesa:” is missing"),
    ("mesa: guia\nreparte: 1\ntriunfo: copas\n", 3, "triunfo no válido", "invalid trump"),
    ("mesa: guia\nreparte: 1\ntriunfo: oros\n", 3, "falta la carta de triunfo", "the trump card is missing"),
    (HEAD + "mano 1: 2e 4e 5e\n", 4, "la mano del jugador 1 tiene 3 cartas", "player 1's hand has 3 cards"),
    (
        HEAD + "mano 1: 2e 4e 5e 6e 7e 10e 11e 12e 3e 3e\n",
        4,
        "el tres de espadas está dos veces",
        "is there twice",
    ),
    (
        HEAD + "mano 2: 2e - - - - - - - - -\n",
        4,
        "el dos de espadas la tiene el jugador 1",
        "player 1's, not player 2's",
    ),
    # 41 cards: a complete hand and one more card
    (
        HEAD + KNOWN + "1: 2c 2o 2b 2e\n2: 4e 4c 4o 4b\n3: 5e 5c 5o 5b\n4: 6e 6c 6o 6b\n5: 7e 7c 7o 7b\n"
        "6: 10e 10c 10o 10b\n7: 11e 11c 11o 11b\n8: 12e 12c 12o 12b\n9: 3e 3c 3o 3b\n10: 1e 1c 1o 1b\n11: 1e\n",
        18,
        "una mano tiene 10 bazas",
        "a hand has 10 bazas",
    ),
    # out of turn: player 2 leads, so the dos de oros is player 3's card, but the hands give it to player 4
    (
        HEAD + KNOWN + "1: 2c 4c\n",
        8,
        "el cuatro de copas la tiene el jugador 2, no el jugador 3",
        "player 2's, not player 3's",
    ),
    (
        HEAD + KNOWN + "1: 2c 2o 2b 2e\n2: 4c\n",
        9,
        "la tiene el jugador 2, no el jugador 1",
        "player 2's, not player 1's",
    ),
    (HEAD + "1: 4c 1c 2c 12c\ncanta 2: tute de sotas\n", 5, "cante no válido", "invalid cante"),
    (
        HEAD + "1: 4c 1c 2c 12c\ncanta 3: copas\n",
        5,
        "canta con el rey de copas, que ya se ha jugado",
        "which has already been played",
    ),
    (
        HEAD + KNOWN + "1: 2c 2o 2b 2e\ncanta 1: copas\n",
        9,
        "el rey de copas la tiene el jugador 2, no el jugador 1",
        "player 2's, not player 1's",
    ),
    (
        HEAD + "1: 4c 1c 2c 12c\ncanta 2: las cuarenta en copas\n",
        5,
        "las 40 no son en copas",
        "las 40 are not in copas",
    ),
    (
        "mesa: guia\nreparte: 4\ntriunfo: 2o\n1: 1b 2b 6b 7b\ncanta 1: tute de reyes\n2: 4c\n",
        6,
        "el tute ya terminó la mano",
        "the tute has already ended the hand",
    ),
    (HEAD + "1: 4c {sin cerrar 1c 2c 12c\n", 4, "una llave sin cerrar", "a brace left open"),
    (HEAD + "1: {solo} 4c 1c 2c 12c\n", 4, "justo después de una carta", "right after a card"),
    (HEAD + "1: 4c 1c 2c 12c?!?\n", 4, "solo se admite", "only !, ?"),
    (HEAD + "renuncio: 2 dice 3\n", 4, "renuncio no válido", "invalid renuncio"),
    (
        HEAD + "1: 4c 1c\u202e 2c 12c\n",
        4,
        "carácter invisible o de control (U+202E)",
        "control character (U+202E)",
    ),
    (HEAD + "nota: hola\u200bmundo\n", 4, "(U+200B)", "(U+200B)"),
    (HEAD + "nota: a\x07b\n", 4, "(U+0007)", "(U+0007)"),
]


@pytest.mark.parametrize(
    ("text", "line", "spanish", "english"), MALFORMED, ids=[m[2][:40] for m in MALFORMED]
)
def test_a_malformed_record_is_refused_with_its_line_in_spanish_and_english(text, line, spanish, english):
    with pytest.raises(RecordSyntaxError) as es:
        read(text, "es")
    assert es.value.line == line
    assert str(es.value).startswith(f"Línea {line}: ")
    assert spanish in str(es.value)
    with pytest.raises(RecordSyntaxError) as en:
        read(text, "en")
    assert str(en.value).startswith(f"Line {line}: ")
    assert english in str(en.value)
    assert render(en.value.message, "es") == str(es.value)


def test_a_record_too_big_or_not_text_is_refused_whole():
    big = HEAD + "nota: " + "x" * MAX_BYTES + "\n"
    for data in (big, big.encode()):
        with pytest.raises(RecordSyntaxError) as err:
            read(data, "es")
        assert err.value.line == 0 and "demasiado largo" in str(err.value)
    for data in (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"mesa: guia\xff\xfe", "mesa\x00guia", 42):
        with pytest.raises(RecordSyntaxError) as err:
            read(data, "en")
        assert err.value.line == 0 and "this is not text" in str(err.value).lower()
    assert read(HEAD.encode("utf-8-sig")).dealer == 0
    assert read(HEAD.replace("\n", "\r\n")).trump_card == parse_card("2e")


def test_the_error_speaks_the_language_in_force_when_none_is_asked():
    from engine.messages import set_language_source

    set_language_source(lambda: "en")
    try:
        with pytest.raises(RecordSyntaxError) as err:
            read(HEAD + "1: 4c 1c 2c 12x\n")
        assert str(err.value) == "Line 4: “12x” is not a card."
    finally:
        set_language_source(None)


# -- property: any card token changed either still reads or is refused at or after its line ----------

CARD_TOKEN = re.compile(r"(?<![\w{])(1[0-2]|[1-7])[oceb](?=[\s!?{]|$)")


def _sample_records() -> list[str]:
    out = []
    for seed in range(6):
        h = random_hand(seed, seed % 4, PRESETS[sorted(PRESETS)[seed % 4]], renuncio=0.03 * (seed % 2))
        out.append(write(from_hand(h)))
    # a partly known one: only the plays, cut after trick 6
    lines = [
        x for x in write(from_hand(random_hand(99, 2))).splitlines() if not x.startswith(("mano", "codigo"))
    ]
    out.append("\n".join(lines[: next(i for i, x in enumerate(lines) if x.startswith("6: ")) + 1]) + "\n")
    return out


SAMPLES = _sample_records()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(SAMPLES) - 1),
    st.integers(0, 10_000),
    st.sampled_from([c.code for c in CARDS] + ["13c", "xx", "8o", "-"]),
)
def test_changing_any_card_token_reads_or_is_refused_at_or_after_its_line(sample, which, token):
    text = SAMPLES[sample]
    spots = [
        m for m in CARD_TOKEN.finditer(text) if not text[: m.start()].rsplit("\n", 1)[-1].startswith("codigo")
    ]
    m = spots[which % len(spots)]
    changed = text[: m.start()] + token + text[m.end() :]
    line = text.count("\n", 0, m.start()) + 1
    try:
        r = read(changed)
    except RecordSyntaxError as err:
        assert line <= err.line <= changed.count("\n") + 1, (line, str(err))
        if token in ("13c", "xx", "8o"):
            assert err.line == line
        assert render(err.message, "en").startswith(f"Line {err.line}: ")
        return
    assert token not in ("13c", "xx", "8o")
    assert read(write(r)) == r


def test_the_readme_example_reads_and_its_report_is_the_seeds():
    from pathlib import Path

    from engine.record_referee import referee_on_record

    readme = (Path(__file__).resolve().parents[2] / "engine" / "README.md").read_text()
    example = readme.split("## Hand records")[1].split("```")[1]
    r = read(example)
    assert r.title == "Semifinal" and r.event == "Liga de Viveiro"
    assert read(write(r)) == r
    report = referee_on_record(r)
    assert report.totals == (98, 72) and report.winner == 0


def test_write_refuses_a_text_it_could_not_read_back_and_from_hand_tidies_names_and_comments():
    r = from_hand(
        random_hand(3, 1), players=("  Ana\n María ", "", "Bruno\u202e", None), comments={2: "a {b}"}
    )
    assert r.players == ("Ana María", None, "Bruno", None)
    assert r.plays[1].comment == "a (b)"
    assert read(write(r)) == r
    for bad in ("Ana\nMaría", " Ana", "Ana\u200b", "Ana\x07"):
        with pytest.raises(ValueError):
            write(HandRecord(**{**_fields(r), "players": (bad, None, None, None)}))
    with pytest.raises(ValueError):
        write(HandRecord(**{**_fields(r), "events": (Play(2, CARDS[0], "a {b}"),)}))
    note = read(HEAD + "nota: llaves {sí} aquí\n")
    assert note.events == (Comment("llaves {sí} aquí"),) and read(write(note)) == note


def test_players_may_be_named_by_their_names_where_a_seat_is_expected():
    text = (
        "mesa: guia\njugador 1: Ana\njugador 2: Bruno\njugador 3: Carla María\njugador 4: Diego\n"
        "reparte: Diego\ntriunfo: 2e\n1: 4c 1c 2c 12c\nrenuncio: Carla María acusa a Bruno {no asistió}\n"
        "renuncio: el jugador 4 acusa al jugador 1\n"
    )
    r = read(text)
    assert r.dealer == 3
    assert r.events[4:] == (RenuncioClaim(2, 1, "no asistió"), RenuncioClaim(3, 0))
    assert "renuncio: 3 acusa a 2 {no asistió}" in write(r)
    with pytest.raises(RecordSyntaxError) as err:
        read(text.replace("acusa a Bruno", "acusa a Eva"), "en")
    assert err.value.line == 9 and "invalid player: “Eva”" in str(err.value)


def test_a_hand_entered_card_by_card_finds_who_plays_each_card():
    h = random_hand(12, 2)
    r = HandRecord(h.rules, h.dealer, CARDS[h.trump_card])
    assert turn(r) == 3
    for k, cards_of_trick in enumerate(h.tricks):
        for c in cards_of_trick:
            r = append(r, Play(-1, CARDS[c]))
        assert r.plays[-4].seat == h.leaders[k]
        for d in h.cantes:
            if d.after_trick == k + 1:
                r = append(r, Cante(d.seat, d.option.suit, d.option.tute))
    assert turn(r) is None
    assert [(p.seat, p.card) for p in r.plays] == [
        ((leader + j) % 4, c) for leader, t in zip(h.leaders, h.tricks, strict=True) for j, c in enumerate(t)
    ]
    with pytest.raises(RecordSyntaxError) as err:
        append(r, Play(-1, CARDS[0]))
    assert "40 cartas" in render(err.value.message, "es")
    with pytest.raises(RecordSyntaxError) as err:
        append(HandRecord(h.rules, h.dealer, CARDS[h.trump_card]), Play(0, CARDS[5]))
    assert "le toca al jugador 4" in render(err.value.message, "es")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_records_messages_are_spelt_right(lang):
    from importlib import import_module

    from tests.spelling.checker import unknown

    catalogue = import_module(f"engine.messages.{lang}.records").CATALOGUE
    texts = [re.sub(r"\{[^}]*\}", " ", t) for t in catalogue.values()]
    assert unknown(texts, {"es": "es_ES", "en": "en_US"}[lang]) == {}


@pytest.mark.parametrize(
    "text",
    [
        "a" + " " * 19_000 + "b",
        HEAD + "1: " + "4c " * 6_000,
        "{" * 19_000,
        "{a" * 9_000,
        HEAD + "renuncio: " + "{" * 19_000,
        HEAD + "canta 1: " + "de " * 6_000,
        "mesa" + ":" * 19_000,
    ],
    ids=["spaces", "cards", "braces", "open-comments", "claim-braces", "cante-words", "colons"],
)
def test_a_long_hostile_line_is_refused_at_once(text):
    import time

    start = time.process_time()
    with pytest.raises(RecordSyntaxError):
        read(text)
    assert time.process_time() - start < 0.5


def test_the_cards_offered_for_the_next_play_are_those_the_seat_may_hold():
    r = read(HEAD + "mano 3: 2o 4o 5o 6o 7o 10o 11o 12o 3o 1o\n1: 4c\n")
    # player 3 holds only oros: they are offered their ten cards
    assert possible_cards(r) == tuple(parse_card(c) for c in "2o 4o 5o 6o 7o 10o 11o 12o 3o 1o".split())
    r = append(r, Play(-1, parse_card("1o")))
    # player 4's hand is unknown: every card not played and not known elsewhere (the 2e is the dealer's)
    offered = possible_cards(r)
    assert len(offered) == 40 - 2 - 9 - 1
    assert parse_card("2e") not in offered and parse_card("4c") not in offered
    with pytest.raises(RecordSyntaxError):
        append(r, Play(-1, parse_card("5o")))
