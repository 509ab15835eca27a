"""A round run across two app instances (two gunicorns, two workers each) that share the test's
PostgreSQL database and a Redis database: what one instance records, the other's polls see within a
second. Needs PostgreSQL (DATABASE_URL) and Redis (LIVE_TEST_REDIS_URL, default database 7)."""

import os
import re
import time

import httpx
import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from bench import instances
from tests.tutor.classroom.conftest import make_set
from tests.tutor.live.conftest import joined, right_and_wrong, set_round
from tutor.live.models import LiveAnswer
from tutor.practice.models import Attempt

REDIS_URL = os.environ.get("LIVE_TEST_REDIS_URL", "redis://127.0.0.1:6379/7")
# Fixed ports, one Redis database that the fixtures flush, and waits timed in seconds: these
# tests run after the others, on their own (scripts/test runs the rest on every core).
pytestmark = pytest.mark.serial
PORTS = [int(p) for p in os.environ.get("LIVE_TEST_PORTS", "8701,8702").split(",")]
STREAM_PORTS = [int(p) for p in os.environ.get("LIVE_TEST_STREAM_PORTS", "8703,8704").split(",")]
WITHIN = 1.0
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'data-version="([^"]+)"')


def _needs(what: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"the two-instance test cannot run in CI: {what}", pytrace=False)
    pytest.skip(what)


@pytest.fixture
def instance_env(transactional_db):
    if connection.vendor != "postgresql":
        # Not a pass: scripts/test runs the suite again on PostgreSQL, where this test runs.
        pytest.skip("two instances share a PostgreSQL database: runs in the PostgreSQL pass")
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).flushdb()
    except redis.ConnectionError:
        _needs(f"no Redis at {REDIS_URL}")
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    # The test's own key: the sessions it makes (force_login) must be valid on the instances.
    yield instances.instance_env(
        database_url=url, redis_url=REDIS_URL, secret_key=settings.SECRET_KEY, debug=True
    )
    redis.Redis.from_url(REDIS_URL).flushdb()


@pytest.fixture
def servers(instance_env):
    running = instances.start(PORTS, instance_env, workers=2)
    yield [f"http://127.0.0.1:{port}" for port in PORTS]
    instances.stop(running)


@pytest.fixture
def stream_servers(instance_env):
    """Each instance's streams, on one uvicorn worker (tutor.asgi), as the proxy routes them."""
    try:
        import uvicorn_worker  # noqa: F401
    except ImportError:
        _needs("uvicorn-worker is not installed")
    running = instances.start(STREAM_PORTS, instance_env, workers=1, asgi=True)
    yield [f"http://127.0.0.1:{port}" for port in STREAM_PORTS]
    instances.stop(running)


def _client(base: str, user=None, timeout: float = 5) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=timeout, headers={"Host": "127.0.0.1"})
    if user is not None:
        django_client = Client()
        django_client.force_login(user)  # a session row in the shared database
        client.cookies.set(
            settings.SESSION_COOKIE_NAME, django_client.cookies[settings.SESSION_COOKIE_NAME].value
        )
    return client


PRESSED_AT = re.compile(r'name="pressed_at" value="(\d+)"')


def _post(client: httpx.Client, page: str, action: str, data: dict) -> httpx.Response:
    """``action`` posted from ``page`` as drawn now: its CSRF token and the state its controls carry."""
    html = client.get(page).text
    token = CSRF.search(html).group(1)
    pressed = {"pressed_at": found.group(1)} if (found := PRESSED_AT.search(html)) else {}
    return client.post(
        action,
        data={"csrfmiddlewaretoken": token, **pressed, **data},
        headers={"Referer": str(client.base_url)},
    )


def _seen_within(client: httpx.Client, poll: str, version: str, text: str) -> float:
    """Seconds until the poll of ``version`` answers with a page holding ``text`` (fails past WITHIN)."""
    started = time.monotonic()
    while time.monotonic() - started < WITHIN:
        response = client.get(poll, params={"v": version}, headers={"HX-Request": "true"})
        if response.status_code == 200 and text in response.text:
            return time.monotonic() - started
        assert response.status_code in (200, 204), response.status_code
        time.sleep(0.05)
    pytest.fail(f"{poll} did not show «{text}» within {WITHIN} s")


