"""tutor/lib/owners: the learner-or-anonymous owner fields every owned model shares."""

from django.apps import apps

from tutor.lib.owners import Owned, Owner
from tutor.practice.models import Issued
from tutor.practice.services import issue


def test_every_model_with_an_owner_takes_its_fields_from_one_place():
    owned = {
        m.__name__ for m in apps.get_models() if {"learner", "anon_id"} <= {f.name for f in m._meta.fields}
    }
    assert owned == {m.__name__ for m in apps.get_models() if issubclass(m, Owned)}
    assert {
        "Issued",
        "Attempt",
        "StepProgress",
        "SkillStat",
        "ReviewItem",
        "ReviewLogEntry",
        "FamilyCard",
        "PracticeSession",
    } <= owned


def test_an_owner_finds_its_own_rows_and_no_one_elses(alice, bob):
    mine = issue(owner=Owner(alice, ""), mode="familia", family="tantos", seed=1)
    visitor = issue(owner=Owner(None, "abc"), mode="familia", family="tantos", seed=1)
    issue(owner=Owner(bob, ""), mode="familia", family="tantos", seed=1)
    assert list(Issued.objects.filter(Owner(alice, "").q)) == [mine]
    assert list(Issued.objects.filter(Owner(None, "abc").q)) == [visitor]
    assert not Issued.objects.filter(Owner(None, "").q).exists()
    assert Owner.of(mine) == Owner(alice, "") and Owner.of(visitor) == Owner(None, "abc")
