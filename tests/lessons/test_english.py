"""The course in English: every step, unit and glossary entry has its English text, the loader refuses
a course where one is missing or links other terms, and the pages speak the active language."""

import re
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import override

from lessons.course import load_course, term_links
from tests.lessons.test_course_errors import GLOSSARY, STEP, STEP_EN, UNIT, problems, write_course

SPANISH = load_course()
ENGLISH = SPANISH.in_language("en")
STEPS = list(zip(SPANISH.steps, ENGLISH.steps, strict=True))

# The game's words the English text keeps in Spanish, from the brief: each is glossed in English where it
# first appears. (The glossary's `en` is the gloss; the card names go the other way: "jack (sota)".)
KEPT_IN_SPANISH = [
    "asistir",
    "montar",
    "fallar",
    "pisar",
    "contrafallar",
    "baza",
    "cante",
    "triunfo",
    "tute",
    "renuncio",
    "veinte",
    "cuarenta",
    "diez de últimas",
    "arrastre",
    "mano",
    "postre",
    "pareja",
    "tantos",
]
SUITS = {"oros": "coins", "copas": "cups", "espadas": "swords", "bastos": "clubs"}
PICTURE_CARDS = {"jack": "sota", "knight": "caballo", "king": "rey"}


def _plain(markdown: str) -> str:
    """What a reader sees of a Markdown body: link texts without their brackets, no emphasis marks."""
    text = re.sub(r"\[\[[^\]|]+\|([^\]]+)\]\]", r"\1", markdown)
    text = re.sub(r"\[\[([^\]]+)\]\]", r"\1", text)
    return text.replace("*", "").replace("`", "")


