"""Tables for people: seating, dealing, moves and calls, bots for empty and away seats, records.

Every rule question goes to the engine through ``tutor.tables.game``; this module keeps the log (append
only, a move names its place ``seq`` so a doubled or stale post changes nothing) and who sits where.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass, replace
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine import records
from engine.cards import parse_card
from engine.match import FALSE_CALL_POINTS
from engine.match import Match as EngineMatch
from engine.rules import TableRules
from tutor.hands import services as hands
from tutor.lib.numbers import whole
from tutor.play.table import (
    BY_CODE,
    CANTE,
    CARD,
    PASS,
    PlayRefused,
    Step,
    canonical_cante,
    first_dealer_of,
    hand_seed,
    match_state,
    store_score,
)
from tutor.practice.identity import Owner
from tutor.practice.models import only_row
from tutor.progress.services import record_play
from tutor.tables import leagues, streams
from tutor.tables.game import CALL, AlreadyCalled, Game
from tutor.tables.models import FalseCall, Phrase, RenuncioRule, Seat, Table, TableEvent, TableHand

log = logging.getLogger(__name__)
_seeds = random.SystemRandom()
# A person who has not been seen (a page, a poll, a stream) for this long is away: a bot plays for them.
AWAY_SECONDS = getattr(settings, "TABLES_AWAY_SECONDS", 60)
# A person whose page does not update itself (JavaScript off: nothing polls or streams for them, they see a
# move when they press «Actualizar» or play) is given this long instead before a bot plays for them.
PLAIN_AWAY_SECONDS = getattr(settings, "TABLES_PLAIN_AWAY_SECONDS", 300)
# A table where nothing happened for this long is closed (its hands are kept).
IDLE_HOURS = getattr(settings, "TABLES_IDLE_HOURS", 6)
SEEN_EVERY_SECONDS = 10  # last_seen is written at most this often
PHRASES = {
    "bien": gettext_lazy("¡Bien jugado!"),
    "momento": gettext_lazy("Un momento"),
    "otra": gettext_lazy("Otra mano"),
    "gracias": gettext_lazy("Gracias"),
}
PHRASES_PER_MINUTE = 6
# What the seats are told of each other's comings and goings (``tell``), the last few kept on the table.
SAT, LEFT, AWAY, BACK = "sat", "left", "away", "back"
NOTICES_KEPT = 5


class TableNotFound(PlayRefused):
    def __init__(self) -> None:
        super().__init__(_("Esta mesa no existe."))


@dataclass(frozen=True, slots=True)
class Outcome:
    done: bool  # False: already made (a doubled post)
    # The table as the move left it (read under its lock): its seat's answer is drawn from it, not read again.
    seen: Snapshot | None = None
    already: str = ""  # when not done: what had already been done, said to whoever asked again


def _already_moved() -> str:
    return _("Ya estaba hecho: esa jugada ya se había hecho.")


# -- reading ----------------------------------------------------------------------------------------
def seats_of(table: Table) -> dict[int, Seat]:
    return {s.number: s for s in Seat.objects.filter(table=table).select_related("user")}


def seat_of(seats: dict[int, Seat], user_id: int | None) -> Seat | None:
    return next((s for s in seats.values() if s.user_id == user_id), None)


def away_seconds(seat: Seat) -> int:
    """How long the person at ``seat`` may go unseen before a bot plays for them."""
    return PLAIN_AWAY_SECONDS if seat.plain else AWAY_SECONDS


def away(seat: Seat, now=None) -> bool:
    return seat.last_seen < (now or timezone.now()) - timedelta(seconds=away_seconds(seat))


def bot_seats(seats: dict[int, Seat], now=None) -> frozenset[int]:
    """The seats a bot plays now: nobody there, or a person who is away."""
    return frozenset(n for n in range(4) if n not in seats or away(seats[n], now))


def current_hand(table: Table) -> TableHand | None:
    return only_row(TableHand.objects.filter(table=table).order_by("-number"))


def steps_of(hand: TableHand) -> list[Step]:
    rows = TableEvent.objects.filter(hand=hand).order_by("seq")
    return [
        Step(seat, kind, value, legal, grade)
        for seat, kind, value, legal, grade in rows.values_list("seat", "kind", "value", "legal", "grade")
    ]


_HAND_FIELDS = ("id", "table_id", "number", "seed", "dealer", "first_hand", "score", "created_at")


def hand_and_steps(table: Table) -> tuple[TableHand | None, list[Step]]:
    """The current hand and its log (two plain queries: one joining them cost more to build than both)."""
    hand = current_hand(table)
    return hand, [] if hand is None else steps_of(hand)


def game_of(table: Table, hand: TableHand, seats: dict[int, Seat], steps: list[Step] | None = None) -> Game:
    return Game.rebuild(
        seed=hand.seed,
        dealer=hand.dealer,
        rules=EngineMatch(table.get_rules()).hand_rules,
        first_hand=hand.first_hand,
        level=table.level,
        bots=bot_seats(seats),
        examen=frozenset(n for n, s in seats.items() if s.mode == "examen"),
        renuncio_real=table.renuncio == RenuncioRule.REAL,
        steps=steps_of(hand) if steps is None else steps,
    )


def last_phrases(table: Table) -> list[Phrase]:
    return list(Phrase.objects.filter(table=table).order_by("-created_at")[:5])


# -- what every seat reads alike, kept once per version ---------------------------------------------
# A move writes, once committed, the hand, its log and the last phrases at the version it made (all
# read under the table's lock, so exactly that version's) into the cache; the three other seats,
# fetching their regions on the stream's event, read it there instead of three queries each. The
# seats (who is away, their modes) are not in it: every request reads them. The key holds the
# version, so a frame is never out of date; Redis away: the database is read, as without a frame.
FRAME_SECONDS = 120


def _frame_key(table: Table, version: int) -> str:
    return f"tables:frame:{table.token}:{version}"  # the token: never another table's, even in tests


def _keep_frame(
    table: Table, version: int, hand: TableHand, steps: list[Step], phrases: list[Phrase]
) -> None:
    frame = (
        tuple(getattr(hand, f) for f in _HAND_FIELDS),
        [(s.seat, s.kind, s.value, s.legal, s.grade) for s in steps],
        [(p.seat, p.key) for p in phrases],
    )
    try:
        cache.set(_frame_key(table, version), frame, FRAME_SECONDS)
    except Exception as error:  # Redis away (tutor.lib.outage): the seats read the database
        log.warning("could not keep table %s's frame (%s)", table.code, error)


def _kept_frame(table: Table) -> tuple | None:
    try:
        return cache.get(_frame_key(table, table.version))
    except Exception as error:
        log.warning("could not read table %s's frame (%s): read from the database", table.code, error)
        return None


class Snapshot:
    """One request's reading of a table: the table and its seats (with their people) in one query; the
    current hand, its log and the phrases read when first wanted (from the frame kept for this
    version, else the database), at most once; the engine's hand rebuilt from them at most once."""

    _UNREAD = object()

    def __init__(
        self, table: Table, seats: dict[int, Seat], hand=_UNREAD, steps=None, game=None, phrases=None
    ) -> None:
        self.table = table
        self.seats = seats
        self._hand = hand
        self._steps = steps
        self._game = game
        self._phrases = phrases

    def mine(self, user) -> Seat | None:
        return seat_of(self.seats, getattr(user, "pk", None))

    def mine_by_id(self, user_id: int | None) -> Seat | None:
        return seat_of(self.seats, user_id)

    def _read_hand(self) -> None:
        frame = _kept_frame(self.table)
        if frame is None:
            self._hand, self._steps = hand_and_steps(self.table)
            return
        fields, steps, phrases = frame
        self._hand = TableHand.from_db(TableHand.objects.db, list(_HAND_FIELDS), fields)
        self._hand.table = self.table
        self._steps = [Step(*step) for step in steps]
        if self._phrases is None:
            self._phrases = [Phrase(table=self.table, seat=seat, key=key) for seat, key in phrases]

    @property
    def hand(self) -> TableHand | None:
        if self._hand is self._UNREAD:
            self._read_hand()
        return self._hand

    @property
    def steps(self) -> list[Step]:
        if self._steps is None:
            self._read_hand()
        return self._steps

    @property
    def game(self) -> Game | None:
        if self._game is None and self.hand is not None:
            self._game = game_of(self.table, self.hand, self.seats, self.steps)
        return self._game

    @property
    def phrases(self) -> list[Phrase]:
        if self._phrases is None:
            self._phrases = last_phrases(self.table)
        return self._phrases


