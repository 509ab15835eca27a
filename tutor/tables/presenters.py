"""What a seat (or a teacher watching) may see of a table: never another seat's unplayed cards.

Every context here is built from the seat's point of view: its own hand; the trick; whose turn; the
trump; the cantes; the score. The four hands as dealt are shown only once the hand is over.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.cards import CARDS
from engine.match import FALSE_CALL_POINTS, false_call_points
from engine.messages import from_data, named
from engine.tricks import trick_winner
from tutor.lib.cards import the_card
from tutor.lib.tables import table_label
from tutor.play import bots
from tutor.play.table import CANTE, cante_option, cante_value
from tutor.tables import services
from tutor.tables.game import CALL, Game
from tutor.tables.models import FalseCall, RenuncioRule, Seat, Table, TableHand


def seat_name(seats: dict[int, Seat], n: int) -> str:
    """Who sits at seat ``n`` beside its number («Sitio 2: bot»): the person's name, or «bot»."""
    if n in seats:
        return seats[n].user.get_username()
    return _("bot")


def seat_label(seats: dict[int, Seat], n: int) -> str:
    """Who sits at seat ``n`` named on their own (a hand's heading): the person, or the seat's bot."""
    if n in seats:
        return seats[n].user.get_username()
    return _("bot del sitio %(n)d") % {"n": n + 1}


def seat_subject(seats: dict[int, Seat], n: int) -> str:
    """Seat ``n`` opening a sentence: the person's name as written, or «El bot del sitio N»."""
    if n in seats:
        return seats[n].user.get_username()
    return _("El bot del sitio %(n)d") % {"n": n + 1}


def waiting_text(seats: dict[int, Seat], n: int) -> str:
    """«Esperando a beto.» or «Esperando al bot del sitio N.»"""
    if n in seats:
        return _("Esperando a %(name)s.") % {"name": seats[n].user.get_username()}
    return _("Esperando al bot del sitio %(n)d.") % {"n": n + 1}


def seats_view(table: Table, seats: dict[int, Seat], viewer: int | None, game: Game | None) -> list[dict]:
    waiting = set(game.waiting_for()) if game else set()
    out = []
    for n in range(4):
        seat = seats.get(n)
        out.append(
            {
                "number": n,
                "label": n + 1,
                "name": seat_name(seats, n),
                "person": seat is not None,
                "away": seat is not None and services.away(seat),
                "mine": viewer == n,
                "pair": "AB"[n & 1],
                "partner": viewer is not None and n == (viewer + 2) & 3,
                "rival": viewer is not None and (n - viewer) % 2 == 1,
                "waiting": n in waiting,
                "count": None if game is None else len(game.hand.hand_of(n)),
            }
        )
    return out


def _trick(game: Game) -> dict:
    h = game.hand
    if h.trick:
        return {
            "cards": [CARDS[c].code for c in h.trick],
            "leader": h.leader,
            "winner": trick_winner(h.trick, h.trump),
            "label": _("Baza %(n)s en la mesa") % {"n": h.trick_no},
        }
    if h.tricks:
        leader = h.leaders[-1]
        return {
            "cards": [CARDS[c].code for c in h.tricks[-1]],
            "leader": leader,
            "winner": (h.winners[-1] - leader) & 3,
            "label": _("Baza %(n)s, recogida") % {"n": len(h.tricks)},
        }
    return {"cards": [], "leader": h.leader, "winner": None, "label": _("Primera baza")}


def _false_call_cost(table: Table, caller: int) -> str:
    """What a false call by ``caller`` costs at this table, as a sentence ("" when it costs no points)."""
    if table.false_call != FalseCall.POINT:
        return ""
    return ngettext(
        "La pareja %(pair)s se apunta %(n)s punto de la partida al terminar la mano.",
        "La pareja %(pair)s se apunta %(n)s puntos de la partida al terminar la mano.",
        FALSE_CALL_POINTS,
    ) % {"pair": "AB"[1 - caller % 2], "n": FALSE_CALL_POINTS}


