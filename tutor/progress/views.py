import bisect
import logging
from datetime import timedelta

from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.accounts import stamps
from tutor.lib.counts import counts
from tutor.lib.fragments import CACHED_PART_SECONDS, Part, parts_drawn, parts_page, with_token
from tutor.lib.numbers import whole
from tutor.lib.when import until
from tutor.practice.identity import Owner, owner_for, reader_for
from tutor.progress import mastery, planning, report, retries, retry_pages, sessions, table_report
from tutor.progress.forms import RetryAnswerForm, RetryRemoveForm
from tutor.progress.models import PracticeSession, TableRetry

log = logging.getLogger(__name__)


def _session_for(owner: Owner, session_id: int) -> PracticeSession:
    session = PracticeSession.objects.filter(owner.q, pk=session_id).first()
    if session is None:
        raise Http404(_("Esta sesión no existe."))
    return session


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    owner = reader_for(request)  # a visitor who never practised gets no id (and no query) here
    if owner is not None and owner.user is not None:  # an account: kept under its stamp
        page_html = _kept_page(request, owner)
        if page_html is not None:
            return render(request, "progress/index.html", {"page_html": page_html})
    if owner is None:
        progress, table = report.progress_for(None), table_report.table_report(None)
    else:  # the retries' two counts in one query (tutor/lib/counts.py)
        retries_open, retries_due = counts(retries.open_items(owner), retries.due_items(owner))
        progress = report.progress_for(owner)
        table = table_report.table_report(owner, open_count=retries_open, due_count=retries_due)
    # drawn again only where something it shows has changed (the data, or the time to a review)
    page_html = parts_page(request, _page_parts(_parts(request, owner, progress, table)))
    return render(request, "progress/index.html", {"page_html": page_html})


def _parts(request: HttpRequest, owner: Owner | None, progress, table) -> dict:
    return {
        "progress": progress,
        "table": table,
        "recent": report.recent_attempts(owner) if progress.attempts else [],
        "anonymous": not request.user.is_authenticated,
    }


_PAGE = "progress/index.html#"


def _page_parts(data: dict) -> list[Part]:
    """Mi progreso as parts (tutor/lib/fragments.py), each kept under the plain values it shows: after
    one answer only the overview, the rows of its exercise type and rules and the newest answer are drawn
    again. What depends on the clock is in a key as it reads now (due or not, «dentro de …»), the reader's
    time zone in every key (the answers' moments)."""
    progress, table, recent = data["progress"], data["table"], data["recent"]
    zone = timezone.get_current_timezone_name()
    parts = [Part(_PAGE + "anonymous", (), dict)] if data["anonymous"] else []
    due_labels = progress.due_labels
    numbers = (progress.attempts, progress.correct, len(due_labels), progress.queue_size)
    nothing_due = not due_labels and not progress.queue_size
    overview = [
        Part(_PAGE + "numbers", numbers, lambda: {"progress": progress}),
        Part(_PAGE + "actions", nothing_due, lambda: {"nothing_due": nothing_due}),
    ]
    parts += [
        Part(_PAGE + "overview", due_labels, lambda: {"due_labels": due_labels}, overview),
        Part(_PAGE + "help", mastery.WINDOW, lambda: {"window": mastery.WINDOW}),
    ]
    if weak := progress.weak_skills:
        parts.append(
            Part(_PAGE + "weak", (), dict, [Part(_PAGE + "weak_skill", repr(row), _row(row)) for row in weak])
        )
    if progress.families:
        families = [
            Part(
                _PAGE + "family",
                (repr(row), row.is_due, row.due_soon, until(row.due) if row.due else ""),
                _row(row),
            )
            for row in progress.families
        ]
        skills = [Part(_PAGE + "skill", repr(row), _row(row)) for row in progress.skills]
        parts += [Part(_PAGE + "families", (), dict, families), Part(_PAGE + "skills", (), dict, skills)]
    if play := progress.play_skills:
        parts.append(Part(_PAGE + "play", repr(play), lambda: {"play_skills": play}))
    if table.hands or table.open_count:
        parts.append(Part(_PAGE + "table", repr(table), lambda: {"table": table}))
    answers = [Part(_PAGE + "answer", (_answer_shown(item.attempt), zone), _item(item)) for item in recent]
    parts.append(Part(_PAGE + "recent", bool(recent), lambda: {"any": bool(recent)}, answers))
    return parts


