"""An erased account leaves no row that names it, in any table: the test walks every model that
django.apps knows, so a model added later is covered without a change here."""

import pytest
from django.apps import apps
from django.db import models
from django.db.models import Q
from django.db.models.functions import Cast

from tests.tutor.privacy.conftest import ZOE_ID, identifying
from tutor.accounts.models import Session
from tutor.live.models import LiveAnswer, Participant
from tutor.privacy import services


def rows_naming(user_id: int, texts: list[str]) -> dict[str, int]:
    """Every model's rows that hold the user's id in a relation to the user model, or any of
    ``texts`` in a text, JSON or many-to-many column: {model label: count}."""
    user_model = apps.get_model("accounts", "User")
    found = {}
    for model in apps.get_models(include_auto_created=True):
        q = Q()
        for f in model._meta.concrete_fields:
            if f.is_relation and f.related_model is user_model:
                q |= Q(**{f.attname: user_id})
            elif f.primary_key and model is user_model:
                q |= Q(pk=user_id)
            elif isinstance(f, models.CharField | models.TextField | models.JSONField):
                for text in texts:
                    q |= Q(**{f"_text_{f.attname}__icontains": text})
        if not q:
            continue
        annotations = {
            f"_text_{f.attname}": Cast(f.attname, models.TextField())
            for f in model._meta.concrete_fields
            if isinstance(f, models.CharField | models.TextField | models.JSONField)
        }
        count = model._base_manager.annotate(**annotations).filter(q).count()
        if count:
            found[model._meta.label] = count
    return found


def signed_in_sessions(user_id: int) -> int:
    return sum(1 for s in Session.objects.all() if s.get_decoded().get("_auth_user_id") == str(user_id))


def test_the_walk_finds_every_kind_of_row_that_names_her_before_the_erasure(busy_class, zoe):
    found = rows_naming(ZOE_ID, identifying())
    for label in (
        "accounts.User",
        "classroom.Membership",
        "classroom.Assignment",
        "practice.Issued",
        "practice.Attempt",
        "progress.SkillStat",
        "progress.PracticeSession",
        "play.Match",
        "live.Participant",
        "lessons.StepProgress",
        "hands.HandRecord",
    ):
        assert label in found, (label, found)
    assert signed_in_sessions(ZOE_ID) == 1


def test_after_erasure_no_row_in_any_model_holds_her_id_name_or_email(busy_class, zoe, alice):
    services.erase_user(zoe)
    assert rows_naming(ZOE_ID, identifying()) == {}
    assert signed_in_sessions(ZOE_ID) == 0  # a session's data is encoded: read one by one
    # alice's rows are all there still
    assert "practice.Attempt" in rows_naming(alice.pk, [alice.username])


def test_her_live_answer_stays_in_the_rounds_counts_without_her(busy_class, zoe):
    live = busy_class["live"]
    before = LiveAnswer.objects.filter(question__round=live).count()
    services.erase_user(zoe)
    assert LiveAnswer.objects.filter(question__round=live).count() == before == 2
    kept = Participant.objects.get(round=live, learner__isnull=True)
    assert kept.anon_id.startswith("borrado-") and kept.nickname == ""


@pytest.mark.parametrize("teachers", [1, 2])
def test_a_teacher_is_erased_with_her_classes_or_hands_them_over(
    busy_class, teresa, tomas, alice, zoe, teachers
):
    from tutor.classroom.models import Classroom, PracticeSet
    from tutor.live.models import Round

    classroom = busy_class["classroom"]
    if teachers == 2:
        classroom.teachers.add(tomas)
    services.erase_user(teresa)
    assert rows_naming(teresa.pk, [teresa.username, teresa.email]) == {}
    if teachers == 2:
        assert PracticeSet.objects.get(pk=busy_class["set"].pk).created_by == tomas
        assert Round.objects.get(pk=busy_class["live"].pk).started_by == tomas
        assert list(classroom.teachers.all()) == [tomas]
        assert zoe.__class__.objects.filter(pk=zoe.pk).exists()  # her class goes on, with a teacher
    else:
        assert not Classroom.objects.filter(pk=classroom.pk).exists()
        # The managed child she made for that class only goes with it: nobody could reset it.
        assert not zoe.__class__.objects.filter(pk=zoe.pk).exists()
    assert alice.__class__.objects.filter(pk=alice.pk).exists()  # the students' own accounts stay