def read(token: str) -> Snapshot | None:
    """The table of ``token`` and its seats, in one query (a second only for a table nobody sits at)."""
    rows = list(Seat.objects.filter(table__token=token).select_related("table", "user"))
    table = rows[0].table if rows else only_row(Table.objects.filter(token=token))
    if table is None:
        return None
    for seat in rows:
        seat.table = table
    return Snapshot(table, {s.number: s for s in rows})


# -- what a stream worker's seats share at one version -------------------------------------------------
# Each seat's stream draws its region after every change: two seats of a table stream from each
# instance, and each read the table, its hand and log, and rebuilt the engine's hand for itself. The
# stream worker keeps instead, per table, the last Snapshot it read (fully built: the hand, the log,
# the phrases, the engine's game), and a stream woken by version ``v`` uses it while it is at ``v`` or
# later; only the seat's own view (``presenters.table_context``) is drawn per seat. One read at a time
# per table (the other seat's stream waits for it rather than reading the same version again).
_shared: dict[str, Snapshot] = {}
_shared_locks: dict[str, threading.Lock] = {}
_shared_guard = threading.Lock()
SHARED_TABLES = 2000  # kept at most (a process with more forgets them all and reads again)


def read_shared(token: str, version: int) -> Snapshot | None:
    """The table of ``token`` at ``version`` or later as this process last read it (not to be changed:
    other seats' streams draw from it too), else read now (None: no such table)."""
    seen = _shared.get(token)
    if seen is not None and seen.table.version >= version:
        return seen
    with _shared_guard:
        lock = _shared_locks.setdefault(token, threading.Lock())
    with lock:
        seen = _shared.get(token)
        if seen is not None and seen.table.version >= version:
            return seen
        seen = read(token)
        if seen is None:
            return None
        seen.game  # noqa: B018 - built now, once, before other threads read it
        seen.phrases  # noqa: B018
        if len(_shared) >= SHARED_TABLES:
            with _shared_guard:  # the tables' locks too, or they would pile up in a long-lived worker
                _shared.clear()
                _shared_locks.clear()
        _shared[token] = seen
        return seen


