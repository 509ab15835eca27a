"""The writes of the play app: starting a match, the learner's moves (with the bots' replies), the next
hand, and «Jugar desde aquí». A move is worked out (the bots' replies too) outside any transaction and
stored in a short one on the locked match row that checks the log has not moved."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NoReturn

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, Subquery
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import records
from engine.cards import parse_card
from engine.match import Match as EngineMatch
from engine.record_replay import CannotReplay, replay_start
from engine.rules import GUIA, TableRules
from tutor.hands import services as hands
from tutor.hands.models import HandRecord, Source
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.play.models import Event, Match, MatchHand
from tutor.play.signals import match_finished
from tutor.play.table import (
    BY_CODE,
    CANTE,
    CARD,
    LEARNER,
    PASS,
    PlayRefused,
    Step,
    Table,
    canonical_cante,
    dealt_by_code,
    first_dealer_of,
    hand_seed,
    match_state,
    store_score,
)
from tutor.practice.identity import Owner
from tutor.practice.models import only_row
from tutor.progress.services import rebuild_play_stats, record_play

_seeds = random.SystemRandom()
SEED_RANGE = 2**31


class MatchNotFound(PlayRefused):
    def __init__(self) -> None:
        super().__init__(_("Esta partida no existe."))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a move did: ``done`` False when it had already been made (a replayed or doubled post)."""

    done: bool
    steps: tuple[Step, ...] = ()
    # The state after the move, so that the page is drawn without reading it again.
    match: Match | None = None
    hand: MatchHand | None = None
    table: Table | None = None


def steps_of(hand: MatchHand) -> list[Step]:
    rows = Event.objects.filter(hand=hand).order_by("seq")
    return [
        Step(seat, kind, card or cante, legal, grade)
        for seat, kind, card, cante, legal, grade in rows.values_list(
            "seat", "kind", "card", "cante", "legal", "grade"
        )
    ]


def steps_of_hands(hand_ids: list[int]) -> dict[int, list[Step]]:
    """``steps_of`` of several hands in one query: hand id -> its steps (hands with none are left out)."""
    found: dict[int, list[Step]] = {}
    rows = Event.objects.filter(hand_id__in=hand_ids).order_by("hand_id", "seq")
    for hand_id, seat, kind, card, cante, legal, grade in rows.values_list(
        "hand_id", "seat", "kind", "card", "cante", "legal", "grade"
    ):
        found.setdefault(hand_id, []).append(Step(seat, kind, card or cante, legal, grade))
    return found


def table_of(match: Match, hand: MatchHand, steps: list[Step] | None = None) -> Table:
    return Table.rebuild(
        dealt=dealt_by_code(hand.deal) if hand.deal else None,
        seed=hand.seed,
        dealer=hand.dealer,
        rules=EngineMatch(match.get_rules(), fixed_hands=match.max_hands).hand_rules,
        first_hand=hand.first_hand,
        level=match.level,
        examen=match.mode == "examen",
        steps=steps_of(hand) if steps is None else steps,
    )


def _store(hand: MatchHand, first_seq: int, steps: list[Step]) -> None:
    Event.objects.bulk_create(
        Event(
            hand=hand,
            seq=first_seq + i,
            seat=s.seat,
            kind=s.kind,
            card=s.value if s.kind == CARD else "",
            cante=s.value if s.kind == CANTE else "",
            legal=s.legal,
            grade=s.grade,
        )
        for i, s in enumerate(steps)
    )


def _deal_hand(match: Match, number: int, dealer: int, first_hand: bool, steps: list[Step] = ()) -> MatchHand:
    hand = MatchHand.objects.create(
        match=match,
        number=number,
        seed=hand_seed(match.seed, number),
        dealer=dealer,
        first_hand=first_hand,
    )
    table = table_of(match, hand, list(steps))
    table.start()
    _store(hand, 0, table.steps)
    _close_if_over(match, hand, table)
    return hand


def start_match(
    *,
    owner: Owner,
    rules: TableRules = GUIA,
    level: str = "normal",
    mode: str = "aprendiz",
    seed: int | None = None,
    max_hands: int | None = None,
    follows: int | None = None,
) -> Match:
    """A new match for ``owner``, its first hand dealt and the bots played up to the learner's move."""
    seed = _seeds.randrange(SEED_RANGE) if seed is None else seed
    with transaction.atomic():
        match = Match.objects.create(
            **owner.fields,
            rules=rules.to_dict(),
            level=level,
            mode=mode,
            seed=seed,
            first_dealer=first_dealer_of(seed),
            max_hands=max_hands,
            points=[0, 0],
            follows=follows,
        )
        _deal_hand(match, 1, match.first_dealer, True)
    return match


