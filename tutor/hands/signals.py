"""What the hands app tells others; it imports none of its listeners."""

from django.dispatch import Signal

# Sent by the task worker when a hand's graded review is done: kwargs ``review`` (models.HandReview).
review_done = Signal()
