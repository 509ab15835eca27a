import pytest

from lessons.course import Course, load_course


@pytest.fixture(scope="session")
def course() -> Course:
    return load_course()


def right_answer(issued) -> str | list[str]:
    """The right answer to an issued scenario, read from the key stored with it (as a form would send it)."""
    scenario = issued.scenario
    answer = scenario["answer"]
    if scenario["answer_kind"] in ("card", "choice") and isinstance(answer, list):
        return answer[0]
    if scenario["answer_kind"] == "cards":
        return list(answer)
    return str(answer)


def wrong_answer(issued) -> str | list[str]:
    """A wrong answer to an issued scenario, from its options and key."""
    scenario = issued.scenario
    answer, kind = scenario["answer"], scenario["answer_kind"]
    if kind == "number":
        return str(answer + 1)
    values = [o["value"] for o in scenario["options"]]
    if kind == "cards":
        return [v for v in values if v not in answer] or values[:1] if len(values) > len(answer) else []
    right = answer if isinstance(answer, list) else [answer]
    return next(v for v in values if v not in right)