def abandon(*, owner: Owner, token: str) -> tuple[Match, bool]:
    """Leave an unfinished match: it is no longer offered to resume; True when this call left it (False:
    already left, a doubled post, or finished, nothing to leave). A class task's match is the task's
    (PlayRefused)."""
    with transaction.atomic():
        match = _locked_match(owner, token)
        if match.max_hands is not None:
            raise PlayRefused(_("Esta partida es de una tarea de clase: no se puede dejar."))
        if match.abandoned_at is not None or match.finished_at is not None:
            return match, False
        match.abandoned_at = timezone.now()
        match.save(update_fields=["abandoned_at"])
    return match, True


# What «Partidas sin terminar» shows of a match (tutor.play.presenters.resume_rows).
RESUME_FIELDS = (
    "token",
    "source_hand_id",
    "source_record_id",
    "max_hands",
    "level",
    "mode",
    "points",
    "rules",
    "created_at",
)


def _index_rows(**who) -> Compiled:
    """The owner's unfinished matches and their newest match (finished or not), the one moved last first."""
    mine = Match.objects.filter(Owner.by_id(**who).q)
    newest = Subquery(mine.order_by("-pk").values("pk")[:1])
    shown = mine.filter(Q(finished_at__isnull=True, abandoned_at__isnull=True) | Q(pk=newest))
    return rows(
        shown.order_by("-updated_at").values_list("pk", "finished_at", "abandoned_at", *RESUME_FIELDS)
    )


_INDEX_ROWS = Prepared(_index_rows)  # /jugar/ is opened often: built once per process


def index_state(owner: Owner) -> tuple[list[tuple], int]:
    """What /jugar/ shows, in one query: the owner's matches to resume, the one moved last first, as
    tuples of RESUME_FIELDS; and the id of their newest match (0: none, as ``newest_match_id``)."""
    found = _INDEX_ROWS(**owner.ids)
    newest = max((row[0] for row in found), default=0)
    return [row[3:] for row in found if row[1] is None and row[2] is None], newest


def newest_match_id(owner: Owner) -> int:
    """The id of the owner's newest match (0: none): the state «Nueva partida» is pressed at."""
    return only_row(Match.objects.filter(owner.q).order_by("-pk").values_list("pk", flat=True)) or 0


def start_match_pressed(*, owner: Owner, pressed_at: int, **options) -> tuple[Match, bool]:
    """«Nueva partida» pressed on a page drawn when the owner's newest match was ``pressed_at``
    (tutor.lib.pressed): a new match and True, or, when a match was started since (the same press
    again, or twenty at once), that match and False."""
    newest = newest_match_id(owner)
    if pressed_at < 0:  # a press without the page's state: as if pressed now (still one per press)
        pressed_at = newest
    if newest == pressed_at:
        try:
            return start_match(owner=owner, follows=pressed_at, **options), True
        except IntegrityError:  # another press of the same page won the race
            pass
    newest = only_row(Match.objects.filter(owner.q).order_by("-pk"))
    return newest, False


def _locked_match(owner: Owner, token: str) -> Match:
    match = only_row(Match.objects.select_for_update().filter(owner.q, token=token))
    if match is None:
        raise MatchNotFound()
    return match


def current_hand(match: Match) -> MatchHand | None:
    return only_row(MatchHand.objects.filter(match=match).order_by("-number"))


def _close_if_over(match: Match, hand: MatchHand, table: Table) -> None:
    if not table.over:
        return
    hand.score = store_score(table.hand.score())
    hand.save(update_fields=["score"])
    scores = list(MatchHand.objects.filter(match=match, score__isnull=False).order_by("number"))
    state = match_state(match.get_rules(), match.first_dealer, [h.score for h in scores], match.max_hands)
    match.points = list(state.points)
    if match.is_replay:  # a replayed hand is a match of one hand
        match.winner = state.results[-1].score.winner
    elif state.over:
        match.winner = state.winner  # None after a series of hands that ends level
    if match.is_replay or state.over:
        match.finished_at = timezone.now()
    match.save(update_fields=["points", "winner", "finished_at", "updated_at"])
    keep_record(match, hand, table)
    if match.finished_at is not None:
        match_finished.send(sender=Match, match=match)


