"""The earlier bazas of a scenario in words: the learner's own baza is «ganas tú» / «you win», never
«gana Tú» / «You wins»."""

from django.utils import translation

from tutor.practice.display import _history


def _pos(winner: int) -> dict:
    return {"viewer": 0, "history": [{"leader": 1, "cards": ["3o", "1o", "2o", "4o"], "winner": winner}]}


def test_the_learners_own_baza_is_told_in_the_second_person():
    with translation.override("es"):
        assert _history(_pos(0))[0]["text"].endswith("— ganas tú")
        assert _history(_pos(2))[0]["text"].endswith("— gana Compañero")
    with translation.override("en"):
        mine = _history(_pos(0))[0]["text"]
        assert mine.endswith("— you win") and "You wins" not in mine
        assert _history(_pos(2))[0]["text"].endswith("— Partner wins")