def look(token: str, user_id: int | None, plain: bool | None = None) -> Snapshot | None:
    """The table as the person ``user_id`` finds it now (a page, a poll, a stream's read): marked seen,
    and a bot let play for a seat whose person is away (the table then read again). ``plain``: whether
    the request was a plain page (``touch``)."""
    seen = read(token)
    if seen is None:
        return None
    mine = seen.mine_by_id(user_id)
    if (mine is not None and touch(mine, plain)) | tell_away(seen) | advance(seen):
        seen = read(token) or seen
    return seen


def _locked(token: str) -> Table:
    table = only_row(Table.objects.select_for_update().filter(token=token))
    if table is None:
        raise TableNotFound()
    return table


def _changed(table: Table, keep=None) -> None:
    """One more version of the table (``table`` was read under its lock: ``_locked``), told to every
    instance's streams once committed; ``keep(version)`` (what every seat reads alike at that version,
    into the cache) runs then too, before the streams hear of it."""
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1, last_activity=now)
    table.version += 1
    table.last_activity = now
    version = table.version
    if keep is not None:
        transaction.on_commit(lambda: keep(version))
    transaction.on_commit(lambda: streams.announce(table.code, version))


def _store(hand: TableHand, first_seq: int, steps: list[Step], bots: frozenset[int]) -> None:
    TableEvent.objects.bulk_create(
        TableEvent(
            hand=hand,
            seq=first_seq + i,
            seat=s.seat,
            kind=s.kind,
            value=s.value,
            legal=s.legal,
            by_bot=s.seat in bots and s.kind != CALL,
            grade=s.grade,
        )
        for i, s in enumerate(steps)
    )


