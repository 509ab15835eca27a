"""The course as data: load ``lessons/content/`` into frozen dataclasses and check it against the engine.

Pure Python (no Django import), so the Django app, the tests and any script can share it. The file
format is described in ``lessons/content/README.md``. The course is written in Spanish with an English
version of every text beside it; ``Course.in_language("en")`` is the same course in English.
"""

from __future__ import annotations

import functools
import importlib
import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from engine.cards import Card, CardError, Suit, parse_card
from engine.obligations import Ruling, ruling
from engine.rules import PRESETS, RULE_CATALOGUE, RulesError, TableRules

CONTENT_DIR = Path(__file__).resolve().parent / "content"
GLOSSARY_FILE = "glosario.toml"
UNIT_FILE = "unit.toml"
ENGLISH_SUFFIX = ".en.md"  # 01-step.md is the Spanish step, 01-step.en.md its English text

_NUMBERED = re.compile(r"^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)$")
# [[montar]] or [[montar|montas]]: a link to a glossary term, optionally with other words shown.
_TERM_LINK = re.compile(r"\[\[([^\[\]|\n]+)(?:\|([^\[\]\n]+))?\]\]")

_STEP_KEYS = {"title", "rules", "terms", "example", "display", "checkpoints"}
_EXAMPLE_KEYS = {"trump", "trick", "hand", "rules", "compare", "prompt", "legal", "compare_legal"}
_DISPLAY_KEYS = {"cards", "caption"}
_CHECKPOINT_KEYS = {"family", "target", "difficulty", "fixed", "rules"}
_TERM_KEYS = {"definition", "step", "aliases", "en", "definition_en"}
_UNIT_KEYS = {"title", "summary", "en"}
_UNIT_TEXT_KEYS = {"title", "summary"}
_ENGLISH_STEP_KEYS = {"title", "prompt", "caption"}


class CourseError(ValueError):
    """Broken course content: the message lists every problem, each with the file it is in."""

    def __init__(self, problems: Iterable[str]):
        self.problems = tuple(problems)
        super().__init__("El curso tiene errores:\n" + "\n".join(f"- {p}" for p in self.problems))


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: how terms are matched ('Compañero' -> 'companero')."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def language_code(language: str | None) -> str:
    """'en' for any English (en, en-gb…), else 'es': Spanish is the course's own language."""
    return "en" if (language or "").lower().split("-")[0] == "en" else "es"


def term_slug(text: str) -> str:
    """URL-safe slug of a term: 'palo de salida' -> 'palo-de-salida', 'diez de últimas' -> 'diez-de-ultimas'."""
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")


@dataclass(frozen=True, slots=True)
class Example:
    """An interactive position: the learner tries any card of ``hand`` and the engine rules on it."""

    trump: Suit
    trick: tuple[Card, ...]  # play order, from the leader
    hand: tuple[Card, ...]
    prompt: str
    legal: tuple[Card, ...]  # the answer the step's text gives; tests check the engine agrees
    rules: TableRules
    rules_name: str  # preset name, or "personalizada"
    compare: TableRules | None = None
    compare_name: str | None = None
    compare_legal: tuple[Card, ...] | None = None

    def ruling(self) -> Ruling:
        """The engine's ruling under the step's table."""
        return ruling(self.hand, self.trick, self.trump, self.rules)

    def compare_ruling(self) -> Ruling | None:
        """The ruling under the compared table, or None when the step compares nothing."""
        if self.compare is None:
            return None
        return ruling(self.hand, self.trick, self.trump, self.compare)


@dataclass(frozen=True, slots=True)
class Display:
    """Cards to show (not to play) with a caption: the deck's order, a baza to count, a cante."""

    cards: tuple[Card, ...]
    caption: str


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A practice question that closes a step: generated (family, target, difficulty) or a fixed scenario."""

    rules: TableRules
    rules_name: str
    family: str | None = None
    target: str | None = None
    difficulty: int | None = None
    fixed: str | None = None

    @property
    def is_fixed(self) -> bool:
        return self.fixed is not None

    def scenario(self, seed: int = 0) -> Any:
        """The scenario from ``engine.scenarios`` (fixed, or generated from ``seed``)."""
        scenarios = importlib.import_module("engine.scenarios")
        if self.fixed is not None:
            return scenarios.FIXED[self.fixed]
        return scenarios.generate(self.family, seed, self.difficulty, self.rules, target=self.target)


@dataclass(frozen=True, slots=True)
class StepText:
    """A step's English words: the rest of the step (rules, positions, checkpoints) is shared."""

    title: str
    body: str  # Markdown, linking the same glossary terms as the Spanish body
    prompt: str | None  # the example's prompt, when the step has an example
    caption: str | None  # the display's caption, when the step has a display
    source: Path


