"""No input gives a 5xx (hypothesis): generated values posted to every endpoint, as every persona.

Every URL name of the URLconf must be listed in ENDPOINTS with the fields it reads (a new endpoint that
is not listed fails `test_every_url_of_the_site_is_fuzzed`). For each, hypothesis draws a persona,
the path's ids (theirs, someone else's, none at all) and values for a random subset of the fields
(empty, huge, unicode digits and letters, NUL, JSON, lists, other users' ids) on top of a valid
baseline, then asserts: no 5xx; a refused request says so in Spanish on the page; and a refused
request writes or changes no row.

The normal suite runs TUTOR_FUZZ_EXAMPLES (default 4) examples per endpoint, the same ones on every run
(derandomized); a long run, with new examples each time, is
`TUTOR_FUZZ_EXAMPLES=300 pytest tests/tutor/test_no_input_breaks_a_page.py`.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rules import PRESETS
from engine.scenarios import FIXED
from lessons.course import load_course
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.progress.factories import retry_item
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership, Position, SetItem
from tutor.hands import services as hands_services
from tutor.hands.models import HandRecord
from tutor.live import services as live_services
from tutor.live.models import Round, RoundQuestion
from tutor.play import services as play_services
from tutor.play.models import Match, MatchHand
from tutor.play.table import LEARNER
from tutor.practice.identity import Owner
from tutor.practice.models import Issued, Mode
from tutor.practice.services import issue
from tutor.progress.models import PracticeSession
from tutor.tables import services as tables_services
from tutor.tables.leagues import create_league

EXAMPLES = int(os.environ.get("TUTOR_FUZZ_EXAMPLES", "4"))
# The normal suite draws the same examples on every run (a CI failure can be rerun as it was); the
# long run (TUTOR_FUZZ_EXAMPLES set) draws new ones each time, and TUTOR_FUZZ_RANDOM=1 does so here too.
DERANDOMIZE = "TUTOR_FUZZ_EXAMPLES" not in os.environ and os.environ.get("TUTOR_FUZZ_RANDOM") != "1"
PERSONAS = (None, "alice", "bob", "charlie", "teresa", "tomas")
# Rows that a refused request may still touch: the visitor's session (messages, the anonymous id).
# (Permissions and content types are fixed at migrate time: not worth reading on every example.)
UNTRACKED = {"accounts.session", "auth.permission", "contenttypes.contenttype"}
ERROR_MARKERS = ("alert-danger", "invalid-feedback", "errorlist", "data-answer-error")
ENGLISH = re.compile(
    r"This field|Enter a valid|Ensure this|Select a valid|Bad Request|Forbidden|Not Found|is required|Traceback"
)


@dataclass(frozen=True)
class Endpoint:
    method: str  # "GET": the fields go in the query string
    fields: tuple[str, ...] = ()
    kwargs: dict[str, str] = field(default_factory=dict)  # path argument -> kind of id it takes
    files: tuple[str, ...] = ()


def _post(*fields, files=(), **kwargs) -> Endpoint:
    return Endpoint("POST", fields, kwargs, files)


def _get(*fields, **kwargs) -> Endpoint:
    return Endpoint("GET", fields, kwargs)


PASSWORDS = ("new_password1", "new_password2")
SET_FIELDS = (
    "title",
    "instructions",
    "kind",
    "goal_skill",
    "goal_level",
    "opens_at",
    "due_at",
    "whole_class",
    "chosen",
    "publicar",
    "item-TOTAL_FORMS",
    "item-INITIAL_FORMS",
    *(f"item-0-{f}" for f in ("kind", "family", "rule_id", "count", "difficulty", "position", "bot_level")),
)
POSITION_FIELDS = ("title", "rules", "trump", "trick", "hand", "vista_previa")
STEP = {"unit_slug": "unit", "step_slug": "step"}

ENDPOINTS: dict[str, Endpoint] = {
    "core:home": _get(),
    "core:baraja": _get("palo"),
    "core:healthz": _get(),
    "accounts:signup": _post("username", "email", "role", "password1", "password2", "next"),
    "accounts:login": _post("username", "password", "next"),
    "accounts:logout": _post(),
    "accounts:language": _post("language", "next"),
    "accounts:display": _post("letra", "confirmar", "next"),
    "accounts:password_change": _post("old_password", *PASSWORDS),
    "accounts:password_reset": _post("email"),
    "accounts:password_reset_done": _get(),
    "accounts:password_reset_complete": _get(),
    "accounts:password_reset_confirm": _post(*PASSWORDS, uidb64="text", token="text"),
    "admin:login": _post("username", "password", "next"),
    "lessons:index": _get(),
    "lessons:step": _get("carta", **STEP),
    "lessons:try": _post("carta", **STEP),
    "lessons:start": _post(**STEP),
    "lessons:glossary": _get(),
    "practice:index": _get(),
    "practice:new": _post("kind", "family", "rule_id", "difficulty", "rules"),
    "practice:fixed": _post(fixed_id="fixed"),
    "practice:scenario": _get(token="token"),
    "practice:answer": _post("answer", token="token"),
    "practice:next": _post(token="token"),
    "progress:index": _get(),
    "progress:review": _post(),
    "progress:mixed": _post(),
    "progress:session_next": _get(session_id="session"),
    "progress:session_summary": _get(session_id="session"),
    "progress:retries": _get(),
    "progress:retry": _post("card", "n", "visto", item_id="retry"),
    "progress:retry_remove": _post("note", item_id="retry"),
    "classroom:index": _get("archivadas"),
    "classroom:create": _post("name", "rules"),
    "classroom:join": _post("code"),
    "classroom:detail": _get(pk="classroom"),
    "classroom:code": _post("action", pk="classroom"),
    "classroom:archive": _post("archivada", pk="classroom"),
    "classroom:add_teacher": _post("username", pk="classroom"),
    "classroom:new_students": _post("names", pk="classroom"),
    "classroom:logins": _get(pk="classroom"),
    "classroom:student_name": _post("real_name", pk="classroom", membership_pk="membership"),
    "classroom:remove_student": _post(pk="classroom", membership_pk="membership"),
    "classroom:student_password": _post(pk="classroom", membership_pk="membership"),
    "classroom:leave": _post(pk="classroom"),
    "classroom:end_account": _post("confirm", pk="classroom", membership_pk="membership"),
    "classroom:erase_class": _post("confirm", pk="classroom"),
    "classroom:heatmap": _get(pk="classroom"),
    "classroom:student_skill": _get("pagina", pk="classroom", membership_pk="membership", rule_id="text"),
    "classroom:set_create": _post(*SET_FIELDS, pk="classroom"),
    "classroom:set_detail": _get(pk="set"),
    "classroom:set_publish": _post(pk="set"),
    "classroom:set_results_csv": _get(pk="set"),
    "classroom:set_attempts_csv": _get(pk="set"),
    "classroom:positions": _get(),
    "classroom:position_create": _post(*POSITION_FIELDS),
    "classroom:position_import": _post(files=("file",)),
    "classroom:position_edit": _post(*POSITION_FIELDS, pk="position"),
    "classroom:position_export": _get(pk="position"),
    "classroom:position_delete": _post(pk="position"),
    "classroom:tasks": _get(),
    "classroom:task": _get("n", pk="set"),
    "classroom:task_play": _post(pk="set", item_pk="item"),
    "hands:index": _get("origen", "mesa", "pagina"),
    "hands:paste": _post("text", "title", files=("file",)),
    "hands:enter": _post(
        "action", "rules", "dealer", "trump", "first_leader", "card", "seat", "cante", "paso", "title"
    ),
    "hands:detail": _get(pk="record"),
    "hands:download": _get(pk="record"),
    "hands:share": _post("names", "dejar", pk="record"),
    "hands:shared": _get(token="share"),
    "hands:review": _get("estado", pk="record"),
    "hands:shared_review": _get("estado", token="share"),
    "classroom:set_hand_review": _get("estado", pk="set", hand_pk="matchhand"),
    "hands:shared_download": _get(token="share"),
    "classroom:set_hand": _get(pk="set", hand_pk="matchhand"),
    "classroom:duplicate_export": _get(pk="set", item_pk="item", number="hand"),
    "classroom:duplicate_deal": _get(pk="set", item_pk="item", number="hand"),
    "play:index": _get("mesa"),
    "paper:index": _get("mesa"),
    "paper:rules": _get("mesa"),
    "paper:score": _get("mesa"),
    "paper:worksheet": _get("familias", "niveles", "mesa", "preguntas", "copias", "semilla"),
    "play:new": _post("rules", "level", "mode"),
    "play:match": _get("pista", token="match"),
    "play:move": _post("seq", "card", "cante", "pasar", token="match"),
    "play:next_hand": _post("number", token="match"),
    "play:abandon": _post(token="match"),
    "play:review": _get(token="match", number="hand"),
    "play:replay": _post(token="match", number="hand", seq="seq"),
    "play:replay_card": _post(hand="matchhand", card="seq"),
    "play:replay_record": _post(record="record", card="seq", seat="seq"),
    "live:start": _post("source", "practice_set", "family", "count", "allow_guests", pk="classroom"),
    "live:join": _post("code"),
    "live:phone": _get(code="round"),
    "live:phone_state": _get("v", code="round"),
    "live:phone_seat": _get(code="round", token="token"),  # a signed address: anything else is a 404
    "live:phone_events": _get(code="round"),
    "live:phone_join": _post("nickname", code="round"),
    "live:phone_answer": _post("answer", code="round", number="question"),
    "live:projector": _get(code="round"),
    "live:projector_state": _get("v", code="round"),
    "live:projector_events": _get(code="round"),
    "live:control": _post(code="round", action="action"),
    "live:review": _get(code="round"),
    "live:review_csv": _get(code="round"),
    "privacy:policy": _get(),
    "privacy:my_data": _get(),
    "privacy:request_export": _post(),
    "privacy:download": _get(export_id="set"),
    "privacy:delete_account": _post("password"),
    "tables:index": _get(),
    "tables:new": _post("rules", "level", "mode", "renuncio", "false_call", "seat", "classroom"),
    "tables:join_code": _post("code"),
    "tables:table": _get("pista", token="table"),
    "tables:state": _get("v", token="table"),
    "tables:events": _get(token="table"),
    "tables:sit": _post("seat", "mode", token="table"),
    "tables:seat_member": _post("seat", "membership", token="table"),
    "tables:leave": _post(token="table"),
    "tables:start": _post(token="table"),
    "tables:move": _post("seq", "card", "cante", "pasar", "contra", token="table"),
    "tables:next_hand": _post("number", token="table"),
    "tables:say": _post("frase", token="table"),
    "tables:end": _post(token="table"),
    "tables:hand": _get(token="table", number="hand"),
    "tables:leagues": _get(),
    "tables:league_new": _post("name", "rules", "pairs", "home_and_away"),
    "tables:league": _get(pk="league"),
    "tables:league_print": _get(pk="league"),
    "tables:league_result": _post("home", "away", pk="league", fixture_pk="fixture"),
    "tables:league_new_class": _post(
        "name", "rules", "home_and_away", "pair_1_a", "pair_1_b", "pair_2_a", classroom_pk="classroom"
    ),
    "tables:league_records": _post("text", pk="league", fixture_pk="fixture"),
    "tables:league_play": _post(pk="league", fixture_pk="fixture"),
}
# Django's own admin pages beyond its login are for staff, and Django's to guard.
SKIPPED_NAMESPACES = ("admin",)


def _url_names(patterns, namespace: str = "") -> set[str]:
    names = set()
    for p in patterns:
        if isinstance(p, URLResolver):
            inner = f"{namespace}:{p.namespace}" if namespace and p.namespace else p.namespace or namespace
            names |= _url_names(p.url_patterns, inner or "")
        elif isinstance(p, URLPattern) and p.name:
            names.add(f"{namespace}:{p.name}" if namespace else p.name)
    return names


def test_every_url_of_the_site_is_fuzzed():
    names = {n for n in _url_names(get_resolver().url_patterns) if n.split(":")[0] not in SKIPPED_NAMESPACES}
    names.add("admin:login")
    missing = sorted(names - set(ENDPOINTS))
    assert not missing, f"add these URL names to ENDPOINTS with the fields they read: {missing}"
    assert not sorted(set(ENDPOINTS) - names), "ENDPOINTS lists URL names that no longer exist"


# --- the world every example runs in ---------------------------------------------------------


def _make_set(classroom, teacher, families, play=0):
    now = timezone.now()
    items = [{"kind": "family", "family": f, "count": 1, "difficulty": 1} for f in families]
    if play:  # a «jugar N manos» item (classroom:task_play)
        items.append(
            {"kind": "play", "family": "", "count": play, "difficulty": 1, "bot_level": "principiante"}
        )
    return classroom_services.save_set(
        classroom=classroom,
        teacher=teacher,
        fields={
            "title": "Tarea",
            "instructions": "",
            "kind": "items",
            "goal_skill": "",
            "goal_level": None,
            "opens_at": now - timezone.timedelta(hours=1),
            "due_at": now + timezone.timedelta(days=2),
            "whole_class": True,
        },
        items=items,
        students=[],
        publish=True,
    )


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Autouse: in place before the personas are made with their password.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world(alice, bob, charlie, teresa, tomas):
    users = {u.username: u for u in (alice, bob, charlie, teresa, tomas)}
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    theirs = classroom_services.create_classroom(teacher=tomas, name="Martes", rules="estricta")
    memberships = [
        Membership.objects.create(classroom=ours, student=alice, real_name="Alicia"),
        Membership.objects.create(classroom=ours, student=bob, real_name="Roberto"),
        Membership.objects.create(classroom=theirs, student=charlie, real_name="Carlos"),
    ]
    data = {"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "guia"}
    positions = [Position.objects.create(owner=t, title="Montar", data=data) for t in (teresa, tomas)]
    sets = [
        _make_set(ours, teresa, ["jugada", "obligacion"], play=1),
        _make_set(theirs, tomas, ["cante"], play=2),
    ]
    for student, practice_set in ((alice, sets[0]), (charlie, sets[1])):
        c = Client()
        c.force_login(student)
        c.get(reverse("classroom:task", args=[practice_set.pk]))
    for student in (alice, bob):
        issue(owner=Owner(student, ""), mode=Mode.FAMILY, family="validas", seed=7)
        c = Client()
        c.force_login(student)
        c.post(reverse("progress:mixed"))
    # Matches: alice's with its first hand played out (review, replay, next hand), bob's just dealt.
    matches = [
        play_services.start_match(owner=Owner(u, ""), level="principiante", seed=7) for u in (alice, bob)
    ]
    _play_out(matches[0])
    kept = HandRecord.objects.get(learner=alice)
    hands_services.share(kept, names=False)
    # A pasted hand that knows every card: «Jugar desde aquí» from it is a copy dealt from the record.
    hands_services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD)
    retry = retry_item(kept, seat=kept.seat)
    # Live rounds: teresa's class only (alice joined), tomas's with guests (charlie joined).
    rounds = []
    for classroom, teacher, student, guests in ((ours, teresa, alice, False), (theirs, tomas, charlie, True)):
        live = live_services.start_round(
            classroom=classroom, teacher=teacher, source=Round.Source.FIXED, count=3, allow_guests=guests
        )
        live_services.join(live=live, owner=Owner(student, ""))
        rounds.append(live.code)
    # Tables with people: a class table alice and bob play (teresa watches), charlie's not started.
    class_table = tables_services.create_table(
        user=alice, rules=PRESETS["guia"], level="principiante", classroom=ours
    )
    tables_services.sit(user=bob, token=class_table.token, number=1)
    tables_services.start(user=alice, token=class_table.token)
    own_table = tables_services.create_table(user=charlie, rules=PRESETS["guia"])
    league = create_league(
        organiser=teresa, name="Liga", rules="guia", pair_names=["A", "B", "C"], home_and_away=False
    )
    steps = load_course().steps
    step = next(s for s in steps if s.example is not None and s.checkpoints)
    return {
        "users": users,
        "classroom": [ours.pk, theirs.pk],
        "membership": [m.pk for m in memberships],
        "position": [p.pk for p in positions],
        "set": [s.pk for s in sets],
        "session": list(PracticeSession.objects.values_list("pk", flat=True)),
        "token": list(Issued.objects.values_list("token", flat=True)),
        "fixed": sorted(FIXED)[:2],
        "item": list(SetItem.objects.values_list("pk", flat=True)),
        "match": [m.token for m in matches],
        "record": list(HandRecord.objects.values_list("pk", flat=True)),
        "share": [kept.share_token],
        "retry": [retry.pk],
        "matchhand": list(MatchHand.objects.values_list("pk", flat=True)),
        "round": rounds,
        "table": [class_table.token, own_table.token],
        "league": [league.pk],
        "fixture": list(league.fixtures.values_list("pk", flat=True)),
        "step": (step.unit_slug, step.slug),
        "ids": [str(pk) for pk in (*[u.pk for u in users.values()], *[m.pk for m in memberships])],
    }


def _play_out(match) -> None:
    """Play the match's current hand to its end: the learner's first legal card, or «No cantar»."""
    owner = Owner(match.learner, "")
    for _ in range(60):
        hand = play_services.current_hand(match)
        table = play_services.table_of(match, hand)
        if table.over:
            return
        card = table.hand.legal()[0].code if table.hand.turn == LEARNER else ""
        kind = "card" if card else "pass"
        play_services.move(owner=owner, token=match.token, seq=len(table.steps), kind=kind, value=card)
    raise AssertionError("the hand did not end")


# --- generated values --------------------------------------------------------------------------

ODD = st.sampled_from(
    [
        "፩c",
        "፩ de copas",
        "²",
        "٣",
        "１２ｃ",
        "\x00",
        "a\x00b",
        "x" * 5000,
        "9" * 5000,
        "-1",
        "0",
        "1e309",
        "NaN",
        "null",
        "true",
        "[]",
        "{}",
        '{"trump": "o", "hand": ["1c"]}',
        "[[[[[[[[[[]]]]]]]]]]",
        "12c",
        "rey de copas",
        "libre",
        "cuarenta",
        '=HYPERLINK("x")',
        "<script>alert(1)</script>",
        "../../etc/passwd",
        "2026-13-45T99:99",
        " ",
    ]
)
TEXT = st.text(
    alphabet=st.characters(categories=["Nd", "No", "Lu", "Ll", "Lo", "Zs", "P", "S", "Cc"]), max_size=24
)
NUMBER = st.integers(min_value=-(2**70), max_value=2**70).map(str)
SCALAR = st.one_of(ODD, TEXT, NUMBER)


def _values(world):
    ids = st.sampled_from(world["ids"])
    one = st.one_of(SCALAR, ids)
    return st.one_of(one, st.lists(one, max_size=4))


FILE_BODIES = st.one_of(
    st.binary(max_size=300),
    st.sampled_from(
        [
            b"[" * 30_000 + b"]" * 30_000,
            b'{"trump": "o", "hand": ["1c"], "title": ' + b"9" * 50_000 + b"}",
            b'{"trump": "o", "hand": ["\\u1369c"]}',
            b'[{"trump": "o", "hand": ["1c"], "title": "\\u0000"}]',
            b'{"trump": "o", "hand": ["1c"], "rules": {"partida": [1]}}',
            b"",
        ]
    ),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=6),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=8,
    ).map(lambda v: json.dumps(v).encode()),
)


def _path_value(world, kind: str):
    nonsense = st.sampled_from([0, 999_999, 2**63, 10**30])
    if kind in (
        "classroom",
        "membership",
        "position",
        "set",
        "session",
        "item",
        "record",
        "matchhand",
        "league",
        "fixture",
        "retry",
    ):
        return st.one_of(st.sampled_from(world[kind] or [1]), nonsense)
    if kind in ("hand", "seq", "question"):  # a hand's number, a place in its log, a round's question
        return st.one_of(st.integers(min_value=0, max_value=40), nonsense)
    if kind in ("token", "match", "share", "table"):
        return st.one_of(st.sampled_from(world[kind]), TEXT.filter(lambda t: t and "/" not in t))
    if kind == "round":
        codes = st.sampled_from(world["round"])
        return st.one_of(codes, codes.map(str.lower), TEXT.filter(lambda t: t and "/" not in t))
    if kind == "action":
        return st.one_of(
            st.sampled_from(["mostrar", "siguiente", "terminar"]), TEXT.filter(lambda t: t and "/" not in t)
        )
    if kind == "fixed":
        return st.one_of(st.sampled_from(world["fixed"]), st.from_regex(r"[-a-z0-9_]{1,60}", fullmatch=True))
    if kind == "unit":
        return st.one_of(st.just(world["step"][0]), st.from_regex(r"[-a-z0-9_]{1,60}", fullmatch=True))
    if kind == "step":
        return st.one_of(st.just(world["step"][1]), st.from_regex(r"[-a-z0-9_]{1,60}", fullmatch=True))
    return TEXT.filter(lambda t: t and "/" not in t)


def _baseline(name: str, world) -> dict:
    """A valid request for the forms worth going deep into: generated values replace some fields."""
    now = timezone.localtime()
    if name == "classroom:set_create":
        return {
            "title": "Tarea",
            "kind": "items",
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "due_at": (now + timezone.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"),
            "whole_class": "on",
            "item-TOTAL_FORMS": "1",
            "item-INITIAL_FORMS": "0",
            "item-0-kind": "family",
            "item-0-family": "jugada",
            "item-0-count": "2",
            "item-0-difficulty": "1",
        }
    if name in ("classroom:position_create", "classroom:position_edit"):
        return {"title": "P", "rules": "guia", "trump": "o", "trick": "10c", "hand": ["12c", "4c"]}
    if name in ("accounts:signup",):
        return {
            "username": "nueva",
            "role": "learner",
            "password1": "baraja-9-oros",
            "password2": "baraja-9-oros",
        }
    if name == "practice:new":
        return {"kind": "family", "family": "jugada", "difficulty": "1", "rules": "guia"}
    if name in ("hands:paste", "tables:league_records"):
        return {"text": COMPLETE_RECORD}
    if name == "tables:league_new_class":
        return {"name": "Liga", "rules": "guia"}
    if name == "hands:enter":
        return {"action": "empezar", "rules": "guia", "dealer": "0", "trump": "10c"}
    if name == "play:new":
        return {"rules": "guia", "level": "principiante", "mode": "aprendiz"}
    if name == "accounts:display":
        return {"letra": "si", "confirmar": "no"}
    if name == "paper:worksheet":
        return {
            "familias": "jugada",
            "niveles": "1",
            "mesa": "guia",
            "preguntas": "2",
            "copias": "1",
            "semilla": "3",
        }
    if name == "play:move":
        return _next_move(world["match"][1])
    if name == "play:next_hand":
        return {"number": "2"}
    if name == "live:start":
        return {"source": "tarea", "practice_set": str(world["set"][0]), "family": "jugada", "count": "2"}
    if name == "live:join":
        return {"code": world["round"][0].lower()}
    if name == "live:phone_join":
        return {"nickname": "Zorro"}
    if name == "live:phone_answer":
        question = RoundQuestion.objects.filter(round__code=world["round"][0], number=1).first()
        options = question.get_scenario().options if question else ()
        return {"answer": options[0].value} if options else {}
    return {}


def _next_move(token: str) -> dict:
    """A legal move in bob's match as it stands (it moves on as the examples play)."""
    match = Match.objects.get(token=token)
    hand = play_services.current_hand(match)
    table = play_services.table_of(match, hand)
    if table.over:
        return {"seq": str(len(table.steps)), "card": "1o"}
    if table.hand.turn != LEARNER:
        return {"seq": str(len(table.steps)), "pasar": "1"}
    return {"seq": str(len(table.steps)), "card": table.hand.legal()[0].code}


