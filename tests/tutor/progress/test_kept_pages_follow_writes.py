"""Mi progreso and the class dashboard are kept under the stamps of the learners they show
(tutor/accounts/stamps.py). Every write that changes what they show must show on the next view: for each
write path, the page read again after it differs from the page before and is the page drawn with nothing
kept. A write path whose rows moved no stamp would fail here with the page of before."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.scenarios import FAMILIES
from lessons import services as lessons
from lessons.models import StepProgress
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import right_answer, wrong_card
from tests.tutor.progress.factories import anonymous
from tests.tutor.progress.test_table_pages_queries import _hands
from tests.tutor.progress.test_table_retries import _reviewed, renuncio_item  # noqa: F401 - a fixture
from tutor.accounts.models import User
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Assignment, Classroom, Membership, PracticeSet
from tutor.hands import reviews
from tutor.hands.models import HandRecord
from tutor.practice.identity import SESSION_KEY, Owner
from tutor.practice.models import Attempt
from tutor.practice.services import issue, submit
from tutor.privacy.services import erase_user
from tutor.progress import retries, sessions
from tutor.progress.models import FamilyCard, TableRetry
from tutor.progress.services import record_play

MI_PROGRESO = reverse("progress:index")
HOME = reverse("core:home")
BOTH = pytest.mark.parametrize("url", [MI_PROGRESO, HOME])


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _body(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    # Each response masks the reader's CSRF token anew and has its own CSP nonce: the rest must be the same.
    return re.sub(r'(name="csrfmiddlewaretoken" value|nonce)="[^"]*"', "", response.content.decode())


def _follows(client, url: str, write) -> str:
    """The page read (and kept), ``write()``, read again: it changed, and says what is drawn from scratch."""
    before = _body(client, url)
    assert _body(client, url) == before  # kept, and the same
    write()
    after = _body(client, url)
    cache.clear()
    assert after != before, "the page read after the write is the page of before"
    assert after == _body(client, url), "the page read after the write is not the page drawn from scratch"
    return after


def _answer(user, *, right: bool, seed: int = 1, family: str = "ganador") -> Attempt:
    owner = Owner(user, "")
    issued = issue(owner=owner, mode="familia", family=family, seed=seed)
    raw = _right(issued) if right else _wrong(issued)
    attempt, _created = submit(owner=owner, token=issued.token, raw=raw)
    assert attempt.correct == right, (family, raw)
    return attempt


def _wrong(issued) -> str | list[str]:
    """A wrong answer of any family: a card, a set of cards, a number or one of its options."""
    scenario = issued.scenario
    kind, answer = scenario["answer_kind"], scenario["answer"]
    if kind == "card":
        return wrong_card(issued)
    if kind == "cards":
        return [*answer, wrong_card(issued)]
    if kind == "number":
        return str(answer + 1)
    rights = {str(a) for a in (answer if isinstance(answer, list) else [answer])}
    return next(o["value"] for o in scenario["options"] if str(o["value"]) not in rights)


def _right(issued) -> str | list[str]:
    answer = issued.scenario["answer"]
    if issued.scenario["answer_kind"] == "choice" and isinstance(answer, list):
        return str(answer[0])  # any of them
    return right_answer(issued)


# Mi progreso ------------------------------------------------------------------------------------------


@BOTH
def test_a_quiz_answer(alice, alice_client, url):
    _answer(alice, right=True)
    after = _follows(alice_client, url, lambda: _answer(alice, right=False, seed=2))
    if url == MI_PROGRESO:
        assert "1 de 2 ejercicios" in after and "1 ejercicio fallado" in after


@BOTH
def test_a_review_session_answered(alice, alice_client, url):
    failed = _answer(alice, right=False)
    session = sessions.start_review(owner=Owner(alice, ""))

    def review() -> None:
        _session, issued = sessions.next_issued(owner=Owner(alice, ""), session_id=session.pk)
        assert issued.source_attempt_id == failed.pk
        submit(owner=Owner(alice, ""), token=issued.token, raw=right_answer(issued))

    after = _follows(alice_client, url, review)
    assert url == HOME or "0 ejercicios fallados" in after


@BOTH
@pytest.mark.parametrize("family", FAMILIES)
def test_an_answer_of_every_family(alice, alice_client, url, family):
    _answer(alice, right=True, family=family)
    _answer(alice, right=True, family="ganador" if family != "ganador" else "jugada", seed=3)
    after = _follows(alice_client, url, lambda: _answer(alice, right=False, seed=2, family=family))
    if url == MI_PROGRESO:
        assert "2 de 3 ejercicios" in after and "1 ejercicio fallado" in after


def _drawn(response) -> list[str]:
    """The parts of Mi progreso (its template's partials) drawn for ``response``."""
    return [t.name for t in response.templates if "." not in t.name]


def test_after_an_answer_mi_progreso_draws_again_only_what_the_answer_changed(alice, alice_client):
    for n, family in enumerate(FAMILIES):
        _answer(alice, right=n % 3 != 0, family=family, seed=n)
    record_play(learner_id=alice.pk, anon_id="", rule_ids=["R-OBL-ASISTIR"], correct=False)
    _hands(alice, 3)
    first = _drawn(alice_client.get(MI_PROGRESO))
    assert {"overview", "help", "families", "play", "table", "recent"} <= set(first)
    assert first.count("family") == len(FAMILIES) and first.count("answer") == len(FAMILIES)
    _follows(alice_client, MI_PROGRESO, lambda: _answer(alice, right=False, seed=40, family="ganador"))
    _answer(alice, right=True, seed=41, family="tantos")
    again = _drawn(alice_client.get(MI_PROGRESO))
    # The numbers, the row of the family answered, the rows of its rules and the new answer; «En la mesa»,
    # the help, the other families and the older answers were kept.
    assert again.count("family") == 1 and again.count("answer") == 1 and "numbers" in again
    assert not {"help", "table", "play", "families", "skills", "recent"} & set(again)
    assert _drawn(alice_client.get(MI_PROGRESO)) == []  # read again: the whole page kept


def test_mi_progreso_the_clock_a_card_falling_due(alice, alice_client, monkeypatch):
    _answer(alice, right=True)
    card = FamilyCard.objects.get(learner=alice)
    before = _body(alice_client, MI_PROGRESO)
    assert "0 por repasar" in before and "<strong>toca repasar</strong>" not in before
    later = card.due + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)  # no write: the clock alone
    after = _body(alice_client, MI_PROGRESO)
    cache.clear()
    assert after != before and after == _body(alice_client, MI_PROGRESO)
    assert "1 por repasar" in after and "<strong>toca repasar</strong>" in after