# -- seating ----------------------------------------------------------------------------------------
def create_table(
    *,
    user,
    rules: TableRules,
    level: str = "normal",
    renuncio: str = RenuncioRule.REFUSED,
    false_call: str = FalseCall.POINT,
    seat: int | None = 0,
    mode: str = "aprendiz",
    classroom=None,
    seed: int | None = None,
) -> Table:
    seed = _seeds.randrange(2**31) if seed is None else seed
    with transaction.atomic():
        for _attempt in range(5):  # a code already in use (rare): draw another
            try:
                with transaction.atomic():
                    table = Table.objects.create(
                        created_by=user,
                        classroom=classroom,
                        rules=rules.to_dict(),
                        level=level,
                        renuncio=renuncio,
                        false_call=false_call,
                        seed=seed,
                        first_dealer=first_dealer_of(seed),
                        points=[0, 0],
                    )
                break
            except IntegrityError:
                continue
        else:
            raise PlayRefused(_("No se ha podido abrir la mesa: inténtalo de nuevo."))
        if seat is not None:  # None: a teacher opens a class's table to seat its members and watch
            Seat.objects.create(table=table, number=seat, user=user, mode=mode, last_seen=timezone.now())
    return table


def sit(*, user, token: str, number: int, mode: str = "aprendiz", by_teacher: bool = False) -> Seat:
    """``user`` takes seat ``number`` (a person at most once per table; a seat for one person);
    ``by_teacher``: a teacher seats them, and is told of them (not of herself) when they have a seat."""
    if number not in range(4):
        raise PlayRefused(_("Ese sitio no existe: los sitios van del 1 al 4."))
    try:
        with transaction.atomic():
            table = _locked(token)
            if table.over:
                raise PlayRefused(_("Esta mesa ya se ha cerrado."))
            seats = seats_of(table)
            mine = next((s for s in seats.values() if s.user_id == user.pk), None)
            if mine is not None:
                if mine.number == number:
                    return mine
                if by_teacher:
                    raise PlayRefused(
                        _("%(name)s ya tiene sitio en esta mesa: el %(n)d.")
                        % {"name": user.get_username(), "n": mine.number + 1}
                    )
                raise PlayRefused(_("Ya tienes sitio en esta mesa."))
            if len(seats) >= 4:
                raise PlayRefused(_("La mesa está completa: no queda ningún sitio libre."))
            if number in seats:
                raise PlayRefused(_("Ese sitio ya está ocupado: elige otro."))
            seat = Seat.objects.create(
                table=table, number=number, user=user, mode=mode, last_seen=timezone.now()
            )
            tell(table, number, user.get_username(), SAT)
            _changed(table)
    except IntegrityError:  # somebody took the seat at the same moment
        raise PlayRefused(_("Ese sitio ya está ocupado: elige otro.")) from None
    return seat


def seat_member(*, teacher, token: str, number: int, student) -> Outcome:
    """A teacher seats a member of the table's class (seated there already: said, nothing changes)."""
    table = only_row(Table.objects.filter(token=token, classroom__teachers=teacher))
    if table is None:
        raise TableNotFound()
    if not table.classroom.memberships.filter(student=student).exists():
        raise PlayRefused(_("Esa persona no es de esta clase."))
    before = Seat.objects.filter(table=table, user=student).exists()
    sit(user=student, token=token, number=number, by_teacher=True)
    if before:
        return Outcome(
            False,
            already=_("Ya estaba hecho: %(name)s ya tenía el sitio %(n)d.")
            % {"name": student.get_username(), "n": number + 1},
        )
    return Outcome(True)