def _url(name: str, path: dict) -> str:
    """The address with those path values, even ones its converter would never reverse (an id of
    30 digits, a token with a NUL): reversed with stand-ins, then the stand-ins replaced."""
    stand_ins = {
        k: (987_654_321_000 + n if isinstance(v, int) else f"standin{n}x")
        for n, (k, v) in enumerate(path.items())
    }
    url = reverse(name, kwargs=stand_ins)
    for k, v in path.items():
        real = quote(str(v), safe="")
        url = url.replace(f"/{stand_ins[k]}/", f"/{real}/").replace(f"/{stand_ins[k]}.", f"/{real}.")
    return url


def _rows(model):
    if model._meta.label_lower == "lessons.stepprogress":
        # Opening a step records where the learner stopped, even on the page that shows a refusal.
        return model._default_manager.filter(done_at__isnull=False).values_list(
            "learner", "anon_id", "step_key"
        )
    return model._default_manager.values_list()


def _snapshot() -> dict:
    return {
        model._meta.label_lower: sorted(map(repr, _rows(model)))
        for model in apps.get_models()
        if model._meta.label_lower not in UNTRACKED
    }


def _refused(response) -> bool:
    if response.status_code >= 400:
        return True
    if response.get("Content-Type", "").startswith("text/html"):
        body = response.content.decode()
        if any(marker in body for marker in ERROR_MARKERS):
            return True
    chain = getattr(response, "redirect_chain", [])
    return bool(chain) and chain[-1][0].startswith(reverse("accounts:login") + "?")


