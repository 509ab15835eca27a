from django.urls import reverse

from engine.rules import PRESETS
from engine.scenarios import FIXED
from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services
from tutor.classroom.models import Membership
from tutor.practice.models import Issued, Mode
from tutor.practice.services import issue, submit

from .conftest import owner_of


def _next(client, issued):
    return client.post(reverse("practice:next", args=[issued.token]))


def test_it_issues_another_with_the_same_settings(alice_client, alice):
    first = issue(
        owner=owner_of(alice), mode=Mode.FAMILY, family="ganador", difficulty=3, rules=PRESETS["estricta"]
    )
    submit(owner=owner_of(alice), token=first.token, raw=first.scenario["answer"])
    response = _next(alice_client, first)
    nxt = Issued.objects.exclude(pk=first.pk).get()
    assert response.url == nxt.get_absolute_url()
    assert (nxt.mode, nxt.family, nxt.difficulty, nxt.rules) == (Mode.FAMILY, "ganador", 3, first.rules)


def test_a_skill_keeps_its_rule(alice_client, alice):
    first = issue(
        owner=owner_of(alice),
        mode=Mode.SKILL,
        family="jugada",
        target="R-OBL-FALLAR",
    )
    submit(owner=owner_of(alice), token=first.token, raw=first.scenario["answer"][0])
    _next(alice_client, first)
    nxt = Issued.objects.exclude(pk=first.pk).get()
    assert nxt.mode == Mode.SKILL and "R-OBL-FALLAR" in nxt.rule_ids and nxt.target == "R-OBL-FALLAR"


def test_after_a_guide_example_comes_the_next_one(alice_client, alice, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    _next(alice_client, cual_puedes_jugar)
    nxt = Issued.objects.exclude(pk=cual_puedes_jugar.pk).get()
    ids = list(FIXED)
    assert nxt.fixed_id == ids[ids.index("guia-cual-puedes-jugar") + 1]


def test_before_answering_it_goes_back_to_the_scenario(alice_client, cual_puedes_jugar):
    response = _next(alice_client, cual_puedes_jugar)
    assert response.url == cual_puedes_jugar.get_absolute_url()
    assert Issued.objects.count() == 1


def test_another_learners_token_is_a_404(bob_client, alice, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    assert _next(bob_client, cual_puedes_jugar).status_code == 404
    assert Issued.objects.count() == 1


def test_it_rejects_get(alice_client, cual_puedes_jugar):
    assert alice_client.get(reverse("practice:next", args=[cual_puedes_jugar.token])).status_code == 405


def _next_htmx(client, issued):
    return client.post(reverse("practice:next", args=[issued.token]), headers={"HX-Request": "true"})


def test_with_htmx_the_next_question_replaces_the_answered_one(alice_client, alice):
    first = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="validas", difficulty=2)
    submit(owner=owner_of(alice), token=first.token, raw=first.scenario["answer"])
    response = _next_htmx(alice_client, first)
    nxt = Issued.objects.exclude(pk=first.pk).get()
    assert response.status_code == 200
    # The address bar follows the new question, so reloading or sharing the page finds it.
    assert response["HX-Push-Url"] == nxt.get_absolute_url()
    body = response.content.decode()
    assert f'data-scenario="{nxt.token}"' in body and first.token not in body
    assert "<html" not in body  # the fragment only
    assert f'hx-post="{reverse("practice:answer", args=[nxt.token])}"' in body
    assert "data-feedback" not in body
    assert (nxt.mode, nxt.family, nxt.difficulty) == (Mode.FAMILY, "validas", 2)


def test_with_htmx_a_redirect_loads_the_whole_page(alice_client, alice, cual_puedes_jugar):
    # Unanswered: back to the question, as a full page (htmx would swap a followed redirect in).
    response = _next_htmx(alice_client, cual_puedes_jugar)
    assert response.status_code == 200
    assert response["HX-Redirect"] == cual_puedes_jugar.get_absolute_url()
    assert Issued.objects.count() == 1
    # After the last guide example: to Practicar, with the message.
    last_id = list(FIXED)[-1]
    last = issue(
        owner=owner_of(alice),
        mode=Mode.FIXED,
        family=FIXED[last_id].family,
        fixed_id=last_id,
        scenario=FIXED[last_id],
    )
    submit(owner=owner_of(alice), token=last.token, raw=_right_answer(last))
    response = _next_htmx(alice_client, last)
    assert response["HX-Redirect"] == reverse("practice:index")
    assert Issued.objects.count() == 2
    page = alice_client.get(reverse("practice:index")).content.decode()
    assert "Has hecho todos los ejemplos de la guía." in page


def test_with_htmx_another_learners_token_is_still_a_404(bob_client, alice, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    assert _next_htmx(bob_client, cual_puedes_jugar).status_code == 404
    assert Issued.objects.count() == 1


def _right_answer(issued):
    answer = issued.scenario["answer"]
    return list(answer) if isinstance(answer, list) else str(answer)


def test_another_apps_question_continues_where_its_origin_says(alice_client, alice, teresa):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    practice_set = make_set(classroom, teresa, items=[{"kind": "family", "family": "tantos", "count": 1}])
    (question,) = services.ensure_questions(assignment=practice_set.assignments.get(student=alice))
    response = _next(alice_client, question.issued)
    assert response.url == reverse("classroom:task", args=[practice_set.pk])
    assert Issued.objects.filter(learner=alice).count() == 1  # nothing new was issued


def test_a_visitor_goes_on_and_another_visitor_finds_nothing(db, client):
    # «Siguiente» reads the question by a query built once per process (the account's kind and the
    # visitor's are two): a visitor's question, answered, gives the next; to anyone else it is a 404.
    issued = client.post(
        reverse("practice:new"), {"kind": "family", "family": "cante", "difficulty": "2", "rules": "guia"}
    )
    first = Issued.objects.get()
    assert issued.url == first.get_absolute_url() and first.learner_id is None
    client.post(reverse("practice:answer", args=[first.token]), {"answer": first.scenario["answer"]})
    from django.test import Client

    assert _next_htmx(Client(), first).status_code == 404
    response = _next_htmx(client, first)
    nxt = Issued.objects.exclude(pk=first.pk).get()
    assert response["HX-Push-Url"] == nxt.get_absolute_url()
    assert (nxt.anon_id, nxt.family, nxt.difficulty, nxt.mode) == (first.anon_id, "cante", 2, Mode.FAMILY)


def test_what_next_reads_is_what_the_orm_reads(alice, cual_puedes_jugar):
    from tutor.practice.identity import Owner
    from tutor.practice.services import attempt_of
    from tutor.practice.views import NEXT_FIELDS, _issued_for_next

    visitor = issue(owner=Owner(None, "b" * 32), mode=Mode.SKILL, family="jugada", target="R-OBL-ASISTIR")
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    for owner, issued in ((owner_of(alice), cual_puedes_jugar), (Owner(None, "b" * 32), visitor)):
        read = _issued_for_next(owner, issued.token)
        orm = Issued.objects.select_related("attempt").only(*NEXT_FIELDS, "attempt__id").get(pk=issued.pk)
        assert [getattr(read, f.attname) for f in Issued._meta.concrete_fields if f.name in NEXT_FIELDS] == [
            getattr(orm, f.attname) for f in Issued._meta.concrete_fields if f.name in NEXT_FIELDS
        ]
        assert read.pk == orm.pk and read.get_deferred_fields() == orm.get_deferred_fields()
        assert getattr(attempt_of(read), "pk", None) == getattr(attempt_of(orm), "pk", None)
