"""Who may still act in a live round is decided at every act, not only when joining: a student
removed from the class, a class archived mid-round; a guest who signs in keeps their place; the
teacher's CSV names nobody by an account they do not know; the round's code form and guest joins are
throttled like the class code."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.tutor.live.conftest import joined, right_and_wrong
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.live import services
from tutor.live.models import LiveAnswer, Participant, Round


def _answer(client, live, value, number=1):
    return client.post(reverse("live:phone_answer", args=[live.code, number]), {"answer": value})


def _guest_round(classroom, teresa, practice_set):
    return services.start_round(
        classroom=classroom,
        teacher=teresa,
        source=Round.Source.SET,
        practice_set=practice_set,
        count=3,
        allow_guests=True,
    )


def test_a_student_removed_from_the_class_can_no_longer_answer(classroom, alice, alice_client, live):
    joined(live, alice)
    classroom_services.remove_student(membership=Membership.objects.get(classroom=classroom, student=alice))
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    page = _answer(alice_client, live, right)
    assert page.status_code == 400 and "Ya no estás en la clase de esta ronda" in page.content.decode()
    assert not LiveAnswer.objects.exists()


def test_an_archived_class_s_round_takes_no_more_answers_nor_joins(classroom, alice, bob, alice_client, live):
    joined(live, alice)
    classroom.archived = True
    classroom.save()
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    page = _answer(alice_client, live, right)
    assert page.status_code == 400 and "está archivada" in page.content.decode()
    with pytest.raises(services.LiveError):
        joined(live, bob)
    assert not LiveAnswer.objects.exists()


def test_a_guest_who_signs_in_mid_round_keeps_their_place_and_answers(
    classroom, teresa, practice_set, charlie, teresa_client
):
    live = _guest_round(classroom, teresa, practice_set)
    phone = Client()
    assert phone.post(reverse("live:phone_join", args=[live.code]), {"nickname": "Pepe"}).status_code == 302
    right, wrong = right_and_wrong(live.questions.get(number=1))
    assert _answer(phone, live, right).status_code == 302
    # charlie (of another class) signs in on the same phone.
    login = phone.post(reverse("accounts:login"), {"username": "charlie", "password": PASSWORD})
    assert login.status_code == 302
    place = Participant.objects.get()
    assert (place.learner, place.anon_id, place.nickname) == (charlie, "", "Pepe")
    _answer(phone, live, wrong)  # the same question again: still the first answer
    assert [(a.participant_id, a.correct) for a in LiveAnswer.objects.all()] == [(place.pk, True)]
    # The teacher's CSV: one row, by the nickname, never by charlie's username.
    rows = list(csv.reader(io.StringIO(teresa_client.get(reverse("live:review_csv", args=[live.code])).text)))
    assert len(rows) == 2 and rows[1][0] == "Pepe (invitado)"
    assert "charlie" not in teresa_client.get(reverse("live:review_csv", args=[live.code])).text


def test_a_learner_of_another_class_is_shown_by_nickname(
    classroom, teresa, practice_set, charlie, teresa_client
):
    live = _guest_round(classroom, teresa, practice_set)
    joined(live, charlie, nickname="Carlitos")
    text = teresa_client.get(reverse("live:review_csv", args=[live.code])).text
    assert "Carlitos (invitado)" in text and "charlie" not in text
    assert "charlie" not in teresa_client.get(reverse("live:review", args=[live.code])).content.decode()


def test_the_round_code_form_is_throttled_like_the_class_code(settings, client, live):
    settings.JOIN_ATTEMPTS_PER_IP = 3
    for _ in range(3):
        assert client.post(reverse("live:join"), {"code": "ZZZZZZ"}).status_code == 400
    refused = client.post(reverse("live:join"), {"code": live.code})
    assert refused.status_code == 400 and "Demasiados códigos equivocados" in refused.content.decode()


def test_guest_joins_from_one_address_are_throttled_but_members_still_join(
    settings, classroom, teresa, practice_set, alice, alice_client
):
    settings.GUEST_JOINS_PER_IP = 3
    live = _guest_round(classroom, teresa, practice_set)
    join = reverse("live:phone_join", args=[live.code])
    for n in range(3):
        assert Client().post(join, {"nickname": f"Invitado {n}"}).status_code == 302
    refused = Client().post(join, {"nickname": "Uno más"})
    assert refused.status_code == 400 and "demasiados invitados" in refused.content.decode()
    assert Participant.objects.count() == 3
    assert alice_client.post(join, {}).status_code == 302  # a member of the class is no guest
    assert Participant.objects.filter(learner=alice).exists()


def test_a_class_member_joins_a_guest_round_without_being_asked_for_a_nickname(
    classroom, teresa, practice_set, alice_client, charlie_client
):
    live = _guest_round(classroom, teresa, practice_set)
    phone = reverse("live:phone", args=[live.code])
    assert 'name="nickname"' not in alice_client.get(phone).content.decode()
    assert 'name="nickname"' in charlie_client.get(phone).content.decode()  # another class's: a guest
