"""Broken content is refused with a CourseError naming the file; each test breaks one thing in a tiny course."""

from pathlib import Path

import pytest

from lessons.course import CourseError, load_course

STEP = """+++
title = "Montar"
rules = ["R-OBL-MONTAR"]
terms = ["montar"]

[example]
trump = "o"
trick = ["10c"]
hand = ["12c", "4c", "7b"]
legal = ["12c"]
prompt = "Sale la sota de copas."

[[checkpoints]]
family = "jugada"
target = "R-OBL-MONTAR"
difficulty = 1
+++
Si puedes superar la sota, debes [[montar]].
"""

STEP_EN = """+++
title = "Montar"
prompt = "The jack of copas is led."
+++
If you can beat the jack, you must [[montar]] (head the trick).
"""

UNIT = """title = "Montar"
summary = "Supera la carta más fuerte."

[en]
title = "Montar"
summary = "Beat the strongest card."
"""

GLOSSARY = """[montar]
definition = "Superar la carta más fuerte del palo de salida."
step = "montar/supera"
en = "head the trick"
definition_en = "Beating the strongest card of the led suit."
"""


def write_course(
    root: Path, step: str = STEP, glossary: str = GLOSSARY, english: str | None = STEP_EN, unit: str = UNIT
) -> Path:
    """A one-step course under ``root``; ``english=None`` leaves out the step's English text."""
    folder = root / "01-montar"
    folder.mkdir(parents=True)
    (folder / "unit.toml").write_text(unit, "utf-8")
    (folder / "01-supera.md").write_text(step, "utf-8")
    if english is not None:
        (folder / "01-supera.en.md").write_text(english, "utf-8")
    (root / "glosario.toml").write_text(glossary, "utf-8")
    return root


def problems(root: Path) -> str:
    with pytest.raises(CourseError) as info:
        load_course(root)
    return str(info.value)


def test_the_tiny_course_itself_loads(tmp_path):
    course = load_course(write_course(tmp_path / "ok"))
    step = course.step("montar", "supera")
    assert step.example.legal == step.example.ruling().legal
    assert course.first_step_for_term("montar") == step


BROKEN_STEPS = {
    "an unknown rule id": (
        'rules = ["R-OBL-MONTAR"]',
        'rules = ["R-OBL-MONTARR"]',
        "id de regla desconocido: 'R-OBL-MONTARR'",
    ),
    "a step without rule ids": ('rules = ["R-OBL-MONTAR"]', "rules = []", "rules está vacío"),
    "an unknown term in terms": (
        'terms = ["montar"]',
        'terms = ["montar", "cortar"]',
        "'cortar' no está en el glosario",
    ),
    "an unknown term linked in the body": ("debes [[montar]]", "debes [[arrastrar]]", "enlace [[arrastrar]]"),
    "a card that does not exist": ('"7b"]', '"8b"]', "no hay ochos ni nueves"),
    "a card in both the trick and the hand": ('"7b"]', '"10c"]', "carta repetida: 10c"),
    "a trick of four cards": ('trick = ["10c"]', 'trick = ["10c", "2c", "5c", "6c"]', "trick tiene 4 cartas"),
    "an empty hand": (
        'hand = ["12c", "4c", "7b"]\nlegal = ["12c"]',
        'hand = []\nlegal = ["1o"]',
        "hand tiene 0 cartas",
    ),
    "a hand of eleven": (
        '"7b"]',
        '"7b", "1o", "2o", "3o", "4o", "5o", "6o", "7o", "11o"]',
        "hand tiene 11 cartas",
    ),
    "an answer card not in the hand": ('legal = ["12c"]', 'legal = ["3c"]', "legal: 3c no está en hand"),
    "a comparison that changes nothing": (
        'legal = ["12c"]',
        'legal = ["12c"]\ncompare = "estricta"\ncompare_legal = ["12c"]',
        "no cambia las cartas válidas",
    ),
    "a comparison without its answer": (
        'legal = ["12c"]',
        'legal = ["12c"]\ncompare = "estricta"',
        "compare y compare_legal van juntos",
    ),
    "an unknown table": ('legal = ["12c"]', 'legal = ["12c"]\nrules = "casera"', "Mesa desconocida"),
    "a misspelt key": ('prompt = "', 'promt = "x"\nprompt = "', "clave desconocida 'promt'"),
    "front matter that is not TOML": ('title = "Montar"', "title: Montar", "cabecera TOML no válida"),
    "a checkpoint aimed at an unknown rule": (
        'target = "R-OBL-MONTAR"',
        'target = "R-OBL-SALTAR"',
        "target desconocido",
    ),
    "a fixed checkpoint with a family": (
        'family = "jugada"',
        'fixed = "x"\nfamily = "jugada"',
        "un escenario fijo no lleva",
    ),
}


@pytest.mark.parametrize(("old", "new", "expected"), BROKEN_STEPS.values(), ids=BROKEN_STEPS.keys())
def test_a_broken_step_is_refused_naming_its_file(tmp_path, old, new, expected):
    assert old in STEP
    message = problems(write_course(tmp_path, STEP.replace(old, new)))
    assert expected in message
    assert "01-montar/01-supera.md" in message


