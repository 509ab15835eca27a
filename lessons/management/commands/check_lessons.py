from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.scenarios import ScenarioError, grade
from lessons import services
from lessons.course import Course, CourseError


def _codes(cards) -> list[str]:
    return sorted(c.code for c in cards)


def _one_right_answer(scenario):
    """The key holds every acceptable card or option for a one-answer question; take the first."""
    if scenario.answer_kind in ("card", "choice") and isinstance(scenario.answer, list):
        return scenario.answer[0]
    return scenario.answer


class Command(BaseCommand):
    help = (
        "Load and validate the course, then run every example and checkpoint through the engine: "
        "the example's legal cards must be the engine's, every checkpoint must generate and grade "
        "its own answer key as right."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--seeds", type=int, default=5, help="Seeds to generate per checkpoint (default 5)."
        )

    def handle(self, *args, seeds: int, **options) -> None:
        try:
            course = services.get_course()
        except CourseError as exc:
            raise CommandError(str(exc)) from None
        problems = self.check_examples(course) + self.check_checkpoints(course, max(1, seeds))
        if problems:
            raise CommandError("El curso no pasa la comprobación:\n" + "\n".join(f"- {p}" for p in problems))
        checkpoints = sum(len(step.checkpoints) for step in course.steps)
        examples = sum(step.example is not None for step in course.steps)
        self.stdout.write(
            self.style.SUCCESS(
                f"Curso correcto: {len(course.units)} unidades, {len(course.steps)} pasos, "
                f"{examples} ejemplos y {checkpoints} preguntas comprobados con el motor."
            )
        )

    def check_examples(self, course: Course) -> list[str]:
        problems = []
        for step in course.steps:
            example = step.example
            if example is None:
                continue
            where = f"{step.source.name} ({step.key})"
            try:
                ruling = example.ruling()
                compare = example.compare_ruling()
            except Exception as exc:  # any engine failure is a broken example
                problems.append(f"{where}: el motor no puede dictaminar el ejemplo: {exc!r}")
                continue
            if _codes(ruling.legal) != _codes(example.legal):
                problems.append(
                    f"{where}: el texto da como válidas {_codes(example.legal)}, el motor "
                    f"{_codes(ruling.legal)} ({example.rules_name})"
                )
            if len(ruling.verdicts) != len(example.hand):
                problems.append(f"{where}: el motor no dictamina cada carta de la mano")
            if compare is not None and _codes(compare.legal) != _codes(example.compare_legal or ()):
                problems.append(
                    f"{where}: en la mesa {example.compare_name} el texto da {_codes(example.compare_legal or ())}, "
                    f"el motor {_codes(compare.legal)}"
                )
        return problems

    def check_checkpoints(self, course: Course, seeds: int) -> list[str]:
        problems = []
        for step in course.steps:
            for n, checkpoint in enumerate(step.checkpoints, 1):
                where = f"{step.source.name} ({step.key}), pregunta {n}"
                for seed in range(1 if checkpoint.is_fixed else seeds):
                    try:
                        scenario = checkpoint.scenario(seed)
                        result = grade(scenario, _one_right_answer(scenario))
                    except (ScenarioError, ValueError) as exc:
                        problems.append(f"{where}, semilla {seed}: {exc}")
                        break
                    if not result.correct:
                        problems.append(
                            f"{where}, semilla {seed}: el motor no da por buena su propia respuesta"
                        )
                        break
                    if checkpoint.target and checkpoint.target not in scenario.rule_ids:
                        problems.append(
                            f"{where}, semilla {seed}: la pregunta no trata {checkpoint.target} "
                            f"(trata {', '.join(scenario.rule_ids)})"
                        )
                        break
        return problems