def _logged(expected: int, task_worker, timeout: float = 60) -> None:
    """Until the task worker beside the instances has logged ``expected`` live answers as practice
    answers (a close queues it; tutor.live.tasks)."""
    deadline = time.monotonic() + timeout
    while Attempt.objects.filter(mode="directo").count() < expected:
        assert task_worker.process.poll() is None, f"the worker stopped:\n{task_worker.output()}"
        assert time.monotonic() < deadline, f"not logged in {timeout} s:\n{task_worker.output()}"
        time.sleep(0.1)


def test_a_round_runs_across_two_instances(servers, task_worker, classroom, teresa, alice, bob):
    a, b = servers
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=2)
    joined(live, bob)
    teacher_a, alice_b, bob_a = _client(a, teresa), _client(b, alice), _client(a, bob)
    projector, projector_poll = f"/directo/{live.code}/proyector/", f"/directo/{live.code}/proyector/estado/"
    phone, phone_poll = f"/directo/{live.code}/", f"/directo/{live.code}/estado/"
    board = teacher_a.get(projector)
    assert board.status_code == 200 and "0 de 1 han respondido" in board.text
    version = VERSION.search(board.text).group(1)
    assert teacher_a.get(projector_poll, params={"v": version}).status_code == 204

    # alice joins and answers on instance B; the projector on A counts her.
    assert _post(alice_b, phone, f"/directo/{live.code}/unirse/", {}).status_code == 302
    right, wrong = right_and_wrong(live.questions.get(number=1))
    answer_url = f"/directo/{live.code}/responder/1/"
    assert _post(alice_b, phone, answer_url, {"answer": right}).status_code == 302
    _seen_within(teacher_a, projector_poll, version, "1 de 2 ha respondido")
    # The same answer again, on the other instance: counted once.
    alice_a = _client(a)
    alice_a.cookies = alice_b.cookies
    _post(alice_a, phone, answer_url, {"answer": wrong})
    assert _post(bob_a, phone, answer_url, {"answer": wrong}).status_code == 302
    assert LiveAnswer.objects.count() == 2
    assert not Attempt.objects.exists()  # logged when the question closes

    # The teacher reveals on A: alice's phone, polling B, shows her feedback.
    phone_version = VERSION.search(alice_b.get(phone).text).group(1)
    assert alice_b.get(phone_poll, params={"v": phone_version}).status_code == 204
    assert _post(teacher_a, projector, f"/directo/{live.code}/control/mostrar/", {}).status_code == 302
    _seen_within(alice_b, phone_poll, phone_version, "¡Correcto!")
    _logged(2, task_worker)
    assert Attempt.objects.get(learner=alice).correct and not Attempt.objects.get(learner=bob).correct
    histogram = teacher_a.get(projector).text
    assert f'data-value="{right}"\n          data-count="1"' in histogram
    assert f'data-value="{wrong}"\n          data-count="1"' in histogram

    # «Siguiente» from instance B reaches bob's phone on A.
    teacher_b = _client(b)
    teacher_b.cookies = teacher_a.cookies
    bob_version = VERSION.search(bob_a.get(phone).text).group(1)
    assert _post(teacher_b, projector, f"/directo/{live.code}/control/siguiente/", {}).status_code == 302
    _seen_within(bob_a, phone_poll, bob_version, "Pregunta 2")


def _next_event(lines) -> str:
    return next(line for line in lines if line.startswith("data: "))[6:]


