from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.cards import CardError
from engine.rules import PRESETS
from tutor.lib import pressed
from tutor.lib.cards import as_card
from tutor.lib.fragments import cached_part, shared_part
from tutor.lib.pressed import STALE
from tutor.play import presenters, services
from tutor.play.forms import MoveForm, NewMatchForm
from tutor.play.models import Match, MatchHand
from tutor.play.table import LEARNER, PlayRefused
from tutor.practice.display import variants
from tutor.practice.identity import SESSION_KEY, Owner, owner_for
from tutor.practice.models import only_row

TABLE_PAGE = "play/match.html"


def _get_match_for_owner(owner: Owner, token: str) -> Match:
    """The owner's match; 404 alike for unknown and foreign tokens."""
    match = only_row(Match.objects.filter(owner.q, token=token))
    if match is None:
        raise Http404(_("Esta partida no existe."))
    return match


def _render_table(
    request: HttpRequest, match: Match, *, status: int = 200, confirming: str = "", **extra
) -> HttpResponse:
    hand = services.current_hand(match)
    table = services.table_of(match, hand)
    context = presenters.table_context(match, hand, table, **extra)
    context["confirming"], context["confirming_list"] = confirming, [confirming] if confirming else []
    template = TABLE_PAGE + "#table" if request.htmx else TABLE_PAGE
    return render(request, template, context, status=status)


def _has_matches(request: HttpRequest) -> bool:
    """Whether the visitor may have matches (a first visit gets no anonymous id just for looking)."""
    return request.user.is_authenticated or bool(request.session.get(SESSION_KEY))


def _resume_html(request: HttpRequest, rows: list[tuple]) -> str:
    """«Partidas sin terminar»: the visitor's unfinished matches (services.index_state), drawn again
    only when something the list shows changes (tutor/lib/fragments.py)."""
    if not rows:
        return ""
    shown = (rows, timezone.get_current_timezone_name())
    return cached_part(
        request, "play/index.html#resume", shown, lambda: {"matches": presenters.resume_rows(rows)}
    )


def _fixed_parts(request: HttpRequest) -> dict:
    """What is the same for everyone (the page's opening, what each table changes, the paper sheets):
    drawn once per process and language, as the new-match form is."""
    return {
        "intro_html": shared_part(request, "play/index.html#intro", "intro", dict),
        "variants_html": shared_part(
            request, "play/index.html#variants", "variants", lambda: {"variants": variants()}
        ),
        "paper_html": shared_part(request, "play/index.html#paper", "paper", dict),
    }


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    # ?mesa=<preset>: a class task or a lesson links here with its table chosen.
    rules = request.GET.get("mesa") if request.GET.get("mesa") in PRESETS else "guia"
    rows, newest = services.index_state(owner_for(request)) if _has_matches(request) else ([], 0)
    # The form, with the newest match the owner had when it was drawn (a second «Empezar» is seen as
    # such): drawn once per process for each table and that number (tutor/lib/fragments.py).
    form_html = shared_part(
        request,
        "play/index.html#new_form",
        (rules, newest),
        lambda: {"form": NewMatchForm(initial={"rules": rules, pressed.FIELD: newest})},
    )
    context = {
        "new_form_html": form_html,
        "resume_html": _resume_html(request, rows),
        **_fixed_parts(request),
    }
    return render(request, "play/index.html", context)


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    form = NewMatchForm(request.POST)
    if not form.is_valid():
        rows = services.index_state(owner_for(request))[0] if _has_matches(request) else []
        context = {"form": form, "resume_html": _resume_html(request, rows), **_fixed_parts(request)}
        return render(request, "play/index.html", context, status=400)
    owner = owner_for(request)
    data = form.cleaned_data
    match, started = services.start_match_pressed(
        owner=owner,
        pressed_at=STALE if data["pressed_at"] is None else data["pressed_at"],
        rules=form.table_rules,
        level=data["level"],
        mode=data["mode"],
    )
    if not started:
        messages.info(request, _("Ya estaba hecho: esa partida ya se había empezado."))
    return redirect(match)


@require_http_methods(["GET", "POST"])
def abandon(request: HttpRequest, token: str) -> HttpResponse:
    """«Dejar esta partida»: the page asks first (GET), its own button leaves (POST)."""
    owner = owner_for(request)
    if request.method == "GET":
        found = _get_match_for_owner(owner, token)
        if found.max_hands is not None or found.over or found.abandoned_at is not None:
            return redirect("play:index")
        return render(request, "play/abandon.html", {"m": found})
    try:
        found, left = services.abandon(owner=owner, token=token)
    except services.MatchNotFound:
        raise Http404(_("Esta partida no existe.")) from None
    except PlayRefused as refused:
        messages.error(request, refusal_text(refused))
        return redirect("play:index")
    if left:
        messages.info(request, _("Has dejado esa partida: ya no sale entre las que puedes continuar."))
    elif found.abandoned_at is not None:
        messages.info(request, _("Ya estaba hecho: esa partida ya la habías dejado."))
    else:
        messages.info(request, _("Esa partida ya había terminado: no hay nada que dejar."))
    return redirect("play:index")


@require_GET
def match(request: HttpRequest, token: str) -> HttpResponse:
    found = _get_match_for_owner(owner_for(request), token)
    return _render_table(request, found, hint=request.GET.get("pista") == "1")


