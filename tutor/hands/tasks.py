"""The graded review of a hand, run by the task worker (`manage.py db_worker`), never in a request."""

from django.tasks import task

from tutor.hands import reviews


@task
def review_hand(review_id: int) -> str:
    """Analyse one hand's record and keep the result on its HandReview; returns the review's status."""
    return reviews.run(review_id)
