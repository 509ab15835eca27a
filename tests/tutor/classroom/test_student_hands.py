"""The teacher opens each student's hands of a «jugar N manos» task, downloads a duplicate deal with every
student's hand of it, and sees on the set page who played and which hands had a renuncio."""

from django.test import Client
from django.urls import reverse

from engine import record_files, records
from tests.tutor.classroom.conftest import make_set
from tests.tutor.play.conftest import commit_renuncio, play_out
from tutor.classroom.models import SetMatch
from tutor.hands.models import HandRecord
from tutor.play.models import MatchHand

PLAY_ITEM = [{"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "principiante"}]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _play(practice_set, student, *, renuncio=False):
    client = _client(student)
    item = practice_set.items.get()
    client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    match = SetMatch.objects.get(assignment__student=student).match
    if renuncio:
        commit_renuncio(client, match)
    else:
        play_out(client, match)
    return MatchHand.objects.get(match=match)


def test_the_teacher_opens_a_students_hand_and_nobody_else_can(classroom, teresa, alice, bob, tomas):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    hand = _play(practice_set, alice)
    url = reverse("classroom:set_hand", args=[practice_set.pk, hand.pk])
    page = _client(teresa).get(url)
    assert page.status_code == 200
    body = page.content.decode()
    assert "Alicia Gómez, reparto 1" in body and "Lo que dice el árbitro" in body
    assert "alice (jugador 1, pareja A)" in body
    for outsider in (
        tomas,
        bob,
        alice,
    ):  # another teacher, a classmate, the student herself (hers is in Mis manos)
        assert _client(outsider).get(url).status_code == 404
    # a hand of another set is not this set's
    other_set = make_set(classroom, teresa, items=PLAY_ITEM, title="Otra")
    assert _client(teresa).get(reverse("classroom:set_hand", args=[other_set.pk, hand.pk])).status_code == 404


def test_the_set_page_counts_hands_played_and_lists_hand_mistakes(classroom, teresa, alice, bob):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    practice_set.items.update(bot_level="principiante")
    hand = _play(practice_set, alice, renuncio=True)
    body = _client(teresa).get(practice_set.get_absolute_url()).content.decode()
    assert "1 mano jugada" in body
    assert "En las manos" in body and "Ningún error todavía." not in body
    assert reverse("classroom:set_hand", args=[practice_set.pk, hand.pk]) in body
    assert "1 renuncio" in body


def test_a_duplicate_deal_exports_every_students_hand_of_it(classroom, teresa, alice, bob, tomas):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    _play(practice_set, alice)
    _play(practice_set, bob)
    url = reverse("classroom:duplicate_export", args=[practice_set.pk, item.pk, 1])
    response = _client(teresa).get(url)
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    hands = record_files.read_all(response.content.decode())
    assert [h.players[0] for h in hands] == ["alice", "bob"]
    assert hands[0].hands == hands[1].hands  # the same deal
    assert _client(tomas).get(url).status_code == 404
    assert (
        _client(teresa)
        .get(reverse("classroom:duplicate_export", args=[practice_set.pk, item.pk, 2]))
        .status_code
        == 404
    )


def test_hands_played_before_records_are_written_when_the_teacher_opens_them(classroom, teresa, alice):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    hand = _play(practice_set, alice)
    HandRecord.objects.all().delete()
    url = reverse("classroom:set_hand", args=[practice_set.pk, hand.pk])
    assert _client(teresa).get(url).status_code == 200
    assert records.read(HandRecord.objects.get(match_hand_id=hand.pk).text).players[0] == "alice"


def test_the_teacher_reads_a_students_review_about_the_players_by_number(classroom, teresa, alice, tomas):
    from tutor.hands import reviews

    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    hand = _play(practice_set, alice)
    url = reverse("classroom:set_hand_review", args=[practice_set.pk, hand.pk])
    assert _client(tomas).get(url).status_code == 404
    assert "analizando" in _client(teresa).get(url).content.decode().lower()
    reviews.run(HandRecord.objects.get(match_hand_id=hand.pk).review.pk)
    body = _client(teresa).get(url).content.decode()
    assert "Alicia Gómez, reparto 1" in body and "precisión" in body
    assert "alice (jugador 1, pareja A)" in body
    assert " tu " not in body.lower().replace("tutor", "")  # nothing speaks to the teacher as the player


def test_a_duplicate_deal_side_by_side_with_accuracy_and_the_best_line(classroom, teresa, alice, bob):
    from tutor.hands import reviews

    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    _play(practice_set, alice)
    _play(practice_set, bob, renuncio=True)
    url = reverse("classroom:duplicate_deal", args=[practice_set.pk, item.pk, 1])
    first = _client(teresa).get(url).content.decode()
    assert "Alicia Gómez" in first and "Roberto Díaz" in first and "analizando" in first
    for row in HandRecord.objects.all():
        reviews.run(row.review.pk)
    body = _client(teresa).get(url).content.decode()
    assert "la mejor línea" in body and body.count(" %</td>") + body.count(" %\n") >= 2
    # bob's line has a renuncio: whatever its accuracy, the model line is alice's
    alice_row = body.split("Alicia Gómez")[1].split("</tr>")[0]
    assert "la mejor línea" in alice_row and "la mejor línea" not in body.split("Roberto Díaz")[1]
    # the results are said of the students to the teacher, not to the teacher as a player
    assert "Perdéis" not in body and "Ganáis" not in body and "Su pareja " in body
    assert set_page_links_deal(practice_set, item)


def set_page_links_deal(practice_set, item) -> bool:
    from django.test import Client as _C  # noqa: F401

    teacher = practice_set.classroom.teachers.get()
    page = _client(teacher).get(practice_set.get_absolute_url()).content.decode()
    return reverse("classroom:duplicate_deal", args=[practice_set.pk, item.pk, 1]) in page


def _deal_queries(teacher, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = _client(teacher)
    assert client.get(url).status_code == 200  # the session is read, the reviews asked for
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries.captured_queries)


def test_a_duplicate_deal_read_again_costs_the_same_queries_for_two_students_as_for_four(
    classroom, teresa, alice, bob, django_user_model
):
    from tutor.classroom.models import Membership
    from tutor.hands import reviews

    more = []
    for n in (1, 2):
        more.append(django_user_model.objects.create_user(username=f"alumna{n}", password="x"))
        Membership.objects.create(classroom=classroom, student=more[-1], real_name=f"Alumna {n}")
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    url = reverse("classroom:duplicate_deal", args=[practice_set.pk, item.pk, 1])
    for student in (alice, bob):
        _play(practice_set, student)
    two = _deal_queries(teresa, url)
    for student in more:
        _play(practice_set, student)
    four_queued = _deal_queries(teresa, url)
    for row in HandRecord.objects.all():  # reviews done read as cheaply as reviews waiting
        reviews.run(row.review.pk)
    four_done = _deal_queries(teresa, url)
    assert two == four_queued == four_done
    body = _client(teresa).get(url).content.decode()
    assert all(name in body for name in ("Alicia Gómez", "Roberto Díaz", "Alumna 1", "Alumna 2"))


def test_the_set_page_of_a_play_task_costs_the_same_queries_for_three_players_as_for_one(
    classroom, teresa, alice, bob, charlie
):
    """The duplicate's table reads every student's hands and their plays at once, not a student at a time."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tutor.classroom.models import Membership

    Membership.objects.create(classroom=classroom, student=charlie, real_name="Carlos Ruiz")
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    teacher = _client(teresa)
    url = practice_set.get_absolute_url()

    def read() -> tuple[int, str]:
        with CaptureQueriesContext(connection) as queries:
            body = teacher.get(url).content.decode()
        return len(queries), body

    _play(practice_set, alice)
    one, body = read()
    assert "1 mano jugada" in body
    _play(practice_set, bob, renuncio=True)
    _play(practice_set, charlie)
    three, body = read()
    assert body.count("1 mano jugada") == 3 and "1 renuncio" in body
    assert three == one
