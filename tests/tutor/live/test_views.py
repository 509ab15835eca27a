import csv
import io
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from tests.tutor.live.conftest import joined, press, right_and_wrong
from tutor.accounts.models import User
from tutor.classroom.models import Membership
from tutor.live import pulse, services
from tutor.live.models import LiveAnswer, Round
from tutor.practice.models import Attempt


def _phone(live) -> str:
    return reverse("live:phone", args=[live.code])


def _answer_url(live, number=1) -> str:
    return reverse("live:phone_answer", args=[live.code, number])


def test_the_teacher_starts_a_round_from_her_class_and_lands_on_the_projector(
    teresa_client, classroom, practice_set
):
    response = teresa_client.post(
        reverse("live:start", args=[classroom.pk]),
        {"source": "tarea", "practice_set": practice_set.pk, "family": "jugada", "count": 2},
    )
    live = Round.objects.get()
    assert response.status_code == 302 and response["Location"] == live.get_absolute_url()
    assert live.questions.count() == 2 and not live.allow_guests
    page = teresa_client.get(live.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    assert live.code in html and "data:image/svg+xml" in html
    assert "http://testserver" + _phone(live) in html


def test_starting_from_a_set_without_choosing_one_says_so(teresa_client, classroom):
    response = teresa_client.post(
        reverse("live:start", args=[classroom.pk]), {"source": "tarea", "family": "jugada", "count": 2}
    )
    assert response.status_code == 400
    assert "Elige la tarea" in response.content.decode()
    assert not Round.objects.exists()


@pytest.mark.parametrize("persona", ["tomas", "alice"])
def test_only_the_class_teachers_start_or_run_its_rounds(request, persona, classroom, live):
    client = request.getfixturevalue(f"{persona}_client")
    assert client.get(reverse("live:start", args=[classroom.pk])).status_code in (403, 404)
    assert client.get(live.get_absolute_url()).status_code == 404
    for action in ("mostrar", "siguiente", "terminar"):
        assert client.post(reverse("live:control", args=[live.code, action])).status_code == 404
    assert client.get(reverse("live:review", args=[live.code])).status_code == 404
    assert client.get(reverse("live:review_csv", args=[live.code])).status_code == 404
    live.refresh_from_db()
    assert live.stage == 0 and not live.revealed


def test_anonymous_visitors_are_sent_to_log_in_for_the_teachers_pages(client, live):
    assert client.get(live.get_absolute_url()).status_code == 302
    assert client.post(reverse("live:control", args=[live.code, "mostrar"])).status_code == 302


def test_the_join_form_finds_a_running_round_by_its_code(client, live):
    response = client.post(reverse("live:join"), {"code": live.code.lower()})
    assert response.status_code == 302 and response["Location"] == _phone(live)
    response = client.post(reverse("live:join"), {"code": "ZZZZZZ"})
    assert response.status_code == 400 and "ninguna ronda en marcha" in response.content.decode()


def test_a_class_member_joins_answers_without_javascript_and_sees_feedback_after_the_reveal(
    alice, alice_client, teresa_client, live, django_capture_on_commit_callbacks, closing
):
    assert "Unirme a la ronda" in alice_client.get(_phone(live)).content.decode()
    assert alice_client.post(reverse("live:phone_join", args=[live.code])).status_code == 302
    assert f'action="{_answer_url(live)}"' in alice_client.get(_phone(live)).content.decode()
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    response = alice_client.post(_answer_url(live), {"answer": right})
    assert response.status_code == 302
    waiting = alice_client.get(_phone(live)).content.decode()
    assert "Respuesta enviada" in waiting and 'http-equiv="refresh"' in waiting
    assert "¡Correcto!" not in waiting
    assert not Attempt.objects.exists()  # logged when the question closes
    with closing():
        press(teresa_client, live, "mostrar")
    assert "¡Correcto!" in alice_client.get(_phone(live)).content.decode()
    assert Attempt.objects.get(learner=alice).correct


def test_with_htmx_the_join_answers_with_the_phones_region_and_no_redirect(
    alice, alice_client, bob_client, live
):
    join = reverse("live:phone_join", args=[live.code])
    response = alice_client.post(join, headers={"HX-Request": "true"})
    assert response.status_code == 200 and response["HX-Retarget"] == "#live"
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="live"') and "<html" not in html
    assert f'action="{_answer_url(live)}"' in html and "Unirme a la ronda" not in html
    assert live.participants.get().learner == alice
    # Joined already: the same region again, one participant.
    assert (
        f'action="{_answer_url(live)}"'
        in alice_client.post(join, headers={"HX-Request": "true"}).content.decode()
    )
    assert live.participants.count() == 1
    # The page's join form asks for that answer (without JavaScript it posts and is redirected).
    form = bob_client.get(_phone(live)).content.decode()
    assert f'hx-post="{join}"' in form and 'hx-target="#live"' in form


def test_an_answer_after_the_reveal_gets_a_clear_message(alice, alice_client, live):
    joined(live, alice)
    services.reveal(live=live)
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    response = alice_client.post(_answer_url(live), {"answer": right})
    assert response.status_code == 400
    assert "Ya se ha mostrado la solución" in response.content.decode()
    assert not Attempt.objects.exists()


def test_an_empty_answer_is_refused_with_a_message(alice, alice_client, live):
    joined(live, alice)
    response = alice_client.post(_answer_url(live), {})
    assert response.status_code == 400 and "Elige una respuesta" in response.content.decode()


def test_someone_outside_the_class_is_told_the_round_is_for_the_class(charlie_client, live):
    response = charlie_client.post(reverse("live:phone_join", args=[live.code]))
    assert response.status_code == 400
    assert "solo para los alumnos de la clase" in response.content.decode()
    assert not live.participants.exists()
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    response = charlie_client.post(_answer_url(live), {"answer": right})
    assert response.status_code == 400 and "No estás en esta ronda" in response.content.decode()


def test_a_guest_joins_with_a_nickname_when_the_teacher_allows_it(
    client, live, django_capture_on_commit_callbacks, closing
):
    live.allow_guests = True
    live.save()
    assert "Unirme como invitado" in client.get(_phone(live)).content.decode()
    assert client.post(reverse("live:phone_join", args=[live.code]), {"nickname": "Pepa"}).status_code == 302
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    assert client.post(_answer_url(live), {"answer": right}).status_code == 302
    with closing():
        services.reveal(live=live)
    attempt = Attempt.objects.get()
    assert attempt.learner is None and attempt.anon_id == live.participants.get().anon_id


def test_an_htmx_answer_swaps_only_the_answer_part_and_a_refusal_the_whole_region(alice, alice_client, live):
    joined(live, alice)
    question = live.questions.get(number=1)
    right, _wrong = right_and_wrong(question)
    refused = alice_client.post(_answer_url(live), {"answer": "robar"}, headers={"HX-Request": "true"})
    assert refused["HX-Retarget"] == "#live" and refused["HX-Reswap"] == "outerHTML"
    assert refused.content.decode().lstrip().startswith('<div id="live"')
    assert "Opción desconocida" in refused.content.decode()
    response = alice_client.post(_answer_url(live), {"answer": right}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "HX-Retarget" not in response
    html = response.content.decode()
    assert html.lstrip().startswith('<div class="scenario__answer"')
    assert f'id="answer-part-q{question.pk}"' in html.split(">", 1)[0]
    assert "Respuesta enviada" in html and "<html" not in html


def test_the_polls_answer_204_while_nothing_changed_and_the_new_state_when_it_did(
    alice, alice_client, teresa_client, live, django_capture_on_commit_callbacks
):
    joined(live, alice)
    phone_state = reverse("live:phone_state", args=[live.code])
    projector_state = reverse("live:projector_state", args=[live.code])
    v_phone, v_projector = pulse.phone_version(live.code), pulse.projector_version(live.code)
    # The unchanged answer needs no session: anybody gets the same empty 204.
    assert Client().get(phone_state, {"v": v_phone}).status_code == 204
    assert Client().get(projector_state, {"v": v_projector}).status_code == 204
    assert Client().get(reverse("live:phone_state", args=["ZZZZZZ"]), {"v": "0"}).status_code == 404
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post(_answer_url(live), {"answer": right})
    assert alice_client.get(phone_state, {"v": v_phone}).status_code == 204
    board = teresa_client.get(projector_state, {"v": v_projector}, headers={"HX-Request": "true"})
    assert board.status_code == 200 and "1 de 1 ha respondido" in board.content.decode()
    assert Client().get(projector_state, {"v": v_projector}).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    response = alice_client.get(phone_state, {"v": v_phone}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "¡Correcto!" in response.content.decode()


def _three_phones(classroom, alice_client, bob_client, live) -> tuple[dict, str]:
    """alice, bob and eva (a third member of the class) with the answer each will give to question 1:
    alice and eva the same wrong one, bob the right one (returned too)."""
    eva = User.objects.create_user(username="eva", role=User.Role.LEARNER)
    Membership.objects.create(classroom=classroom, student=eva)
    eva_client = Client()
    eva_client.force_login(eva)
    right, wrong = right_and_wrong(live.questions.get(number=1))
    return {"alice": (alice_client, wrong), "bob": (bob_client, right), "eva": (eva_client, wrong)}, right


def test_after_the_reveal_each_phone_gets_the_feedback_on_its_own_answer_in_two_queries(
    alice_client, bob_client, classroom, live, django_capture_on_commit_callbacks, django_assert_num_queries
):
    phones, right = _three_phones(classroom, alice_client, bob_client, live)
    for client, answer in phones.values():
        client.post(reverse("live:phone_join", args=[live.code]))
        with django_capture_on_commit_callbacks(execute=True):
            client.post(_answer_url(live), {"answer": answer})
    v_phone = pulse.phone_version(live.code)
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    poll = reverse("live:phone_state", args=[live.code])
    seen = {}
    for name in ("alice", "bob"):
        seen[name] = (
            phones[name][0].get(poll, {"v": v_phone}, headers={"HX-Request": "true"}).content.decode()
        )
    # The round, the question and the feedback on that answer are ready in this process: what is left
    # is the session with its user (one query, tutor.accounts.sessions) and the phone's own answer.
    with django_assert_num_queries(2):
        seen["eva"] = (
            phones["eva"][0].get(poll, {"v": v_phone}, headers={"HX-Request": "true"}).content.decode()
        )
    for name, html in seen.items():
        verdict = "¡Correcto!" if phones[name][1] == right else "Incorrecto."
        assert verdict in html and html.count("data-feedback") == 1, name
    assert "¡Correcto!" not in seen["alice"] + seen["eva"] and "Incorrecto." not in seen["bob"]


HX = {"HX-Request": "true"}
SEAT = re.compile(r'data-live-seat="([^"]+)"')
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)">')


def _seat(html: str) -> str:
    return unescape(SEAT.search(html).group(1))


def _as_shared(html: str) -> str:
    """A phone's region as the shared one is drawn: without the participant's address and the CSRF
    token (it is everybody's)."""
    return CSRF.sub("", SEAT.sub("", html))


def test_a_phone_fetches_the_regions_it_shares_with_others_without_cookies_at_its_own_signed_address(
    alice_client, bob_client, classroom, live, django_capture_on_commit_callbacks, django_assert_num_queries
):
    phones, right = _three_phones(classroom, alice_client, bob_client, live)
    join, poll = (reverse(f"live:{name}", args=[live.code]) for name in ("phone_join", "phone_state"))
    seats = {
        name: _seat(client.post(join, headers=HX).content.decode()) for name, (client, _a) in phones.items()
    }
    # Each participant's own address, and the same on the page drawn again.
    assert len(set(seats.values())) == 3
    assert _seat(alice_client.get(_phone(live)).content.decode()) == seats["alice"]
    nobody = Client()  # live.js's fetch: no cookies at all

    def fetched(stage_moved_from: str) -> tuple[dict, dict]:
        """Each phone's shared region, eva's with the region already drawn in this process, and
        the region each phone's own fetch (its session) draws."""
        shared = {name: nobody.get(seats[name], headers=HX) for name in ("alice", "bob")}
        with django_assert_num_queries(1):  # the participant's answer: no session, no user
            shared["eva"] = nobody.get(seats["eva"], headers=HX)
        own = {
            name: client.get(poll, {"v": stage_moved_from}, headers=HX).content.decode()
            for name, (client, _a) in phones.items()
        }
        for name, response in shared.items():
            assert response.status_code == 200 and response["Cache-Control"] == "no-store", name
            assert response.content.decode() == _as_shared(own[name]), name  # to the byte
        return {name: response.content.decode() for name, response in shared.items()}, own

    # The open question, not answered yet: its form, the same for every phone.
    question, own = fetched("-1")
    assert question["alice"] == question["bob"] == question["eva"]
    assert (
        f'hx-post="{_answer_url(live)}"' in question["alice"]
        and "csrfmiddlewaretoken" not in question["alice"]
    )
    assert "csrfmiddlewaretoken" in own["alice"]
    for client, answer in phones.values():
        with django_capture_on_commit_callbacks(execute=True):
            client.post(_answer_url(live), {"answer": answer}, headers=HX)
    # An answer waiting for its reveal: 204, and the page fetches its own «sent» with its session.
    assert nobody.get(seats["alice"], headers=HX).status_code == 204
    v_phone = pulse.phone_version(live.code)
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    revealed, _own = fetched(v_phone)
    # Each phone the feedback on its own answer: alice and eva gave the same, bob another.
    assert revealed["alice"] == revealed["eva"] != revealed["bob"]
    for name, html in revealed.items():
        verdict = "¡Correcto!" if phones[name][1] == right else "Incorrecto."
        assert verdict in html and html.count("data-feedback") == 1, name
    assert "¡Correcto!" not in revealed["alice"] and "Incorrecto." not in revealed["bob"]
    # Another round's code, or an address the server did not make: nothing.
    other = services.start_round(
        classroom=classroom, teacher=live.started_by, source=Round.Source.FIXED, count=1, allow_guests=False
    )
    assert nobody.get(seats["bob"].replace(live.code, other.code)).status_code == 404
    token = seats["bob"].rstrip("/").rsplit("/", 1)[1]
    assert (
        nobody.get(seats["bob"].replace(token, token[:-1] + ("A" if token[-1] != "A" else "B"))).status_code
        == 404
    )
    # Question 2 opens: alice answers it; once revealed, eva, who did not, missed it: 204 (her own
    # region says so); the round over: 204.
    with django_capture_on_commit_callbacks(execute=True):
        live = services.next_question(live=live)
        _right, wrong = right_and_wrong(live.questions.get(number=2))
        alice_client.post(_answer_url(live, 2), {"answer": wrong}, headers=HX)
        live = services.reveal(live=live)
    assert nobody.get(seats["alice"], headers=HX).status_code == 200
    assert nobody.get(seats["eva"], headers=HX).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        services.finish(live=live)
    assert nobody.get(seats["alice"], headers=HX).status_code == 204


def test_an_answer_from_the_shared_form_goes_with_the_pages_csrf_token_in_its_header(alice, live):
    """The shared form has no token of its own: live.js sends the page's (X-CSRFToken)."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get(_phone(live)).content.decode()
    token = CSRF.search(page).group(1)
    region = client.post(
        reverse("live:phone_join", args=[live.code]), {"csrfmiddlewaretoken": token}, headers=HX
    ).content.decode()
    shared = Client().get(_seat(region), headers=HX).content.decode()
    assert "csrfmiddlewaretoken" not in shared
    action = re.search(r'hx-post="([^"]+)"', shared).group(1)
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    assert client.post(action, {"answer": right}, headers=HX).status_code == 403
    assert not LiveAnswer.objects.exists()
    response = client.post(action, {"answer": right}, headers={**HX, "X-CSRFToken": token})
    assert response.status_code == 200 and "Respuesta enviada" in response.content.decode()
    assert LiveAnswer.objects.get().correct


def test_the_shared_region_is_in_the_language_of_the_page_that_was_given_its_address(
    alice, alice_client, live, django_capture_on_commit_callbacks
):
    alice_client.post(reverse("accounts:language"), {"language": "en"})
    region = alice_client.post(reverse("live:phone_join", args=[live.code]), headers=HX).content.decode()
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post(_answer_url(live), {"answer": right}, headers=HX)
        services.reveal(live=live)
    response = Client().get(_seat(region), headers=HX)  # no language cookie either
    html = response.content.decode()
    assert response["Content-Language"] == "en" and "Correct!" in html and "¡Correcto!" not in html


def test_with_redis_out_of_reach_the_shared_region_is_read_from_the_database(
    settings, alice, alice_client, live, django_capture_on_commit_callbacks
):
    region = alice_client.post(reverse("live:phone_join", args=[live.code]), headers=HX).content.decode()
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        alice_client.post(_answer_url(live), {"answer": right}, headers=HX)
    settings.CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    }
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    response = Client().get(_seat(region), headers=HX)
    assert response.status_code == 200 and "¡Correcto!" in response.content.decode()


def test_the_projector_shows_counts_and_the_histogram_but_never_a_real_name(alice, bob, teresa_client, live):
    question = live.questions.get(number=1)
    right, wrong = right_and_wrong(question)
    services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    services.answer(live=live, participant=joined(live, bob), number=1, raw=wrong)
    before = teresa_client.get(live.get_absolute_url()).content.decode()
    assert "2 de 2 han respondido" in before and 'data-testid="histogram"' not in before
    press(teresa_client, live, "mostrar")
    html = teresa_client.get(live.get_absolute_url()).content.decode()
    assert 'data-testid="histogram"' in html and "1 de 2 ha acertado" in html
    assert f'data-value="{right}"\n          data-count="1"' in html
    for secret in ("Alicia Gómez", "Roberto Díaz", "alice", "bob"):
        assert secret not in html.split('<main id="main"')[1]


def test_the_teacher_moves_on_and_the_round_ends_on_its_review(teresa_client, alice, live):
    services.answer(
        live=live,
        participant=joined(live, alice),
        number=1,
        raw=right_and_wrong(live.questions.get(number=1))[0],
    )
    for _ in range(2):
        assert press(teresa_client, live, "siguiente").status_code == 302
    response = press(teresa_client, live, "siguiente")
    assert response["Location"] == reverse("live:review", args=[live.code])
    review = teresa_client.get(response["Location"]).content.decode()
    assert "Alicia Gómez" in review and "Pregunta 3" in review
    csv = teresa_client.get(reverse("live:review_csv", args=[live.code])).content.decode()
    assert csv.splitlines()[1] == "Alicia Gómez,bien,,,1"
    assert LiveAnswer.objects.count() == 1


def test_a_guest_nickname_that_looks_like_a_formula_is_plain_text_in_the_csv(
    teresa_client, classroom, teresa
):
    live = services.start_round(
        classroom=classroom, teacher=teresa, source=Round.Source.FIXED, count=1, allow_guests=True
    )
    joined(live, anon_id="a" * 32, nickname='=HYPERLINK("http://x")')
    text = teresa_client.get(reverse("live:review_csv", args=[live.code])).content.decode()
    assert list(csv.reader(io.StringIO(text)))[1][0] == '\'=HYPERLINK("http://x") (invitado)'


def test_an_unknown_control_changes_nothing(teresa_client, live):
    response = teresa_client.post(reverse("live:control", args=[live.code, "borrar"]), follow=True)
    assert "Esa acción no existe" in response.content.decode()
    live.refresh_from_db()
    assert live.stage == 0


def test_a_live_answer_on_its_practice_page_says_which_round_it_came_from(
    alice, alice_client, live, django_capture_on_commit_callbacks, closing
):
    services.answer(
        live=live,
        participant=joined(live, alice),
        number=1,
        raw=right_and_wrong(live.questions.get(number=1))[0],
    )
    with closing():
        services.reveal(live=live)
    attempt = Attempt.objects.get(learner=alice)
    html = alice_client.get(attempt.issued.get_absolute_url()).content.decode()
    assert "Respondida en la ronda en directo «Asistir y montar»." in html
    assert f'href="{_phone(live)}"' in html and "¡Correcto!" in html


def test_two_phones_in_two_languages_each_see_the_question_in_their_own(
    alice, bob, alice_client, bob_client, live
):
    # The open question is drawn once per process and kept: once per language, not once for all.
    joined(live, alice)
    joined(live, bob)
    bob_client.post(reverse("accounts:language"), {"language": "en"})
    for _ in range(2):  # in either order, from the kept copy too
        spanish = alice_client.get(_phone(live)).content.decode()
        english = bob_client.get(_phone(live)).content.decode()
        assert 'lang="es"' in spanish and "Baza en la mesa" in spanish and "Baza on the table" not in spanish
        assert 'lang="en"' in english and "Baza on the table" in english and "Baza en la mesa" not in english


def test_a_round_of_the_guide_examples_is_named_in_the_readers_language_not_the_starters(
    teresa_client, classroom
):
    teresa_client.post(reverse("accounts:language"), {"language": "en"})
    teresa_client.post(
        reverse("live:start", args=[classroom.pk]), {"source": "guia", "family": "jugada", "count": 2}
    )
    live = Round.objects.get()
    assert live.title == ""  # no words stored: the source names it
    english = unescape(teresa_client.get(live.get_absolute_url()).content.decode())
    assert "The guide's examples" in english and "Ejemplos de la guía" not in english
    teresa_client.post(reverse("accounts:language"), {"language": "es"})
    spanish = unescape(teresa_client.get(live.get_absolute_url()).content.decode())
    assert "Ejemplos de la guía" in spanish and "The guide's examples" not in spanish


def test_a_round_stored_with_its_starters_words_is_still_named_in_the_readers_language(
    teresa, teresa_client, classroom
):
    # Rounds started before the titles followed the reader kept «Posiciones construidas» in the row.
    Round.objects.create(
        classroom=classroom, started_by=teresa, title="Posiciones construidas", source="posiciones"
    )
    teresa_client.post(reverse("accounts:language"), {"language": "en"})
    english = unescape(teresa_client.get(reverse("live:start", args=[classroom.pk])).content.decode())
    assert "Built positions" in english and "Posiciones construidas" not in english


def _count_from_event(board: str, event: str) -> str:
    """What live.js writes in the projector's count for a stream's event of the same stage: the
    round's answers less the page's data-before and the participants, in the sentence form the page
    holds."""
    import re

    before = int(re.search(r'data-before="(\d+)"', board).group(1))
    _stage, answers, joined = event.split(".")
    n = int(answers) - before
    form = re.search(rf'data-{"one" if n == 1 else "other"}="([^"]+)"', board).group(1)
    return form.replace("{n}", str(n)).replace("{m}", joined)


def test_the_projector_page_holds_what_turns_a_streams_event_into_the_open_questions_count(
    alice, bob, teresa_client, live, django_capture_on_commit_callbacks
):
    projector = reverse("live:projector", args=[live.code])
    right, wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
        services.answer(live=live, participant=joined(live, bob), number=1, raw=wrong)
        live = services.reveal(live=live)
        live = services.next_question(live=live)
    board = teresa_client.get(projector).content.decode()
    assert 'data-before="2"' in board and "0 de 2 han respondido" in board
    # bob answers question 2: the event says the round has 3 answers, one of them to question 2.
    right, _wrong = right_and_wrong(live.questions.get(number=2))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, bob), number=2, raw=right)
    event = pulse.projector_version(live.code)
    assert event == f"{live.stage}.3.2"
    assert _count_from_event(board, event) == "1 de 2 ha respondido"
    # The board fetched afresh says the same.
    assert "1 de 2 ha respondido" in teresa_client.get(projector).content.decode()


def test_the_projector_writes_a_phone_joining_from_the_streams_event_too(
    alice, bob, teresa_client, live, django_capture_on_commit_callbacks
):
    """Somebody joining moves the version's third number only: the page holds the participants'
    place in its sentence, so the room joining costs no board fetch per phone."""
    projector = reverse("live:projector", args=[live.code])
    with django_capture_on_commit_callbacks(execute=True):
        right, _wrong = right_and_wrong(live.questions.get(number=1))
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    board = teresa_client.get(projector).content.decode()
    assert "1 de 1 ha respondido" in board and f'data-version="{live.stage}.1.1"' in board
    assert 'data-one="{n} de {m} ha respondido"' in board
    with django_capture_on_commit_callbacks(execute=True):
        joined(live, bob)
    event = pulse.projector_version(live.code)
    assert event == f"{live.stage}.1.2"
    assert _count_from_event(board, event) == "1 de 2 ha respondido"
    assert "1 de 2 ha respondido" in teresa_client.get(projector).content.decode()


def test_the_projectors_count_sentence_is_in_english_for_an_english_teacher(teresa, teresa_client, live):
    teresa.language = "en"
    teresa.save()
    board = teresa_client.get(reverse("live:projector", args=[live.code])).content.decode()
    assert 'data-one="{n} of {m} has answered"' in board and 'data-other="{n} of {m} have answered"' in board


def test_a_member_joining_reads_where_they_stand_once(
    alice, alice_client, bob_client, live, django_assert_num_queries
):
    """The join's region comes with its answer; the join reads the participant and the account's
    place in the class (member, teacher) once, not once to decide «guest» and again to join."""
    join = reverse("live:phone_join", args=[live.code])
    bob_client.post(join, headers=HX)  # this process's copy of the open question is drawn
    # The session with its user, the round, the participant (none yet), member and teacher in one
    # query, the insert in its savepoint (three), and the new participant's answer (none).
    with django_assert_num_queries(8):
        response = alice_client.post(join, headers=HX)
    assert f'action="{_answer_url(live)}"' in response.content.decode()
    assert live.participants.filter(learner=alice).exists()
