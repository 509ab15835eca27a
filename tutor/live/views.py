from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget

from tutor.classroom.models import Classroom, Membership, normalise_code
from tutor.lib.pressed import FIELD, STALE, pressed_at
from tutor.lib.spreadsheet import csv_response
from tutor.lib.throttle import GUEST_JOIN, ROUND_CODE
from tutor.live import presenters, pulse, services, stream
from tutor.live.forms import JoinCodeForm, NicknameForm, StartRoundForm
from tutor.live.models import Participant, Round
from tutor.practice.forms import AnswerForm
from tutor.practice.identity import owner_for


def _get_class_for_teacher(request: HttpRequest, pk: int) -> Classroom:
    if not request.user.is_teacher:
        raise PermissionDenied(_("Esta página es solo para profesores."))
    return get_object_or_404(Classroom, pk=pk, teachers=request.user, archived=False)


def _get_round_for_teacher(request: HttpRequest, code: str) -> Round:
    return get_object_or_404(
        Round.objects.select_related("classroom"), code=normalise_code(code), classroom__teachers=request.user
    )


def _get_round(code: str) -> Round:
    return get_object_or_404(Round.objects.select_related("classroom"), code=normalise_code(code))


def _round_now(code: str) -> Round:
    """The round as it is now, from the counters and the per-process copy of its stage (no query
    while the stage is one this process has read)."""
    code = normalise_code(code)
    live = presenters.round_at(code, pulse.versions(code)[0])
    if live is None:
        raise Http404
    return live


_participants = presenters.Kept(4096)


def _participant(request: HttpRequest, live: Round) -> Participant | None:
    """The requester's place in the round; once found, kept per process (a place never changes)."""
    if not request.user.is_authenticated and not live.allow_guests:
        return None
    owner = owner_for(request)
    key = _participant_key(live, owner)
    found = _participants.get(key)
    if found is None:
        found = services.participant_for(live, owner)
        if found is not None:
            _participants.keep(key, found)
    return found


def _participant_key(live: Round, owner) -> tuple:
    return (live.code, owner.user.pk if owner.user is not None else None, owner.anon_id)


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