def keep_record(match: Match, hand: MatchHand, table: Table) -> None:
    """The finished hand written down in the notation, in the owner's «Mis manos» (once per hand)."""
    owner = Owner.of(match)
    name = owner.user.get_username() if owner.user is not None else None
    record = records.from_hand(table.hand, players=(name, None, None, None))
    hands.keep_played_hand(
        owner=owner,
        match_hand_id=hand.pk,
        record=record,
        seat=LEARNER,
        source=Source.TASK if match.max_hands is not None else Source.BOTS,
        played_at=timezone.now(),
        origin_url=reverse("play:review", args=[match.token, hand.number]),
    )


def move(*, owner: Owner, token: str, seq: int, kind: str, value: str = "") -> Outcome:
    """The learner's move at place ``seq`` of the current hand's log, and the bots' replies.

    A ``seq`` already in the log is a move already made (answered done=False, nothing changes).
    Raises MatchNotFound for a match that is not the owner's and PlayRefused for a move the table
    does not take (nothing is recorded). A graded play counts in Mi progreso (``record_play``).

    The bots think outside any transaction, on the log as it was read; the steps are then stored in
    a short transaction on the locked match, which the log's unique places refuse if the log has moved
    meanwhile (then the post is answered from the log as it is now: a move already made, or a stale
    table).
    """
    match = only_row(Match.objects.filter(owner.q, token=token))
    if match is None:
        raise MatchNotFound()
    _refuse_if_left(match)
    hand = current_hand(match)
    steps = steps_of(hand) if hand is not None else []
    if (answered := _answer_placed(hand, steps, seq, kind, value)) is not None:
        return answered
    table = table_of(match, hand, steps)
    if kind == CARD:
        table.play_learner_card(value)
    elif kind == CANTE:
        table.sing(value)
    elif kind == PASS:
        table.let_pass()
    else:
        raise PlayRefused(_("Esa jugada no existe."))
    new = table.steps[seq:]
    try:
        with transaction.atomic():
            match = _locked_match(owner, token)
            _refuse_if_left(match)  # left while the bots thought
            # (hand, seq) is unique and the log append-only: if it has moved since it was read, this
            # insert fails and nothing of this move is written.
            _store(hand, seq, new)
            grade = new[0].grade
            if grade and grade["graded"]:  # R-OBL-*: a non-leading card, graded like a practice answer
                record_play(
                    learner_id=match.learner_id,
                    anon_id=match.anon_id,
                    rule_ids=grade["rule_ids"],
                    correct=grade["legal"],
                )
            _close_if_over(match, hand, table)
    except IntegrityError:
        # Another post moved the log while the bots thought (a twin of this one, or another move); this
        # transaction was rolled back whole, and the post is judged again on the log as it is now.
        match = only_row(Match.objects.filter(owner.q, token=token))
        now = current_hand(match) if match is not None else None
        return _answer_placed(now, steps_of(now) if now is not None else [], seq, kind, value) or _stale()
    return Outcome(True, tuple(new), match, hand, table)


def _refuse_if_left(match: Match) -> None:
    """A match its learner left («Dejar esta partida») takes no move and deals no hand."""
    if match.abandoned_at is not None:
        raise PlayRefused(_("Dejaste esta partida: ya no se juega. Empieza otra desde «Jugar»."))


def _stale() -> NoReturn:
    raise PlayRefused(_("La mesa ha cambiado desde que la viste: mírala de nuevo."))


def _answer_placed(
    hand: MatchHand | None, steps: list[Step], seq: int, kind: str, value: str
) -> Outcome | None:
    """The answer to a move at place ``seq`` that the log ``steps`` of the current hand already
    decides: done=False for a move already made (a replayed or doubled post), PlayRefused for a hand
    that has ended or a table that has changed; None when ``seq`` is the log's next place."""
    if seq < len(steps) and _same_move(steps[seq], kind, value):
        return Outcome(False)  # a replayed or doubled post of a move already made (maybe the hand's last)
    if hand is None or hand.over:
        raise PlayRefused(_("Esta mano ya ha terminado."))
    if seq != len(steps):
        _stale()
    return None


