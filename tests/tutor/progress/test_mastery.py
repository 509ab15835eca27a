import pytest

from tutor.progress.mastery import is_weak, level, push


def _after(results: str) -> str:
    recent = ""
    for r in results:
        recent = push(recent, r == "1")
    return recent


def test_no_attempts_is_level_0():
    assert level("") == 0


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ("1", 50),
        ("11", 50),
        ("111", 80),
        ("1111", 80),
        ("11111", 100),
        ("0", 0),
        ("01", 50),
        ("001", 0),
        ("0111", 80),
    ],
)
def test_it_rises_with_right_answers(results, expected):
    assert level(_after(results)) == expected


def test_it_falls_again_with_wrong_answers_after_being_dominated():
    recent = _after("1" * 10)
    assert level(recent) == 100
    levels = []
    for _ in range(6):
        recent = push(recent, False)
        levels.append(level(recent))
    # 9/10 with the last wrong, 8/10, 7/10, 6/10, 5/10, 4/10
    assert levels == [80, 80, 80, 50, 50, 0]


def test_it_recovers_when_the_old_failures_leave_the_window():
    recent = _after("0" * 10)
    assert level(recent) == 0
    recent = _after("0" * 10 + "1" * 5)
    assert level(recent) == 50  # 5 of the last 10
    recent = _after("0" * 10 + "1" * 9)
    assert level(recent) == 100  # 9 of the last 10, the last right


def test_it_only_remembers_the_last_ten():
    assert _after("0" * 30 + "1" * 10) == "1" * 10
    assert len(_after("10" * 20)) == 10


def test_a_skill_is_weak_with_three_failures_below_the_overall_accuracy():
    # 3 of 6 right (50 %) against 8 of 10 overall (80 %)
    assert is_weak(attempts=6, correct=3, overall_attempts=10, overall_correct=8)


def test_two_failures_are_not_enough():
    assert not is_weak(attempts=2, correct=0, overall_attempts=10, overall_correct=8)


def test_accuracy_equal_to_the_overall_is_not_weak():
    # 3 of 6 and 5 of 10: both 50 %
    assert not is_weak(attempts=6, correct=3, overall_attempts=10, overall_correct=5)
    # equal fractions that are not exact in binary: 1/3 and 3/9
    assert not is_weak(attempts=9, correct=3, overall_attempts=3, overall_correct=1)


def test_just_below_the_overall_accuracy_is_weak():
    # 6 of 10 (60 %) against 61 of 100
    assert is_weak(attempts=10, correct=6, overall_attempts=100, overall_correct=61)


def test_no_attempts_is_never_weak():
    assert not is_weak(attempts=0, correct=0, overall_attempts=0, overall_correct=0)