def test_a_managed_child_also_in_another_class_stays_when_the_teacher_goes(busy_class, teresa, tomas, zoe):
    from tutor.classroom.models import Classroom, Membership

    other = Classroom.objects.create(name="Otra clase")
    other.teachers.add(tomas)
    Membership.objects.create(classroom=other, student=zoe, managed=True)
    services.erase_user(teresa)
    assert zoe.__class__.objects.filter(pk=zoe.pk).exists()
    assert list(Membership.objects.filter(student=zoe).values_list("classroom", flat=True)) == [other.pk]


def test_the_erasure_page_tells_a_teacher_which_child_accounts_go_with_her_classes(busy_class, teresa):
    from django.test import Client
    from django.urls import reverse

    client = Client()
    client.force_login(teresa)
    page = client.get(reverse("privacy:delete_account")).content.decode()
    assert "La cuenta que creaste para un alumno de esas clases" in page


def test_the_erasure_page_counts_a_child_in_two_of_her_classes_that_both_go(busy_class, teresa, zoe):
    """A child in two classes she alone teaches goes with them (erase_class, one class after the
    other): the page must count that account too, not only the children of a single class."""
    from django.test import Client
    from django.urls import reverse

    from tutor.classroom.models import Classroom, Membership

    other = Classroom.objects.create(name="Otra clase suya")
    other.teachers.add(teresa)
    Membership.objects.create(classroom=other, student=zoe, managed=True)
    client = Client()
    client.force_login(teresa)
    page = client.get(reverse("privacy:delete_account")).content.decode()
    assert "La cuenta que creaste para un alumno de esas clases" in page
    services.erase_user(teresa)
    assert not zoe.__class__.objects.filter(pk=zoe.pk).exists()


@pytest.mark.parametrize("managed_in", ["first", "second"])
def test_the_children_erased_are_the_ones_the_page_counted_whatever_the_order_of_her_classes(
    busy_class, teresa, zoe, alice, managed_in
):
    """A child managed in one of her classes and a plain member of another (both hers alone) goes, as
    the page says, whichever class is erased first; a student who joined by herself stays."""
    from tutor.classroom.models import Classroom, Membership
    from tutor.lib.personal_data import accounts_erased_with

    classroom = busy_class["classroom"]
    other = Classroom.objects.create(name="Otra clase suya")
    other.teachers.add(teresa)
    Membership.objects.create(classroom=other, student=zoe, managed=managed_in == "second")
    if managed_in == "second":
        Membership.objects.filter(classroom=classroom, student=zoe).update(managed=False)
    counted = accounts_erased_with(teresa)
    assert counted == {zoe.pk}
    services.erase_user(teresa)
    assert not zoe.__class__.objects.filter(pk=zoe.pk).exists()
    assert alice.__class__.objects.filter(pk=alice.pk).exists()


def test_an_erasure_that_fails_halfway_erases_nothing(busy_class, zoe, monkeypatch):
    from tutor.lib import personal_data

    def broken(user):
        raise RuntimeError("a hook that fails")

    monkeypatch.setattr(personal_data, "_before_erasure", [*personal_data.erasure_hooks(), broken])
    before = rows_naming(ZOE_ID, identifying())
    with pytest.raises(RuntimeError):
        services.erase_user(zoe)
    assert rows_naming(ZOE_ID, identifying()) == before


def test_a_tables_notices_forget_her_name_and_tell_of_someone(busy_class, zoe, alice):
    from engine.rules import PRESETS
    from tutor.tables import presenters
    from tutor.tables import services as tables

    table = tables.create_table(user=alice, rules=PRESETS["guia"], level="principiante", seed=3)
    tables.sit(user=zoe, token=table.token, number=2)
    tables.leave(user=zoe, token=table.token)
    table.refresh_from_db()
    assert [n["name"] for n in table.notices][-2:] == [zoe.username, zoe.username]
    services.erase_user(zoe)
    assert rows_naming(ZOE_ID, identifying()) == {}
    table.refresh_from_db()
    assert presenters.notice_text(table.notices[-1]).startswith("Alguien se ha levantado del sitio 3")
