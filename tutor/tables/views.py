import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.cards import CARDS
from tutor.classroom.models import Classroom
from tutor.lib.fragments import token_of
from tutor.lib.numbers import whole
from tutor.lib.throttle import JOIN_CODE
from tutor.live.presenters import qr_data_uri
from tutor.play.table import PlayRefused
from tutor.practice.models import only_row
from tutor.tables import leagues, presenters, services, streams
from tutor.tables.forms import CodeForm, MoveForm, NewTableForm, SitForm
from tutor.tables.models import Fixture, Seat, Table, TableHand, normalise_code

PAGE = "tables/table.html"


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


def _visible(request: HttpRequest, token: str) -> Table:
    """A table its link opens: to anyone signed in (the link is the invitation)."""
    table = only_row(Table.objects.filter(token=token))
    if table is None:
        raise Http404(_("Esta mesa no existe."))
    return table


def _classrooms(user):
    return Classroom.objects.filter(teachers=user).order_by("name") if user.is_authenticated else []


def _index_context(request: HttpRequest, form=None, code_form=None) -> dict:
    mine = Table.objects.filter(seats__user=request.user).order_by("-last_activity")[:20]
    watched = Table.objects.filter(classroom__teachers=request.user, finished_at__isnull=True).order_by(
        "-last_activity"
    )[:20]
    return {
        "form": form or NewTableForm(classrooms=_classrooms(request.user)),
        "code_form": code_form or CodeForm(),
        "tables": mine,
        "watched": watched,
    }


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "tables/index.html", _index_context(request))


@login_required
@require_POST
def new(request: HttpRequest) -> HttpResponse:
    form = NewTableForm(request.POST, classrooms=_classrooms(request.user))
    if not form.is_valid():
        return render(request, "tables/index.html", _index_context(request, form=form), status=400)
    data = form.cleaned_data
    classroom = (
        only_row(Classroom.objects.filter(pk=data["classroom"], teachers=request.user))
        if data["classroom"]
        else None
    )
    table = services.create_table(
        user=request.user,
        rules=form.table_rules,
        level=data["level"],
        renuncio=data["renuncio"],
        false_call=data["false_call"],
        seat=data["seat"],
        mode=data["mode"],
        classroom=classroom,
    )
    return redirect(table)


@login_required
@require_POST
def join_code(request: HttpRequest) -> HttpResponse:
    form = CodeForm(request.POST)
    if JOIN_CODE.is_blocked(request):
        form.is_valid()
        form.add_error(
            None, _("Demasiados intentos con códigos que no existen. Espera unos minutos y vuelve a probar.")
        )
        return render(request, "tables/index.html", _index_context(request, code_form=form), status=429)
    if form.is_valid():
        table = only_row(
            Table.objects.filter(code=normalise_code(form.cleaned_data["code"]), finished_at__isnull=True)
        )
        if table is not None:
            return redirect(table)
        JOIN_CODE.record(request)
        form.add_error("code", _("Ese código no corresponde a ninguna mesa abierta. Revísalo."))
    return render(request, "tables/index.html", _index_context(request, code_form=form), status=400)


def _looked_at(request: HttpRequest, token: str) -> services.Snapshot:
    """The table as its viewer finds it now (``services.look``), or 404. An htmx request says the page
    updates itself; the page after a form sent without JavaScript, or the «Actualizar» link only a page
    without JavaScript shows, carry ``?sin_js=1``: that page does not (``services.touch``). A page
    loaded otherwise says neither (a tab opened and closed again must not earn its seat five minutes)."""
    plain = False if request.htmx else (True if request.GET.get(PLAIN) == "1" else None)
    seen = services.look(token, request.user.pk, plain=plain)
    if seen is None:
        raise Http404(_("Esta mesa no existe."))
    return seen


def _page(request: HttpRequest, seen: services.Snapshot, *, status: int = 200, **extra) -> HttpResponse:
    """The table's page as ``seen`` read it (its region alone for htmx: a move's answer, a poll)."""
    table = seen.table
    if table.over and not services.may_see_closed(table, request.user, seen.mine(request.user)):
        raise Http404(_("Esta mesa no existe."))
    context = presenters.table_context(seen, request.user, **extra)
    context["live_events"] = settings.LIVE_EVENTS
    if request.htmx:  # a move or a poll draws the region alone: none of the rest of the page
        return _no_store(render(request, PAGE + "#region", context, status=status))
    link = request.build_absolute_uri(table.get_absolute_url())
    watcher = services.may_watch(table, request.user)
    # A league fixture's table says which match it plays, to whoever may see the league.
    fixture = only_row(Fixture.objects.filter(table=table).select_related("league", "home", "away"))
    if fixture is not None and leagues.access(request.user, fixture.league_id) is None:
        fixture = None
    context.update(
        link=link,
        qr=qr_data_uri(link),
        sit_form=SitForm(free=context["free_seats"]),
        watcher=watcher,
        fixture=fixture,
        away_time=presenters.away_time(services.AWAY_SECONDS),
        plain_away_time=presenters.away_time(services.PLAIN_AWAY_SECONDS),
        finished=presenters.finished_hands(table),
        members=(
            table.classroom.memberships.select_related("student").order_by("real_name")
            if watcher and table.classroom_id
            else []
        ),
    )
    return _no_store(render(request, PAGE, context, status=status))


