"""«Jugar N manos» in a practice set: the same deals for every student (a class duplicate), the
teacher's side-by-side table per deal."""

from django.test import Client
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.test_set_create_view import _form
from tests.tutor.play.conftest import play_out, table
from tutor.classroom.models import Assignment, SetItem, SetMatch
from tutor.play.models import MatchHand

PLAY_ITEM = [{"kind": "play", "family": "", "count": 2, "difficulty": 1, "bot_level": "principiante"}]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_teacher_puts_jugar_n_manos_in_a_set(classroom, teresa_client):
    data = _form(
        **{"item-0-kind": "play", "item-0-count": "3", "item-0-bot_level": "fuerte", "publicar": "1"}
    )
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert response.status_code == 302
    item = SetItem.objects.get()
    assert (item.kind, item.count, item.bot_level) == ("play", 3, "fuerte")
    assert Assignment.objects.filter(total=0).count() == 2  # hands are not questions


def test_more_than_ten_hands_is_refused(classroom, teresa_client):
    data = _form(**{"item-0-kind": "play", "item-0-count": "11"})
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert "Como mucho 10 manos." in response.content.decode()
    assert not SetItem.objects.exists()


def test_every_student_plays_the_same_deals_at_the_classs_table(teresa, alice, bob):
    classroom_rules = "estricta"
    from tutor.classroom import services

    c = services.create_classroom(teacher=teresa, name="Duplicado", rules=classroom_rules)
    from tutor.classroom.models import Membership

    Membership.objects.create(classroom=c, student=alice)
    Membership.objects.create(classroom=c, student=bob)
    practice_set = make_set(c, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    matches = []
    for student in (alice, bob):
        client = _client(student)
        body = client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
        assert "Empezar a jugar" in body
        url = reverse("classroom:task_play", args=[practice_set.pk, item.pk])
        response = client.post(url)
        assert client.post(url)["Location"] == response["Location"]  # started once
        sm = SetMatch.objects.get(assignment__student=student)
        assert response["Location"] == sm.match.get_absolute_url()
        assert (sm.match.mode, sm.match.level, sm.match.max_hands) == ("examen", "principiante", 2)
        assert sm.match.get_rules() == c.get_rules()
        matches.append(sm.match)
    hand_a, t_a = table(matches[0])
    hand_b, t_b = table(matches[1])
    assert t_a.hand.start == t_b.hand.start and t_a.hand.dealer == t_b.hand.dealer
    # both play it out: the same deals, hand after hand, and the match stops after two
    for student, match in zip((alice, bob), matches, strict=True):
        client = _client(student)
        for number in (2, 3):
            play_out(client, match)
            client.post(reverse("play:next_hand", args=[match.token]), {"number": number})
        match.refresh_from_db()
        assert match.over and match.hands.count() == 2
    seeds = [
        list(MatchHand.objects.filter(match=m).order_by("number").values_list("seed", "dealer"))
        for m in matches
    ]
    assert seeds[0] == seeds[1]


def test_the_teacher_sees_each_deal_side_by_side(classroom, teresa, teresa_client, alice, bob):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    client = _client(alice)
    client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    match = SetMatch.objects.get(assignment__student=alice).match
    play_out(client, match)
    hand, t = table(match)
    score = t.hand.score()
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "Duplicado: jugar 2 manos (bots principiante)" in body
    assert "Alicia Gómez" in body
    # each cante let pass counts once, at the first moment it could be sung (``t.missed`` lists every moment)
    missed = sum(len(options) for _after, options in t.missed_cantes())
    assert f"{score.totals[0]} a {score.totals[1]} · renuncios: 0 · cantes sin cantar: {missed}" in body
    # a student cannot start another student's item, nor a teacher's set they are not in
    outsider = _client(bob)
    other = make_set(classroom, teresa, items=PLAY_ITEM, whole_class=False, students=[alice])
    other_item = other.items.get()
    assert outsider.post(reverse("classroom:task_play", args=[other.pk, other_item.pk])).status_code == 404
    assert outsider.post(reverse("classroom:task_play", args=[practice_set.pk, 999999])).status_code == 404


def test_the_task_is_handed_in_when_its_hands_are_played(classroom, teresa, alice):
    practice_set = make_set(classroom, teresa, items=PLAY_ITEM)
    item = practice_set.items.get()
    assignment = Assignment.objects.get(student=alice, practice_set=practice_set)
    assert assignment.state == Assignment.State.NOT_STARTED
    client = _client(alice)
    client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    assignment.refresh_from_db()
    assert assignment.state == Assignment.State.IN_PROGRESS
    match = SetMatch.objects.get(assignment=assignment).match
    play_out(client, match)
    assignment.refresh_from_db()
    assert assignment.state == Assignment.State.IN_PROGRESS  # one hand of two
    client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    play_out(client, match)
    assignment.refresh_from_db()
    assert assignment.state == Assignment.State.SUBMITTED and assignment.finished_at is not None


def test_answering_every_question_is_not_enough_while_hands_are_left(classroom, teresa, alice):
    items = [{"kind": "family", "family": "ganador", "count": 1, "difficulty": 1}, *PLAY_ITEM]
    practice_set = make_set(classroom, teresa, items=items)
    client = _client(alice)
    client.get(reverse("classroom:task", args=[practice_set.pk]))
    assignment = Assignment.objects.get(student=alice, practice_set=practice_set)
    question = assignment.questions.get()
    scenario = question.issued.get_scenario()
    client.post(reverse("practice:answer", args=[question.issued.token]), {"answer": scenario.answer})
    assignment.refresh_from_db()
    assert (assignment.answered, assignment.total) == (1, 1)
    assert assignment.state == Assignment.State.IN_PROGRESS


def test_the_results_csv_says_how_many_hands_each_student_played_and_won(
    classroom, teresa, teresa_client, alice, bob
):
    import csv
    import io

    items = [{"kind": "family", "family": "ganador", "count": 1, "difficulty": 1}, *PLAY_ITEM]
    practice_set = make_set(classroom, teresa, items=items)
    item = practice_set.items.get(kind="play")
    client = _client(alice)
    client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    match = SetMatch.objects.get(assignment__student=alice).match
    play_out(client, match)
    client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    play_out(client, match)
    scores = [h.score for h in match.hands.order_by("number")]
    assert len(scores) == 2 and all(scores)
    won = sum(s["winner"] == "A" for s in scores)  # the student sits in pair A

    response = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    by_user = {r["usuario"]: r for r in rows}
    assert {k: by_user["alice"][k] for k in ("manos pedidas", "manos jugadas", "manos ganadas")} == {
        "manos pedidas": "2",
        "manos jugadas": "2",
        "manos ganadas": str(won),
    }
    assert [by_user["bob"][k] for k in ("manos pedidas", "manos jugadas", "manos ganadas")] == ["2", "0", "0"]


def test_a_set_without_hands_to_play_has_no_hand_columns(classroom, teresa, teresa_client):
    items = [{"kind": "family", "family": "ganador", "count": 1, "difficulty": 1}]
    practice_set = make_set(classroom, teresa, items=items)
    response = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    header = response.content.decode("utf-8-sig").splitlines()[0]
    assert "manos" not in header and header.startswith("usuario,nombre real,estado")
