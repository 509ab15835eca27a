"""Classes: creating, joining with a code (rate-limited), managed accounts, co-teachers, leaving, archiving."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import hashed
from tests.tutor.classroom.conftest import make_set
from tutor.classroom.models import CODE_ALPHABET, Assignment, Classroom, Membership


def test_a_teacher_creates_a_class_with_table_rules_and_a_code(teresa_client, teresa):
    response = teresa_client.post(
        reverse("classroom:create"), {"name": "Abuela y nietos", "rules": "estricta"}
    )
    classroom = Classroom.objects.get()
    assert response.status_code == 302 and response["Location"] == classroom.get_absolute_url()
    assert classroom.rules == "estricta"
    assert list(classroom.teachers.all()) == [teresa]
    assert re.fullmatch(f"[{CODE_ALPHABET}]{{7}}", classroom.join_code)


def test_a_class_needs_a_known_preset(teresa_client):
    response = teresa_client.post(reverse("classroom:create"), {"name": "X", "rules": "casera"})
    assert response.status_code == 200
    assert not Classroom.objects.exists()


def test_the_teacher_index_hides_archived_classes_by_default(classroom, teresa_client):
    classroom.archived = True
    classroom.save()
    assert "4º B" not in teresa_client.get(reverse("classroom:index")).content.decode()
    assert "4º B" in teresa_client.get(reverse("classroom:index") + "?archivadas=1").content.decode()


def test_a_student_joins_with_the_code_in_any_case_and_gets_published_sets(
    classroom, teresa, charlie, charlie_client
):
    practice_set = make_set(classroom, teresa)
    code = classroom.join_code.lower()
    response = charlie_client.post(reverse("classroom:join"), {"code": f" {code[:3]}-{code[3:]} "})
    assert response.status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=charlie).exists()
    assert Assignment.objects.filter(practice_set=practice_set, student=charlie, state="sin_empezar").exists()


def test_a_wrong_code_is_refused_in_spanish(classroom, charlie_client):
    response = charlie_client.post(reverse("classroom:join"), {"code": "ZZZZZZZ"}, follow=True)
    assert "no corresponde a ninguna clase abierta" in response.content.decode()
    assert not Membership.objects.filter(student__username="charlie").exists()


def test_a_closed_code_lets_nobody_in(classroom, teresa_client, charlie_client):
    teresa_client.post(reverse("classroom:code", args=[classroom.pk]), {"action": "cerrar"})
    charlie_client.post(reverse("classroom:join"), {"code": classroom.join_code})
    assert not Membership.objects.filter(student__username="charlie").exists()


def test_a_regenerated_code_replaces_the_old_one(classroom, teresa_client, charlie_client):
    old = classroom.join_code
    teresa_client.post(reverse("classroom:code", args=[classroom.pk]), {"action": "regenerar"})
    classroom.refresh_from_db()
    assert classroom.join_code != old
    charlie_client.post(reverse("classroom:join"), {"code": old})
    assert not Membership.objects.filter(student__username="charlie").exists()


def test_guessing_codes_is_stopped_per_user_even_with_the_right_code(classroom, charlie_client, settings):
    for _ in range(settings.JOIN_ATTEMPTS_PER_ACCOUNT):
        charlie_client.post(reverse("classroom:join"), {"code": "AAAAAAA"})
    response = charlie_client.post(reverse("classroom:join"), {"code": classroom.join_code}, follow=True)
    assert "Demasiados códigos equivocados" in response.content.decode()
    assert not Membership.objects.filter(student__username="charlie").exists()


def _guess_from_many_accounts(django_user_model, settings, **address) -> None:
    per_user = settings.JOIN_ATTEMPTS_PER_ACCOUNT - 2  # each account stays under its own limit
    for i in range(-(-settings.JOIN_ATTEMPTS_PER_IP // per_user)):
        client = Client()
        client.force_login(django_user_model.objects.create(username=f"u{i}", password=hashed("x")))
        for _ in range(per_user):
            client.post(reverse("classroom:join"), {"code": "AAAAAAA"}, **address)


def test_an_address_over_its_limit_stops_the_accounts_that_guessed_wrong(
    classroom, django_user_model, settings
):
    _guess_from_many_accounts(django_user_model, settings)
    guesser = Client()
    guesser.force_login(django_user_model.objects.get(username="u0"))
    response = guesser.post(reverse("classroom:join"), {"code": classroom.join_code}, follow=True)
    assert "Demasiados códigos equivocados" in response.content.decode()
    assert not Membership.objects.filter(student__username="u0").exists()


def test_an_address_over_its_limit_still_lets_a_pupil_with_the_right_code_join(
    classroom, django_user_model, settings
):
    # A school is one address: one pupil guessing must not stop the class joining.
    _guess_from_many_accounts(django_user_model, settings)
    fresh = django_user_model.objects.create(username="fresh", password=hashed("x"))
    client = Client()
    client.force_login(fresh)
    response = client.post(reverse("classroom:join"), {"code": classroom.join_code}, follow=True)
    assert "Te has unido a la clase" in response.content.decode()
    assert Membership.objects.filter(student=fresh).exists()


def test_behind_the_proxy_wrong_codes_count_against_the_address_the_proxy_saw(
    classroom, django_user_model, settings
):
    settings.TRUST_X_FORWARDED_FOR = True
    _guess_from_many_accounts(django_user_model, settings, HTTP_X_FORWARDED_FOR="1.2.3.4, 10.0.0.9")
    # u0 guessed from 10.0.0.9; from another address it is under that address's limit.
    guesser = Client()
    guesser.force_login(django_user_model.objects.get(username="u0"))
    same = guesser.post(
        reverse("classroom:join"),
        {"code": classroom.join_code},
        HTTP_X_FORWARDED_FOR="9.9.9.9, 10.0.0.9",
        follow=True,
    )
    assert "Demasiados códigos equivocados" in same.content.decode()
    elsewhere = guesser.post(
        reverse("classroom:join"), {"code": classroom.join_code}, HTTP_X_FORWARDED_FOR="10.0.0.7", follow=True
    )
    assert "Te has unido a la clase" in elsewhere.content.decode()


def test_a_teacher_cannot_join_their_own_class_as_a_student(classroom, teresa_client):
    teresa_client.post(reverse("classroom:join"), {"code": classroom.join_code})
    assert not Membership.objects.filter(student__username="teresa").exists()


def test_managed_accounts_are_printed_once_and_can_log_in(classroom, teresa_client):
    response = teresa_client.post(
        reverse("classroom:new_students", args=[classroom.pk]), {"names": "Lucía Pérez\nMateo Ruiz\n"}
    )
    assert response["Location"] == reverse("classroom:logins", args=[classroom.pk])
    page = teresa_client.get(response["Location"]).content.decode()
    users = re.findall(r'login-card__user">([^<]+)<', page)
    passwords = re.findall(r'login-card__password">([^<]+)<', page)
    assert len(users) == len(passwords) == 2
    assert "Lucía Pérez" in page
    assert 'login-card__url">http://testserver/cuenta/entrar/<' in page
    assert passwords[0] not in teresa_client.get(response["Location"]).content.decode()
    member = Membership.objects.get(student__username=users[0])
    assert member.managed and member.real_name == "Lucía Pérez"
    child = Client()
    login = child.post(reverse("accounts:login"), {"username": users[0], "password": passwords[0]})
    assert login.status_code == 302
    assert "Lucía Pérez" not in child.get(reverse("classroom:index")).content.decode()


def _stored_sessions_text() -> str:
    from tutor.accounts.models import Session

    return " ".join(str(s.get_decoded()) for s in Session.objects.all())


def test_the_new_passwords_never_reach_the_session_row(classroom, teresa_client):
    response = teresa_client.post(
        reverse("classroom:new_students", args=[classroom.pk]), {"names": "Lucía Pérez\nMateo Ruiz\n"}
    )
    before = _stored_sessions_text()
    page = teresa_client.get(response["Location"]).content.decode()
    passwords = re.findall(r'login-card__password">([^<]+)<', page)
    assert len(passwords) == 2
    for password in passwords:
        assert password not in before
        assert password not in _stored_sessions_text()


def test_a_login_sheet_not_opened_in_time_is_gone(classroom, teresa_client):
    from django.core.cache import cache

    response = teresa_client.post(
        reverse("classroom:new_students", args=[classroom.pk]), {"names": "Lucía Pérez\n"}
    )
    cache.clear()  # what the cache does by itself after LOGINS_TTL
    page = teresa_client.get(response["Location"]).content.decode()
    assert "login-card__password" not in page
    assert "Estas fichas ya se mostraron" in page


def test_a_teacher_sets_a_real_name_only_teachers_see(classroom, alice, teresa_client, alice_client):
    member = Membership.objects.get(classroom=classroom, student=alice)
    teresa_client.post(
        reverse("classroom:student_name", args=[classroom.pk, member.pk]), {"real_name": "Alicia G."}
    )
    member.refresh_from_db()
    assert member.real_name == "Alicia G."
    assert "Alicia G." in teresa_client.get(classroom.get_absolute_url()).content.decode()
    assert "Alicia G." not in alice_client.get(reverse("classroom:index")).content.decode()


def test_a_co_teacher_is_added_by_username_and_sees_the_class(classroom, teresa_client, tomas_client):
    teresa_client.post(reverse("classroom:add_teacher", args=[classroom.pk]), {"username": "tomas"})
    assert tomas_client.get(classroom.get_absolute_url()).status_code == 200


def test_a_learner_cannot_be_made_co_teacher(classroom, teresa_client, charlie):
    teresa_client.post(reverse("classroom:add_teacher", args=[classroom.pk]), {"username": "charlie"})
    assert not classroom.teachers.filter(pk=charlie.pk).exists()


def test_a_student_leaves_and_their_rows_are_withdrawn(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa)
    alice_client.post(reverse("classroom:leave", args=[classroom.pk]))
    assert not Membership.objects.filter(classroom=classroom, student=alice).exists()
    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert row.withdrawn_at is not None
    assert alice_client.get(reverse("classroom:task", args=[practice_set.pk])).status_code == 404
    assert practice_set.title not in alice_client.get(reverse("classroom:tasks")).content.decode()


def test_a_teacher_removes_a_student(classroom, bob, teresa_client):
    member = Membership.objects.get(classroom=classroom, student=bob)
    teresa_client.post(reverse("classroom:remove_student", args=[classroom.pk, member.pk]))
    assert not Membership.objects.filter(pk=member.pk).exists()


@pytest.mark.parametrize(
    "name, data",
    [
        ("classroom:code", {"action": "regenerar"}),
        ("classroom:add_teacher", {"username": "tomas"}),
        ("classroom:new_students", {"names": "Nuevo"}),
        ("classroom:set_create", {"title": "x"}),
    ],
)
def test_an_archived_class_is_read_only(classroom, teresa_client, name, data):
    classroom.archived = True
    classroom.save()
    before = (classroom.join_code, classroom.teachers.count(), Membership.objects.count())
    response = teresa_client.post(reverse(name, args=[classroom.pk]), data)
    assert response.status_code == 302
    classroom.refresh_from_db()
    assert (classroom.join_code, classroom.teachers.count(), Membership.objects.count()) == before


def test_nobody_joins_an_archived_class(classroom, charlie_client):
    classroom.archived = True
    classroom.save()
    charlie_client.post(reverse("classroom:join"), {"code": classroom.join_code})
    assert not Membership.objects.filter(student__username="charlie").exists()


def test_join_refuses_get(alice_client):
    assert alice_client.get(reverse("classroom:join")).status_code == 405


def test_a_double_click_on_archive_archives_once_and_says_it_was_done(classroom, teresa_client):
    url = reverse("classroom:archive", args=[classroom.pk])
    teresa_client.post(url, {"archivada": "1"})
    again = teresa_client.post(url, {"archivada": "1"}, follow=True)
    assert "Esto ya estaba hecho." in again.content.decode()
    classroom.refresh_from_db()
    assert classroom.archived
    teresa_client.post(url, {"archivada": "0"})
    classroom.refresh_from_db()
    assert not classroom.archived
