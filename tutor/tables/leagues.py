"""Leagues of pairs: the round-robin draw, who manages and who sees a league, results entered once (typed,
or from hand records pasted from a physical table, or from a match played at a table of the app), and
the standings. Every rule question (a record's hands, a match's points) goes to the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import record_files, records
from engine.cantes import HandScore
from engine.cards import card_name
from engine.match import Match
from engine.messages import render
from engine.record_referee import RecordReport, referee_on_record
from engine.rules import preset
from tutor.hands.services import RecordRefused, language
from tutor.lib.tables import table_label
from tutor.play.table import PlayRefused
from tutor.practice.models import only_row
from tutor.tables.models import Fixture, League, LeaguePair, Table

MAX_PAIRS = 16
MAX_HANDS = 40  # hands pasted for one fixture: a match of 3 hands or 6 points is far shorter


def round_robin(n: int, home_and_away: bool = False) -> list[list[tuple[int, int]]]:
    """Rounds of (home, away) indexes so that every pair meets every other once (twice, the second
    time with home and away swapped): the circle method, with a rest for one pair when ``n`` is odd."""
    slots = list(range(n)) + ([None] if n % 2 else [])
    m = len(slots)
    rounds = []
    for r in range(m - 1):
        games = []
        for i in range(m // 2):
            a, b = slots[i], slots[m - 1 - i]
            if a is not None and b is not None:
                games.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(games)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    if home_and_away:
        rounds += [[(b, a) for a, b in games] for games in rounds]
    return rounds


def _too_few_or_many() -> PlayRefused:
    return PlayRefused(_("Una liga tiene de 3 a 16 parejas, cada una en su línea y con nombre distinto."))


def _draw(league: League, pairs: list[LeaguePair]) -> None:
    Fixture.objects.bulk_create(
        Fixture(league=league, round=r, home=pairs[h], away=pairs[a])
        for r, games in enumerate(round_robin(len(pairs), league.home_and_away), 1)
        for h, a in games
    )


def create_league(*, organiser, name: str, rules: str, pair_names: list[str], home_and_away: bool) -> League:
    names = list(dict.fromkeys(n.strip()[:80] for n in pair_names if n.strip()))
    if not 3 <= len(names) <= MAX_PAIRS:
        raise _too_few_or_many()
    with transaction.atomic():
        league = _new_league(organiser=organiser, name=name, rules=rules, home_and_away=home_and_away)
        _draw(league, [LeaguePair.objects.create(league=league, name=n) for n in names])
    return league


def _new_league(**fields) -> League:
    """The league row; a name its organiser already uses (a form sent twice) is refused."""
    try:
        with transaction.atomic():
            return League.objects.create(**fields)
    except IntegrityError:
        raise PlayRefused(_("Ya tienes una liga con ese nombre: mírala en la lista o elige otro.")) from None


def create_class_league(
    *, teacher, classroom, name: str, rules: str, pairs: list[tuple], home_and_away: bool
) -> League:
    """A league of a class's students in pairs (``pairs``: (student, student), each student once)."""
    if not classroom.teachers.filter(pk=teacher.pk).exists():
        raise PlayRefused(_("Esa clase no es tuya."))
    members = set(classroom.memberships.values_list("student_id", flat=True))
    chosen = [u.pk for pair in pairs for u in pair]
    if not set(chosen) <= members:
        raise PlayRefused(_("Solo pueden jugar la liga alumnos de la clase."))
    if len(chosen) != len(set(chosen)):
        raise PlayRefused(_("Cada alumno juega en una sola pareja."))
    if not 3 <= len(pairs) <= MAX_PAIRS:
        raise PlayRefused(_("Una liga tiene de 3 a 16 parejas."))
    with transaction.atomic():
        league = _new_league(
            organiser=teacher, classroom=classroom, name=name, rules=rules, home_and_away=home_and_away
        )
        _draw(
            league,
            [
                LeaguePair.objects.create(
                    league=league,
                    # The names the students see of each other (as at a table): never a real name.
                    name=_("%(a)s y %(b)s") % {"a": a.get_username(), "b": b.get_username()},
                    first=a,
                    second=b,
                )
                for a, b in pairs
            ],
        )
    return league