def leave(*, user, token: str) -> None:
    """Leave the table: a bot plays the seat from now on (the person may sit again while it is free)."""
    with transaction.atomic():
        table = _locked(token)
        mine = only_row(Seat.objects.filter(table=table, user=user))
        if mine is None:
            raise PlayRefused(_("No tienes sitio en esta mesa."))
        mine.delete()
        tell(table, mine.number, user.get_username(), LEFT)
        _changed(table)
        _run_bots(table)


def touch(seat: Seat, plain: bool | None = None) -> bool:
    """The person at ``seat`` is here (a page, a poll, a move): back from being away, if they were
    (True: that changed the table's version; the others are told of the return if they had been told
    of the absence). Written at most every SEEN_EVERY_SECONDS, and whenever ``plain`` (the request was a
    plain page, not a poll, a stream or an htmx move: None, not known) differs from the seat's."""
    now = timezone.now()
    switched = plain is not None and plain != seat.plain
    if not switched and seat.last_seen >= now - timedelta(seconds=SEEN_EVERY_SECONDS):
        return False
    was_away = away(seat, now)
    Seat.objects.filter(pk=seat.pk).update(last_seen=now, **({"plain": plain} if switched else {}))
    seat.last_seen = now
    if switched:
        seat.plain = plain
    if not (was_away or seat.away_told):
        return False
    with transaction.atomic():
        table = _locked(seat.table.token)
        if Seat.objects.filter(pk=seat.pk, away_told=True).update(away_told=False):
            tell(table, seat.number, seat.user.get_username(), BACK)
        seat.away_told = False
        _changed(table)
    return True


def tell_away(seen: Snapshot) -> bool:
    """Tell the seats, once, of each person who has gone away (not seen for ``away_seconds``: a bot plays
    for them now). True: the table changed. Nothing is written while nobody newly went away."""
    table = seen.table
    now = timezone.now()
    gone = sorted(
        (s for s in seen.seats.values() if not s.away_told and away(s, now)), key=lambda s: s.number
    )
    # Before the first hand nobody plays, so no bot plays for anyone: an absence is told once play starts.
    if table.over or table.started_at is None or not gone:
        return False
    with transaction.atomic():
        locked = _locked(table.token)
        told = False
        for seat in gone:  # the condition settles two polls telling it at once: once
            cutoff = now - timedelta(seconds=away_seconds(seat))
            if Seat.objects.filter(pk=seat.pk, away_told=False, last_seen__lt=cutoff).update(away_told=True):
                tell(locked, seat.number, seat.user.get_username(), AWAY)
                told = True
        if told:
            _changed(locked)
    return told


def tell(table: Table, seat: int, name: str, kind: str) -> None:
    """Note on ``table`` (read under its lock) that ``name`` sat at ``seat`` (SAT), left it (LEFT), went
    away (AWAY) or came back (BACK), at the version the caller's ``_changed`` is about to make; the
    last NOTICES_KEPT are kept."""
    notice = {"seat": seat, "name": name, "kind": kind, "version": table.version + 1}
    table.notices = [*(table.notices or []), notice][-NOTICES_KEPT:]
    Table.objects.filter(pk=table.pk).update(notices=table.notices)


# -- playing ----------------------------------------------------------------------------------------
def _deal(table: Table, number: int, dealer: int, first_hand: bool) -> TableHand:
    hand = TableHand.objects.create(
        table=table, number=number, seed=hand_seed(table.seed, number), dealer=dealer, first_hand=first_hand
    )
    seats = seats_of(table)
    game = game_of(table, hand, seats, [])
    game.run_bots()
    _store(hand, 0, game.steps, game.bots)
    _close_if_over(table, hand, game, seats)
    return hand


