"""The live room's long work, run by the task worker (`manage.py db_worker`), never in a request."""

from django.tasks import task

from tutor.live import services
from tutor.live.models import Round


@task
def log_closed_answers(round_id: int) -> int:
    """Log through practice the answers of the round's closed questions not logged yet (queued by
    the reveal, «Siguiente», the round's end and an answer that came after one of them); returns
    how many. Each answer is logged once however many of these run (``services.record_pending``)."""
    live = Round.objects.filter(pk=round_id).first()
    return services.record_pending(live) if live is not None else 0
