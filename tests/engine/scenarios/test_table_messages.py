"""The mesa, renuncio and cante families speak in messages: the same decision reads right in Spanish and
in English — the person of each player, one against several, articles — and no option's shape gives the
key away."""

from __future__ import annotations

import re
from functools import cache

import pytest

from engine.messages import Message, Texts, render
from engine.rules import GUIA, PRESETS
from engine.scenarios import MISCONCEPTIONS, generate, grade
from engine.scenarios.mesa import analyse
from tests.spelling.checker import unknown

FAMILIES = ("mesa", "renuncio", "cante")
SEEDS = 12
LANGS = ("es", "en")
ADDRESSED = {
    "es": re.compile(r"\b(tú|ti|tienes|debes|puedes|asistes|montas|fallas|pisas|tu|tus|te)\b", re.I),
    "en": re.compile(r"\b(you|your|yours)\b", re.I),
}


@cache
def graded(family: str) -> tuple:
    """(scenario, [grade of every option]) over every table, level and a few seeds."""
    out = []
    for rules in PRESETS.values():
        for level in (1, 2, 3):
            for seed in range(SEEDS):
                s = generate(family, seed, level, rules)
                out.append((s, [grade(s, o.value) for o in s.options]))
    return tuple(out)


def _own(text) -> list:
    """The family's own texts inside ``text``: a misconception quoted after «No:» belongs to the
    misconceptions' catalogue, which its own tests check."""
    if isinstance(text, Texts):
        return [part for t in text for part in _own(t)]
    return [] if text in MISCONCEPTIONS.values() else [text]


def sentences(family: str, lang: str, *, notes: bool = True) -> set[str]:
    texts = []
    for s, grades in graded(family):
        texts += [s.question, *(o.label for o in s.options)]
        for g in grades:
            texts += [g.explanation, g.note, *(v[1] for v in g.verdicts)]
            texts += [v[3] for v in g.verdicts] if notes else []
    return {render(part, lang) for t in texts for part in _own(t)} - {""}


def test_every_question_option_and_feedback_of_these_families_is_a_message():
    for family in FAMILIES:
        for s, grades in graded(family)[:20]:
            assert isinstance(s.question, (Message, Texts))
            # a card code ('12c') is the same in every language and stays a string
            assert all(isinstance(o.label, Message) or re.fullmatch(r"\d+[oceb]", o.label) for o in s.options)
            for g in grades:
                assert isinstance(g.explanation, (Message, Texts))
                assert all(isinstance(v[3], (Message, Texts)) for v in g.verdicts)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_renuncio_speaks_of_every_player_in_the_third_person(lang):
    wrong = []
    for _, grades in graded("renuncio"):
        for g in grades:
            for text in (g.explanation, *(v[3] for v in g.verdicts)):
                words = render(text, lang)
                if ADDRESSED[lang].search(words):
                    wrong.append(words)
    assert wrong == []


def test_renuncio_names_players_from_outside_with_their_article_in_both_languages():
    s, grades = graded("renuncio")[0]
    players = [o for o in s.options if o.value != "nadie"]
    assert all(re.fullmatch(r"El jugador [1-4] \(pareja [AB]\)", render(o.label)) for o in players)
    assert all(re.fullmatch(r"Player [1-4] \(pair [AB]\)", render(o.label, "en")) for o in players)
    assert re.search(r"así se jugó: el jugador \d \(pareja [AB]\), (el|la) ", render(s.question))
    assert re.search(r"how it was played: player \d \(pair [AB]\), the ", render(s.question, "en"))
    reneged = next(g for _, gs in graded("renuncio") for g in gs if g.explanation.id == "renuncio.expl")
    assert re.match(r"Renuncio del jugador \d \(pareja [AB]\)\. Juega (el|la) ", render(reneged.explanation))


def _faltan(rules, mine: int) -> tuple:
    pos = {"kind": "faltan", "viewer": 0, "scores": {"tu_pareja": mine, "rival": 0}, "tantos_needed": 60}
    choices, key, expl = analyse(pos, rules)
    return {c.value: c.label for c in choices}, key, expl


