"""What the hands app tells others; it imports none of its listeners."""

from django.dispatch import Signal

# Sent by the task worker when a hand's graded review is done: kwargs ``review`` (models.HandReview).
review_done = Signal()

# Sent when a hand is stored (services.kept), inside the request that kept it: kwargs ``record``
# (models.HandRecord). progress makes its rule retries (renuncios, cantes) from it at once.
hand_kept = Signal()