def _same_move(step: Step, kind: str, value: str) -> bool:
    """Is ``step`` (the log's move at some place) the learner's move ``kind``/``value``, posted again
    (a card or a cante in any spelling the table takes)?"""
    if step.seat != 0 or step.kind != kind:
        return False
    try:
        if kind == CARD:
            return BY_CODE[step.value] == parse_card(value)
        if kind == CANTE:
            return step.value == canonical_cante(value)
    except ValueError:
        return False
    return kind == PASS


def next_hand(*, owner: Owner, token: str, number: int) -> Outcome:
    """Deal hand ``number`` of the match (once: a doubled post finds it dealt)."""
    try:
        with transaction.atomic():
            match = _locked_match(owner, token)
            hand = current_hand(match)
            if hand is not None and hand.number >= number:
                return Outcome(False)
            if match.over:
                raise PlayRefused(_("La partida ha terminado: no se reparten más manos."))
            _refuse_if_left(match)
            if hand is None or not hand.over or number != hand.number + 1:
                raise PlayRefused(_("Todavía no se puede repartir otra mano."))
            scores = list(
                MatchHand.objects.filter(match=match).order_by("number").values_list("score", flat=True)
            )
            state = match_state(match.get_rules(), match.first_dealer, scores, match.max_hands)
            _deal_hand(match, number, state.dealer, False)
    except IntegrityError:
        return Outcome(False)
    return Outcome(True)


def replay_from(*, owner: Owner, token: str, number: int, seq: int) -> Match:
    """«Jugar desde aquí»: a new one-hand match whose hand is this one up to the learner's play ``seq``.

    Only from a hand that has ended (as «Revisar la mano» offers it): a hand still being played cannot be
    tried out on a copy first. A doubled post finds the copy it made, while that copy is unplayed."""
    with transaction.atomic():
        source = only_row(Match.objects.select_for_update().filter(owner.q, token=token))
        if source is None:
            raise MatchNotFound()
        hand = only_row(MatchHand.objects.filter(match=source, number=number))
        if hand is None:
            raise PlayRefused(_("Esa mano no existe."))
        if not hand.over:
            raise PlayRefused(
                _(
                    "Esa mano todavía no ha terminado: cuando termine, podrás volver a jugarla desde «Revisar la mano»."
                )
            )
        steps = steps_of(hand)
        if not (0 <= seq < len(steps)) or steps[seq].seat != 0 or steps[seq].kind != CARD:
            raise PlayRefused(_("Desde ahí no se puede volver a jugar: elige una de tus cartas."))
        # The copies from this hand still as long as this one would be (one query; usually none or one),
        # then the one whose log is the source's up to here: the copy a doubled post already made.
        unplayed = Match.objects.filter(owner.q, source_hand=hand, finished_at__isnull=True)
        for earlier in unplayed.annotate(logged=Count("hands__events")).filter(logged=seq):
            if steps_of(current_hand(earlier)) == steps[:seq]:
                return earlier
        match = Match.objects.create(
            **owner.fields,
            rules=source.rules,
            level=source.level,
            mode=source.mode,
            seed=source.seed,
            first_dealer=source.first_dealer,
            source_hand=hand,
            points=[0, 0],
        )
        copy = MatchHand.objects.create(
            match=match,
            number=1,
            seed=hand.seed,
            dealer=hand.dealer,
            first_hand=hand.first_hand,
            deal=hand.deal,
            copied=seq,
        )
        _store(copy, 0, steps[:seq])
    return match


def replay_from_card(*, owner: Owner, hand_id: int, card: int) -> Match:
    """«Jugar desde aquí» from a kept hand's review: from its ``card``-th card (0 is the first, as the hand's
    record lists them), the copy starts before the learner's first card from there on (a partner's or a
    rival's card is a bot's, not the learner's to play again). ``replay_from`` makes the copy."""
    hand = only_row(MatchHand.objects.select_related("match").filter(owner.q_through("match"), pk=hand_id))
    if hand is None:
        raise MatchNotFound()
    steps = steps_of(hand)
    cards = [i for i, s in enumerate(steps) if s.kind == CARD]
    seq = next((i for i in cards[max(card, 0) :] if steps[i].seat == LEARNER), None)
    if seq is None:
        raise PlayRefused(
            _("Desde ahí no se puede volver a jugar: después de esa carta ya no te tocaba jugar.")
        )
    return replay_from(owner=owner, token=hand.match.token, number=hand.number, seq=seq)