def _get(client, url: str, language: str) -> str:
    """The page in ``language``: active for the request, and asked for as a browser would (cookie and
    Accept-Language), so the test holds with or without the locale middleware."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    with override(language):
        response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 200, url
    return response.content.decode()


def _lesson_body(html: str) -> str:
    return re.search(r'<div class="lesson__body">(.*?)</div>', html, re.S).group(1)


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html))


# --- the course --------------------------------------------------------------------------------


def test_the_course_loads_in_both_languages_with_the_same_steps_and_checkpoints():
    assert [s.key for s in ENGLISH.steps] == [s.key for s in SPANISH.steps]
    assert len(ENGLISH.steps) == 50 and ENGLISH.language == "en" and SPANISH.language == "es"
    for spanish, english in STEPS:
        assert english.rules == spanish.rules and english.checkpoints == spanish.checkpoints
        assert english.title != spanish.title and english.body != spanish.body
        assert english.title == spanish.en.title and english.body == spanish.en.body
        if spanish.example:
            assert english.example.hand == spanish.example.hand
            assert english.example.prompt == spanish.en.prompt != spanish.example.prompt
        if spanish.display:
            assert english.display.caption == spanish.en.caption != spanish.display.caption
    for spanish, english in zip(SPANISH.units, ENGLISH.units, strict=True):
        assert english.title != spanish.title and english.summary != spanish.summary
    for spanish, english in zip(SPANISH.glossary, ENGLISH.glossary, strict=True):
        assert english.name == spanish.name and english.definition == spanish.definition_en
        assert english.gloss == spanish.en and not spanish.gloss


@pytest.mark.parametrize("language", ["es", "es-es", "fr", "", None])
def test_spanish_is_the_default_and_english_is_any_english(language):
    assert SPANISH.in_language(language) is SPANISH
    assert SPANISH.in_language("en-gb") is ENGLISH is ENGLISH.in_language("en")
    assert ENGLISH.in_language(language) is SPANISH


@pytest.mark.parametrize(("spanish", "english"), STEPS, ids=[s.key for s, _ in STEPS])
def test_every_english_body_links_the_same_glossary_terms(spanish, english):
    def linked(course, text):
        return {course.term(name).name for name in term_links(text)}

    assert linked(SPANISH, spanish.body) == linked(ENGLISH, english.body)


def test_the_games_words_are_kept_in_spanish_and_glossed_where_they_first_appear():
    bodies = [_plain(step.body) for step in ENGLISH.steps]
    pairs = [(name, ENGLISH.term(name).gloss) for name in KEPT_IN_SPANISH]
    pairs += list(SUITS.items()) + list(PICTURE_CARDS.items())
    for word, gloss in pairs:
        pattern = re.compile(rf"(?<!\w){re.escape(word)}s?(?!\w)")  # case counts: "Tute" is the game
        first = next((m for body in bodies if (m := pattern.search(body))), None)
        assert first is not None, f"{word!r} never appears in the English lessons"
        after = first.string[first.end() :]
        assert after.startswith(f" ({gloss}"), f"{word!r} first appears unglossed: …{after[:60]}"


def test_no_english_text_carries_spanish_sentences():
    # Spanish function words that no English lesson needs (the game's words "las" and "de" aside).
    spanish_only = re.compile(r"\b(que|el|los|una?|con|del|para|pero|tienes|puedes|sale|baraja)\b")
    for step in ENGLISH.steps:
        texts = [step.title, _plain(step.body), step.example.prompt if step.example else ""]
        texts += [step.display.caption if step.display else ""]
        for text in texts:
            assert not spanish_only.search(text.replace("una mano", "")), (step.key, text)


# --- what the loader refuses ---------------------------------------------------------------------

BROKEN_ENGLISH = {
    "an English title missing": ('title = "Montar"\n', "", "01-supera.en.md: falta title"),
    "the example's prompt missing": (
        'prompt = "The jack of copas is led."\n',
        "",
        "01-supera.en.md: el paso tiene [example]: falta prompt",
    ),
    "a caption for a step that shows no cards": (
        'prompt = "The jack',
        'caption = "Four cards."\nprompt = "The jack',
        "caption sobra: el paso en español no tiene [display]",
    ),
    "an unknown key": ('title = "Montar"', 'title = "Montar"\nbody = "x"', "clave desconocida 'body'"),
    "an empty body": (
        "If you can beat the jack, you must [[montar]] (head the trick).",
        "",
        "no tiene texto",
    ),
    "a body that does not link the Spanish body's term": (
        "[[montar]]",
        "montar",
        "el texto en inglés no enlaza montar, como el español",
    ),
    "a link to an unknown term": ("[[montar]]", "[[montar]] [[heading]]", "enlace [[heading]]"),
    "a link in the prompt": ("of copas is led.", "of [[montar]] is led.", "enlace [[montar]] en el prompt"),
}


@pytest.mark.parametrize(("old", "new", "expected"), BROKEN_ENGLISH.values(), ids=BROKEN_ENGLISH.keys())
def test_a_broken_english_step_is_refused_naming_its_file(tmp_path, old, new, expected):
    assert old in STEP_EN
    assert expected in problems(write_course(tmp_path, english=STEP_EN.replace(old, new)))


def test_a_step_without_its_english_text_is_refused(tmp_path):
    message = problems(write_course(tmp_path, english=None))
    assert "01-montar/01-supera.md: falta el texto en inglés: 01-supera.en.md" in message


def test_an_english_text_without_its_spanish_step_is_refused(tmp_path):
    root = write_course(tmp_path)
    (root / "01-montar" / "02-pisar.en.md").write_text(STEP_EN, "utf-8")
    assert "02-pisar.en.md: texto en inglés de un paso que no existe" in problems(root)


def test_a_unit_without_its_english_title_and_summary_is_refused(tmp_path):
    message = problems(write_course(tmp_path / "a", unit=UNIT.split("[en]")[0]))
    assert "unit.toml: falta la tabla [en] con title y summary en inglés" in message
    message = problems(write_course(tmp_path / "b", unit=UNIT.replace('summary = "Beat', 'sumary = "Beat')))
    assert "[en]: clave desconocida 'sumary'" in message and "[en] falta summary" in message


def test_a_glossary_term_without_english_or_linking_other_terms_is_refused(tmp_path):
    glossary = GLOSSARY.replace('en = "head the trick"\n', "")
    assert "término 'montar': falta en (un texto no vacío)" in problems(
        write_course(tmp_path / "a", glossary=glossary)
    )
    glossary = GLOSSARY.replace('definition_en = "Beating', 'definition_en = "[[montar]] means beating')
    message = problems(write_course(tmp_path / "b", glossary=glossary))
    assert "término 'montar': definition_en enlaza montar, que el español no enlaza" in message


def test_the_tiny_course_in_english(tmp_path):
    course = load_course(write_course(tmp_path)).in_language("en")
    step = course.step("montar", "supera")
    assert step.title == "Montar" and step.example.prompt == "The jack of copas is led."
    assert (
        course.units[0].summary == "Beat the strongest card." and course.glossary[0].gloss == "head the trick"
    )
    assert STEP.split("+++")[-1].strip() != step.body.strip()


# --- the pages -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("spanish", "english"), STEPS, ids=[s.key for s, _ in STEPS])
def test_every_english_step_page_shows_its_english_text(client, db, spanish, english):
    url = reverse("lessons:step", args=[spanish.unit_slug, spanish.slug])
    page = _get(client, url, "en")
    body = _lesson_body(page)
    assert body != _lesson_body(_get(client, url, "es"))
    assert escape(english.title) in page and escape(spanish.title) not in page
    # The English body's first sentence is on the page; none of the Spanish one is.
    first_sentence = _plain(english.body).split("\n")[0].split(". ")[0]
    assert first_sentence.split(":")[0] in _text(body)
    assert _plain(spanish.body).split("\n")[0][:40] not in _text(body)
    if english.example:
        assert escape(english.example.prompt) in page
    if english.display:
        assert escape(english.display.caption) in page


def test_the_english_page_glosses_the_term_it_teaches(client, db):
    page = _get(client, reverse("lessons:step", args=["asistir", "sigue-el-palo"]), "en")
    assert '<strong><a href="/lecciones/glosario/#asistir">asistir</a></strong> (follow suit)' in page
    assert "you have to play one of them" in page


def test_the_english_index_and_glossary(client, db):
    index = _get(client, reverse("lessons:index"), "en")
    for unit in ENGLISH.units:
        assert escape(unit.title) in index and escape(unit.summary) in index
    assert escape(SPANISH.units[0].title) not in index
    glossary = _get(client, reverse("lessons:glossary"), "en")
    entry = glossary[glossary.index('id="asistir"') :]
    entry = entry[: entry.index("</dd>")]
    assert '<span class="glossary__gloss">(follow suit)</span>' in entry
    assert "Playing a card of the led suit. It is compulsory if you have one." in entry
    assert escape(ENGLISH.step("asistir", "sigue-el-palo").title) in entry
    assert "glossary__gloss" not in _get(client, reverse("lessons:glossary"), "es")