def start(*, user, token: str) -> Outcome:
    with transaction.atomic():
        table = _locked(token)
        seats = seats_of(table)
        if not any(s.user_id == user.pk for s in seats.values()):
            raise PlayRefused(_("No tienes sitio en esta mesa."))
        if table.started_at is not None:
            return Outcome(False, already=_("Ya estaba hecho: la partida ya había empezado."))
        if len(seats) < 2:
            raise PlayRefused(_("Hacen falta al menos dos personas en la mesa para empezar."))
        table.started_at = timezone.now()
        table.save(update_fields=["started_at"])
        _deal(table, 1, table.first_dealer, True)
        _changed(table)
    return Outcome(True)


def _seated(seat: Seat | None) -> Seat:
    if seat is None:
        raise PlayRefused(_("No tienes sitio en esta mesa: solo juegas desde el tuyo."))
    return seat


def _my_seat(table: Table, user) -> Seat:
    return _seated(only_row(Seat.objects.filter(table=table, user=user)))


def _same_move(step: Step, seat: int, kind: str, value: str) -> bool:
    if step.seat != seat or step.kind != kind:
        return False
    try:
        if kind == CARD:
            return BY_CODE[step.value] == parse_card(value)
        if kind == CANTE:
            return step.value == canonical_cante(value)
    except ValueError:
        return False
    return kind == PASS or (kind == CALL and step.value == value)


def move(*, user, token: str, seq: int, kind: str, value: str = "") -> Outcome:
    """A person's move at place ``seq`` of the current hand's log (a card, a cante, a pass or a call).

    A ``seq`` already in the log holding this same move is a doubled post: done=False, nothing changes.
    Either way the outcome holds the table as read (and left) under its lock, for the answer.
    """
    try:
        with transaction.atomic():
            table = _locked(token)
            seats = seats_of(table)
            seat = _seated(seat_of(seats, user.pk))
            # The hand and its log at this version, from the frame the move that made it kept (read
            # under the lock: exactly this version's), else the database.
            seen = Snapshot(table, seats)
            hand, steps = seen.hand, seen.steps
            if table.over:
                raise PlayRefused(_("Esta mesa ya se ha cerrado."))
            if hand is None:
                raise PlayRefused(_("La partida todavía no ha empezado."))
            if seq < len(steps) and _same_move(steps[seq], seat.number, kind, value):
                return Outcome(False, seen, _already_moved())
            if hand.over:
                raise PlayRefused(_("Esta mano ya ha terminado."))
            if seq != len(steps):
                raise PlayRefused(_("La mesa ha cambiado desde que la viste: mírala de nuevo."))
            game = game_of(table, hand, seats, steps)
            if kind == CARD:
                grade = game.play(seat.number, value).grade
                if grade["graded"]:  # a card that follows a lead counts in Mi progreso, as in «Jugar»
                    record_play(
                        learner_id=user.pk, anon_id="", rule_ids=grade["rule_ids"], correct=grade["legal"]
                    )
            elif kind == CANTE:
                game.sing(seat.number, value)
            elif kind == PASS:
                game.let_pass(seat.number)
            elif kind == CALL:
                if seat.silenced_hand == hand.number:
                    raise PlayRefused(
                        _("Ya cantaste un renuncio que no lo era: en esta mano no puedes cantar otro.")
                    )
                try:
                    step = game.call(seat.number, -1 if (n := whole(value, 2)) is None else n)
                except AlreadyCalled:
                    return Outcome(False, seen, _("Ya estaba hecho: ese renuncio ya se había cantado."))
                if step.grade["verdict"] == "false" and table.false_call == FalseCall.SILENCE:
                    seat.silenced_hand = hand.number
                    seat.save(update_fields=["silenced_hand"])
            else:
                raise PlayRefused(_("Esa jugada no existe."))
            _store(hand, seq, game.steps[seq:], game.bots)
            _close_if_over(table, hand, game, seats)
            phrases = seen.phrases  # a move changes no phrase: the frame's, or read now
            _changed(table, lambda version: _keep_frame(table, version, hand, game.steps, phrases))
    except IntegrityError:  # a concurrent copy of this move was logged first; this one was rolled back
        return Outcome(False, already=_already_moved())
    return Outcome(True, Snapshot(table, seats, hand, game.steps, game, phrases))