def test_a_change_made_on_one_instance_reaches_the_streams_of_the_other(
    servers, stream_servers, classroom, teresa, alice
):
    a, _b = servers
    _stream_a, stream_b = stream_servers
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=2)
    teacher_a, alice_a = _client(a, teresa), _client(a, alice)
    phone, events = f"/directo/{live.code}/", f"/directo/{live.code}/eventos/"
    # A sync worker never holds a stream: 204, and the page polls.
    assert alice_a.get(events).status_code == 204
    assert _post(alice_a, phone, f"/directo/{live.code}/unirse/", {}).status_code == 302
    right, _wrong = right_and_wrong(live.questions.get(number=1))

    with (
        _client(stream_b, alice).stream("GET", events) as phone_stream,
        _client(stream_b, teresa).stream("GET", f"/directo/{live.code}/proyector/eventos/") as board_stream,
    ):
        assert phone_stream.status_code == board_stream.status_code == 200
        assert phone_stream.headers["content-type"].startswith("text/event-stream")
        phone_lines, board_lines = phone_stream.iter_lines(), board_stream.iter_lines()
        assert _next_event(phone_lines) == "0" and _next_event(board_lines) == "0.0.1"

        started = time.monotonic()
        assert (
            _post(alice_a, phone, f"/directo/{live.code}/responder/1/", {"answer": right}).status_code == 302
        )
        assert _next_event(board_lines) == "0.1.1"
        assert (
            _post(
                teacher_a, f"/directo/{live.code}/proyector/", f"/directo/{live.code}/control/mostrar/", {}
            ).status_code
            == 302
        )
        assert _next_event(phone_lines) == "1"
        assert time.monotonic() - started < 2 * WITHIN  # two POSTs (each a page and a form) and two events


def test_the_count_in_the_projectors_events_matches_the_database_after_answers_on_both_instances(
    servers, stream_servers, task_worker, classroom, teresa
):
    """Eight phones answer at once, half on each instance, and four tap again on the other one: the
    projector's stream ends on the round's count, each answer once; on the next question the page's
    data-before turns that count into the open question's."""
    from concurrent.futures import ThreadPoolExecutor

    from tutor.accounts.models import User
    from tutor.classroom.models import Membership

    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=2)
    students = [User.objects.create_user(username=f"phone{n}", role=User.Role.LEARNER) for n in range(8)]
    Membership.objects.bulk_create(Membership(classroom=classroom, student=s) for s in students)
    for student in students:
        joined(live, student)
    # Twelve requests at once on four workers: a shared machine may take seconds to answer them all.
    phones = [_client(servers[n % 2], s, timeout=30) for n, s in enumerate(students)]
    taps_again = [_client(servers[(n + 1) % 2], s, timeout=30) for n, s in enumerate(students[:4])]
    page, board_page = f"/directo/{live.code}/", f"/directo/{live.code}/proyector/"

    def answer_all(number: int, clients: list) -> None:
        right, wrong = right_and_wrong(live.questions.get(number=number))
        url = f"/directo/{live.code}/responder/{number}/"
        with ThreadPoolExecutor(len(clients)) as pool:
            done = list(pool.map(lambda c: _post(c, page, url, {"answer": right}).status_code, clients))
        assert set(done) == {302}

    def events_until(lines, total: int) -> str:
        while (event := _next_event(lines)).split(".")[1] != str(total):
            assert int(event.split(".")[1]) < total, event  # never past the database's count
        return event

    teacher = _client(servers[0], teresa, timeout=30)
    with _client(stream_servers[1], teresa, timeout=30).stream(
        "GET", f"{board_page}eventos/"
    ) as board_stream:
        lines = board_stream.iter_lines()
        assert _next_event(lines) == "0.0.8"  # stage, answers, joined
        answer_all(1, phones + taps_again)
        assert LiveAnswer.objects.filter(question__number=1).count() == 8
        events_until(lines, 8)
        for action in ("mostrar", "siguiente"):
            assert (
                _post(teacher, board_page, f"/directo/{live.code}/control/{action}/", {}).status_code == 302
            )
        # The reveal queued the logging: the task worker logs each answer once, as a practice answer.
        _logged(8, task_worker)
        assert Attempt.objects.filter(mode="directo").count() == 8
        board = teacher.get(board_page).text
        assert 'data-before="8"' in board and "0 de 8 han respondido" in board
        answer_all(2, phones[:3])
        event = events_until(lines, 11)
    assert int(event.split(".")[1]) - 8 == LiveAnswer.objects.filter(question__number=2).count() == 3
    # «Siguiente» after the last question ends the round, which logs the open question's answers.
    assert _post(teacher, board_page, f"/directo/{live.code}/control/siguiente/", {}).status_code == 302
    _logged(11, task_worker)
    assert (
        Attempt.objects.filter(mode="directo").count()
        == 11
        == LiveAnswer.objects.exclude(issued=None).count()
    )
