import pytest

from lessons.course import Course, load_course


@pytest.fixture(scope="session")
def course() -> Course:
    return load_course()