def _run_bots(table: Table) -> bool:
    """Let the bots play for empty and away seats (a poll finds the table waiting for one)."""
    hand, steps = hand_and_steps(table)
    if hand is None or hand.over or table.over:
        return False
    seats = seats_of(table)
    game = game_of(table, hand, seats, steps)
    new = game.run_bots()
    if not new:
        return False
    _store(hand, len(steps), new, game.bots)
    _close_if_over(table, hand, game, seats)
    _changed(table)
    return True


def advance(seen: Snapshot) -> bool:
    """When the table waits for a seat a bot now plays (its person is away), let the bot play (True:
    the table changed, ``seen`` is out of date). Every move lets the bots of empty and away seats
    play at once, so the table can only be waiting for one when somebody is away: nothing is
    rebuilt otherwise."""
    table = seen.table
    if table.over or not any(away(s) for s in seen.seats.values()):
        return False
    game = seen.game
    if game is None or game.over or not set(game.waiting_for()) & game.bots:
        return False
    try:
        with transaction.atomic():
            return _run_bots(_locked(table.token))
    except IntegrityError:
        return False


def false_calls(table: Table) -> dict[int, tuple[int, ...]]:
    """Hand number -> the pair of each false «¡Renuncio!» called in it, at a table where they cost points."""
    if table.false_call != FalseCall.POINT:
        return {}
    found: dict[int, tuple[int, ...]] = {}
    rows = TableEvent.objects.filter(hand__table=table, kind=CALL, grade__verdict="false").order_by("seq")
    for number, seat in rows.values_list("hand__number", "seat"):
        found[number] = (*found.get(number, ()), seat % 2)
    return found


def match_of(table: Table) -> EngineMatch:
    """The engine's match after the table's finished hands (and the false calls they cost)."""
    finished = TableHand.objects.filter(table=table, score__isnull=False).order_by("number")
    rows = list(finished.values_list("number", "score"))
    calls = false_calls(table)
    return match_state(
        table.get_rules(),
        table.first_dealer,
        [score for _n, score in rows],
        false_calls=[calls.get(n, ()) for n, _score in rows],
    )


def _close_if_over(table: Table, hand: TableHand, game: Game, seats: dict[int, Seat]) -> None:
    if not game.over:
        return
    hand.score = store_score(game.hand.score())
    hand.save(update_fields=["score"])
    state = match_of(table)
    table.points = list(state.points)
    if state.over:
        table.winner = state.winner
        table.finished_at = timezone.now()
        table.closed_reason = "partida"
    table.save(update_fields=["points", "winner", "finished_at", "closed_reason"])
    if state.over:
        leagues.settle_from_table(table)  # a league fixture's match: its result, once
    keep_records(table, hand, game, seats)


def keep_records(table: Table, hand: TableHand, game: Game, seats: dict[int, Seat]) -> None:
    """The finished hand, written down, in the «Mis manos» of every person seated (once each)."""
    players = tuple(seats[n].user.get_username() if n in seats else None for n in range(4))
    record = _with_false_call_notes(table, game, game.record(players=players))
    url = reverse("tables:hand", args=[table.token, hand.number])
    for n, seat in seats.items():
        hands.keep_table_hand(
            owner=Owner(seat.user, ""), table_hand_id=hand.pk, record=record, seat=n, origin_url=url
        )


def _with_false_call_notes(table: Table, game: Game, record: records.HandRecord) -> records.HandRecord:
    """At a table where a false «¡Renuncio!» costs points, a note after each false call in the record
    saying the point it gave the caller's rivals (the referee judges the call; the cost is the table's).
    Written in Spanish, as the notation is: the record is one text for every person who kept it."""
    if table.false_call != FalseCall.POINT:
        return record
    verdicts = iter(s.grade.get("verdict") if s.grade else None for s in game.steps if s.kind == CALL)
    events: list = []
    with translation.override("es"):
        for e in record.events:
            events.append(e)
            if isinstance(e, records.RenuncioClaim) and next(verdicts, None) == "false":
                events.append(records.Comment(false_call_sentence(1 - e.by % 2, FALSE_CALL_POINTS)))
    return replace(record, events=tuple(events))


