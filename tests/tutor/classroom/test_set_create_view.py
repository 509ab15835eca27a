"""Creating a set through the form: items as repeated fields, a built position, a goal, validation."""

from django.urls import reverse
from django.utils import timezone

from tutor.classroom.models import Assignment, PracticeSet, SetItem


def _form(**extra):
    opens = timezone.localtime() - timezone.timedelta(hours=1)
    due = opens + timezone.timedelta(days=4)
    data = {
        "title": "Semana 3",
        "instructions": "Haced las diez.",
        "kind": "items",
        "opens_at": opens.strftime("%Y-%m-%dT%H:%M"),
        "due_at": due.strftime("%Y-%m-%dT%H:%M"),
        "whole_class": "on",
        "item-TOTAL_FORMS": "3",
        "item-INITIAL_FORMS": "0",
        "item-MIN_NUM_FORMS": "0",
        "item-MAX_NUM_FORMS": "10",
    }
    for i in range(3):
        data.update({f"item-{i}-kind": "", f"item-{i}-count": "5", f"item-{i}-difficulty": "1"})
    data.update(extra)
    return data


def test_a_set_with_a_family_a_skill_and_a_position_is_published(classroom, position, teresa_client):
    data = _form(
        **{
            "item-0-kind": "family",
            "item-0-family": "jugada",
            "item-0-count": "5",
            "item-0-difficulty": "2",
            "item-1-kind": "skill",
            "item-1-rule_id": "R-OBL-PISAR",
            "item-1-count": "3",
            "item-2-kind": "position",
            "item-2-family": "validas",
            "item-2-position": str(position.pk),
            "publicar": "1",
        }
    )
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    practice_set = PracticeSet.objects.get()
    assert response["Location"] == practice_set.get_absolute_url()
    items = list(practice_set.items.values_list("kind", "family", "rule_id", "count", "difficulty"))
    assert items[:2] == [("family", "jugada", "", 5, 2), ("skill", "", "R-OBL-PISAR", 3, 1)]
    assert items[2][:4] == ("position", "validas", "", 1)  # a built position has no level
    assert SetItem.objects.get(kind="position").position == position.data  # the class's table is guia
    assert practice_set.published_at is not None
    assert set(Assignment.objects.values_list("total", flat=True)) == {9}


def test_a_draft_creates_no_rows(classroom, teresa_client):
    data = _form(**{"item-0-kind": "family", "item-0-family": "ganador"})
    teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert PracticeSet.objects.get().published_at is None
    assert not Assignment.objects.exists()


def test_another_teachers_position_cannot_be_used(classroom, position, tomas, teresa_client):
    position.owner = tomas
    position.save()
    data = _form(
        **{"item-0-kind": "position", "item-0-family": "jugada", "item-0-position": str(position.pk)}
    )
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert response.status_code == 200
    assert not PracticeSet.objects.exists()


def test_a_set_needs_an_item_and_a_due_date_after_opening(classroom, teresa_client):
    data = _form()
    data["due_at"] = data["opens_at"]
    page = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data).content.decode()
    assert "posterior a la de apertura" in page
    assert not PracticeSet.objects.exists()
    page = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), _form()).content.decode()
    assert "Añade al menos un ejercicio" in page


def test_a_goal_set_needs_skill_and_level(classroom, teresa_client):
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), _form(kind="goal"))
    assert response.status_code == 200
    assert not PracticeSet.objects.exists()
    data = _form(kind="goal", goal_skill="R-OBL-PISAR", goal_level="80", publicar="1")
    teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    practice_set = PracticeSet.objects.get()
    assert (practice_set.goal_skill, practice_set.goal_level, practice_set.items.count()) == (
        "R-OBL-PISAR",
        80,
        0,
    )


def test_chosen_students_must_be_in_the_class(classroom, alice, charlie, teresa_client):
    data = _form(**{"item-0-kind": "family", "item-0-family": "jugada", "publicar": "1"})
    del data["whole_class"]
    data["chosen"] = [str(alice.pk), str(charlie.pk)]
    response = teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert response.status_code == 200  # charlie is not a choice
    assert not PracticeSet.objects.exists()
    data["chosen"] = [str(alice.pk)]
    teresa_client.post(reverse("classroom:set_create", args=[classroom.pk]), data)
    assert list(Assignment.objects.values_list("student__username", flat=True)) == ["alice"]


def test_the_set_form_speaks_spanish_and_names_the_class_table(other_classroom, tomas_client):
    page = tomas_client.get(reverse("classroom:set_create", args=[other_classroom.pk])).content.decode()
    assert "Tipo de tarea" in page
    assert "Kind" not in page
    assert "Select an option" not in page
    assert "se corrigen con las reglas de la clase: Mesa estricta" in page
    assert "sin familia, como jugada" in page