# --- the teacher ---------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def start(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    initial = {FIELD: services.newest_round_id(classroom)}
    form = StartRoundForm(request.POST or None, classroom=classroom, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            live = services.start_round(
                classroom=classroom,
                teacher=request.user,
                source=data["source"],
                practice_set=data["practice_set"],
                family=data["family"],
                count=data["count"],
                allow_guests=data["allow_guests"],
                pressed_at=STALE if data[FIELD] is None else data[FIELD],
            )
        except services.AlreadyStarted as exc:
            messages.info(request, exc.message)
            return redirect(exc.live)
        except services.LiveError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(live)
    rounds = Round.objects.filter(classroom=classroom)[:20]
    context = {"classroom": classroom, "form": form, "rounds": rounds}
    return render(request, "live/start.html", context, status=400 if form.errors else 200)


def _projector_context(request: HttpRequest, live: Round) -> dict:
    join_url = request.build_absolute_uri(reverse("live:phone", args=[live.code]))
    return {**presenters.projector(live, join_url), "live_events": settings.LIVE_EVENTS}


@require_GET
@login_required
def projector(request: HttpRequest, code: str) -> HttpResponse:
    live = _get_round_for_teacher(request, code)
    return render(request, "live/projector.html", _projector_context(request, live))


@require_GET
def projector_state(request: HttpRequest, code: str) -> HttpResponse:
    """The projector's poll. Unchanged since ``v``: an empty 204 read from the cache alone (no
    session, no database), so a room full of polls costs little; otherwise the board, to its teacher."""
    if request.GET.get("v") == pulse.projector_version(normalise_code(code)):
        return _no_store(HttpResponse(status=204))
    if not request.user.is_authenticated:
        return _no_store(HttpResponse(status=403))
    live = _get_round_for_teacher(request, code)
    return _no_store(render(request, "live/projector.html#board", _projector_context(request, live)))


@require_POST
@login_required
def control(request: HttpRequest, code: str, action: str) -> HttpResponse:
    live = _get_round_for_teacher(request, code)
    act = {"mostrar": services.reveal, "siguiente": services.next_question, "terminar": services.finish}
    if action not in act:
        messages.error(request, _("Esa acción no existe."))
        return redirect(live)
    try:
        live = act[action](live=live, pressed_at=pressed_at(request))
    except services.Stale as exc:
        messages.info(request, exc.message)
        live = _get_round_for_teacher(request, code)
    except services.LiveError as exc:
        messages.error(request, exc.message)
    if live.is_finished:
        return redirect("live:review", live.code)
    return redirect(live)


@require_GET
@login_required
def review(request: HttpRequest, code: str) -> HttpResponse:
    live = _get_round_for_teacher(request, code)
    return render(request, "live/review.html", presenters.review(live, _real_names(live)))


def _real_names(live: Round) -> dict[int, str]:
    return {
        m.student_id: m.display_name()
        for m in Membership.objects.filter(classroom=live.classroom_id).select_related("student")
    }


@require_GET
@login_required
def review_csv(request: HttpRequest, code: str) -> HttpResponse:
    live = _get_round_for_teacher(request, code)
    data = presenters.review(live, _real_names(live))
    # A guest's nickname is anybody's text: the safe writer keeps «=HYPERLINK(…)» a plain cell.
    response, writer = csv_response(f"ronda-{live.code}.csv")
    writer.writerow([_("alumno"), *[f"{_('pregunta')} {q.number}" for q in data["questions"]], _("aciertos")])
    words = {True: _("bien"), False: _("mal"), None: ""}
    for row in data["rows"]:
        writer.writerow([row["who"], *[words[c] for c in row["cells"]], row["right"]])
    return response


def _no_streams_here(request: HttpRequest) -> HttpResponse | None:
    """A sync worker must not hold a stream (one worker per idle phone): it answers 204, which tells
    EventSource to stop, and the page polls. Only an ASGI worker, with the streams on, streams."""
    if isinstance(request, ASGIRequest) and settings.LIVE_EVENTS:
        return None
    return _no_store(HttpResponse(status=204))


def _events(code: str, projector: bool) -> HttpResponse:
    """The page's server-sent events (tutor.live.stream)."""
    response = StreamingHttpResponse(stream.events(code, projector), content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return _no_store(response)


def _projector_refusal(request: HttpRequest, code: str) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return _no_store(HttpResponse(status=403))
    if not Round.objects.filter(code=code, classroom__teachers=request.user).exists():
        return _no_store(HttpResponse(status=404))
    return None


@require_GET
async def projector_events(request: HttpRequest, code: str) -> HttpResponse:
    code = normalise_code(code)
    refusal = _no_streams_here(request) or await stream.in_thread(_projector_refusal)(request, code)
    return refusal or _events(code, projector=True)


# --- the phones ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join_code(request: HttpRequest) -> HttpResponse:
    form = JoinCodeForm(request.POST or None)
    if request.method == "POST" and ROUND_CODE.is_blocked(request):
        form.add_error(
            None, _("Demasiados códigos equivocados. Espera 15 minutos antes de volver a intentarlo.")
        )
    elif request.method == "POST" and form.is_valid():
        code = normalise_code(form.cleaned_data["code"])
        if Round.objects.filter(code=code, finished_at__isnull=True).exists():
            return redirect("live:phone", code)
        ROUND_CODE.record(request)
        form.add_error(
            "code", _("Ese código no corresponde a ninguna ronda en marcha. Revísalo en la pantalla.")
        )
    return render(request, "live/join.html", {"form": form}, status=400 if form.errors else 200)


def _phone_page(request: HttpRequest, live: Round, **extra) -> HttpResponse:
    participant = _participant(request, live)
    context = presenters.phone(live, participant, extra.pop("answer_value", None) or [])
    # A signed-in member joins with the button alone; anybody else is a guest, asked for a nickname.
    context["joins_as_guest"] = (
        participant is None
        and request.user.is_authenticated
        and live.allow_guests
        and services.joins_as_guest(live, owner_for(request))
    )
    context.update(extra, live_events=settings.LIVE_EVENTS)
    context.setdefault("nickname_form", NicknameForm())
    if not request.htmx:
        return _no_store(
            render(request, "live/phone.html", context, status=400 if extra.get("error") else 200)
        )
    # The answer form (practice's) aims at its own part; the whole region is what changes here.
    response = render(request, "live/phone.html#live", context)
    return _no_store(reswap(retarget(response, "#live"), "outerHTML"))


@require_GET
def phone(request: HttpRequest, code: str) -> HttpResponse:
    return _phone_page(request, _get_round(code))


@require_GET
def phone_state(request: HttpRequest, code: str) -> HttpResponse:
    """The phones' poll: 204 from the cache while the stage is the one the phone shows."""
    code = normalise_code(code)
    stage = pulse.versions(code)[0]
    if request.GET.get("v") == str(stage):
        return _no_store(HttpResponse(status=204))
    live = presenters.round_at(code, stage)
    if live is None:
        raise Http404
    return _phone_page(request, live)


@require_GET
async def phone_events(request: HttpRequest, code: str) -> HttpResponse:
    code = normalise_code(code)
    if refusal := _no_streams_here(request):
        return refusal
    if (await stream.versions(code))[0] < 0:  # no such round (read from the counters, or the database)
        return _no_store(HttpResponse(status=404))
    return _events(code, projector=False)


@require_POST
def phone_join(request: HttpRequest, code: str) -> HttpResponse:
    live = _get_round(code)
    form = NicknameForm(request.POST)
    nickname = form.cleaned_data["nickname"] if form.is_valid() else ""
    owner = owner_for(request)
    known = services.standing(live, owner)
    guest = known.guest
    if guest and GUEST_JOIN.is_blocked(request):
        error = _("Se han unido demasiados invitados desde esta conexión. Espera unos minutos.")
        return _phone_page(request, live, error=error, nickname_form=form)
    try:
        participant = services.join(live=live, owner=owner, nickname=nickname, known=known)
    except services.LiveError as exc:
        return _phone_page(request, live, error=exc.message, nickname_form=form)
    _participants.keep(_participant_key(live, owner), participant)
    if guest:
        GUEST_JOIN.record(request)
    if request.htmx:
        # The form's own request (the page has htmx): the region with the open question, at once.
        return _phone_page(request, live)
    return redirect("live:phone", live.code)


@require_POST
def phone_answer(request: HttpRequest, code: str, number: int) -> HttpResponse:
    live = _round_now(code)  # what the answer may do is decided under the participant's lock
    participant = _participant(request, live)
    form = AnswerForm(request.POST)
    error = ""
    if participant is None:
        error = _("No estás en esta ronda: únete con su código.")
    elif not form.is_valid():
        error = form.errors["answer"][0]
    else:
        try:
            recorded, _created = services.answer(
                live=live, participant=participant, number=number, raw=form.cleaned_data["answer"]
            )
        except services.LiveError as exc:
            error = exc.message
    if error:
        return _phone_page(request, live, error=error, answer_value=request.POST.getlist("answer"))
    if request.htmx:
        # Only the answer part changes (the whole room answers at once: every render counts).
        slot = presenters.answer_slot(recorded.question_id)
        return _no_store(render(request, "live/phone.html#sent", {"slot": slot}))
    return redirect("live:phone", live.code)


@require_GET
def phone_seat(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """A participant's region when every phone in that state shares it (the open question's form,
    or the reveal of the answer it gave: ``presenters.shared_region``), at the address the server
    gave that participant's page (``presenters.seat_url``). live.js fetches it without cookies when
    the stream says the stage moved: no session or user is read, one query (the participant's
    answer), and the region is drawn once per process. 204 for anything else (an answer waiting for
    its reveal, a question missed, the round over): the page then fetches its own region with its
    session, as a poll would."""
    code = normalise_code(code)
    signed = presenters.seat_token(code, token)
    if signed is None:
        raise Http404
    participant_pk, language = signed
    live = presenters.round_at(code, pulse.versions(code)[0])
    if live is None:
        raise Http404
    with translation.override(language):
        html = presenters.shared_region(live, participant_pk)
    if html is None:
        return _no_store(HttpResponse(status=204))
    response = HttpResponse(html)
    response["Content-Language"] = language
    return _no_store(response)