@dataclass(frozen=True, slots=True)
class Step:
    unit_slug: str
    slug: str
    order: int  # 1-based within its unit
    unit_order: int
    title: str
    rules: tuple[str, ...]  # rule ids of engine.rules.RULE_CATALOGUE this step teaches
    terms: tuple[str, ...]  # glossary terms (canonical names) this step introduces
    body: str  # Markdown, with [[term]] links
    example: Example | None
    display: Display | None
    checkpoints: tuple[Checkpoint, ...]
    source: Path
    en: StepText | None = None

    @property
    def key(self) -> str:
        """'montar/la-mas-fuerte': unit and step slugs, stable across renumbering."""
        return f"{self.unit_slug}/{self.slug}"

    @property
    def number(self) -> str:
        """'5.2': unit and step position, for display."""
        return f"{self.unit_order}.{self.order}"

    def in_english(self) -> Step:
        """The step with its English words (itself when it has none)."""
        if self.en is None:
            return self
        example = replace(self.example, prompt=self.en.prompt) if self.example else None
        display = replace(self.display, caption=self.en.caption) if self.display else None
        return replace(self, title=self.en.title, body=self.en.body, example=example, display=display)


@dataclass(frozen=True, slots=True)
class Unit:
    slug: str
    order: int
    title: str
    summary: str
    steps: tuple[Step, ...]
    source: Path
    title_en: str = ""
    summary_en: str = ""


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry and the step that teaches it."""

    name: str  # as written: 'palo de salida'
    definition: str  # Markdown
    unit_slug: str
    step_slug: str
    aliases: tuple[str, ...] = ()
    en: str = ""  # what the term is in English: the gloss of «asistir (follow suit)»
    definition_en: str = ""
    gloss: str = ""  # shown beside the name: the English gloss in the English course, else empty

    @property
    def slug(self) -> str:
        return term_slug(self.name)

    @property
    def step_key(self) -> str:
        return f"{self.unit_slug}/{self.step_slug}"


@dataclass(frozen=True)
class Course:
    units: tuple[Unit, ...]
    glossary: tuple[Term, ...]
    root: Path
    language: str = "es"
    spanish: Course | None = field(default=None, compare=False, repr=False)  # set in translations

    def in_language(self, language: str | None) -> Course:
        """This course in ``language``: English for 'en' (or 'en-…'), Spanish for anything else.
        Same units, steps, keys and checkpoints; only the words change."""
        original = self.spanish or self
        return original._english if language_code(language) == "en" else original

    @cached_property
    def _english(self) -> Course:
        units = tuple(
            replace(
                unit,
                title=unit.title_en or unit.title,
                summary=unit.summary_en or unit.summary,
                steps=tuple(step.in_english() for step in unit.steps),
            )
            for unit in self.units
        )
        glossary = tuple(
            replace(term, definition=term.definition_en or term.definition, gloss=term.en)
            for term in self.glossary
        )
        return Course(units, glossary, self.root, "en", self)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """Every step in course order."""
        return tuple(step for unit in self.units for step in unit.steps)

    @cached_property
    def _step_index(self) -> dict[str, int]:
        return {step.key: i for i, step in enumerate(self.steps)}

    @cached_property
    def _term_index(self) -> dict[str, Term]:
        index: dict[str, Term] = {}
        for term in self.glossary:
            for name in (term.name, term.slug, *term.aliases):
                index[fold(name)] = term
        return index

    def unit(self, unit_slug: str) -> Unit:
        for unit in self.units:
            if unit.slug == unit_slug:
                return unit
        raise KeyError(f"no hay ninguna unidad {unit_slug!r}")

    def step(self, unit_slug: str, step_slug: str) -> Step:
        i = self._step_index.get(f"{unit_slug}/{step_slug}")
        if i is None:
            raise KeyError(f"no hay ningún paso {unit_slug}/{step_slug}")
        return self.steps[i]

    def next_step(self, step: Step) -> Step | None:
        """The step after ``step`` in course order (crossing units), or None after the last one."""
        i = self._step_index[step.key] + 1
        return self.steps[i] if i < len(self.steps) else None

    def previous_step(self, step: Step) -> Step | None:
        i = self._step_index[step.key] - 1
        return self.steps[i] if i >= 0 else None

    def steps_for_rule(self, rule_id: str) -> tuple[Step, ...]:
        """The steps that teach ``rule_id``, in course order (empty for an id no step names)."""
        return tuple(step for step in self.steps if rule_id in step.rules)

    def term(self, name: str) -> Term | None:
        """The glossary entry for a name, alias or slug (case and accents ignored), or None."""
        return self._term_index.get(fold(name))

    def first_step_for_term(self, name: str) -> Step | None:
        """The step that teaches a term (the first in course order that introduces it), or None."""
        term = self.term(name)
        if term is None:
            return None
        return self.step(term.unit_slug, term.step_slug)

    def link_terms(self, markdown: str, href: Callable[[Term], str]) -> str:
        """Turn [[term]] and [[term|text]] into Markdown links, with ``href(term)`` as the address."""

        def replace(match: re.Match[str]) -> str:
            term = self.term(match.group(1))
            text = match.group(2) or match.group(1)
            if term is None:  # load_course rejects these; kept as plain text for unchecked input
                return text
            return f"[{text}]({href(term)})"

        return _TERM_LINK.sub(replace, markdown)


def term_links(markdown: str) -> list[str]:
    """The term names linked with [[…]] in a Markdown text, in order."""
    return [m.group(1).strip() for m in _TERM_LINK.finditer(markdown)]


# --- loading ---------------------------------------------------------------------------------------


@functools.cache
def _load_cached(root: Path) -> Course:
    return _Loader(root).load()


def load_course(path: str | Path | None = None) -> Course:
    """Load and validate the course under ``path`` (default: lessons/content); cached per directory."""
    root = Path(path).resolve() if path is not None else CONTENT_DIR
    return _load_cached(root)


def clear_cache() -> None:
    """Forget loaded courses (after editing content in a running process)."""
    _load_cached.cache_clear()


def _scenarios_module() -> Any | None:
    """engine.scenarios when it is installed; checkpoints are checked against it."""
    try:
        return importlib.import_module("engine.scenarios")
    except ModuleNotFoundError as exc:
        if exc.name not in ("engine.scenarios", "engine"):
            raise
        return None


class _Loader:
    def __init__(self, root: Path):
        self.root = root
        self.problems: list[str] = []
        self.broken_steps: set[str] = set()  # keys of steps refused above, not to be reported again
        self.scenarios = _scenarios_module()
        self.taught: set[str] = set()  # rule ids of the steps loaded so far, in course order

    def problem(self, where: Path, message: str) -> None:
        try:
            shown = where.relative_to(self.root.parent)
        except ValueError:
            shown = where
        self.problems.append(f"{shown}: {message}")

    def load(self) -> Course:
        if not self.root.is_dir():
            raise CourseError([f"{self.root}: no existe la carpeta del curso"])
        units = []
        directories = [p for p in self.root.iterdir() if p.is_dir()]
        for directory, order, slug in self.numbered(
            directories,
            "unidad",
            lambda p: p.name,
            "el nombre de una unidad debe ser NN-slug (dos cifras, guion, minúsculas)",
        ):
            unit = self.load_unit(directory, order, slug)
            if unit is not None:
                units.append(unit)
        if not units and not self.problems:
            self.problems.append(f"{self.root}: el curso no tiene ninguna unidad")
        glossary = self.load_glossary(units)
        self.check_terms(units, glossary)
        if self.problems:
            raise CourseError(self.problems)
        return Course(tuple(units), glossary, self.root)

    # -- units and steps

    def numbered(self, paths: list[Path], kind: str, name_of: Callable[[Path], str], bad_name: str):
        """(path, NN, slug) for each NN-slug name, in order; bad names and repeats are reported."""
        slugs: dict[str, Path] = {}
        numbers: dict[int, Path] = {}
        for path in sorted(paths):
            match = _NUMBERED.match(name_of(path))
            if match is None:
                self.problem(path, bad_name)
                continue
            number, slug = int(match.group(1)), match.group(2)
            if slug in slugs:
                self.problem(path, f"slug de {kind} repetido: {slug!r} (también en {slugs[slug].name})")
            if number in numbers:
                self.problem(
                    path, f"número de {kind} repetido: {number:02d} (también en {numbers[number].name})"
                )
            slugs[slug] = numbers[number] = path
            yield path, number, slug

    def load_unit(self, directory: Path, order: int, slug: str) -> Unit | None:
        meta_path = directory / UNIT_FILE
        meta = self.read_toml(meta_path)
        if meta is None:
            return None
        self.unknown_keys(meta_path, meta, _UNIT_KEYS, "unit.toml")
        title = self.text(meta_path, meta, "title")
        summary = self.text(meta_path, meta, "summary")
        english = meta.get("en")
        if not isinstance(english, dict):
            self.problem(meta_path, "falta la tabla [en] con title y summary en inglés")
            english = {}
        else:
            self.unknown_keys(meta_path, english, _UNIT_TEXT_KEYS, "[en]")
        title_en = self.text(meta_path, english, "title", "[en] ") if english else None
        summary_en = self.text(meta_path, english, "summary", "[en] ") if english else None
        steps = []
        files = [
            p for p in directory.iterdir() if p.name != UNIT_FILE and not p.name.endswith(ENGLISH_SUFFIX)
        ]
        for path in directory.glob(f"*{ENGLISH_SUFFIX}"):
            if not path.with_name(path.name.removesuffix(ENGLISH_SUFFIX) + ".md").exists():
                self.problem(path, "texto en inglés de un paso que no existe (falta el fichero en español)")
        if not files:
            self.problem(directory, "la unidad no tiene ningún paso")
        for path, _, step_slug in self.numbered(
            files,
            "paso",
            lambda p: p.stem if p.suffix == ".md" else "",
            "fichero inesperado: cada paso es NN-slug.md y la unidad se describe en unit.toml",
        ):
            step = self.load_step(path, slug, order, len(steps) + 1, step_slug)
            if step is not None:
                steps.append(step)
            else:
                self.broken_steps.add(f"{slug}/{step_slug}")
        if title is None or summary is None:
            return None
        return Unit(slug, order, title, summary, tuple(steps), directory, title_en or "", summary_en or "")

    def front_matter(self, path: Path) -> tuple[dict[str, Any], str] | None:
        """The TOML between the two +++ lines and the Markdown body after them (None if broken)."""
        lines = path.read_text(encoding="utf-8").split("\n")
        if not lines or lines[0].strip() != "+++":
            self.problem(path, "falta la cabecera: el fichero debe empezar con una línea +++")
            return None
        try:
            end = next(i for i in range(1, len(lines)) if lines[i].strip() == "+++")
        except StopIteration:
            self.problem(path, "la cabecera no se cierra: falta la segunda línea +++")
            return None
        try:
            meta = tomllib.loads("\n".join(lines[1:end]))
        except tomllib.TOMLDecodeError as exc:
            self.problem(path, f"cabecera TOML no válida: {exc}")
            return None
        return meta, "\n".join(lines[end + 1 :]).strip() + "\n"

    def step_file(
        self, path: Path, keys: set[str], empty: str
    ) -> tuple[dict[str, Any], str, str | None] | None:
        """A step file's front matter, body and title; unknown keys, no title and no text reported."""
        parsed = self.front_matter(path)
        if parsed is None:
            return None
        meta, body = parsed
        self.unknown_keys(path, meta, keys, "la cabecera")
        if not body.strip():
            self.problem(path, empty)
        return meta, body, self.text(path, meta, "title")

    def load_step(self, path: Path, unit_slug: str, unit_order: int, order: int, slug: str) -> Step | None:
        before = len(self.problems)
        read = self.step_file(path, _STEP_KEYS, "el paso no tiene texto")
        if read is None:
            return None
        meta, body, title = read
        rules = self.rule_ids(path, meta.get("rules"))
        terms = self.string_list(path, meta.get("terms", []), "terms")
        example = self.example(path, meta["example"]) if "example" in meta else None
        display = self.display(path, meta["display"]) if "display" in meta else None
        checkpoints = self.checkpoints(path, meta.get("checkpoints"), rules)
        self.taught.update(rules)
        english = self.english_step(path, meta)
        if len(self.problems) > before or title is None:
            return None
        return Step(
            unit_slug,
            slug,
            order,
            unit_order,
            title,
            rules,
            terms,
            body,
            example,
            display,
            checkpoints,
            path,
            english,
        )

    def english_step(self, spanish: Path, meta: Mapping[str, Any]) -> StepText | None:
        """The step's English words from NN-slug.en.md: a title, the example's prompt and the
        display's caption when the step has them, and the body."""
        path = spanish.with_name(spanish.stem + ENGLISH_SUFFIX)
        if not path.exists():
            self.problem(spanish, f"falta el texto en inglés: {path.name}")
            return None
        before = len(self.problems)
        read = self.step_file(path, _ENGLISH_STEP_KEYS, "el paso no tiene texto en inglés")
        if read is None:
            return None
        raw, body, title = read
        texts = {}
        for key, table in (("prompt", "example"), ("caption", "display")):
            if table in meta:
                texts[key] = self.text(path, raw, key, f"el paso tiene [{table}]: ")
            elif key in raw:
                self.problem(path, f"{key} sobra: el paso en español no tiene [{table}]")
        if len(self.problems) > before or title is None:
            return None
        return StepText(title, body, texts.get("prompt"), texts.get("caption"), path)

    def rule_ids(self, path: Path, value: Any) -> tuple[str, ...]:
        ids = self.string_list(path, value, "rules")
        if value is not None and not ids:
            self.problem(path, "rules está vacío: cada paso nombra al menos una regla")
        if value is None:
            self.problem(path, "falta rules: la lista de ids de reglas (R-…) que enseña el paso")
        for rule_id in ids:
            if rule_id not in RULE_CATALOGUE:
                self.problem(path, f"id de regla desconocido: {rule_id!r}")
        if len(set(ids)) != len(ids):
            self.problem(path, "rules repite un id")
        return ids

    def table(self, path: Path, spec: Any, what: str) -> tuple[TableRules, str] | None:
        try:
            rules = TableRules.from_spec(spec)
        except (RulesError, TypeError) as exc:
            self.problem(path, f"{what}: {exc}")
            return None
        return rules, (rules.preset_name or "personalizada")

    def cards(self, path: Path, value: Any, what: str) -> tuple[Card, ...] | None:
        if not isinstance(value, list):
            self.problem(path, f'{what} debe ser una lista de cartas como ["12c", "4c"]')
            return None
        try:
            return tuple(parse_card(token) for token in value)
        except CardError as exc:
            self.problem(path, f"{what}: {exc}")
            return None

    def example(self, path: Path, raw: Any) -> Example | None:
        if not isinstance(raw, dict):
            self.problem(path, "[example] debe ser una tabla")
            return None
        before = len(self.problems)
        self.unknown_keys(path, raw, _EXAMPLE_KEYS, "[example]")
        for key in ("trump", "trick", "hand", "prompt", "legal"):
            if key not in raw:
                self.problem(path, f"[example] necesita {key}")
        if len(self.problems) > before:
            return None
        try:
            trump = Suit.parse(raw["trump"])
        except CardError as exc:
            self.problem(path, f"[example] trump: {exc}")
            trump = None
        trick = self.cards(path, raw["trick"], "[example] trick")
        hand = self.cards(path, raw["hand"], "[example] hand")
        legal = self.cards(path, raw["legal"], "[example] legal")
        compare_legal = None
        if ("compare" in raw) != ("compare_legal" in raw):
            self.problem(
                path, "[example] compare y compare_legal van juntos: la otra mesa necesita su respuesta"
            )
        elif "compare_legal" in raw:
            compare_legal = self.cards(path, raw["compare_legal"], "[example] compare_legal")
        prompt = self.text(path, raw, "prompt", "[example] ")
        table = self.table(path, raw.get("rules", "guia"), "[example] rules")
        compare = None
        if "compare" in raw:
            if raw["compare"] not in PRESETS:
                self.problem(
                    path, f"[example] compare: mesa desconocida {raw['compare']!r} (usa {', '.join(PRESETS)})"
                )
            else:
                compare = self.table(path, raw["compare"], "[example] compare")
        if trick is not None and not 0 <= len(trick) <= 3:
            self.problem(path, f"[example] trick tiene {len(trick)} cartas: una baza en juego tiene de 0 a 3")
        if hand is not None and not 1 <= len(hand) <= 10:
            self.problem(path, f"[example] hand tiene {len(hand)} cartas: una mano tiene de 1 a 10")
        if trick is not None and hand is not None:
            seen: set[Card] = set()
            for c in (*trick, *hand):
                if c in seen:
                    self.problem(path, f"[example] carta repetida: {c.code} ({c.name})")
                seen.add(c)
        for what, answer in (("legal", legal), ("compare_legal", compare_legal)):
            if answer is not None and hand is not None:
                if not answer:
                    self.problem(path, f"[example] {what} está vacío: siempre hay alguna carta válida")
                stray = [c.code for c in answer if c not in hand]
                if stray:
                    self.problem(path, f"[example] {what}: {', '.join(stray)} no está en hand")
                if len(set(answer)) != len(answer):
                    self.problem(path, f"[example] {what} repite una carta")
        if len(self.problems) > before or trump is None or table is None or prompt is None:
            return None
        example = Example(
            trump,
            trick,
            hand,
            prompt,
            legal,
            table[0],
            table[1],
            compare[0] if compare else None,
            compare[1] if compare else None,
            compare_legal,
        )
        try:
            main = example.ruling()
            other = example.compare_ruling()
        except Exception as exc:  # any engine failure is a broken position
            self.problem(path, f"[example] el motor no puede dictaminar esta posición: {exc!r}")
            return None
        if other is not None and set(other.legal) == set(main.legal):
            self.problem(
                path,
                f"[example] compare = {example.compare_name!r} no cambia las cartas válidas: "
                "la comparación no enseñaría nada",
            )
        return example

    def display(self, path: Path, raw: Any) -> Display | None:
        if not isinstance(raw, dict):
            self.problem(path, "[display] debe ser una tabla")
            return None
        self.unknown_keys(path, raw, _DISPLAY_KEYS, "[display]")
        cards = self.cards(path, raw.get("cards"), "[display] cards")
        caption = self.text(path, raw, "caption", "[display] ")
        if cards is None or caption is None:
            return None
        if not cards:
            self.problem(path, "[display] cards está vacío")
        if len(set(cards)) != len(cards):
            self.problem(path, "[display] cards repite una carta")
        return Display(cards, caption)

    def checkpoints(self, path: Path, raw: Any, own: tuple[str, ...]) -> tuple[Checkpoint, ...]:
        """The step's one to three checkpoints, each aimed at the step's own rules (``own``) when a
        family can quiz one of them, else at a rule an earlier step taught."""
        quizzable = self.quizzable(own)
        if raw is None:
            raw = []
        if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
            self.problem(path, "checkpoints debe escribirse como tablas [[checkpoints]]")
            return ()
        if not raw:
            self.problem(
                path,
                "falta [[checkpoints]]: cada paso tiene de una a tres preguntas"
                + (
                    f" ({', '.join(quizzable)} se puede practicar con una familia de ejercicios)"
                    if quizzable
                    else "; si ninguna familia apunta a sus reglas, repasa una regla de un paso anterior "
                    "cuyas preguntas traigan la de este paso"
                ),
            )
        if len(raw) > 3:
            self.problem(path, f"hay {len(raw)} checkpoints: cada paso tiene de una a tres")
        out = []
        for n, item in enumerate(raw, 1):
            where = f"checkpoint {n}"
            self.unknown_keys(path, item, _CHECKPOINT_KEYS, where)
            table = self.table(path, item.get("rules", "guia"), f"{where}: rules")
            if table is None:
                continue
            if "fixed" in item:
                extra = sorted({"family", "target", "difficulty"} & set(item))
                if extra:
                    self.problem(path, f"{where}: un escenario fijo no lleva {', '.join(extra)}")
                    continue
                fixed = item["fixed"]
                if self.scenarios is not None and fixed not in self.scenarios.FIXED:
                    self.problem(path, f"{where}: escenario fijo desconocido {fixed!r}")
                    continue
                if self.scenarios is not None and not self.aimed(
                    path, where, self.scenarios.FIXED[fixed].rule_ids[0], own, quizzable
                ):
                    continue
                out.append(Checkpoint(table[0], table[1], fixed=fixed))
                continue
            family, target, difficulty = item.get("family"), item.get("target"), item.get("difficulty")
            if not isinstance(family, str) or not isinstance(target, str):
                self.problem(path, f"{where}: necesita family y target (o fixed)")
                continue
            if not isinstance(difficulty, int) or isinstance(difficulty, bool) or difficulty < 1:
                self.problem(path, f"{where}: difficulty debe ser un entero desde 1")
                continue
            if target not in RULE_CATALOGUE:
                self.problem(path, f"{where}: target desconocido {target!r}")
                continue
            if self.scenarios is not None:
                if family not in self.scenarios.FAMILIES:
                    self.problem(
                        path,
                        f"{where}: familia desconocida {family!r} (usa {', '.join(self.scenarios.FAMILIES)})",
                    )
                    continue
                if target not in self.targets(family, table[0]):
                    self.problem(path, f"{where}: la familia {family!r} no sabe apuntar a {target!r}")
                    continue
            if not self.aimed(path, where, target, own, quizzable):
                continue
            out.append(Checkpoint(table[0], table[1], family=family, target=target, difficulty=difficulty))
        return tuple(out)

    def quizzable(self, own: tuple[str, ...]) -> tuple[str, ...]:
        """The step's rule ids some family of exercises can aim at (at the guide's table)."""
        if self.scenarios is None:
            return ()
        return tuple(rule_id for rule_id in own if self.scenarios.families_for(rule_id))

    def aimed(
        self, path: Path, where: str, main: str, own: tuple[str, ...], quizzable: tuple[str, ...]
    ) -> bool:
        """Whether a checkpoint whose main rule is ``main`` quizzes this step: one of its own rules
        when one can be quizzed, else a rule an earlier step taught (reported if not)."""
        if quizzable and main not in own:
            self.problem(
                path,
                f"{where}: apunta a {main}, pero este paso enseña reglas que se pueden practicar "
                f"({', '.join(quizzable)}): apunta a una de ellas",
            )
            return False
        if not quizzable and main not in self.taught:
            self.problem(
                path,
                f"{where}: apunta a {main}, que no enseña ni este paso ({', '.join(own)}) ni uno anterior",
            )
            return False
        return True

    def targets(self, family: str, rules: TableRules) -> tuple[str, ...]:
        """The rule ids ``family`` can aim at at this table (a switch may replace a rule)."""
        return tuple(self.scenarios.targets(family, rules))

    # -- glossary

    def load_glossary(self, units: list[Unit]) -> tuple[Term, ...]:
        path = self.root / GLOSSARY_FILE
        raw = self.read_toml(path)
        if raw is None:
            return ()
        steps = {step.key: step for unit in units for step in unit.steps}
        terms = []
        names: dict[str, str] = {}
        for name, entry in raw.items():
            if not isinstance(entry, dict):
                self.problem(path, f"[{name!r}] debe ser una tabla con definition y step")
                continue
            self.unknown_keys(path, entry, _TERM_KEYS, f"término {name!r}")
            definition = self.text(path, entry, "definition", f"término {name!r}: ")
            step_key = self.text(path, entry, "step", f"término {name!r}: ")
            aliases = self.string_list(path, entry.get("aliases", []), f"término {name!r}: aliases")
            english = self.text(path, entry, "en", f"término {name!r}: ")
            definition_en = self.text(path, entry, "definition_en", f"término {name!r}: ")
            for label in (name, *aliases):
                key = fold(label)
                if key in names:
                    self.problem(path, f"el nombre {label!r} se repite (término {names[key]!r} y {name!r})")
                names[key] = name
            if definition is None or step_key is None:
                continue
            if step_key not in steps and step_key not in self.broken_steps:
                self.problem(
                    path, f"término {name!r}: el paso {step_key!r} no existe (usa unidad/paso, sin números)"
                )
                continue
            unit_slug, _, step_slug = step_key.partition("/")
            terms.append(
                Term(name, definition, unit_slug, step_slug, aliases, english or "", definition_en or "")
            )
        return tuple(terms)

    def check_terms(self, units: list[Unit], glossary: tuple[Term, ...]) -> None:
        glossary_path = self.root / GLOSSARY_FILE
        by_name: dict[str, Term] = {}
        for term in glossary:
            for label in (term.name, *term.aliases):
                by_name[fold(label)] = term
        first: dict[str, Step] = {}
        for unit in units:
            for step in unit.steps:
                for name in step.terms:
                    term = by_name.get(fold(name))
                    if term is None:
                        self.problem(step.source, f"terms: el término {name!r} no está en el glosario")
                    elif name != term.name:
                        self.problem(step.source, f"terms: escribe {term.name!r}, no el alias {name!r}")
                    else:
                        first.setdefault(term.name, step)
                linked = self.linked_terms(step.source, "", step.body, by_name)
                for name in term_links(step.example.prompt if step.example else ""):
                    self.problem(step.source, f"enlace [[{name}]] en el prompt: los enlaces van en el texto")
                if step.en is not None:
                    english = self.linked_terms(step.en.source, "", step.en.body, by_name)
                    self.same_links(step.en.source, "el texto en inglés", linked, english)
                    for name in term_links(step.en.prompt or ""):
                        self.problem(
                            step.en.source, f"enlace [[{name}]] en el prompt: los enlaces van en el texto"
                        )
        for term in glossary:
            where = f"término {term.name!r}: "
            linked = self.linked_terms(glossary_path, where, term.definition, by_name)
            english = self.linked_terms(glossary_path, where + "definition_en: ", term.definition_en, by_name)
            self.same_links(glossary_path, where + "definition_en", linked, english)
            step = first.get(term.name)
            if term.step_key in self.broken_steps:
                continue
            if step is None:
                self.problem(glossary_path, f"término {term.name!r}: ningún paso lo incluye en terms")
            elif step.key != term.step_key:
                self.problem(
                    glossary_path,
                    f"término {term.name!r}: step = {term.step_key!r}, pero el primer "
                    f"paso que lo enseña es {step.key!r}",
                )

    def linked_terms(self, path: Path, where: str, markdown: str, by_name: Mapping[str, Term]) -> set[str]:
        """The glossary terms (canonical names) a text links; links to unknown terms are reported."""
        linked = set()
        for name in term_links(markdown):
            term = by_name.get(fold(name))
            if term is None:
                self.problem(path, f"{where}enlace [[{name}]]: el término no está en el glosario")
            else:
                linked.add(term.name)
        return linked

    def same_links(self, path: Path, what: str, spanish: set[str], english: set[str]) -> None:
        """The English text links the glossary terms the Spanish one links, no more and no fewer."""
        if spanish - english:
            self.problem(path, f"{what} no enlaza {', '.join(sorted(spanish - english))}, como el español")
        if english - spanish:
            self.problem(
                path, f"{what} enlaza {', '.join(sorted(english - spanish))}, que el español no enlaza"
            )

    # -- small readers

    def read_toml(self, path: Path) -> dict[str, Any] | None:
        try:
            with path.open("rb") as f:
                return tomllib.load(f)
        except FileNotFoundError:
            self.problem(path, "no existe")
        except tomllib.TOMLDecodeError as exc:
            self.problem(path, f"TOML no válido: {exc}")
        return None

    def unknown_keys(self, path: Path, raw: Mapping[str, Any], allowed: set[str], where: str) -> None:
        unknown = sorted(set(raw) - allowed)
        if unknown:
            self.problem(
                path,
                f"{where}: clave desconocida {', '.join(map(repr, unknown))} "
                f"(admite {', '.join(sorted(allowed))})",
            )

    def text(self, path: Path, raw: Mapping[str, Any], key: str, where: str = "") -> str | None:
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            self.problem(path, f"{where}falta {key} (un texto no vacío)")
            return None
        return value.strip()

    def string_list(self, path: Path, value: Any, what: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.problem(path, f"{what} debe ser una lista de textos")
            return ()
        return tuple(v.strip() for v in value)