def test_a_graded_play_at_the_table(alice, alice_client):
    _answer(alice, right=True)
    after = _follows(
        alice_client,
        MI_PROGRESO,
        lambda: record_play(learner_id=alice.pk, anon_id="", rule_ids=["R-OBL-ASISTIR"], correct=False),
    )
    assert "data-play-skill" in after


def test_a_hand_reviewed_and_its_review_asked_again(alice, alice_client):
    _hands(alice, 3)
    _follows(alice_client, MI_PROGRESO, lambda: _hands(alice, 1))
    newest = HandRecord.objects.filter(learner=alice).order_by("-played_at").first()
    _follows(alice_client, MI_PROGRESO, lambda: reviews.request(newest))


def test_a_review_finishing_makes_its_retry(renuncio_item, alice, alice_client):  # noqa: F811
    row = renuncio_item.record
    reviews.request(row)
    TableRetry.objects.all().delete()
    HandRecord.objects.filter(pk=row.pk).update(played_at=timezone.now())
    after = _follows(alice_client, MI_PROGRESO, lambda: _reviewed(row))
    assert "data-table-report" in after


@BOTH
def test_a_retry_answered_and_removed(renuncio_item, alice, alice_client, url):  # noqa: F811
    item = renuncio_item
    TableRetry.objects.filter(pk=item.pk).update(due=timezone.now() - timedelta(seconds=1))
    owner = Owner(alice, "")
    after = _follows(
        alice_client,
        url,
        lambda: retries.answer(owner=owner, item_id=item.pk, code=item.card, number=0),
    )
    due = retries.due_items(owner).count()  # answered wrongly: not due again for a while
    assert not retries.due_items(owner).filter(pk=item.pk).exists()
    assert re.search(rf"\b{due} jugadas? de tus manos por repetir", after) or (url == HOME and not due)
    due_item = retries.due_items(owner).first()  # removed: one fewer due
    _follows(alice_client, url, lambda: retries.remove(owner=owner, item_id=due_item.pk, note="Era legal"))


def test_a_hand_removed(alice, alice_client):
    _hands(alice, 4)
    _follows(
        alice_client,
        MI_PROGRESO,
        lambda: HandRecord.objects.filter(learner=alice).order_by("played_at").first().delete(),
    )