@pytest.mark.parametrize(
    ("table", "mine", "es", "en", "es_expl", "en_expl"),
    [
        ("guia", 2, "1 mano", "1 hand", "os falta 1.", "you need 1 more"),
        ("guia", 0, "3 manos", "3 hands", "os faltan 3.", "you need 3 more"),
        ("ludoteka", 5, "1 punto", "1 point", "os falta 1.", "you need 1 more"),
        ("ludoteka", 1, "5 puntos", "5 points", "os faltan 5.", "you need 5 more"),
    ],
)
def test_one_and_several_agree_with_their_number(table, mine, es, en, es_expl, en_expl):
    labels, key, expl = _faltan(PRESETS[table], mine)
    assert render(labels[key]) == es[:1].upper() + es[1:]
    assert render(labels[key], "en") == en
    assert es_expl in render(expl) and en_expl in render(expl, "en")


def test_the_pair_question_names_seats_alike_and_no_option_names_a_pair():
    choices, key, _ = analyse({"kind": "pareja", "viewer": 1}, GUIA)
    for lang, pair in (("es", "pareja"), ("en", "pair")):
        labels = [render(c.label, lang) for c in choices]
        assert not any(pair in label for label in labels), labels
        assert len({re.sub(r"\d", "N", label) for label in labels}) == 1, labels


def _shape(label: str) -> tuple[int, int]:
    """What a label looks like without its words: its brackets and its commas."""
    return label.count("("), label.count(",")


@pytest.mark.parametrize("lang", LANGS)
def test_the_right_mesa_option_is_shaped_like_some_wrong_one(lang):
    """A learner cannot pick the key by a bracket or a tail the wrong options lack."""
    odd = []
    for s, _ in graded("mesa"):
        labels = {o.value: render(o.label, lang) for o in s.options}
        others = {_shape(label) for value, label in labels.items() if value != s.answer}
        if _shape(labels[s.answer]) not in others:
            odd.append((s.position["kind"], labels[s.answer], sorted(labels.values())))
    assert odd == []


@pytest.mark.parametrize("lang", LANGS)
def test_renuncio_and_cante_offer_the_same_options_whatever_the_answer(lang):
    """Their options are the table's players (or «nobody») and every cante: the key shapes none of them."""
    shapes = {
        re.sub(r"\d|[AB]\)", "N", render(o.label, lang)) for s, _ in graded("renuncio") for o in s.options
    }
    assert len(shapes) == 2, shapes  # «nobody» and one player label
    by_trump: dict[tuple, set] = {}
    for s, _ in graded("cante"):
        labels = tuple(render(o.label, lang) for o in s.options)
        by_trump.setdefault((s.position["trump"], len(labels)), set()).add(labels)
    assert all(len(labels) == 1 for labels in by_trump.values()), by_trump


@pytest.mark.parametrize(
    ("family", "lang"),
    [(f, lang) for f in FAMILIES for lang in LANGS if (f, lang) != ("renuncio", "en")] + [("renuncio", "en")],
)
def test_every_sentence_starts_with_a_capital_and_so_does_the_next(family, lang):
    starts = re.compile(r"[A-ZÁÉÍÓÚÑ¿“0-9]")
    wrong = [t for t in sentences(family, lang) if not starts.match(t) or re.search(r"[.?!] [a-zñ]", t)]
    assert wrong == []


@pytest.mark.parametrize("family", ["mesa", "cante", "renuncio"])
def test_the_english_of_these_families_is_spelt_right(family):
    texts = sentences(family, "en")
    assert len(texts) > 20
    assert unknown(texts, "en_US") == {}


def test_renuncio_own_english_is_spelt_right_before_the_rulings_speak_english():
    """The question, the options and «nobody» need no ruling: they are checked whatever the branch."""
    texts = set()
    for s, grades in graded("renuncio"):
        texts |= {render(s.question, "en"), *(render(o.label, "en") for o in s.options)}
        texts |= {render(g.explanation, "en") for g in grades if g.explanation.id == "renuncio.expl.nobody"}
    assert unknown(texts, "en_US") == {}