def false_call_sentence(pair: int, n: int) -> str:
    """Pair ``pair`` scores ``n`` match points for its rivals' false calls, as the pages and records say it."""
    return ngettext(
        "La pareja %(pair)s se apunta %(n)d punto de la partida por el renuncio que la pareja "
        "%(caller)s cantó sin serlo.",
        "La pareja %(pair)s se apunta %(n)d puntos de la partida por los renuncios que la pareja "
        "%(caller)s cantó sin serlo.",
        n,
    ) % {"pair": "AB"[pair], "n": n, "caller": "AB"[1 - pair]}


def next_hand(*, user, token: str, number: int) -> Outcome:
    try:
        with transaction.atomic():
            table = _locked(token)
            _my_seat(table, user)
            hand = current_hand(table)
            if hand is not None and hand.number >= number:
                return Outcome(False, already=_("Ya estaba hecho: esa mano ya se había repartido."))
            if table.over:
                raise PlayRefused(_("Esta mesa ya se ha cerrado."))
            if hand is None or not hand.over or number != hand.number + 1:
                raise PlayRefused(_("Todavía no se puede repartir otra mano."))
            _deal(table, number, match_of(table).dealer, False)
            _changed(table)
    except IntegrityError:
        return Outcome(False, already=_("Ya estaba hecho: esa mano ya se había repartido."))
    return Outcome(True)


# -- social -----------------------------------------------------------------------------------------
def say(*, user, token: str, key: str) -> Outcome:
    """A seat sends one of the fixed phrases (no free text); a few a minute at most."""
    if key not in PHRASES:
        raise PlayRefused(_("Esa frase no está entre las que se pueden enviar."))
    with transaction.atomic():
        table = _locked(token)
        seat = _my_seat(table, user)
        recent = Phrase.objects.filter(
            table=table, seat=seat.number, created_at__gte=timezone.now() - timedelta(minutes=1)
        ).count()
        if recent >= PHRASES_PER_MINUTE:
            raise PlayRefused(_("Has enviado muchas frases seguidas: espera un poco."))
        Phrase.objects.create(table=table, seat=seat.number, key=key)
        _changed(table)
    return Outcome(True)


def may_see_closed(table: Table, user, mine: Seat | None) -> bool:
    """A closed table is seen by those seated at it, its creator and its class's teachers."""
    return mine is not None or table.created_by_id == getattr(user, "pk", None) or may_watch(table, user)


def may_watch(table: Table, user) -> bool:
    """A teacher of the table's class watches it (and may end it)."""
    return bool(
        user.is_authenticated
        and table.classroom_id is not None
        and table.classroom.teachers.filter(pk=user.pk).exists()
    )


def end(*, user, token: str) -> Outcome:
    """The table's creator, or a teacher of its class, closes it; its finished hands are kept."""
    with transaction.atomic():
        table = _locked(token)
        if table.created_by_id != user.pk and not may_watch(table, user):
            raise PlayRefused(_("Solo quien abrió la mesa o el profesorado de su clase pueden cerrarla."))
        if table.over:
            return Outcome(False, already=_("Ya estaba hecho: la mesa ya estaba cerrada."))
        table.finished_at = timezone.now()
        table.closed_reason = "profesor" if may_watch(table, user) else "cerrada"
        table.save(update_fields=["finished_at", "closed_reason"])
        _changed(table)
    return Outcome(True)


def close_idle(now=None) -> int:
    """Close the tables where nothing happened for IDLE_HOURS (their finished hands stay kept)."""
    now = now or timezone.now()
    stale = Table.objects.filter(
        finished_at__isnull=True, last_activity__lt=now - timedelta(hours=IDLE_HOURS)
    )
    return stale.update(finished_at=now, closed_reason="inactiva", version=F("version") + 1)
