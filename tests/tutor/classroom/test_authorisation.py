"""Every classroom URL, hit by every persona with someone else's ids: refused, and nothing changes."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tutor.classroom.models import Assignment, Classroom, Membership, Position, PracticeSet

# (url name, kind of ids it takes, methods)
CLASS_URLS = [
    ("classroom:detail", "class", "get"),
    ("classroom:code", "class", "post"),
    ("classroom:archive", "class", "post"),
    ("classroom:add_teacher", "class", "post"),
    ("classroom:new_students", "class", "get"),
    ("classroom:new_students", "class", "post"),
    ("classroom:logins", "class", "get"),
    ("classroom:heatmap", "class", "get"),
    ("classroom:set_create", "class", "get"),
    ("classroom:set_create", "class", "post"),
    ("classroom:student_name", "member", "post"),
    ("classroom:remove_student", "member", "post"),
    ("classroom:set_detail", "set", "get"),
    ("classroom:set_publish", "set", "post"),
    ("classroom:set_results_csv", "set", "get"),
    ("classroom:set_attempts_csv", "set", "get"),
    ("classroom:position_edit", "position", "get"),
    ("classroom:position_edit", "position", "post"),
    ("classroom:position_export", "position", "get"),
    ("classroom:position_delete", "position", "post"),
]
STUDENT_URLS = [
    ("classroom:task", "set", "get"),
    ("classroom:leave", "class", "post"),
]
POST_DATA = {
    "action": "regenerar",
    "username": "tomas",
    "names": "Niño Nuevo",
    "real_name": "Otro nombre",
    "title": "x",
    "trump": "o",
    "hand": ["1c"],
    "rules": "guia",
}


@pytest.fixture
def world(classroom, other_classroom, teresa, tomas, alice, bob, charlie, position):
    teresa_set = make_set(classroom, teresa)
    draft = make_set(classroom, teresa, publish=False, title="Borrador")
    only_alice = make_set(classroom, teresa, whole_class=False, students=[alice], title="Solo Alicia")
    tomas_set = make_set(other_classroom, tomas)
    tomas_position = Position.objects.create(owner=tomas, title="De Tomás", data=position.data)
    return {
        "teresa": {
            "class": [classroom.pk],
            "member": [classroom.pk, Membership.objects.get(classroom=classroom, student=alice).pk],
            "set": [teresa_set.pk],
            "draft": [draft.pk],
            "only_alice": [only_alice.pk],
            "position": [position.pk],
        },
        "tomas": {
            "class": [other_classroom.pk],
            "member": [
                other_classroom.pk,
                Membership.objects.get(classroom=other_classroom, student=charlie).pk,
            ],
            "set": [tomas_set.pk],
            "position": [tomas_position.pk],
        },
    }


def _snapshot():
    return (
        list(Classroom.objects.values_list("pk", "join_code", "join_open", "archived", "name")),
        list(Membership.objects.values_list("pk", "real_name")),
        list(PracticeSet.objects.values_list("pk", "published_at", "title")),
        Assignment.objects.count(),
        list(Position.objects.values_list("pk", "title")),
        sorted(Classroom.teachers.through.objects.values_list("classroom_id", "user_id")),
    )


def _hit(client: Client, name: str, args: list[int], method: str):
    url = reverse(name, args=args)
    return client.post(url, POST_DATA) if method == "post" else client.get(url)


@pytest.mark.parametrize("name, kind, method", CLASS_URLS)
@pytest.mark.parametrize("persona", ["tomas", "alice", "bob", "charlie"])
def test_teacher_urls_refuse_everyone_but_teresa_on_her_ids(request, world, persona, name, kind, method):
    client = request.getfixturevalue(f"{persona}_client")
    before = _snapshot()
    response = _hit(client, name, world["teresa"][kind], method)
    assert response.status_code == 404
    assert _snapshot() == before


@pytest.mark.parametrize("name, kind, method", CLASS_URLS)
@pytest.mark.parametrize("persona", ["teresa", "alice", "bob"])
def test_teacher_urls_refuse_everyone_but_tomas_on_his_ids(request, world, persona, name, kind, method):
    client = request.getfixturevalue(f"{persona}_client")
    before = _snapshot()
    response = _hit(client, name, world["tomas"][kind], method)
    assert response.status_code == 404
    assert _snapshot() == before


@pytest.mark.parametrize("name, kind, method", CLASS_URLS + STUDENT_URLS)
def test_anonymous_visitors_are_sent_to_log_in(client, world, name, kind, method):
    before = _snapshot()
    response = _hit(client, name, world["teresa"][kind], method)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    assert _snapshot() == before


@pytest.mark.parametrize(
    "name, method",
    [
        ("classroom:index", "get"),
        ("classroom:tasks", "get"),
        ("classroom:join", "post"),
        ("classroom:create", "get"),
        ("classroom:positions", "get"),
        ("classroom:position_create", "get"),
        ("classroom:position_import", "post"),
    ],
)
def test_anonymous_visitors_are_sent_to_log_in_from_pages_without_ids(client, name, method):
    response = client.post(reverse(name)) if method == "post" else client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize("persona", ["teresa", "tomas", "charlie"])
@pytest.mark.parametrize("kind", ["set", "draft", "only_alice"])
def test_students_tasks_are_refused_to_anyone_not_assigned(request, world, persona, kind):
    # Teachers are not assigned; charlie is in another class; a draft reaches nobody.
    client = request.getfixturevalue(f"{persona}_client")
    assert client.get(reverse("classroom:task", args=world["teresa"][kind])).status_code == 404


def test_bob_cannot_open_a_set_given_only_to_alice(world, bob_client):
    assert bob_client.get(reverse("classroom:task", args=world["teresa"]["only_alice"])).status_code == 404


def test_nobody_can_leave_a_class_they_are_not_in(world, charlie_client, tomas_client):
    before = _snapshot()
    for client in (charlie_client, tomas_client):
        assert _hit(client, "classroom:leave", world["teresa"]["class"], "post").status_code == 404
    assert _snapshot() == before


@pytest.mark.parametrize("name", ["classroom:create", "classroom:positions", "classroom:position_create"])
def test_learners_get_403_on_teacher_only_pages(alice_client, name):
    assert alice_client.get(reverse(name)).status_code == 403


def test_a_learner_cannot_create_a_class(alice_client):
    response = alice_client.post(reverse("classroom:create"), {"name": "Mi clase", "rules": "guia"})
    assert response.status_code == 403
    assert not Classroom.objects.exists()


def test_a_learner_cannot_import_positions(alice_client):
    response = alice_client.post(reverse("classroom:position_import"))
    assert response.status_code == 403


@pytest.mark.parametrize(
    "name, kind, method",
    [(n, k, m) for n, k, m in CLASS_URLS if m == "get" and k != "position"],
)
def test_teresa_reaches_her_own_pages(world, teresa_client, name, kind, method):
    assert _hit(teresa_client, name, world["teresa"][kind], method).status_code == 200


@pytest.mark.parametrize("url_name", ["classroom:code", "classroom:detail"])
def test_wrong_methods_get_405(world, teresa_client, url_name):
    url = reverse(url_name, args=world["teresa"]["class"])
    response = teresa_client.get(url) if url_name == "classroom:code" else teresa_client.post(url)
    assert response.status_code == 405


@pytest.mark.parametrize("pk", ["9" * 19, "9" * 30])
def test_an_id_longer_than_the_database_holds_is_a_404(teresa_client, pk):
    for url in (f"/clases/{pk}/", f"/clases/{pk}/salir/", f"/clases/tareas/{pk}/", f"/progreso/sesion/{pk}/"):
        response = teresa_client.post(url) if url.endswith("salir/") else teresa_client.get(url)
        assert response.status_code == 404, url
        assert "Página no encontrada" in response.content.decode()
