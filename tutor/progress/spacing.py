"""Spaced repetition per (learner, family) with FSRS (the py-fsrs package, v6).

Every answered scenario is one review of its family's card: right = Rating.Good, wrong = Rating.Again.
The scheduler keeps py-fsrs's defaults (desired retention 0.9, learning steps of 1 and 10 minutes)
but without fuzzing, so that replaying the stored review log gives exactly the cached card.
"""

from collections.abc import Iterable
from datetime import datetime

from fsrs import Card, Rating, ReviewLog, Scheduler

SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(correct: bool) -> Rating:
    return Rating.Good if correct else Rating.Again


def review(card: Card, *, correct: bool, when: datetime) -> tuple[Card, ReviewLog]:
    """The card after one answer at `when`, and the log of that review."""
    return SCHEDULER.review_card(card, rating_for(correct), review_datetime=when)


def replay(card_id: int, reviews: Iterable[tuple[int, datetime]]) -> Card:
    """The card rebuilt from its reviews (rating, when), oldest first."""
    card = Card(card_id=card_id)
    for rating, when in reviews:
        card, _log = SCHEDULER.review_card(card, Rating(rating), review_datetime=when)
    return card