# -- who manages, who sees ------------------------------------------------------------------------
def managed_by(user) -> Q:
    """The leagues ``user`` manages: their own, and those of the classes they teach."""
    return Q(organiser=user) | Q(classroom__teachers=user)


def played_by(user) -> Q:
    return Q(pairs__first=user) | Q(pairs__second=user)


def visible_leagues(user):
    return League.objects.filter(managed_by(user) | played_by(user)).distinct()


@dataclass(frozen=True)
class Access:
    league: League
    manages: bool


def access(user, league_id: int) -> Access | None:
    """``user``'s view of a league: its organiser and its class's teachers manage it, its players see it,
    anybody else does not know it exists (None)."""
    league = only_row(
        League.objects.filter(pk=league_id).filter(managed_by(user) | played_by(user)).distinct()
    )
    if league is None:
        return None
    manages = league.organiser_id == user.pk or (
        league.classroom_id is not None and league.classroom.teachers.filter(pk=user.pk).exists()
    )
    return Access(league, manages)


def plays_in(fixture: Fixture, user) -> bool:
    return user.pk in {
        fixture.home.first_id,
        fixture.home.second_id,
        fixture.away.first_id,
        fixture.away.second_id,
    }


def _locked_fixture(league: League, fixture_id: int) -> Fixture:
    fixture = only_row(
        Fixture.objects.select_for_update()
        .filter(pk=fixture_id, league=league)
        .select_related("home", "away")
    )
    if fixture is None:
        raise PlayRefused(_("Ese partido no existe."))
    if fixture.played_at is not None:
        raise PlayRefused(_("Ese partido ya tiene resultado: no se juega dos veces."))
    return fixture


def _record(fixture: Fixture, *, home: int, away: int, winner: int, how: str) -> None:
    fixture.home_points, fixture.away_points, fixture.winner = home, away, winner
    fixture.how, fixture.played_at = how, timezone.now()
    fixture.save(update_fields=["home_points", "away_points", "winner", "how", "played_at"])


# -- results --------------------------------------------------------------------------------------
def target_of(league: League) -> int:
    """The points a match of the league's table is played to (3 hands, or 6 points at Ludoteka's)."""
    return Match(preset(league.rules)).target


def enter_result(*, league: League, fixture_id: int, home: int, away: int) -> Fixture:
    """The match's points of a fixture, once (call with a league the user manages): a fixture already
    played, a tie, or points the table's match cannot end with are refused (nothing changes)."""
    if home == away:
        raise PlayRefused(_("Una partida de Tute tiene ganador: los puntos no pueden ser iguales."))
    target = target_of(league)
    if not Match(preset(league.rules)).can_end_at(home, away):
        raise PlayRefused(
            ngettext(
                "Esta liga juega la partida a %(n)d punto: quien gana llega a %(n)d y quien pierde se queda por debajo.",
                "Esta liga juega la partida a %(n)d puntos: quien gana llega a %(n)d y quien pierde se queda por debajo.",
                target,
            )
            % {"n": target}
        )
    with transaction.atomic():
        fixture = _locked_fixture(league, fixture_id)
        if fixture.table_id is not None and not fixture.table.over:
            raise PlayRefused(_("Ese partido se está jugando en una mesa: su resultado saldrá de ella."))
        _record(fixture, home=home, away=away, winner=0 if home > away else 1, how=Fixture.How.ENTERED)
    return fixture


@dataclass
class PastedMatch:
    """What the referee made of the hands pasted for a fixture."""

    match: Match
    reports: list[RecordReport]
    renuncios: list[str] = field(default_factory=list)  # one sentence for each renuncio found


def _renuncio_sentences(number: int, report: RecordReport, lang: str) -> list[str]:
    out = []
    for p in report.renuncios:
        seat = report.record.players[p.seat] or _("jugador %(n)d") % {"n": p.seat + 1}
        why = render(p.why, lang) if p.why is not None else ""
        out.append(
            _("Mano %(hand)d, baza %(trick)d: renuncio de %(seat)s (%(card)s). %(why)s")
            % {"hand": number, "trick": p.trick, "seat": seat, "card": card_name(p.card, lang), "why": why}
        )
    return out