def _row(row: report.SkillRow):
    return lambda: {"row": row}


def _item(item: report.RecentAttempt):
    return lambda: {"item": item}


def _answer_shown(a: report.Answer) -> tuple:
    return (a.pk, a.correct, a.family, a.misconception, a.rule_ids, a.created_at, a.issued.token)


# An account's page, kept under its stamp (tutor/accounts/stamps.py: the database moves it on every write
# to what the page shows): read again, the page is one cache read and no query. Beside the HTML, what
# the clock changes (each family's review moment, the retries' due moments): the HTML is kept per
# reading of the clock («toca repasar», «dentro de 3 días», the retries due), the newest only (the clock
# does not come back), the page's data apart, read only when the clock has moved on. Kept an hour at most,
# like every reader's kept part.
_KEPT = "mi-progreso:2"  # 2: drawn in parts


def _kept_page(request: HttpRequest, owner: Owner):
    """Mi progreso's part for an account, kept; None when the cache does not answer (then drawn as a
    visitor's is)."""
    key = ":".join(
        (
            _KEPT,
            str(owner.user.pk),
            str(stamps.of(owner.user)),
            get_language(),
            timezone.get_current_timezone_name(),
        )
    )
    counted_key = table_report.counted_key(owner.user)
    try:  # with the page, «En la mesa»'s counts: read after a change, without another round trip
        found = cache.get_many([key, counted_key])
    except Exception as error:  # Redis away (tutor.lib.outage)
        log.warning("the cache did not answer Mi progreso (%s): drawn again", error)
        return None
    kept, counted = found.get(key), found.get(counted_key)
    parts = None
    if kept is None:
        parts, dues = _gathered(request, owner, counted)
        kept = {"cards": parts["progress"].cards, "dues": dues, "html": {}}
    now = timezone.now()
    clock = _clock(kept["cards"], kept["dues"], now)
    html = kept["html"].get(clock)
    if html is None:
        if parts is None:
            parts = _cache_get(key + ":data")
        if parts is None:
            parts, kept["dues"] = _gathered(request, owner, counted)
        parts["progress"].at(now)
        parts["table"].due_count = bisect.bisect_right(kept["dues"], now)
        html, drawn = parts_drawn(_page_parts(parts))
        kept["html"] = {clock: html}
        try:
            cache.set_many({**drawn, key: kept, key + ":data": parts}, CACHED_PART_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep Mi progreso (%s)", error)
    return with_token(request, html)


def _cache_get(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - gone since the read before: gathered again
        return None


def _gathered(request: HttpRequest, owner: Owner, counted=None) -> tuple[dict, list]:
    """The page's data, and the due moments of the open retries, in order; ``counted``: «En la mesa»'s
    counts when the cache gave them (table_report.owner_counted)."""
    open_items = table_report.open_retries(owner)
    dues = [item.due for item in open_items]
    progress = report.progress_for(owner)
    due_count = bisect.bisect_right(dues, timezone.now())
    table = table_report.table_report(owner, due_count=due_count, open_items=open_items, counted=counted)
    return _parts(request, owner, progress, table), dues


def _clock(cards: dict, dues: list, now) -> tuple:
    """What the page shows that moves with the clock, read at ``now``."""
    soon = timedelta(minutes=1)
    return (
        tuple(
            (family, due <= now, due - now < soon, "" if due <= now else until(due))
            for family, due in sorted(cards.items())
        ),
        bisect.bisect_right(dues, now),
    )


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
    if isinstance(issued, TableRetry):  # a play of the learner's own hands: its page leads back here
        return redirect(f"{issued.get_absolute_url()}?sesion={session.pk}")
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


# «Mis errores en la mesa» ---------------------------------------------------------------------------


def _retry_for(owner: Owner, item_id: int) -> TableRetry:
    item = retries.item_for(owner, item_id)
    if item is None:
        raise Http404(_("Esta jugada no existe."))
    return item


@require_GET
def retries_index(request: HttpRequest) -> HttpResponse:
    owner = reader_for(request)
    items = []
    due = 0
    if owner is not None:
        items = list(retries.open_items(owner).select_related("record").order_by("due", "pk"))
        due = sum(1 for i in items if i.due <= timezone.now())
    context = {
        "items": [
            {
                "item": i,
                "place": retry_pages.place(i),
                "theme": retry_pages.list_theme(i),
                "due": i.due <= timezone.now(),
            }
            for i in items
        ],
        "due_count": due,
    }
    return render(request, "progress/retries.html", context)


@require_http_methods(["GET", "POST"])
def retry(request: HttpRequest, item_id: int) -> HttpResponse:
    owner = reader_for(request)
    if owner is None:
        raise Http404(_("Esta jugada no existe."))
    item = _retry_for(owner, item_id)
    if request.method == "POST":
        form = RetryAnswerForm(request.POST)
        if not form.is_valid():
            messages.error(request, retry_pages.invalid_answer(item))
            return redirect(item)
        outcome = retries.answer(
            owner=owner, item_id=item.pk, code=form.cleaned_data["card"], number=form.cleaned_data["n"]
        )
        if outcome is None:
            raise Http404(_("Esta jugada no existe."))
        back = _session_param(request.POST)
        if outcome.status == "answered":
            # To the feedback itself: on a phone it lies below the position (#respuesta).
            return redirect(f"{item.get_absolute_url()}?visto={outcome.answer.number}{back}#respuesta")
        notice = _RETRY_NOTICES[outcome.status]
        messages.info(
            request, retry_pages.invalid_answer(item, notice) if outcome.status == "invalid" else notice
        )
        return redirect(item)
    view = retries.view_of(item)
    if view is None:
        raise Http404(_("Esta jugada ya no se puede mostrar."))
    context = retry_pages.position_page(item, view)
    seen = request.GET.get("visto", "")
    answer = None if (number := whole(seen, 8)) is None else item.log.filter(number=number).first()
    if answer is not None:
        context["feedback"] = retry_pages.feedback(item, answer, view.trump)
    context["askable"] = item.open and item.due <= timezone.now() and answer is None
    session = _session_param(request.GET)
    context["session_id"] = session.removeprefix("&sesion=")
    user = owner.user
    in_a_class = user is not None and user.memberships.exists()
    context["remove_form"] = RetryRemoveForm(read_by_teacher=in_a_class)
    return render(request, "progress/retry.html", context)


def _session_param(data) -> str:
    """The mixed session a retry was offered in, carried along as «&sesion=N» (its next item is then
    linked; session_next checks that the session is the reader's)."""
    value = data.get("sesion", "")
    return "" if (number := whole(value, 11)) is None else f"&sesion={number}"


_RETRY_NOTICES = {
    "stale": gettext_lazy("Esa respuesta ya estaba dada: no ha cambiado nada."),
    "closed": gettext_lazy("Esta jugada ya no está en tu repaso."),
    "not_due": gettext_lazy("Esta jugada aún no toca: vuelve cuando toque repasarla."),
    "invalid": gettext_lazy("Esa carta no es de tu mano en esa jugada."),
}


@require_POST
def retry_remove(request: HttpRequest, item_id: int) -> HttpResponse:
    owner = reader_for(request)
    if owner is None:
        raise Http404(_("Esta jugada no existe."))
    form = RetryRemoveForm(request.POST)
    note = form.cleaned_data["note"] if form.is_valid() else None
    if note is None:
        _retry_for(owner, item_id)
        messages.error(request, _("La nota es demasiado larga."))
        return redirect("progress:retry", item_id)
    removed = retries.remove(owner=owner, item_id=item_id, note=note)
    if removed is None:
        raise Http404(_("Esta jugada no existe."))
    if removed:
        messages.success(request, _("Has quitado la jugada de tu repaso."))
    else:
        messages.info(request, _("Ya estaba hecho: esa jugada ya la habías quitado de tu repaso."))
    return redirect("progress:retries")