@login_required
@require_GET
def table(request: HttpRequest, token: str) -> HttpResponse:
    return _page(request, _looked_at(request, token), hint=request.GET.get("pista") == "1")


@login_required
@require_GET
def state(request: HttpRequest, token: str) -> HttpResponse:
    """The poll: 204 while the table is at the version the page shows (a bot may play for an away seat)."""
    seen = _looked_at(request, token)
    shown = request.GET.get("v", "")
    if shown == str(seen.table.version):
        return _no_store(HttpResponse(status=204))
    # The comings and goings since the version the page shows are said in its live line.
    since = whole(shown, 9)
    return _page(request, seen, since=since)


def _events_refusal(request: HttpRequest, token: str) -> HttpResponse | tuple[str, int]:
    """The refusal of a stream, or the table's code and who is streaming."""
    if not request.user.is_authenticated:
        return _no_store(HttpResponse(status=403))
    code = only_row(Table.objects.filter(token=token).values_list("code", flat=True))
    if code is None:
        return _no_store(HttpResponse(status=404))
    return code, request.user.pk


# A stream's drawing checks at most this often that its session still exists (signed out elsewhere, it
# draws nothing more: the page's fetch then finds the sign-in page, as before the stream drew).
SESSION_CHECK_SECONDS = 10.0


def _still_signed_in(request: HttpRequest) -> bool:
    now = time.monotonic()
    if now - getattr(request, "tables_session_checked", -SESSION_CHECK_SECONDS) < SESSION_CHECK_SECONDS:
        return True
    session = getattr(request, "session", None)
    key = None if session is None else session.session_key
    if key is None or not session.exists(key):
        return False
    request.tables_session_checked = now
    return True


def _streamed_region(request: HttpRequest, token: str, version: int | None = None) -> tuple[int, str] | None:
    """The region the stream's viewer would fetch now (their seat, their language, their CSRF token:
    the stream's own request), with its version; None when a fetch would not draw it, and when the
    change is the viewer's own move (their page has that region already, as the move's answer: the
    version alone is sent, and a page that missed the answer fetches it).

    ``version``: the one the stream was told of; the table is then taken as this process's streams
    last read it, when at that version or later (``services.read_shared``: the seats streaming from
    here share one read of each version), else read. The viewer's presence and the bots of away
    seats are the stream's refresh's (``streams._versions``), not the drawing's."""
    if not _still_signed_in(request):
        return None
    with translation.override(getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE):
        seen = (
            services.look(token, request.user.pk) if version is None else services.read_shared(token, version)
        )
        if seen is None:
            return None
        table, mine = seen.table, seen.mine(request.user)
        if table.over and not services.may_see_closed(table, request.user, mine):
            return None
        game = seen.game if mine is not None else None
        if (
            game is not None
            and game.steps
            and game.steps[-1].seat == mine.number
            and mine.number not in game.bots
        ):
            return None
        context = presenters.table_context(seen, request.user)
        context.update(live_events=settings.LIVE_EVENTS, streamed=True, csrf_token=token_of(request))
        # Each region replaces the last on the page: its landmarks are named afresh (the stream's one
        # request drew every region before it, and counted them: «Baza 3 en la mesa (17)»).
        request.__dict__.pop("landmark_names", None)
        return table.version, render_to_string(PAGE + "#region", context, request=request)


@require_GET
async def events(request: HttpRequest, token: str) -> HttpResponse:
    """The table's stream: after the version the page was drawn at, each change as the viewer's region
    (``_streamed_region``, drawn on the stream worker), so that the page need not fetch it."""
    if not (isinstance(request, ASGIRequest) and settings.LIVE_EVENTS):
        return _no_store(HttpResponse(status=204))  # a sync worker holds no stream: the page polls
    found = await streams.in_reader(_events_refusal, request, token)
    if isinstance(found, HttpResponse):
        return found
    response = StreamingHttpResponse(
        streams.events(found[0], token, found[1], draw=lambda v: _streamed_region(request, token, v)),
        content_type="text/event-stream",
    )
    response["X-Accel-Buffering"] = "no"
    return _no_store(response)


PLAIN = "sin_js"  # the query parameter of a page that does not update itself (_looked_at)


def _plain_page(token: str) -> HttpResponse:
    """The redirect after a form sent without htmx (JavaScript off): to the table's page, marked plain."""
    return redirect(f"{reverse('tables:table', args=[token])}?{PLAIN}=1")