def _check(response, before: dict) -> None:
    assert response.status_code < 500
    if not _refused(response):
        return
    if response.get("Content-Type", "").startswith("text/html"):
        body = response.content.decode()
        assert "<html" not in body or 'lang="es"' in body  # a whole page, or an htmx part of one
        assert not ENGLISH.search(body), ENGLISH.search(body)
    after = _snapshot()
    changed = {label for label in before if before[label] != after[label]}
    assert not changed, f"a refused request changed {changed}"


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(ENDPOINTS))
def test_no_input_gives_a_server_error_and_a_refusal_changes_nothing(name, world):
    endpoint = ENDPOINTS[name]
    kwargs = st.fixed_dictionaries({arg: _path_value(world, kind) for arg, kind in endpoint.kwargs.items()})
    fields = st.dictionaries(
        st.sampled_from([*endpoint.fields, "unexpected"]), _values(world), max_size=len(endpoint.fields) + 1
    )
    files = st.fixed_dictionaries({f: FILE_BODIES for f in endpoint.files})

    @settings(
        max_examples=EXAMPLES,
        derandomize=DERANDOMIZE,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(persona=st.sampled_from(PERSONAS), path=kwargs, data=fields, uploads=files, htmx=st.booleans())
    def run(persona, path, data, uploads, htmx):
        if name.startswith("lessons:") and path:
            path = {"unit_slug": path["unit_slug"], "step_slug": path["step_slug"]}
        client = Client()
        if persona is not None:
            client.force_login(world["users"][persona])
        url = _url(name, path)
        payload = {**_baseline(name, world), **data}
        for f, body in uploads.items():
            payload[f] = SimpleUploadedFile("p.json", body, content_type="application/json")
        headers = {"HX-Request": "true"} if htmx else {}
        before = _snapshot()
        if endpoint.method == "GET":
            response = client.get(url, payload, follow=True, headers=headers)
        else:
            response = client.post(url, payload, follow=True, headers=headers)
        _check(response, before)

    run()
