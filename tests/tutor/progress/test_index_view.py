from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tutor.progress.factories import anonymous, owner_of, record, record_many
from tutor.practice.identity import SESSION_KEY
from tutor.practice.services import submit

URL = reverse("progress:index")


def test_it_shows_the_seeds_example_answered_wrong_then_right(alice, alice_client, cual_puedes_jugar):
    owner = owner_of(alice)
    submit(owner=owner, token=cual_puedes_jugar(alice).token, raw="4c")
    submit(owner=owner, token=cual_puedes_jugar(alice).token, raw="12c")
    body = alice_client.get(URL).content.decode()
    assert "Mi progreso" in body
    assert "50 %" in body  # overall: 1 of 2
    montar = body.split('data-skill="R-OBL-MONTAR"')[1].split("</tr>")[0]
    assert "Si asistes y nadie ha echado triunfo" in montar  # its catalogue line
    assert "<td>2</td>" in montar and "<td>1</td>" in montar  # 2 attempts, 1 failure
    assert "Familiar (50 %)" in montar
    assert 'name="rule_id" value="R-OBL-MONTAR"' in montar
    assert f'action="{reverse("practice:new")}"' in montar
    assert 'data-skill="R-OBL-ASISTIR"' in body
    assert "¿Cuál puedes jugar?" in body
    assert "No montar pudiendo" in body  # the misconception of the wrong answer
    assert "1 ejercicio fallado" in body
    assert "✗ Mal" in body and "✓ Bien" in body


def test_it_highlights_weak_skills_with_a_practise_button(alice, alice_client):
    owner = owner_of(alice)
    record_many(owner, "1111111111", rule_ids=("R-OBL-ASISTIR",))
    record_many(owner, "000", family="ganador", rule_ids=("R-TRICK-2",))
    body = alice_client.get(URL).content.decode()
    weak = body.split('id="weak-title"')[1].split("</section>")[0]
    assert "R-TRICK-2" in weak and "R-OBL-ASISTIR" not in weak
    assert "Practicar" in weak and 'value="R-TRICK-2"' in weak
    row = body.split('data-skill="R-TRICK-2"')[0].rsplit("<tr", 1)[1]
    assert "progress-table__weak" in row
    assert "débil" in body.split('data-skill="R-TRICK-2"')[1].split("</th>")[0]


def test_it_shows_the_families_due_for_review_with_the_review_button(alice, alice_client, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    record(owner_of(alice), correct=False)
    body = alice_client.get(URL).content.decode()
    assert "0 por repasar" in body
    later = timezone.now() + timedelta(minutes=2)
    monkeypatch.setattr(timezone, "now", lambda: later)
    body = alice_client.get(URL).content.decode()
    assert "1 por repasar" in body
    assert "Toca repasar: ¿Cuál puedes jugar?" in body
    assert f'action="{reverse("progress:review")}"' in body
    assert "Repasar ahora" in body


def test_it_explains_the_mastery_thresholds(client, db):
    body = client.get(URL).content.decode()
    for text in ("100 % Dominada", "80 % Competente", "50 % Familiar", "0 % Por aprender", "últimos 10"):
        assert text in body


def test_a_learner_never_sees_another_learners_progress(alice, bob_client, charlie_client):
    record(owner_of(alice), correct=False, misconception="no_monto", rule_ids=("R-OBL-MONTAR",))
    for other in (bob_client, charlie_client):
        body = other.get(URL).content.decode()
        assert "R-OBL-MONTAR" not in body
        assert "No montar pudiendo" not in body
        assert "0 ejercicios fallados" in body


def test_an_anonymous_visitor_sees_their_own_progress_and_nobody_elses(alice, client):
    record(owner_of(alice), correct=True, rule_ids=("R-OBL-PISAR",))
    session = client.session
    session[SESSION_KEY] = "d" * 32
    session.save()
    record(anonymous("d" * 32), correct=False, rule_ids=("R-OBL-FALLAR",))
    body = client.get(URL).content.decode()
    assert "R-OBL-FALLAR" in body and "R-OBL-PISAR" not in body
    assert "Crea una cuenta" in body


def test_it_rejects_post(alice_client):
    assert alice_client.post(URL).status_code == 405


def _queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(URL).status_code == 200
    return len(queries)


def test_it_makes_the_same_few_queries_for_5_or_200_attempts(alice, bob, alice_client, bob_client):
    rules = [("R-OBL-ASISTIR",), ("R-OBL-MONTAR", "R-OBL-ASISTIR"), ("R-TRICK-2",), ("R-OBL-FALLAR",)]
    families = ["jugada", "validas", "ganador", "obligacion", "renuncio"]
    for n in range(5):
        record(owner_of(alice), correct=n % 2 == 0, rule_ids=rules[n % 4], family=families[n % 5], seed=n)
    for n in range(200):
        record(owner_of(bob), correct=n % 3 == 0, rule_ids=rules[n % 4], family=families[n % 5], seed=n)
    few, many = _queries(alice_client), _queries(bob_client)
    assert few == many
    assert many <= 8


def test_a_family_due_within_the_minute_is_not_said_to_be_due_in_zero_minutes(alice, alice_client):
    from django.utils import timezone

    from tutor.progress.models import FamilyCard

    record(owner_of(alice), correct=True)
    FamilyCard.objects.update(due=timezone.now() + timezone.timedelta(seconds=30))
    body = alice_client.get(reverse("progress:index")).content.decode()
    assert "0 por repasar" in body
    assert "dentro de 0" not in body
    assert "en menos de un minuto" in body