def _events(table: Table, game: Game, seats: dict[int, Seat]) -> tuple[list[str], list[str]]:
    """The cantes sung and the renuncios called, as sentences."""
    sung, calls = [], []
    for step in game.steps:
        if step.kind == CANTE:
            sung.append(
                _("%(who)s canta %(what)s.")
                % {
                    "who": seat_subject(seats, step.seat),
                    "what": cante_option(game.hand.trump, step.value).label.inside(),
                }
            )
        elif step.kind == CALL:
            # The referee numbers the players («el jugador 2 (pareja B)»); here the people are named as the
            # call names them (a bot keeps its number).
            people = {n + 1: seats[n].user.get_username() for n in seats}
            verdict = str(named(from_data(step.grade["message"]), people)) if step.grade else ""
            against = int(step.value)
            facts = {"who": seat_subject(seats, step.seat), "verdict": verdict}
            if against in seats:
                line = _("%(who)s canta «¡Renuncio!» a %(whom)s. El árbitro: %(verdict)s") % {
                    **facts,
                    "whom": seats[against].user.get_username(),
                }
            else:
                line = _("%(who)s canta «¡Renuncio!» al bot del sitio %(n)d. El árbitro: %(verdict)s") % {
                    **facts,
                    "n": against + 1,
                }
            calls.append(line)
            if (
                step.grade
                and step.grade["verdict"] == "false"
                and (cost := _false_call_cost(table, step.seat))
            ):
                calls[-1] += " " + cost
    return sung, calls


def false_call_lines(table: Table, game: Game) -> list[str]:
    """What the hand's false «¡Renuncio!» gave the callers' rivals (the engine's ``false_call_points``, at
    a table where a false call costs points), one sentence per pair that won points by them."""
    if table.false_call != FalseCall.POINT:
        return []
    pairs = tuple(
        s.seat % 2 for s in game.steps if s.kind == CALL and s.grade and s.grade["verdict"] == "false"
    )
    return [services.false_call_sentence(pair, n) for pair, n in enumerate(false_call_points(pairs)) if n]


def score_why(score: dict) -> str:
    """Why the hand's winner won when the totals do not say it (a renuncio, a tute, the last baza at a
    tie): the engine's explanation stored with the score."""
    why = score.get("explanation")
    return str(from_data(why)) if why and score.get("reason") != "tantos" else ""


def notice_text(notice: dict) -> str:
    """A person's coming or going as the seats are told it (``services.tell``), in words that do not
    guess the person's gender: the app knows a name, not whether it is a girl's or a boy's."""
    # An erased account's name has left the notice (tutor/tables/personal_data.py).
    who = {"name": notice["name"] or _("Alguien"), "n": notice["seat"] + 1}
    kind = notice["kind"]
    if kind == services.AWAY:
        return (
            _(
                "%(name)s (sitio %(n)s) se ha ido o ha perdido la conexión: "
                "un bot juega en su sitio hasta que vuelva."
            )
            % who
        )
    if kind == services.BACK:
        return _("%(name)s (sitio %(n)s) ha vuelto y juega de nuevo en su sitio.") % who
    if kind == services.LEFT:
        return _("%(name)s se ha levantado del sitio %(n)s: juega un bot mientras siga libre.") % who
    return _("%(name)s se ha sentado en el sitio %(n)s.") % who


