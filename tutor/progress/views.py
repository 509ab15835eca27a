from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tutor.lib.fragments import cached_part, shared_part
from tutor.practice.identity import Owner, owner_for, reader_for
from tutor.progress import mastery, planning, report, sessions
from tutor.progress.models import PracticeSession


def _session_for(owner: Owner, session_id: int) -> PracticeSession:
    session = PracticeSession.objects.filter(owner.q, pk=session_id).first()
    if session is None:
        raise Http404(_("Esta sesión no existe."))
    return session


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    owner = reader_for(request)  # a visitor who never practised gets no id (and no query) here
    progress = report.progress_for(owner)
    context = {
        "progress": progress,
        "recent": report.recent_attempts(owner) if progress.attempts else [],
        "levels": [(level, mastery.LABELS[level]) for level in mastery.LEVELS],
        "window": mastery.WINDOW,
        "anonymous": not request.user.is_authenticated,
    }
    parts = context
    if progress.blank:  # nothing practised yet: the same page for everyone, drawn once
        key = ("empty", parts["anonymous"])
        context = {"page_html": shared_part(request, "progress/index.html#page", key, lambda: parts)}
    else:  # drawn again only when something it shows has changed (the data, or the time to a review)
        shown = _shown(progress, parts["recent"], parts["anonymous"])
        context = {"page_html": cached_part(request, "progress/index.html#page", shown, lambda: parts)}
    return render(request, "progress/index.html", context)


def _shown(progress: report.Progress, recent: list, anonymous: bool) -> tuple:
    """Everything Mi progreso's page shows, as plain values: its cache key (tutor/lib/fragments.py).
    What depends on the clock is in it as it reads now (due or not, «dentro de …»)."""
    clock = [(row.is_due, row.due_soon, timeuntil(row.due) if row.due else "") for row in progress.families]
    answers = [
        (a.pk, a.correct, a.family, a.misconception, a.rule_ids, a.created_at, a.issued.token)
        for a in (item.attempt for item in recent)
    ]
    return (repr(progress), clock, answers, anonymous, timezone.get_current_timezone_name())


@require_POST
def review(request: HttpRequest) -> HttpResponse:
    session = sessions.start_review(owner=owner_for(request))
    if session is None:
        messages.info(request, _("No tienes nada por repasar ahora mismo."))
        return redirect("progress:index")
    return redirect("progress:session_next", session.pk)


@require_POST
def mixed(request: HttpRequest) -> HttpResponse:
    session = sessions.start_mixed(owner=owner_for(request))
    return redirect("progress:session_next", session.pk)


@require_GET
def session_next(request: HttpRequest, session_id: int) -> HttpResponse:
    # A link ("Siguiente" under each answered scenario) leads here: issuing is idempotent per
    # position, so reloading it never skips or duplicates an item.
    found = sessions.next_issued(owner=owner_for(request), session_id=session_id)
    if found is None:
        raise Http404(_("Esta sesión no existe."))
    session, issued = found
    if issued is None:
        return redirect(session)
    return redirect(issued)


@require_GET
def session_summary(request: HttpRequest, session_id: int) -> HttpResponse:
    owner = owner_for(request)
    session = _session_for(owner, session_id)
    rows = sessions.session_results(owner=owner, session=session)
    answered = [row for row in rows if row["attempt"] is not None]
    context = {
        "session": session,
        "rows": rows,
        "answered": len(answered),
        "right": sum(1 for row in answered if row["attempt"].correct),
        "finished": len(answered) == len(rows),
        "review_size": planning.REVIEW_SIZE,
        # A review takes at most REVIEW_SIZE failed questions: say so when some are still waiting.
        "left_in_queue": report.open_review_items(owner).count()
        if session.kind == PracticeSession.Kind.REVIEW
        else 0,
    }
    return render(request, "progress/session.html", context)
