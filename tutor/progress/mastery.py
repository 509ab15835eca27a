"""Mastery levels and weak skills: pure functions over counts, no database.

Mastery of a skill (a rule id or a family) looks only at its last WINDOW attempts, so it rises with
right answers and falls again with wrong ones. With n recent attempts, k of them right:

- 100 "Dominada": n >= 5, k/n >= 90 % and the last answer right;
- 80 "Competente": n >= 3 and k/n >= 70 %;
- 50 "Familiar": at least one attempt and k/n >= 50 %;
- 0 "Por aprender": no attempts yet, or fewer than half right.

A skill is weak when it has 3 or more failures in total and its accuracy is below the learner's
overall accuracy (strictly).
"""

from django.utils.translation import gettext_lazy as _

WINDOW = 10

LEVELS = (0, 50, 80, 100)
LABELS = {
    0: _("Por aprender"),
    50: _("Familiar"),
    80: _("Competente"),
    100: _("Dominada"),
}

WEAK_MIN_FAILURES = 3


def level(recent: str) -> int:
    """The mastery level (0, 50, 80 or 100) of a string of recent results, "1" right, oldest first."""
    recent = recent[-WINDOW:]
    n = len(recent)
    if n == 0:
        return 0
    rate = recent.count("1") / n
    if n >= 5 and rate >= 0.9 and recent[-1] == "1":
        return 100
    if n >= 3 and rate >= 0.7:
        return 80
    if rate >= 0.5:
        return 50
    return 0


def push(recent: str, correct: bool) -> str:
    """The recent results after one more answer (progress.services does the same in SQL)."""
    return (recent + ("1" if correct else "0"))[-WINDOW:]


def is_weak(*, attempts: int, correct: int, overall_attempts: int, overall_correct: int) -> bool:
    """3+ failures and an accuracy below the learner's overall accuracy (compared exactly)."""
    if attempts == 0 or overall_attempts == 0:
        return False
    # correct / attempts < overall_correct / overall_attempts, without floats
    return attempts - correct >= WEAK_MIN_FAILURES and correct * overall_attempts < overall_correct * attempts