def test_a_visitors_practice_joining_the_account_at_login(alice, password):
    client = Client()
    client.force_login(alice)
    _answer(alice, right=True)
    client.logout()
    session = client.session
    session[SESSION_KEY] = "c" * 32
    session.save()
    visitor = anonymous("c" * 32)
    for seed in (3, 4):
        issued = issue(owner=visitor, mode="familia", family="ganador", seed=seed)
        submit(owner=visitor, token=issued.token, raw=right_answer(issued))
    signed = Client()
    signed.force_login(alice)
    before = _body(signed, MI_PROGRESO)
    assert "1 de 1 ejercicio" in before
    assert (
        client.post(reverse("accounts:login"), {"username": "alice", "password": password}).status_code == 302
    )
    assert "3 de 3 ejercicios" in _body(signed, MI_PROGRESO)


def test_the_language_changed(alice, alice_client):
    _answer(alice, right=True)
    _hands(alice, 2)
    spanish = _body(alice_client, MI_PROGRESO)
    assert "Acierto global" in spanish and "En la mesa" in spanish
    assert "Tus últimos resultados" in _body(alice_client, HOME)
    alice_client.post(reverse("accounts:language"), {"language": "en", "next": MI_PROGRESO})
    english = _body(alice_client, MI_PROGRESO)
    assert "Overall accuracy" in english and "Acierto global" not in english
    assert "Your latest results" in _body(alice_client, HOME)
    cache.clear()
    assert _body(alice_client, MI_PROGRESO) == english


@BOTH
def test_nothing_written_reads_only_the_session(alice, alice_client, django_assert_num_queries, url):
    _answer(alice, right=True)
    _hands(alice, 2)
    alice_client.get(url)
    with django_assert_num_queries(1):
        alice_client.get(url)


# The home page ---------------------------------------------------------------------------------------


def test_home_a_lesson_step_done(alice, alice_client):
    _answer(alice, right=True)
    step = lessons.get_course().steps[0]
    lessons.record_view(owner=Owner(alice, ""), step=step)
    after = _follows(
        alice_client, HOME, lambda: StepProgress.objects.filter(learner=alice).update(done_at=timezone.now())
    )
    assert lessons.get_course().steps[1].title in after


def test_home_a_class_task_published_answered_renamed_and_its_class(teresa, alice, alice_client):
    _answer(alice, right=True)
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    after = _follows(alice_client, HOME, lambda: make_set(classroom, teresa, title="Asistir el lunes"))
    assert "Asistir el lunes" in after
    practice_set = PracticeSet.objects.get()
    _follows(alice_client, HOME, lambda: Assignment.objects.filter(student=alice).update(answered=1))
    _follows(alice_client, HOME, lambda: PracticeSet.objects.update(title="Asistir el martes"))
    _follows(
        alice_client, HOME, lambda: PracticeSet.objects.update(due_at=practice_set.due_at + timedelta(days=3))
    )
    _follows(alice_client, HOME, lambda: Classroom.objects.update(name="4º C"))
    after = _follows(alice_client, HOME, lambda: Classroom.objects.update(archived=True))
    assert "Asistir el martes" not in after


def test_after_an_answer_the_home_draws_again_only_what_the_answer_changed(alice, alice_client):
    for seed in range(3):
        _answer(alice, right=False, seed=seed)
    first = _drawn(alice_client.get(HOME))
    assert {"returning", "home_course", "home_review", "home_recent"} <= set(first)
    assert first.count("home_answer") == 3
    _follows(alice_client, HOME, lambda: _answer(alice, right=False, seed=7))
    _answer(alice, right=False, seed=8)
    again = _drawn(alice_client.get(HOME))
    # The count to review and the new answer; the course and the older answers were kept.
    assert again.count("home_answer") == 1 and "home_review" in again
    assert not {"returning", "home_course", "home_recent"} & set(again)
    assert _drawn(alice_client.get(HOME)) == []  # read again: the whole part kept


def test_home_the_account_renamed(alice, alice_client):
    _answer(alice, right=True)
    after = _follows(alice_client, HOME, lambda: User.objects.filter(pk=alice.pk).update(first_name="Alicia"))
    assert "Hola, Alicia" in after


def test_home_the_clock_a_card_falling_due(alice, alice_client, monkeypatch):
    _answer(alice, right=True)
    card = FamilyCard.objects.get(learner=alice)
    before = _body(alice_client, HOME)
    assert "Repasar ahora" not in before
    later = card.due + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)  # no write: the clock alone
    after = _body(alice_client, HOME)
    cache.clear()
    assert after != before and after == _body(alice_client, HOME)
    assert "Repasar ahora" in after


# The class dashboard ---------------------------------------------------------------------------------


