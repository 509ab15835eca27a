"""An anonymous visitor's progress joins their account when they log in or sign up (through the real
account views: practice moves the attempts, progress moves its rows and recomputes its caches)."""

import pytest
from django.urls import reverse
from fsrs import Card

from tests.tutor.progress.factories import anonymous, owner_of, record
from tutor.practice.identity import SESSION_KEY
from tutor.progress.models import FamilyCard, PracticeSession, ReviewItem, ReviewLogEntry, SkillStat

ANON = "b" * 32


def _practise_anonymously(client) -> None:
    session = client.session
    session[SESSION_KEY] = ANON
    session.save()
    visitor = anonymous(ANON)
    failed = record(visitor, correct=False, rule_ids=("R-OBL-MONTAR",), misconception="no_monto")
    record(visitor, correct=True, rule_ids=("R-OBL-ASISTIR",))
    record(visitor, correct=False, family="ganador", rule_ids=("R-TRICK-2",))
    PracticeSession.objects.create(**visitor.fields, kind="mixta", plan=[])
    return failed


def _assert_it_all_belongs_to(user, failed):
    owner = owner_of(user)
    for model in (SkillStat, ReviewItem, ReviewLogEntry, FamilyCard, PracticeSession):
        assert not model.objects.filter(anon_id=ANON).exists(), model
    jugada = SkillStat.objects.get(owner.q, key="jugada")
    assert (jugada.attempts, jugada.correct) == (2, 1)
    assert SkillStat.objects.get(owner.q, key="R-OBL-MONTAR").recent == "0"
    assert ReviewItem.objects.filter(owner.q, attempt=failed, cleared_at__isnull=True).exists()
    assert ReviewLogEntry.objects.filter(owner.q).count() == 3
    assert PracticeSession.objects.filter(owner.q).count() == 1


def test_anonymous_progress_joins_the_account_at_login(alice, client, password):
    failed = _practise_anonymously(client)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    assert response.status_code == 302
    _assert_it_all_belongs_to(alice, failed)


@pytest.mark.django_db
def test_anonymous_progress_joins_a_new_account_at_sign_up(client):
    failed = _practise_anonymously(client)
    data = {
        "username": "nuria",
        "email": "nuria@example.org",
        "role": "learner",
        "password1": "sota-de-bastos-77",
        "password2": "sota-de-bastos-77",
    }
    assert client.post(reverse("accounts:signup"), data).status_code == 302
    from tutor.accounts.models import User

    _assert_it_all_belongs_to(User.objects.get(username="nuria"), failed)


def test_merged_progress_adds_to_what_the_account_already_had(alice, client, password):
    owner = owner_of(alice)
    record(owner, correct=True, rule_ids=("R-OBL-MONTAR",))
    _practise_anonymously(client)
    client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    montar = SkillStat.objects.get(owner.q, key="R-OBL-MONTAR")
    jugada = SkillStat.objects.get(owner.q, key="jugada")
    assert (montar.attempts, montar.correct, montar.recent) == (2, 1, "10")
    assert (jugada.attempts, jugada.correct) == (3, 2)
    # one card per family, replayed from all four reviews of jugada in time order
    card = FamilyCard.objects.get(owner.q, family="jugada")
    reviews = ReviewLogEntry.objects.filter(owner.q, family="jugada").order_by("reviewed_at", "id")
    assert reviews.count() == 3
    assert Card.from_dict(card.card).last_review == reviews.last().reviewed_at
    assert FamilyCard.objects.filter(owner.q).count() == 2


def test_another_visitors_progress_stays_theirs(alice, bob, client, password):
    _practise_anonymously(client)
    other = anonymous("c" * 32)
    record(other, correct=False)
    record(owner_of(bob), correct=False)
    client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    assert SkillStat.objects.get(other.q, key="jugada").attempts == 1
    assert SkillStat.objects.get(owner_of(bob).q, key="jugada").attempts == 1
    assert ReviewItem.objects.filter(other.q).count() == 1