def away_time(seconds: int) -> str:
    """How long a person may be away before a bot plays for them (``services.AWAY_SECONDS``, or
    ``PLAIN_AWAY_SECONDS`` for a page that does not update itself), in words."""
    if seconds % 60 == 0:
        return ngettext("%(n)s minuto", "%(n)s minutos", seconds // 60) % {"n": seconds // 60}
    return ngettext("%(n)s segundo", "%(n)s segundos", seconds) % {"n": seconds}


NOTICES_SHOWN = 3


def _cante_name(trump, value: str) -> str:
    """The cante as the engine names it («las cuarenta en oros», «tute de reyes»)."""
    return str(cante_option(trump, value).label)


def table_context(
    seen: services.Snapshot,
    viewer_user,
    *,
    hint: bool = False,
    refusal: str = "",
    notice: str = "",
    since: int | None = None,
) -> dict:
    """What ``viewer_user`` sees of the table ``seen`` read (every query and the rebuild done once, there).
    ``since``: the version the viewer's page showed (a poll's), so that the comings and goings since
    then are said in the page's live line; by default, those of the table's last change."""
    table, seats, hand, game = seen.table, seen.seats, seen.hand, seen.game
    notices = table.notices or []
    since = table.version - 1 if since is None else since
    mine = seen.mine(viewer_user)
    viewer = None if mine is None else mine.number
    context = {
        "table": table,
        "seat": mine,
        "viewer": viewer,
        "spectator": mine is None,
        "hand": hand,
        "refusal": refusal,
        "notice": notice,
        "version": table.version,
        "real_renuncio": table.renuncio == RenuncioRule.REAL,
        # Which rules the referee applies here: whoever sits down by a code has to know.
        "rules_label": table_label(table.rules),
        "renuncio_label": table.get_renuncio_display(),
        # The match once it is over: who won, by how much and why (a renuncio), as the engine says it.
        "match_summary": str(services.match_of(table).summary())
        if table.closed_reason == "partida" and table.winner in (0, 1)
        else "",
        "false_call": table.get_false_call_display(),
        "points": table.points or [0, 0],
        "phrases": [
            {"who": seat_name(seats, p.seat), "text": services.PHRASES.get(p.key, "")} for p in seen.phrases
        ],
        "phrase_choices": list(services.PHRASES.items()),
        "presence": [notice_text(n) for n in notices[-NOTICES_SHOWN:]],
        "presence_new": [notice_text(n) for n in notices if n["version"] > since],
        "free_seats": [n for n in range(4) if n not in seats],
        "seats": seats_view(table, seats, viewer, game),
        # A spectator has no seat to see the trick from: each card goes by its seat and name instead.
        "trick_names": None
        if viewer is not None
        else {n: _("Sitio %(n)d: %(name)s") % {"n": n + 1, "name": seat_name(seats, n)} for n in range(4)},
    }
    if game is None:
        return context
    h = game.hand
    sung, calls = _events(table, game, seats)
    waiting = game.waiting_for()
    context.update(
        {
            "game": True,
            "over": game.over,
            "seq": len(game.steps),
            "trump": h.trump,
            "trump_suit": h.trump.label,  # the game's own word in either language, as every other page says it
            "trump_card": None if h.trump_card is None else CARDS[h.trump_card].code,
            "trump_name": the_card(h.trump_card) if h.trump_card is not None else "",
            "trick": _trick(game),
            "tricks_won": list(h.won),
            "sung": sung,
            "calls": calls,
            "turn_text": waiting_text(seats, waiting[0]) if waiting else "",
            "my_turn": viewer is not None and viewer in waiting and h.turn == viewer and not game.deciding(),
            "my_cards": [] if viewer is None else [c.code for c in h.hand_of(viewer)],
            "my_cantes": []
            if viewer is None
            else [
                {"value": v, "label": _cante_name(h.trump, v)}
                for v in dict.fromkeys(cante_value(o) for o in game.cantes_of(viewer))
            ],
            "rivals": [] if viewer is None else [s for s in context["seats"] if s["rival"]],
        }
    )
    aprendiz = mine is not None and mine.mode == "aprendiz"
    if hint and aprendiz and context["my_turn"]:
        context["hint"] = bots.suggest(h, viewer)
    context["aprendiz"] = aprendiz
    if game.over:
        context["score"] = hand.score
        # Won by a renuncio, a tute or the last baza at a tie: the engine's why, since the totals don't say it.
        context["score_why"] = score_why(hand.score)
        context["false_call_lines"] = false_call_lines(table, game)
        context["dealt"] = [
            {"name": seat_label(seats, n), "cards": [CARDS[c].code for c in range(40) if h.start[n] >> c & 1]}
            for n in range(4)
        ]
        context["next_number"] = hand.number + 1
    return context


def finished_hands(table: Table) -> list[TableHand]:
    return list(TableHand.objects.filter(table=table, score__isnull=False).order_by("number"))