@pytest.fixture
def dashboard(teresa, alice, bob):
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia")
    Membership.objects.create(classroom=classroom, student=bob, real_name="Roberto")
    _answer(alice, right=True)
    _hands(bob, 2)
    return classroom, reverse("classroom:heatmap", args=[classroom.pk])


def test_dashboard_a_students_answer(dashboard, bob, teresa_client):
    _classroom, url = dashboard
    _follows(teresa_client, url, lambda: _answer(bob, right=False, seed=5))


def test_dashboard_a_students_hands_and_note(dashboard, alice, bob, teresa_client):
    _classroom, url = dashboard
    _follows(teresa_client, url, lambda: _hands(alice, 2))
    item = TableRetry.objects.filter(learner=bob).first()
    after = _follows(
        teresa_client,
        url,
        lambda: retries.remove(owner=Owner(bob, ""), item_id=item.pk, note="No estoy de acuerdo"),
    )
    assert "No estoy de acuerdo" in after
    _follows(teresa_client, url, lambda: HandRecord.objects.filter(learner=bob).first().delete())


def test_dashboard_membership_names_and_the_class(dashboard, charlie, teresa_client):
    classroom, url = dashboard
    _answer(charlie, right=True)
    after = _follows(
        teresa_client,
        url,
        lambda: Membership.objects.create(classroom=classroom, student=charlie, real_name="Carla"),
    )
    assert "Carla" in after
    _follows(
        teresa_client, url, lambda: Membership.objects.filter(student=charlie).update(real_name="Carla Ruiz")
    )
    _follows(
        teresa_client,
        url,
        lambda: classroom_services.remove_student(membership=Membership.objects.get(student=charlie)),
    )
    classroom.name = "4º C"
    _follows(teresa_client, url, lambda: classroom.save(update_fields=["name"]))


def test_dashboard_a_student_erased(dashboard, bob, teresa_client):
    _classroom, url = dashboard
    after = _follows(teresa_client, url, lambda: erase_user(bob))
    assert "Roberto" not in after


def test_dashboard_read_again_reads_no_students_data(dashboard, teresa_client, django_assert_num_queries):
    _classroom, url = dashboard
    teresa_client.get(url)
    # the session, then the class with its members and their stamps (its teachers only): one query
    with django_assert_num_queries(2):
        teresa_client.get(url)


def test_dashboard_the_language_changed(dashboard, teresa_client):
    _classroom, url = dashboard
    assert "sin practicar" in _body(teresa_client, url)  # bob has answered nothing: empty cells
    teresa_client.post(reverse("accounts:language"), {"language": "en", "next": url})
    body = _body(teresa_client, url)
    assert "not practiced" in body and "sin practicar" not in body


# The class dashboard, kept per student ----------------------------------------------------------------


def _skill_reads(client, url: str) -> list[str]:
    """The SQL of the students' skill counts a view of ``url`` reads."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in queries.captured_queries if "progress_skillstat" in q["sql"]]


def test_dashboard_after_one_students_answer_only_they_are_read(dashboard, alice, bob, teresa_client):
    """Bob answers: the next view reads Bob's skill counts only (Alicia's part is kept), counts no hand
    again, and is the page drawn from scratch."""
    _classroom, url = dashboard
    _answer(bob, right=True, seed=6)
    _body(teresa_client, url)
    _answer(bob, right=False, seed=7)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        after = _body(teresa_client, url)
    sql = [q["sql"] for q in queries.captured_queries]
    skills = [q for q in sql if "progress_skillstat" in q]
    assert len(skills) == 1 and str(bob.pk) in skills[0] and f"IN ({alice.pk}" not in skills[0]
    assert not any("summary" in q for q in sql)  # «En la mesa» kept: a quiz answer moves no hand
    cache.clear()
    assert after == _body(teresa_client, url)


def test_dashboard_a_new_column_for_everyone_and_the_means(dashboard, alice, bob, teresa_client):
    """A skill nobody had practised: a new column, a cell «sin practicar» in every other student's row
    (their parts kept), and the class's mean of every column from the kept levels."""
    _classroom, url = dashboard
    before = _body(teresa_client, url)
    columns = len(re.findall(r'class="dashboard__skill"', before))
    after = _follows(teresa_client, url, lambda: _answer(bob, right=True, seed=8, family="tantos"))
    assert len(re.findall(r'class="dashboard__skill"', after)) > columns
    rows = re.findall(r'<tr><th scope="row" class="dashboard__student"[^>]*>[^<]+</th>(.*?)</tr>', after)
    assert len({r.count("<td") for r in rows}) == 1  # every row has a cell per column
    assert "sin practicar" in after


