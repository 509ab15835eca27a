"""A set row «repite tus errores de la mesa»: each student answers their own retry items from their hands,
up to the row's count; fewer or none is said plainly; the set page and the teacher's results follow; live
rounds never take the row."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis.retry import position
from engine.bots.view import seat_view
from tests.tutor.classroom.conftest import make_set
from tests.tutor.play.conftest import commit_renuncio, start
from tutor.classroom.models import Assignment, SetItem, SetRetry
from tutor.hands.models import HandRecord
from tutor.live import services as live
from tutor.progress.models import TableRetry, TableRetryAnswer

TABLE_ROW = {"kind": "mesa", "count": 3}


def items_for(user, n: int) -> list[TableRetry]:
    """``n`` rule items of ``user``'s own kept hand (a hand played in examen with a renuncio), at the
    first ``n`` plays of their seat, each graded by legality, due in a day (not due yet)."""
    commit_renuncio_for = start(user, mode="examen", seed=5)
    from django.test import Client

    client = Client()
    client.force_login(user)
    commit_renuncio(client, commit_renuncio_for)
    row = HandRecord.objects.filter(learner=user).latest("pk")
    TableRetry.objects.filter(
        record=row
    ).delete()  # the hand's own rule items, made as it was kept: these stand in
    record = records.read(row.text)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    out = []
    for number in [n for n, p in enumerate(plays) if p.seat == row.seat][:n]:
        view = seat_view(position(record, number), row.seat)
        legal = view.legal_mask()
        out.append(
            TableRetry.objects.create(
                learner=user,
                record=row,
                play=number,
                seat=row.seat,
                kind=TableRetry.Kind.RULE,
                card=plays[number].card.code,
                grades={c.code: "legal" if legal >> int(c) & 1 else "renuncio" for c in view.hand_cards()},
                rule_ids=["R-OBL-ASISTIR"],
                due=timezone.now() + timezone.timedelta(days=1),
            )
        )
    return out


def _answer(client, item: TableRetry, *, right: bool):
    item.refresh_from_db()
    code = next(c for c, g in item.grades.items() if (g == "legal") == right)
    return client.post(item.get_absolute_url(), {"card": code, "n": item.answers})


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_each_student_gets_their_own_items_up_to_the_count(classroom, teresa, alice, bob, alice_client):
    mine = items_for(alice, 4)
    theirs = items_for(bob, 2)
    practice_set = make_set(classroom, teresa, items=[TABLE_ROW])
    page = alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    assert page.status_code == 200
    chosen = list(SetRetry.objects.filter(assignment__student=alice).values_list("retry_id", flat=True))
    assert len(chosen) == 3 and set(chosen) <= {i.pk for i in mine}
    assert not set(chosen) & {i.pk for i in theirs}
    # the teacher asks for them today: the chosen items are due now (not tomorrow)
    assert all(i.due <= timezone.now() for i in TableRetry.objects.filter(pk__in=chosen))
    text = _text(page)
    for item in TableRetry.objects.filter(pk__in=chosen):
        assert item.get_absolute_url() in text
    for item in theirs:
        assert item.get_absolute_url() not in text
    assert Assignment.objects.get(student=alice, practice_set=practice_set).total == 3
    # a second visit chooses nothing more
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    assert SetRetry.objects.filter(assignment__student=alice).count() == 3


def test_the_first_answer_of_each_item_is_the_sets_and_the_last_hands_it_in(
    classroom, teresa, alice, alice_client, teresa_client
):
    items_for(alice, 2)
    practice_set = make_set(classroom, teresa, items=[{"kind": "mesa", "count": 2}])
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    first, second = [
        s.retry for s in SetRetry.objects.filter(assignment__student=alice).select_related("retry")
    ]
    assert _answer(alice_client, first, right=False).status_code == 302
    row = Assignment.objects.get(student=alice, practice_set=practice_set)
    assert (row.state, row.answered, row.correct) == ("en_curso", 1, 0)
    # the same form posted again changes nothing: no doubled answer, no doubled count
    first.refresh_from_db()
    alice_client.post(first.get_absolute_url(), {"card": first.card, "n": 0})
    assert TableRetryAnswer.objects.filter(item=first).count() == 1
    # answering it again later (right) is the spacing's business, not the set's
    TableRetry.objects.filter(pk=first.pk).update(due=timezone.now())
    _answer(alice_client, first, right=True)
    row.refresh_from_db()
    assert (row.answered, row.correct) == (1, 0)
    _answer(alice_client, second, right=True)
    row.refresh_from_db()
    assert (row.state, row.answered, row.correct, row.total) == ("entregada", 2, 1, 2)
    page = _text(alice_client.get(reverse("classroom:task", args=[practice_set.pk])))
    assert "Respondidas: 2 de 2" in page and "Has acertado 1 de 2" in page
    results = _text(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    assert "Jugadas de sus manos" in results
    assert "2 de 2 respondidas, 1 bien" in results


def test_a_student_with_fewer_items_is_told_and_the_teacher_sees_it(
    classroom, teresa, alice, bob, alice_client, bob_client, teresa_client
):
    items_for(alice, 1)
    practice_set = make_set(
        classroom,
        teresa,
        items=[{"kind": "family", "family": "jugada", "count": 1, "difficulty": 1}, TABLE_ROW],
    )
    page = _text(alice_client.get(reverse("classroom:task", args=[practice_set.pk])))
    # one play left: «repites esa», never «repites esas 1»
    assert "La tarea pide 3 jugadas, pero tienes 1 por repetir: repites esa." in page
    assert "(un renuncio, un cante que no cantaste o cantaste mal, o una carta" in page  # cante items too
    assert Assignment.objects.get(student=alice, practice_set=practice_set).total == 2
    # bob has none: the row asks nothing of him, said so, and his total is his one question
    page = _text(bob_client.get(reverse("classroom:task", args=[practice_set.pk])))
    assert "pero ahora no tienes ninguna por repetir" in page
    assert Assignment.objects.get(student=bob, practice_set=practice_set).total == 1
    results = _text(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    assert "0 de 1 respondidas, 0 bien · tenía 1 de las 3 pedidas" in results
    csv = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    lines = b"".join(csv.streaming_content if csv.streaming else [csv.content]).decode().splitlines()
    assert lines[0].endswith("jugadas pedidas,jugadas elegidas,jugadas respondidas,jugadas bien")
    assert [line.rsplit(",", 4)[1:] for line in lines[1:]] == [["3", "1", "0", "0"], ["3", "0", "0", "0"]]


def test_a_set_of_only_the_row_with_no_items_is_handed_in_and_says_why(classroom, teresa, bob, bob_client):
    practice_set = make_set(classroom, teresa, items=[TABLE_ROW])
    page = _text(bob_client.get(reverse("classroom:task", args=[practice_set.pk])))
    assert Assignment.objects.get(student=bob, practice_set=practice_set).state == "entregada"
    assert "no tenías ninguna por repetir: esta parte no te pidió nada" in page
    assert "No tenías jugadas por repetir" in page


def test_items_come_in_later_and_a_removed_hand_is_replaced_not_a_5xx(classroom, teresa, alice, alice_client):
    practice_set = make_set(
        classroom,
        teresa,
        items=[{"kind": "family", "family": "jugada", "count": 1, "difficulty": 1}, TABLE_ROW],
    )
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    assert not SetRetry.objects.exists()
    first = items_for(alice, 2)
    alice_client.get(url)
    assert set(SetRetry.objects.values_list("retry_id", flat=True)) == {i.pk for i in first}
    # she answers one, then removes that hand: the answer stays; the other (unanswered) is dropped
    _answer(alice_client, TableRetry.objects.get(pk=first[0].pk), right=True)
    HandRecord.objects.filter(pk=first[0].record_id).delete()
    later = items_for(alice, 1)
    page = alice_client.get(url)
    assert page.status_code == 200
    assert "Una jugada de una mano que ya no está" in _text(page)
    rows = list(SetRetry.objects.order_by("pk"))
    assert [(r.retry_id, r.answered_at is not None) for r in rows] == [(None, True), (later[0].pk, False)]
    assert Assignment.objects.get(student=alice).total == 1 + 2


def test_an_item_the_student_takes_out_is_dropped_from_the_set(classroom, teresa, alice, alice_client):
    mine = items_for(alice, 1)
    practice_set = make_set(classroom, teresa, items=[TABLE_ROW])
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    alice_client.post(reverse("progress:retry_remove", args=[mine[0].pk]), {"note": "no estoy de acuerdo"})
    alice_client.get(url)
    assert not SetRetry.objects.exists()
    assert Assignment.objects.get(student=alice).state == "entregada"


def test_another_student_cannot_open_or_answer_through_the_set(classroom, teresa, alice, bob_client, client):
    mine = items_for(alice, 1)
    practice_set = make_set(classroom, teresa, items=[TABLE_ROW])
    assert bob_client.get(mine[0].get_absolute_url()).status_code == 404
    assert bob_client.post(mine[0].get_absolute_url(), {"card": mine[0].card, "n": 0}).status_code == 404
    assert client.get(reverse("classroom:task", args=[practice_set.pk])).status_code == 302  # to log in
    assert not TableRetryAnswer.objects.exists()


def test_the_form_makes_the_row_with_its_count_and_explains_it(classroom, teresa_client):
    from tests.tutor.classroom.test_set_create_view import _form

    url = reverse("classroom:set_create", args=[classroom.pk])
    page = _text(teresa_client.get(url))
    assert "Una fila «repite tus errores de la mesa» pide a cada alumno sus propias jugadas" in page
    assert '<option value="mesa">repite tus errores de la mesa</option>' in page
    data = _form(
        title="Mis errores",
        **{"item-0-kind": "mesa", "item-0-count": "4", "item-0-family": "ganador", "item-0-difficulty": "3"},
    )
    response = teresa_client.post(url, {**data, "publicar": "1"})
    assert response.status_code == 302
    item = SetItem.objects.get()
    assert (item.kind, item.count, item.family, item.difficulty) == ("mesa", 4, "", 1)
    assert item.label() == "cada alumno repite 4 jugadas de sus errores de la mesa"


@pytest.mark.parametrize("count", [0, 21])
def test_the_forms_count_is_bounded(classroom, teresa_client, count):
    from tests.tutor.classroom.test_set_create_view import _form

    url = reverse("classroom:set_create", args=[classroom.pk])
    response = teresa_client.post(
        url, _form(title="x", **{"item-0-kind": "mesa", "item-0-count": str(count)})
    )
    assert response.status_code == 200 and not SetItem.objects.exists()


def test_live_rounds_take_no_table_row(classroom, teresa):
    from engine.rules import GUIA
    from tutor.live.forms import StartRoundForm

    only = make_set(classroom, teresa, items=[TABLE_ROW], title="Solo la mesa")
    mixed = make_set(
        classroom,
        teresa,
        items=[TABLE_ROW, {"kind": "family", "family": "ganador", "count": 2, "difficulty": 1}],
        title="Mezcla",
    )
    offered = set(StartRoundForm(classroom=classroom).fields["practice_set"].queryset)
    assert offered == {mixed}
    assert {s.family for s in live._set_scenarios(mixed, 6, GUIA)} == {"ganador"}
    with pytest.raises(live.LiveError):
        live._set_scenarios(only, 3, GUIA)