def referee_match(league: League, text: str) -> PastedMatch:
    """The hands pasted for a fixture, one after another (each starting at a line «%» when there are
    several), judged by the referee under the league's table, and the match they make; RecordRefused
    (with the line) for a record the reader cannot take, a hand of another table, a hand that does not
    end, hands after the match ended, or a match that has not ended."""
    lang = language()
    try:
        hands = record_files.read_all(text.replace("\r\n", "\n"), lang)
    except records.RecordSyntaxError as error:
        raise RecordRefused(str(error), error.line or None) from None
    if len(hands) > MAX_HANDS:
        raise RecordRefused(_("Son demasiadas manos para un partido."))
    rules = preset(league.rules)
    match = Match(rules, hands[0].dealer)
    pasted = PastedMatch(match, [])
    for number, record in enumerate(hands, 1):
        if record.rules != rules:
            raise RecordRefused(
                _("La mano %(n)d se jugó con otras reglas: esta liga juega con las de «%(table)s».")
                % {"n": number, "table": table_label(league.rules)}
            )
        report = referee_on_record(record)
        score: HandScore | None = report.score
        if score is None:
            raise RecordRefused(
                _("La mano %(n)d no termina: faltan bazas y ni un tute ni un renuncio la acaban.")
                % {"n": number}
            )
        if pasted.match.over:
            raise RecordRefused(_("La partida ya había terminado antes de la mano %(n)d.") % {"n": number})
        pasted.match = pasted.match.record(score)
        pasted.reports.append(report)
        pasted.renuncios += _renuncio_sentences(number, report, lang)
    if not pasted.match.over:
        raise RecordRefused(
            _("Con estas manos la partida no ha terminado: %(summary)s.")
            % {"summary": render(pasted.match.summary(), lang).rstrip(".")}
        )
    return pasted


def enter_records(*, league: League, fixture_id: int, text: str) -> PastedMatch:
    """A fixture's result from the hands of its match pasted as records (call with a league the user
    manages). Pair A of the records (players 1 and 3) is the home pair."""
    pasted = referee_match(league, text)
    a, b = pasted.match.points
    with transaction.atomic():
        fixture = _locked_fixture(league, fixture_id)
        if fixture.table_id is not None and not fixture.table.over:
            raise PlayRefused(_("Ese partido se está jugando en una mesa: su resultado saldrá de ella."))
        _record(fixture, home=a, away=b, winner=pasted.match.winner, how=Fixture.How.RECORDS)
    return pasted


def settle_from_table(table: Table) -> bool:
    """The match at ``table`` ended: its league fixture, if it has one, takes the result (once; call in
    the transaction that ended the match). The home pair sits at seats 0 and 2 (pair A)."""
    if table.winner is None:
        return False
    home, away = table.points
    return bool(
        Fixture.objects.filter(table=table, played_at__isnull=True).update(
            home_points=home,
            away_points=away,
            winner=table.winner,
            how=Fixture.How.TABLE,
            played_at=timezone.now(),
        )
    )


# -- standings ------------------------------------------------------------------------------------
@dataclass
class Row:
    pair: str
    played: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    position: int = 0  # pairs level on every count share a position

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def key(self) -> tuple[int, int, int]:
        return (-self.won, -self.difference, -self.points_for)


def winner_of(f: Fixture) -> int:
    """0: the home pair won; 1: the away pair (rows entered before ``winner`` existed: the higher points)."""
    if f.winner is not None:
        return f.winner
    return 0 if f.home_points > f.away_points else 1


def standings(league: League) -> list[Row]:
    """Matches won first, then the difference of the matches' points, then the points won; pairs level on
    all three share their position (listed by name). Home and away count alike."""
    rows = {p.pk: Row(p.name) for p in league.pairs.order_by("name")}
    for f in league.fixtures.filter(played_at__isnull=False):
        won = winner_of(f)
        for side, me, mine, theirs in (
            (0, f.home_id, f.home_points, f.away_points),
            (1, f.away_id, f.away_points, f.home_points),
        ):
            row = rows[me]
            row.played += 1
            row.won += won == side
            row.lost += won != side
            row.points_for += mine
            row.points_against += theirs
    ordered = sorted(rows.values(), key=lambda r: (r.key, r.pair))
    for i, row in enumerate(ordered):
        row.position = ordered[i - 1].position if i and ordered[i - 1].key == row.key else i + 1
    return ordered