def test_dashboard_the_pages_of_students(teresa, teresa_client):
    """A class of more than a page: each page kept apart; an answer by a student of the second page shows
    on both (the order and the means count the whole class), each the page drawn from scratch."""
    from tutor.accounts.models import User
    from tutor.classroom.dashboard import STUDENTS_PER_PAGE

    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    students = []
    for n in range(STUDENTS_PER_PAGE + 2):
        student = User.objects.create(username=f"pagina{n:02d}")
        Membership.objects.create(classroom=classroom, student=student)
        students.append(student)
    for student in students[:STUDENTS_PER_PAGE]:
        _answer(student, right=False)  # weak: the first page
    url = reverse("classroom:heatmap", args=[classroom.pk])
    second = f"{url}?pagina=2"
    first_before, second_before = _body(teresa_client, url), _body(teresa_client, second)
    assert "pagina31" in second_before and "pagina31" not in first_before
    assert _body(teresa_client, url) == first_before  # kept, each page its own
    _answer(students[-1], right=True, seed=9)
    first_after, second_after = _body(teresa_client, url), _body(teresa_client, second)
    assert first_after != first_before and second_after != second_before
    cache.clear()
    assert (first_after, second_after) == (_body(teresa_client, url), _body(teresa_client, second))


def test_dashboard_the_language_and_back(dashboard, teresa_client):
    _classroom, url = dashboard
    spanish = _body(teresa_client, url)
    teresa_client.post(reverse("accounts:language"), {"language": "en", "next": url})
    english = _body(teresa_client, url)
    assert "not practiced" in english and "Mastery by skill" in english
    teresa_client.post(reverse("accounts:language"), {"language": "es", "next": url})
    assert _body(teresa_client, url) == spanish


def test_dashboard_each_teacher_their_own_page_around_it(dashboard, tomas, teresa_client, tomas_client):
    """The whole page is kept, base.html's header included: a second teacher of the class is shown as
    themselves, and the address a form sends back is the one asked (a parameter the view ignores is drawn,
    not kept)."""
    classroom, url = dashboard
    classroom.teachers.add(tomas)
    mine = teresa_client.get(url).content.decode().split("</header>")[0]
    theirs = tomas_client.get(url).content.decode().split("</header>")[0]
    assert "teresa" in mine and "tomas" not in mine
    assert "tomas" in theirs and "teresa" not in theirs
    odd = tomas_client.get(url, {"orden": "x"}).content.decode()
    assert f'name="next" value="{url}?orden=x"' in odd
    assert f'name="next" value="{url}"' in tomas_client.get(url).content.decode()


def test_dashboard_letra_grande(dashboard, teresa_client):
    _classroom, url = dashboard
    assert "css/large.css" not in _body(teresa_client, url)
    teresa_client.post(reverse("accounts:display"), {"letra": "si", "next": url})
    assert "css/large.css" in _body(teresa_client, url)


def test_dashboard_a_message_waiting_is_shown_once(dashboard, teresa_client):
    """A message left for the teacher (a new join code) is shown on the next page, the dashboard, and
    not again: a page with messages is drawn, not kept."""
    classroom, url = dashboard
    teresa_client.get(url)  # kept without the message
    teresa_client.post(reverse("classroom:code", args=[classroom.pk]), {"action": "regenerar"})
    classroom.refresh_from_db()
    assert f"Nuevo código: {classroom.join_code}" in teresa_client.get(url).content.decode()
    assert "Nuevo código" not in teresa_client.get(url).content.decode()


def test_dashboard_the_newest_notes_of_the_whole_class(dashboard, alice, bob, teresa_client):
    """Each student's notes are kept in their part; the page shows the class's newest first, across
    students, and at most NOTES."""
    from tutor.progress.table_report import NOTES, class_newest_notes, class_notes

    _classroom, url = dashboard
    _hands(alice, 2)
    now = timezone.now()
    items = list(TableRetry.objects.filter(learner__in=[alice, bob]).order_by("pk"))
    assert {i.learner_id for i in items} == {alice.pk, bob.pk}
    for n, item in enumerate(items):
        TableRetry.objects.filter(pk=item.pk).update(removed_at=now - timedelta(minutes=n), note=f"nota {n}")
    page = _body(teresa_client, url)
    shown = re.findall(r"«<bdi>(nota \d+)</bdi>»", page)
    assert shown == [f"nota {n}" for n in range(min(len(items), NOTES))]
    assert class_newest_notes(class_notes([alice.pk, bob.pk]))[0]["note"] == "nota 0"
