"""Leagues' pages: the list, a new league (named pairs, or a class's students), a league with its fixtures
and standings, a fixture's result (typed, pasted hands, or a table of the app), the printable sheet.

Who: the organiser and the teachers of the league's class manage it; its players see it; for anybody
else it does not exist (404)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.classroom.models import Classroom
from tutor.hands.services import RecordRefused
from tutor.lib.tables import table_label
from tutor.play.table import PlayRefused
from tutor.practice.models import only_row
from tutor.tables import league_tables, leagues
from tutor.tables.forms import ClassLeagueForm, LeagueForm, RecordsForm, ResultForm
from tutor.tables.models import Fixture


def _access(request: HttpRequest, pk: int, *, manage: bool = False) -> leagues.Access:
    found = leagues.access(request.user, pk)
    if found is None or (manage and not found.manages):
        raise Http404(_("Esa liga no existe."))
    return found


def _fixture(found: leagues.Access, fixture_pk: int) -> Fixture:
    fixture = only_row(found.league.fixtures.filter(pk=fixture_pk).select_related("home", "away", "table"))
    if fixture is None:
        raise Http404(_("Ese partido no existe."))
    return fixture


def _leagues_page(request: HttpRequest, form=None, status: int = 200) -> HttpResponse:
    context = {
        "form": form or LeagueForm(),
        "leagues": leagues.visible_leagues(request.user).order_by("-created_at")[:50],
        "classrooms": Classroom.objects.filter(teachers=request.user, archived=False).order_by("name"),
    }
    return render(request, "tables/leagues.html", context, status=status)


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return _leagues_page(request)


@login_required
@require_POST
def new(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST)
    if not form.is_valid():
        return _leagues_page(request, form, status=400)
    data = form.cleaned_data
    try:
        created = leagues.create_league(
            organiser=request.user,
            name=data["name"],
            rules=data["rules"],
            pair_names=data["pairs"].splitlines(),
            home_and_away=data["home_and_away"],
        )
    except PlayRefused as refused:
        form.add_error(None, refused.message)
        return _leagues_page(request, form, status=400)
    return redirect(created)


class _Member:
    def __init__(self, membership) -> None:
        self.student_id = membership.student_id
        name = membership.student.get_username()
        # The teacher sees the real name she gave (pairs are named by user names, which students see).
        self.label = f"{membership.real_name} ({name})" if membership.real_name else name


@login_required
@require_http_methods(["GET", "POST"])
def new_for_class(request: HttpRequest, classroom_pk: int) -> HttpResponse:
    classroom = only_row(Classroom.objects.filter(pk=classroom_pk, teachers=request.user, archived=False))
    if classroom is None:
        raise Http404(_("Esa clase no existe."))
    memberships = classroom.memberships.select_related("student").order_by("real_name", "student__username")
    members = [_Member(m) for m in memberships]
    form = ClassLeagueForm(request.POST if request.method == "POST" else None, members=members)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        students = {m.student_id: m.student for m in memberships}
        try:
            created = leagues.create_class_league(
                teacher=request.user,
                classroom=classroom,
                name=data["name"],
                rules=data["rules"],
                pairs=[(students[a], students[b]) for a, b in data["pairs"]],
                home_and_away=data["home_and_away"],
            )
        except PlayRefused as refused:
            form.add_error(None, refused.message)
        else:
            return redirect(created)
    status = 400 if request.method == "POST" else 200
    context = {"classroom": classroom, "form": form, "enough": len(members) >= 6}
    return render(request, "tables/league_class_new.html", context, status=status)


def league_context(found: leagues.Access, user) -> dict:
    league = found.league
    fixtures = list(league.fixtures.select_related("home", "away", "table"))
    rounds: dict[int, list] = {}
    for f in fixtures:
        f.mine = leagues.plays_in(f, user)
        f.at_table = f.table_id is not None and not f.table.over and f.played_at is None
        f.playable = f.played_at is None and f.home.first_id is not None and (found.manages or f.mine)
        rounds.setdefault(f.round, []).append(f)
    return {
        "league": league,
        "manages": found.manages,
        "rounds": sorted(rounds.items()),
        "standings": leagues.standings(league),
        "target": leagues.target_of(league),
        "table_label": table_label(league.rules),
    }


@login_required
@require_GET
def league(request: HttpRequest, pk: int) -> HttpResponse:
    found = _access(request, pk)
    return render(
        request, "tables/league.html", {**league_context(found, request.user), "form": ResultForm()}
    )


@login_required
@require_GET
def league_print(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "tables/league_print.html", league_context(_access(request, pk), request.user))


@login_required
@require_POST
def result(request: HttpRequest, pk: int, fixture_pk: int) -> HttpResponse:
    found = _access(request, pk, manage=True)
    form = ResultForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Escribe los puntos de las dos parejas, de 0 a 99."))
        return redirect(found.league)
    try:
        leagues.enter_result(
            league=found.league,
            fixture_id=fixture_pk,
            home=form.cleaned_data["home"],
            away=form.cleaned_data["away"],
        )
    except PlayRefused as refused:
        messages.error(request, refused.message)
    return redirect(found.league)


@login_required
@require_http_methods(["GET", "POST"])
def records(request: HttpRequest, pk: int, fixture_pk: int) -> HttpResponse:
    """The hands of a fixture played at a physical table, pasted as records: the referee scores them."""
    found = _access(request, pk, manage=True)
    fixture = _fixture(found, fixture_pk)
    form = RecordsForm(request.POST if request.method == "POST" else None)
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            pasted = leagues.enter_records(
                league=found.league, fixture_id=fixture.pk, text=form.cleaned_data["text"]
            )
        except RecordRefused as refused:
            error = refused
        except PlayRefused as refused:
            messages.error(request, refused.message)
            return redirect(found.league)
        else:
            for sentence in pasted.renuncios:
                messages.warning(request, sentence)
            match = pasted.match
            if match.reason == "renuncio":  # no hand's points decided it: say what did
                names = (fixture.home.name, fixture.away.name)
                messages.info(
                    request,
                    _(
                        "Gana la pareja «%(winner)s» porque la pareja «%(bad)s» cometió renuncio: en esta "
                        "liga el renuncio pierde la partida, y la pareja que gana se anota los puntos "
                        "que le faltaban para llegar a %(n)d."
                    )
                    % {"winner": names[match.winner], "bad": names[1 - match.winner], "n": match.target},
                )
            messages.success(
                request,
                ngettext(
                    "Resultado anotado desde %(n)d mano: %(home)s %(a)d – %(b)d %(away)s.",
                    "Resultado anotado desde %(n)d manos: %(home)s %(a)d – %(b)d %(away)s.",
                    len(pasted.reports),
                )
                % {
                    "n": len(pasted.reports),
                    "home": fixture.home.name,
                    "away": fixture.away.name,
                    "a": pasted.match.points[0],
                    "b": pasted.match.points[1],
                },
            )
            return redirect(found.league)
    status = 400 if request.method == "POST" else 200
    context = {
        "league": found.league,
        "fixture": fixture,
        "form": form,
        "error": error,
        "table_label": table_label(found.league.rules),
        "target": leagues.target_of(found.league),
    }
    return render(request, "tables/league_records.html", context, status=status)


@login_required
@require_POST
def play(request: HttpRequest, pk: int, fixture_pk: int) -> HttpResponse:
    """Open (or go back to) the fixture's table of the app."""
    found = _access(request, pk)
    try:
        opened = league_tables.open_table(
            user=request.user, league=found.league, fixture_id=fixture_pk, manages=found.manages
        )
    except PlayRefused as refused:
        messages.error(request, refused.message)
        return redirect(found.league)
    if not opened.created:
        messages.info(request, _("Este partido ya tiene su mesa abierta: es esta."))
    return redirect(opened.table)
