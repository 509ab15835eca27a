"""Anonymous visitors' data expires after ANONYMOUS_DATA_DAYS without activity
(`manage.py expire_anonymous_data`, from cron); newer data, accounts' data and what an erased account
left in a round's counts stay."""

from datetime import timedelta
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import models
from django.urls import reverse
from django.utils import timezone

from tests.tutor.play.conftest import start
from tutor.accounts.models import Session
from tutor.accounts.sessions import SessionStore
from tutor.lib.owners import Owned
from tutor.live.models import Participant
from tutor.play import services as play_services
from tutor.play.models import Event, Match
from tutor.practice.identity import SESSION_KEY, Owner
from tutor.practice.models import Attempt, Issued
from tutor.privacy.models import DataExport


def _practise_anonymously(client) -> str:
    """A visitor answers a guide question and starts a match; returns her anonymous id."""
    response = client.post(
        reverse("practice:new"),
        {"kind": "family", "family": "obligacion", "difficulty": "1", "rules": "guia"},
    )
    assert response.status_code == 302
    anon_id = client.session[SESSION_KEY]
    issued = Issued.objects.get(anon_id=anon_id)
    key = issued.scenario["answer"]
    client.post(
        reverse("practice:answer", args=[issued.token]),
        {"answer": key if isinstance(key, list) else str(key)},
    )
    play_services.start_match(owner=Owner(None, anon_id))
    return anon_id


def _age(anon_id: str, days: int) -> None:
    """Move every date of the visitor's rows, in every model with an owner, ``days`` into the past."""
    when = timezone.now() - timedelta(days=days)
    for model in apps.get_models():
        if issubclass(model, Owned):
            dates = [f.name for f in model._meta.concrete_fields if isinstance(f, models.DateTimeField)]
            model.objects.filter(anon_id=anon_id).update(**dict.fromkeys(dates, when))


@pytest.mark.django_db
def test_old_anonymous_data_goes_and_newer_stays(client, alice, settings):
    from django.test import Client

    old = _practise_anonymously(client)
    recent = _practise_anonymously(Client())
    _age(old, settings.ANONYMOUS_DATA_DAYS + 1)
    _age(recent, settings.ANONYMOUS_DATA_DAYS - 1)
    start(alice)
    Match.objects.filter(learner=alice).update(updated_at=timezone.now() - timedelta(days=400))
    out = StringIO()
    call_command("expire_anonymous_data", stdout=out)
    assert "1 visitantes sin cuenta" in out.getvalue()
    for model in (Issued, Attempt, Match):
        assert not model.objects.filter(anon_id=old).exists(), model
        assert model.objects.filter(anon_id=recent).exists(), model
    assert not Event.objects.filter(hand__match__anon_id=old).exists()
    assert Match.objects.filter(learner=alice).exists()  # an account's data never expires


@pytest.mark.django_db
def test_a_visitor_active_lately_in_one_part_keeps_everything(client, settings):
    anon_id = _practise_anonymously(client)
    _age(anon_id, settings.ANONYMOUS_DATA_DAYS + 10)
    Match.objects.filter(anon_id=anon_id).update(updated_at=timezone.now())  # played yesterday
    call_command("expire_anonymous_data", stdout=StringIO())
    assert Attempt.objects.filter(anon_id=anon_id).exists()


@pytest.mark.django_db
def test_the_limit_can_be_given_and_expired_sessions_and_old_archives_go(alice, settings):
    anon_id = "a" * 32
    match = play_services.start_match(owner=Owner(None, anon_id))
    Match.objects.filter(pk=match.pk).update(
        created_at=timezone.now() - timedelta(days=3), updated_at=timezone.now() - timedelta(days=3)
    )
    session = SessionStore()
    session.create()
    Session.objects.filter(session_key=session.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    export = DataExport.objects.create(user=alice)
    DataExport.objects.filter(pk=export.pk).update(
        created_at=timezone.now() - timedelta(days=settings.EXPORT_KEPT_DAYS + 1)
    )
    call_command("expire_anonymous_data", "--days", "2", stdout=StringIO())
    assert not Match.objects.filter(anon_id=anon_id).exists()
    assert not Session.objects.filter(session_key=session.session_key).exists()
    assert not DataExport.objects.exists()


def test_what_an_erased_account_left_in_a_rounds_counts_never_expires(busy_class, zoe, settings):
    from tutor.live.models import LiveAnswer
    from tutor.privacy import services

    services.erase_user(zoe)
    kept = Participant.objects.get(round=busy_class["live"], learner__isnull=True).anon_id
    _age(kept, settings.ANONYMOUS_DATA_DAYS + 100)
    call_command("expire_anonymous_data", stdout=StringIO())
    assert Participant.objects.filter(anon_id=kept).exists()
    assert LiveAnswer.objects.filter(question__round=busy_class["live"]).count() == 2