# A copy of a kept record is played against bots of this level, in this mode (the record says nothing of
# either: it was played elsewhere).
RECORD_REPLAY_LEVEL = "normal"
RECORD_REPLAY_MODE = "aprendiz"


def replay_from_record(*, owner: Owner, record_id: int, card: int, seat: int) -> Match:
    """«Jugar desde aquí» from a kept hand record (pasted, or played at a table with people): a new one-hand
    match of «Jugar» with exactly that deal, at its table's rules, the owner in the seat ``seat`` they
    played (moved to the learner's seat, 0, with every other seat: engine.record_replay.rotate) and
    everything before that seat's first card from the record's ``card``-th card on already played.

    A record of a hand played here against the bots is played on from its own «Jugar» hand
    (``replay_from_card``). MatchNotFound for a record that is not the owner's; PlayRefused, with the
    reason, for a record that does not know every card or does not reach the hand's end, a seat that is
    not the owner's, or a card with no card of that seat from there on. A doubled post finds the copy it
    made, while that copy is unplayed."""
    from tutor.hands.presenters import why_no_replay  # the reasons as the review page gives them

    row = only_row(HandRecord.objects.filter(owner.q, pk=record_id))
    if row is None:
        raise MatchNotFound()
    if row.match_hand_id is not None:
        if seat != row.seat:
            raise PlayRefused(_("En esta mano no jugabas en ese sitio: se sigue jugando desde el tuyo."))
        return replay_from_card(owner=owner, hand_id=row.match_hand_id, card=card)
    if row.seat is not None and seat != row.seat:
        raise PlayRefused(_("En esta mano no jugabas en ese sitio: se sigue jugando desde el tuyo."))
    try:
        record = records.read(row.text)
    except records.RecordSyntaxError:  # a record that no longer reads (the notation changed since)
        raise PlayRefused(why_no_replay("partial")) from None
    try:
        start = replay_start(record, card, seat)
    except CannotReplay as refused:
        raise PlayRefused(why_no_replay(refused.reason, record)) from None
    d = start.deal
    code = records.deal_code(d.hands, d.dealer, d.trump_card)
    rules = start.hand.rules
    with transaction.atomic():
        row = only_row(HandRecord.objects.select_for_update().filter(owner.q, pk=record_id))
        if row is None:  # gone meanwhile
            raise MatchNotFound()
        seed = _seeds.randrange(SEED_RANGE)
        match = Match(
            **owner.fields,
            rules=rules.to_dict(),
            level=RECORD_REPLAY_LEVEL,
            mode=RECORD_REPLAY_MODE,
            seed=seed,
            first_dealer=d.dealer,
            source_record=row,
            points=[0, 0],
        )
        hand = MatchHand(
            number=1,
            seed=hand_seed(seed, 1),
            dealer=d.dealer,
            first_hand=d.trump_card is None,
            deal=code,
        )
        table = table_of(match, hand, [])
        steps = table.follow(start.events)
        # The copies of this record still as long as this one would be: the one dealt the same and logged
        # the same is the copy a doubled post already made.
        unplayed = Match.objects.filter(owner.q, source_record=row, finished_at__isnull=True)
        made = [(s.seat, s.kind, s.value) for s in steps]
        for earlier in unplayed.annotate(logged=Count("hands__events")).filter(logged=len(steps)):
            first = current_hand(earlier)
            if first.deal == code and [(s.seat, s.kind, s.value) for s in steps_of(first)] == made:
                return earlier
        match.save()
        hand.match = match
        hand.copied = len(steps)
        hand.save()
        _store(hand, 0, steps)
    return match


def rebuild_progress_of(*, learner_id: int | None, anon_id: str) -> None:
    """Recount one owner's graded plays in Mi progreso from the play log."""
    owner = {"learner_id": learner_id} if learner_id else {"learner__isnull": True, "anon_id": anon_id}
    events = (
        Event.objects.filter(
            seat=0, kind=CARD, grade__graded=True, **{f"hand__match__{k}": v for k, v in owner.items()}
        )
        .filter(seq__gte=F("hand__copied"))  # a replay's copied plays were counted where first played
        .order_by("created_at", "id")
        .values_list("grade", "legal", "created_at")
    )
    rebuild_play_stats(
        learner_id=learner_id,
        anon_id=anon_id,
        plays=((grade["rule_ids"], legal, when) for grade, legal, when in events),
    )