def test_a_file_without_front_matter_is_refused(tmp_path):
    message = problems(write_course(tmp_path, "Solo texto.\n"))
    assert "falta la cabecera" in message


CHECKPOINT = '[[checkpoints]]\nfamily = "jugada"\ntarget = "R-OBL-MONTAR"\ndifficulty = 1\n'


def test_a_step_whose_rules_can_be_quizzed_needs_checkpoints_and_at_most_three(tmp_path):
    none = STEP.replace(CHECKPOINT, "")
    message = problems(write_course(tmp_path / "a", none))
    assert "falta [[checkpoints]]: cada paso tiene de una a tres preguntas (R-OBL-MONTAR se puede" in message
    four = STEP.replace(CHECKPOINT, CHECKPOINT * 4)
    assert "hay 4 checkpoints" in problems(write_course(tmp_path / "b", four))


DECK_STEP = """+++
title = "El tute gana la mano"
rules = ["R-TUTE-3"]
terms = ["montar"]
{checkpoints}+++
Un tute termina la mano; aprenderás a [[montar]] más adelante.
"""


def test_every_step_needs_a_checkpoint_even_one_no_family_can_quiz(tmp_path):
    message = problems(write_course(tmp_path, DECK_STEP.format(checkpoints="")))
    assert "falta [[checkpoints]]: cada paso tiene de una a tres preguntas; si ninguna familia" in message


def test_a_checkpoint_aimed_at_a_rule_not_taught_yet_is_refused(tmp_path):
    message = problems(write_course(tmp_path, DECK_STEP.format(checkpoints=CHECKPOINT)))
    assert (
        "checkpoint 1: apunta a R-OBL-MONTAR, que no enseña ni este paso (R-TUTE-3) ni uno anterior"
        in message
    )


def test_a_checkpoint_aimed_elsewhere_when_the_steps_rule_can_be_quizzed_is_refused(tmp_path):
    ganador = CHECKPOINT.replace('"jugada"', '"ganador"').replace('"R-OBL-MONTAR"', '"R-TRICK-2"')
    message = problems(write_course(tmp_path / "a", STEP.replace(CHECKPOINT, ganador)))
    assert "checkpoint 1: apunta a R-TRICK-2, pero este paso enseña reglas que se pueden practicar" in message
    fixed = STEP.replace(CHECKPOINT, '[[checkpoints]]\nfixed = "guia-situacion-3"\n')  # R-OBL-PISAR
    assert "checkpoint 1: apunta a R-OBL-PISAR" in problems(write_course(tmp_path / "b", fixed))


def test_a_step_no_family_can_quiz_may_review_a_rule_an_earlier_step_taught(tmp_path):
    root = write_course(tmp_path)
    (root / "01-montar" / "02-baraja.md").write_text(
        DECK_STEP.format(checkpoints=CHECKPOINT).replace('terms = ["montar"]\n', ""), "utf-8"
    )
    (root / "01-montar" / "02-baraja.en.md").write_text(
        '+++\ntitle = "The tute wins the hand"\n+++\nA tute ends the hand; you will learn to [[montar]] later.\n',
        "utf-8",
    )
    course = load_course(root)
    assert course.step("montar", "baraja").checkpoints[0].target == "R-OBL-MONTAR"


def test_an_unknown_family_or_fixed_scenario_is_refused(tmp_path):
    message = problems(write_course(tmp_path / "a", STEP.replace('family = "jugada"', 'family = "brisca"')))
    assert "familia desconocida 'brisca'" in message
    fixed = STEP.replace(
        'family = "jugada"\ntarget = "R-OBL-MONTAR"\ndifficulty = 1', 'fixed = "guia-no-existe"'
    )
    assert "escenario fijo desconocido 'guia-no-existe'" in problems(write_course(tmp_path / "b", fixed))


def test_a_glossary_term_pointing_at_a_missing_step_is_refused(tmp_path):
    message = problems(write_course(tmp_path, glossary=GLOSSARY.replace("montar/supera", "montar/no-existe")))
    assert "glosario.toml" in message and "'montar/no-existe' no existe" in message


def test_a_glossary_term_no_step_introduces_is_refused(tmp_path):
    glossary = GLOSSARY + '\n[baza]\ndefinition = "Una vuelta."\nstep = "montar/supera"\n'
    message = problems(write_course(tmp_path, glossary=glossary))
    assert "término 'baza': ningún paso lo incluye en terms" in message


def test_a_badly_named_unit_folder_is_refused(tmp_path):
    root = write_course(tmp_path)
    (root / "02 Fallar").mkdir()
    assert "02 Fallar: el nombre de una unidad debe ser NN-slug" in problems(root)


def test_every_problem_is_listed_at_once(tmp_path):
    step = STEP.replace('"R-OBL-MONTAR"]', '"R-X"]').replace('"7b"]', '"9b"]')
    error = pytest.raises(CourseError, load_course, write_course(tmp_path, step)).value
    assert len(error.problems) >= 2
    assert all("01-supera.md" in p for p in error.problems)
