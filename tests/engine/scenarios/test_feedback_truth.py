"""What a learner reads is as right as the answer key: every family × table × level × many seeds,
every answer graded, every sentence checked against the rules of the table in force."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.messages import render
from engine.rules import PRESETS, switched_off
from engine.scenarios import FAMILIES, MISCONCEPTIONS
from tests.engine.scenarios.sweep import SEEDS, swept

# Sentences of a default rule that a switch changes: never read at a table that sets it.
DEFAULT_SENTENCES = {
    "montar_tras_fallo": ("no hace falta montar", "no tienes que montar", "no hay que montar"),
    "fallar_sin_pisar": ("también un triunfo menor",),
    "excepcion_companero": ("no te libra", "se aplican igual", "valen aunque tu compañero"),
    "partida": ("se gana con tres", "gana tres manos", "cada mano ganada es un punto"),
    "renuncio": ("pierde la partida",),
}
# Sentences of a variant: never read at a table that does not set it.
VARIANT_SENTENCES = {
    "montar_tras_fallo": ("montar aunque la baza esté cortada",),
    "fallar_sin_pisar": ("aunque sea menor", "fallar sin pisar"),
    "excepcion_companero": ("excepción del compañero",),
    "partida": ("partida de Ludoteka", "6 puntos"),
}
# The same sentences in English.
DEFAULT_SENTENCES_EN = {
    "montar_tras_fallo": ("no need to montar",),
    "fallar_sin_pisar": ("a lower triunfo included",),
    "excepcion_companero": ("the obligation stands",),
    "partida": ("win three hands", "each hand won is a point"),
    "renuncio": ("loses the match",),
}
VARIANT_SENTENCES_EN = {
    "montar_tras_fallo": ("montar is required even when the baza is cut",),
    "fallar_sin_pisar": ("even if it is lower", "fallar sin pisar"),
    "excepcion_companero": ("the partner exception",),
    "partida": ("Ludoteka match", "6 points"),
}
# A misconception that states the default rule is never offered at a table that switches it.
DEFAULT_MISCONCEPTIONS = {
    "montar_tras_fallo": {"monto_baza_cortada"},
    "fallar_sin_pisar": {"fallo_sin_poder_pisar"},
    "excepcion_companero": {"excusa_companero"},
    "partida": {"mezcla_sistemas"},
}
VARIANT_MISCONCEPTIONS = {
    "montar_tras_fallo": {"ignora_montar_tras_fallo"},
    "fallar_sin_pisar": {"ignora_fallar_sin_pisar"},
    "excepcion_companero": {"ignora_excepcion_companero"},
    "partida": {"ignora_partida_ludoteka"},
    "primera_mano": {"ignora_primera_mano"},
}
RULE_ID = re.compile(r"R-[A-Z0-9-]*[A-Z0-9]")


def _switched(rules, key: str) -> bool:
    return getattr(rules, key) != getattr(PRESETS["guia"], key)


@pytest.fixture(scope="module")
def rendered():
    return swept()


@pytest.mark.rule("R-OBL-CORTADA", "R-OBL-PAREJA", "R-MATCH-1", "R-VAR-MONTAR-TRAS-FALLO", "R-VAR-COMPANERO")
def test_no_question_or_feedback_cites_a_rule_its_table_switches_off(rendered):
    wrong = []
    for r in rendered:
        off = switched_off(r.rules)
        cited = set(r.cited()) | set(RULE_ID.findall(r.text()))
        if cited & off:
            wrong.append(f"{r.where()}: {sorted(cited & off)}")
    assert wrong == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_sentence_a_learner_reads_writes_a_rule_id_the_rule_lines_cite_them(rendered, lang):
    inline, uncited = [], []
    for r in rendered:
        for sentence in r.sentences(lang):
            inline += [f"{r.where()}: «{sentence}»"] if RULE_ID.search(sentence) else []
        uncited += [r.where()] if not r.grade.rule_ids else []
    assert inline == [], inline[:5]
    assert uncited == []


def test_the_rules_an_explanation_states_are_among_its_rule_lines(rendered):
    # The sentence says the rule in words; its id goes to the grade's rules (the «Reglas» lines).
    cante = [r for r in rendered if r.family == "cante"]
    played = [r for r in cante if "ya se jugó" in render(r.grade.explanation, "es")]
    split = [r for r in cante if "están repartidos" in render(r.grade.explanation, "es")]
    tute = [r for r in cante if "canta el tute" in render(r.grade.explanation, "es")]
    assert played and split and tute
    assert all("R-CANTE-3" in r.grade.rule_ids for r in played)
    assert all("R-CANTE-1" in r.grade.rule_ids for r in split)
    assert all({"R-TUTE-1", "R-TUTE-3", "R-CANTE-4"} <= set(r.grade.rule_ids) for r in tute)
    reneged = [r for r in rendered if r.family == "renuncio" and r.scenario.answer != "nadie"]
    assert reneged and all("R-OBL-RENUNCIO" in r.grade.rule_ids for r in reneged)


@pytest.mark.parametrize(
    ("lang", "defaults", "variants"),
    [("es", DEFAULT_SENTENCES, VARIANT_SENTENCES), ("en", DEFAULT_SENTENCES_EN, VARIANT_SENTENCES_EN)],
)
def test_no_default_sentence_is_read_at_a_table_that_changes_that_rule(rendered, lang, defaults, variants):
    wrong, read = [], set()
    for r in rendered:
        text = r.text(lang)
        for key, sentences in defaults.items():
            if _switched(r.rules, key):
                wrong += [f"{r.where()}: «{s}»" for s in sentences if s in text]
            else:
                read |= {("default", key) for s in sentences if s in text}
        for key, sentences in variants.items():
            if not _switched(r.rules, key):
                wrong += [f"{r.where()}: «{s}»" for s in sentences if s in text]
            else:
                read |= {("variant", key) for s in sentences if s in text}
    assert wrong == []
    # The sentences are the ones the catalogue really writes: each is read where its rule holds.
    expected = {("default", k) for k in defaults} | {("variant", k) for k in variants}
    assert expected - read <= {("default", "renuncio")}, sorted(expected - read)


def test_a_misconception_is_offered_only_where_it_is_the_mistake_under_that_table(rendered):
    wrong = []
    for r in rendered:
        whys = " ".join(str(v[3]) for v in r.grade.verdicts)
        notes = {r.grade.misconception} | {code for code, text in MISCONCEPTIONS.items() if str(text) in whys}
        for key, codes in DEFAULT_MISCONCEPTIONS.items():
            if _switched(r.rules, key) and notes & codes:
                wrong.append(f"{r.where()}: {notes & codes}")
        for key, codes in VARIANT_MISCONCEPTIONS.items():
            if not _switched(r.rules, key) and notes & codes:
                wrong.append(f"{r.where()}: {notes & codes}")
        if r.grade.misconception == "ignora_variante":  # the vague old code: a switch is named instead
            wrong.append(f"{r.where()}: ignora_variante")
    assert wrong == []


def test_every_wrong_answer_is_explained_by_a_misconception_or_a_note_naming_what_it_missed(rendered):
    wrong = [
        r.where() for r in rendered if not r.grade.correct and not (r.grade.misconception or r.grade.note)
    ]
    counts = Counter(r.family for r in rendered if not r.grade.correct)
    assert all(counts[f] for f in ("jugada", "validas", "obligacion")), counts
    if wrong:  # the non-play families name their options' mistakes per option
        families = {w.split()[0] for w in wrong}
        assert families.isdisjoint({"jugada", "validas", "obligacion"}), wrong[:5]


def test_the_sweep_renders_every_family_at_every_table_and_level(rendered):
    questions = Counter((r.family, r.table, r.level, r.seed) for r in rendered)
    per_family = Counter(key[0] for key in questions)
    assert set(per_family) == set(FAMILIES) and len(FAMILIES) == 8
    assert all(n == len(PRESETS) * 3 * SEEDS for n in per_family.values()), per_family