@require_POST
def move(request: HttpRequest, token: str) -> HttpResponse:
    owner = owner_for(request)
    form = MoveForm(request.POST)
    if not form.is_valid():
        message = " ".join(e for errors in form.errors.values() for e in errors)
        return _refuse(request, _get_match_for_owner(owner, token), message)
    data = form.cleaned_data
    if data["kind"] == "card" and _asks_first(request):
        found = _get_match_for_owner(owner, token)
        if (asked := _card_to_confirm(found, data)) is not None:
            return _render_table(request, found, confirming=asked)
    try:
        outcome = services.move(
            owner=owner, token=token, seq=data["seq"], kind=data["kind"], value=data["value"]
        )
    except services.MatchNotFound:
        raise Http404(_("Esta partida no existe.")) from None
    except PlayRefused as refused:
        return _refuse(
            request, _get_match_for_owner(owner, token), refusal_text(refused), data.get("card", "")
        )
    if not outcome.done:
        notice = _("Ya estaba hecho: esa jugada ya se había hecho.")
        found = _get_match_for_owner(owner, token)
        if request.htmx:
            return _render_table(request, found, notice=notice)
        messages.info(request, notice)
        return redirect(found)
    if request.htmx:
        context = presenters.table_context(outcome.match, outcome.hand, outcome.table)
        return render(request, TABLE_PAGE + "#table", context)
    return redirect(outcome.match)


def _asks_first(request: HttpRequest) -> bool:
    """«Confirmar la carta» is on (tutor.accounts.display) and this post is not the confirmation."""
    display = getattr(request, "display", None)
    return bool(display and display.confirm_card) and request.POST.get("confirmada") != "1"


def _card_to_confirm(found: Match, data: dict) -> str | None:
    """The card to ask about: one in the learner's hand on their turn, at the place they saw. Any other
    post goes on to the move, which refuses it as it refuses it without the confirmation."""
    hand = services.current_hand(found)
    table = services.table_of(found, hand)
    if data["seq"] != len(table.steps) or table.over or table.hand.turn != LEARNER:
        return None
    try:
        card = as_card(data["value"])
    except (CardError, IndexError, TypeError, ValueError):
        return None
    return card.code if card in table.hand.hand_of(LEARNER) else None


def refusal_text(refused: PlayRefused) -> str:
    """The refusal in the active language (the engine's message, rendered when the table raised it)."""
    return refused.message


def _refuse(request: HttpRequest, found: Match, message: str, card: str = "") -> HttpResponse:
    if request.htmx:
        # htmx swaps 200 responses only; the refusal is shown in the table it replaces.
        return _render_table(request, found, refusal=message, refused_card=card)
    messages.error(request, message)
    return redirect(found)


@require_POST
def next_hand(request: HttpRequest, token: str) -> HttpResponse:
    owner = owner_for(request)
    found = _get_match_for_owner(owner, token)
    try:
        number = int(request.POST.get("number", ""))
        services.next_hand(owner=owner, token=token, number=number)
    except ValueError:
        messages.error(request, _("No se sabe qué mano repartir."))
    except PlayRefused as refused:
        messages.error(request, refusal_text(refused))
    return redirect(found)


@require_GET
def review(request: HttpRequest, token: str, number: int) -> HttpResponse:
    found = _get_match_for_owner(owner_for(request), token)
    hand = only_row(MatchHand.objects.filter(match=found, number=number, score__isnull=False))
    if hand is None:
        raise Http404(_("Esa mano no existe o no ha terminado."))
    table = services.table_of(found, hand)
    return render(request, "play/review.html", presenters.review_context(found, hand, table))


@require_POST
def replay(request: HttpRequest, token: str, number: int, seq: int) -> HttpResponse:
    owner = owner_for(request)
    found = _get_match_for_owner(owner, token)
    try:
        new_match = services.replay_from(owner=owner, token=token, number=number, seq=seq)
    except PlayRefused as refused:
        messages.error(request, refusal_text(refused))
        return redirect(found)
    return redirect(new_match)


@require_POST
def replay_card(request: HttpRequest, hand: int, card: int) -> HttpResponse:
    """«Jugar desde aquí» from a card of a kept hand's graded review (tutor.hands links here)."""
    owner = owner_for(request)
    try:
        new_match = services.replay_from_card(owner=owner, hand_id=hand, card=card)
    except services.MatchNotFound:
        raise Http404(_("Esta partida no existe.")) from None
    except PlayRefused as refused:
        messages.error(request, refusal_text(refused))
        return redirect("hands:index")
    return redirect(new_match)


@require_POST
def replay_record(request: HttpRequest, record: int, card: int, seat: int) -> HttpResponse:
    """«Jugar desde aquí» from a card of a kept record's graded review, for the player at ``seat`` (a pasted
    hand or one played at a table with people; tutor.hands links here)."""
    owner = owner_for(request)
    try:
        new_match = services.replay_from_record(owner=owner, record_id=record, card=card, seat=seat)
    except services.MatchNotFound:
        raise Http404(_("Esta mano no existe.")) from None
    except PlayRefused as refused:
        messages.error(request, refusal_text(refused))
        return redirect("hands:review", record)
    return redirect(new_match)