def _after(request: HttpRequest, token: str, action) -> HttpResponse:
    """Do ``action`` (a service call) and answer: the region for htmx (drawn from the table as the move
    left it when the service returns that), else a redirect to the page with the message."""
    try:
        outcome = action()
    except services.TableNotFound:
        raise Http404(_("Esta mesa no existe.")) from None
    except PlayRefused as refused:
        if request.htmx:
            return _page(request, _looked_at(request, token), refusal=refused.message)
        messages.error(request, refused.message)
        return _plain_page(token)
    notice = "" if outcome is None or getattr(outcome, "done", True) else outcome.already
    if request.htmx:
        seen = getattr(outcome, "seen", None)
        mine = None if seen is None else seen.mine(request.user)
        if mine is None or services.touch(mine, plain=False):
            seen = _looked_at(request, token)
        return _page(request, seen, notice=notice)
    if notice:
        messages.info(request, notice)
    return _plain_page(token)


@login_required
@require_POST
def sit(request: HttpRequest, token: str) -> HttpResponse:
    found = _visible(request, token)
    form = SitForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Elige un sitio del 1 al 4 y tu modo."))
        return redirect(found)
    data = form.cleaned_data
    return _after(
        request,
        token,
        lambda: services.sit(user=request.user, token=token, number=data["seat"], mode=data["mode"]),
    )


@login_required
@require_POST
def seat_member(request: HttpRequest, token: str) -> HttpResponse:
    found = _visible(request, token)
    if not services.may_watch(found, request.user):
        raise Http404(_("Esta mesa no existe."))
    try:
        number = int(request.POST.get("seat", ""))
        membership = found.classroom.memberships.get(pk=int(request.POST.get("membership", "")))
    except (ValueError, found.classroom.memberships.model.DoesNotExist):
        messages.error(request, _("Elige un sitio y un alumno de la clase."))
        return redirect(found)
    return _after(
        request,
        token,
        lambda: services.seat_member(
            teacher=request.user, token=token, number=number, student=membership.student
        ),
    )


@login_required
@require_POST
def leave(request: HttpRequest, token: str) -> HttpResponse:
    _visible(request, token)
    return _after(request, token, lambda: services.leave(user=request.user, token=token))


@login_required
@require_POST
def start(request: HttpRequest, token: str) -> HttpResponse:
    _visible(request, token)
    return _after(request, token, lambda: services.start(user=request.user, token=token))


@login_required
@require_POST
def move(request: HttpRequest, token: str) -> HttpResponse:
    """A move: the service reads the table under its lock (no table read before it: the hot path)."""
    form = MoveForm(request.POST)
    if not form.is_valid():
        _visible(request, token)  # a table that does not exist is a 404 whatever was posted
        message = " ".join(e for errors in form.errors.values() for e in errors)
        return _after(request, token, lambda: (_ for _ in ()).throw(PlayRefused(message)))
    data = form.cleaned_data
    return _after(
        request,
        token,
        lambda: services.move(
            user=request.user, token=token, seq=data["seq"], kind=data["kind"], value=data["value"]
        ),
    )


@login_required
@require_POST
def next_hand(request: HttpRequest, token: str) -> HttpResponse:
    found = _visible(request, token)
    raw = request.POST.get("number", "")
    number = whole(raw, 4)
    if number is None:
        messages.error(request, _("No se sabe qué mano repartir."))
        return redirect(found)
    return _after(request, token, lambda: services.next_hand(user=request.user, token=token, number=number))


@login_required
@require_POST
def say(request: HttpRequest, token: str) -> HttpResponse:
    _visible(request, token)
    return _after(
        request,
        token,
        lambda: services.say(user=request.user, token=token, key=request.POST.get("frase", "")),
    )


@login_required
@require_POST
def end(request: HttpRequest, token: str) -> HttpResponse:
    _visible(request, token)
    return _after(request, token, lambda: services.end(user=request.user, token=token))


@login_required
@require_GET
def hand(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A finished hand of the table: the four hands as dealt and every trick (for those seated and its teachers)."""
    found = _visible(request, token)
    seated = Seat.objects.filter(table=found, user=request.user).exists()
    if not seated and not services.may_watch(found, request.user):
        raise Http404(_("Esa mano no existe o no ha terminado."))
    row = only_row(TableHand.objects.filter(table=found, number=number, score__isnull=False))
    if row is None:
        raise Http404(_("Esa mano no existe o no ha terminado."))
    seats = services.seats_of(found)
    game = services.game_of(found, row, seats)
    h = game.hand
    context = {
        "table": found,
        "hand": row,
        "dealt": [
            {
                "name": presenters.seat_label(seats, n),
                "cards": [CARDS[c].code for c in range(40) if h.start[n] >> c & 1],
            }
            for n in range(4)
        ],
        "tricks": [[CARDS[c].code for c in t] for t in h.tricks],
        "score_why": presenters.score_why(row.score),
        "false_call_lines": presenters.false_call_lines(found, game),
        "back": reverse("tables:table", args=[token]),
    }
    return render(request, "tables/hand.html", context)
