import os
from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from engine.scenarios import FAMILIES, FIXED, grade, parse_answer
from tests.tutor.classroom.conftest import make_set
from tests.tutor.live.conftest import joined, right_and_wrong, run_queued_tasks, set_round
from tutor.live import presenters, pulse, services
from tutor.live.models import LiveAnswer, Round
from tutor.practice.models import Attempt, Mode
from tutor.progress.models import SkillStat


def test_a_round_from_a_set_asks_its_families_at_the_class_table(live):
    questions = list(live.questions.all())
    assert [q.number for q in questions] == [1, 2, 3]
    assert {q.family for q in questions} == {"obligacion"}
    assert questions[0].opened_at is not None and questions[1].opened_at is None
    assert live.current == 1 and not live.revealed and not live.is_finished


def test_a_round_of_the_guide_examples_asks_them_in_order(classroom, teresa):
    live = services.start_round(
        classroom=classroom, teacher=teresa, source=Round.Source.FIXED, count=4, allow_guests=True
    )
    assert [q.get_scenario().fixed_id for q in live.questions.all()] == list(FIXED)[:4]


def test_a_round_of_built_positions_asks_about_each_position(classroom, teresa, position):
    live = services.start_round(
        classroom=classroom,
        teacher=teresa,
        source=Round.Source.POSITIONS,
        family="validas",
        count=5,
        allow_guests=False,
    )
    (question,) = live.questions.all()
    scenario = question.get_scenario()
    assert scenario.family == "validas" and scenario.position["hand"] == ["12c", "4c", "6b"]


def test_a_teacher_without_built_positions_is_told_so(classroom, teresa):
    with pytest.raises(services.LiveError, match="posiciones construidas"):
        services.start_round(
            classroom=classroom, teacher=teresa, source=Round.Source.POSITIONS, count=3, allow_guests=False
        )


def test_a_set_of_another_class_is_refused(classroom, other_classroom, teresa, tomas):
    foreign = make_set(other_classroom, tomas)
    with pytest.raises(services.LiveError):
        services.start_round(
            classroom=classroom,
            teacher=teresa,
            source=Round.Source.SET,
            practice_set=foreign,
            count=2,
            allow_guests=False,
        )


def test_class_members_join_and_joining_twice_keeps_one_place(live, alice):
    first = joined(live, alice)
    assert joined(live, alice) == first
    assert live.participants.count() == 1


def test_someone_outside_the_class_cannot_join_unless_guests_are_allowed(live, charlie):
    with pytest.raises(services.LiveError, match="solo para los alumnos"):
        joined(live, charlie)
    with pytest.raises(services.LiveError, match="solo para los alumnos"):
        joined(live, anon_id="a" * 32, nickname="Pepa")
    live.allow_guests = True
    live.save()
    assert joined(live, anon_id="a" * 32, nickname="  Pepa   la  grande ").nickname == "Pepa la grande"
    assert joined(live, charlie, nickname="Charly").learner == charlie


def test_a_guest_needs_a_nickname(live):
    live.allow_guests = True
    live.save()
    with pytest.raises(services.LiveError, match="apodo"):
        joined(live, anon_id="b" * 32, nickname="   ")


def test_the_teacher_does_not_join_her_own_round(live, teresa):
    with pytest.raises(services.LiveError, match="profesor"):
        joined(live, teresa)


def test_an_answer_is_graded_when_sent_and_logged_like_a_practice_answer_when_its_question_closes(
    live, alice, django_capture_on_commit_callbacks
):
    question = live.questions.get(number=1)
    question.opened_at = timezone.now() - timedelta(seconds=7)
    question.save()
    right, wrong = right_and_wrong(question)
    with django_capture_on_commit_callbacks(execute=True):
        answer, created = services.answer(live=live, participant=joined(live, alice), number=1, raw=wrong)
    assert created and not answer.correct
    assert answer.misconception == (grade(question.get_scenario(), wrong).misconception or "")
    # Graded and counted, not logged yet: the room's burst of answers pays for one row each.
    assert answer.issued is None and not Attempt.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    # The teacher's request only queued the logging (one row): the task worker does it, not the
    # write workers that take the room's answers.
    assert not Attempt.objects.exists()
    assert DBTaskResult.objects.get().task_path == "tutor.live.tasks.log_closed_answers"
    run_queued_tasks()
    attempt = Attempt.objects.get(learner=alice)
    assert attempt.mode == Mode.LIVE and attempt.family == "obligacion" and not attempt.correct
    assert attempt.misconception == answer.misconception and attempt.answer == answer.given
    answer.refresh_from_db()
    assert answer.issued == attempt.issued  # the typed origin of the practice question
    # Dated when it was answered, not when it was logged; the time taken counts from the moment the
    # question opened for the room.
    assert attempt.created_at == answer.created_at
    assert 7_000 <= attempt.time_taken_ms < 60_000
    # Progress heard of it like of any other answer.
    assert SkillStat.objects.filter(learner=alice).exists()


def test_every_close_logs_what_it_closes_once(
    live, alice, bob, charlie, django_capture_on_commit_callbacks, closing
):
    live.allow_guests = True
    live.save()
    me, you, them = (joined(live, who, nickname="x") for who in (alice, bob, charlie))
    with closing():
        services.answer(
            live=live, participant=me, number=1, raw=right_and_wrong(live.questions.get(number=1))[0]
        )
        # «Siguiente» without a reveal closes question 1 too.
        services.next_question(live=live)
    assert Attempt.objects.filter(learner=alice).count() == 1
    with closing():
        services.answer(
            live=live, participant=you, number=2, raw=right_and_wrong(live.questions.get(number=2))[1]
        )
        services.reveal(live=live)
        services.reveal(live=live)  # a doubled click: nothing new to log
        services.next_question(live=live)
        services.answer(
            live=live, participant=them, number=3, raw=right_and_wrong(live.questions.get(number=3))[0]
        )
        # The end closes the open question.
        services.finish(live=live)
    assert Attempt.objects.count() == 3 == LiveAnswer.objects.filter(issued__isnull=False).count()
    assert services.record_pending(Round.objects.get(pk=live.pk)) == 0


def test_an_answer_that_commits_after_its_question_closed_logs_itself(
    live, alice, monkeypatch, django_capture_on_commit_callbacks, closing
):
    """The race this guards: an answer reads the round open, the teacher's reveal commits and logs
    the answers it sees, then the answer commits. The answer finds the stage moved and logs itself."""
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    me = joined(live, alice)
    graded = services._graded

    def reveal_meanwhile(*args):
        with closing():
            services.reveal(live=live)  # its own pass finds nothing yet
        return graded(*args)

    monkeypatch.setattr(services, "_graded", reveal_meanwhile)
    # (Not executed again here: the reveal's pass has run, before the answer's row existed.)
    with django_capture_on_commit_callbacks(execute=False):
        answer, created = services.answer(live=live, participant=me, number=1, raw=right)
    run_queued_tasks()  # the pass the answer queued
    assert created and Attempt.objects.get(learner=alice).issued == LiveAnswer.objects.get().issued


def test_a_doubled_answer_is_counted_once_and_keeps_the_first(
    live, alice, django_capture_on_commit_callbacks, closing
):
    right, wrong = right_and_wrong(live.questions.get(number=1))
    me = joined(live, alice)
    with closing():
        first, created = services.answer(live=live, participant=me, number=1, raw=right)
        again, created_again = services.answer(live=live, participant=me, number=1, raw=wrong)
        services.reveal(live=live)
    assert created and not created_again and again == first and again.correct
    assert Attempt.objects.filter(learner=alice).count() == 1
    assert LiveAnswer.objects.count() == 1


def test_an_answer_after_the_reveal_is_refused_and_changes_nothing(live, alice):
    me = joined(live, alice)
    services.reveal(live=live)
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with pytest.raises(services.LiveError, match="Ya se ha mostrado la solución"):
        services.answer(live=live, participant=me, number=1, raw=right)
    assert not Attempt.objects.exists()


def test_an_answer_to_a_question_that_is_not_open_is_refused(live, alice):
    me = joined(live, alice)
    right, _wrong = right_and_wrong(live.questions.get(number=2))
    with pytest.raises(services.LiveError, match="va por la pregunta 1"):
        services.answer(live=live, participant=me, number=2, raw=right)
    assert not Attempt.objects.exists()


def test_an_answer_to_another_round_is_refused(live, classroom, teresa, practice_set, alice):
    other = set_round(classroom, teresa, practice_set, count=1)
    me = joined(live, alice)
    right, _wrong = right_and_wrong(other.questions.get(number=1))
    with pytest.raises(services.LiveError, match="No estás en esta ronda"):
        services.answer(live=other, participant=me, number=1, raw=right)
    assert not Attempt.objects.exists()


def test_an_answer_the_question_cannot_take_is_refused_with_the_engine_message(live, alice):
    with pytest.raises(services.LiveError, match="Opción desconocida"):
        services.answer(live=live, participant=joined(live, alice), number=1, raw="robar")
    assert not Attempt.objects.exists() and not LiveAnswer.objects.exists()


def test_next_opens_the_following_question_and_the_last_one_finishes(live):
    live = services.reveal(live=live)
    assert live.revealed
    live = services.next_question(live=live)
    assert live.current == 2 and not live.revealed
    assert live.questions.get(number=2).opened_at is not None
    services.next_question(live=live)
    live = services.next_question(live=live)
    assert live.is_finished
    with pytest.raises(services.LiveError, match="terminado"):
        services.reveal(live=live)


def test_every_change_of_stage_and_every_answer_moves_the_versions_once_committed(
    live, alice, django_capture_on_commit_callbacks
):
    before = pulse.projector_version(live.code), pulse.phone_version(live.code)
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    after_answer = pulse.projector_version(live.code), pulse.phone_version(live.code)
    assert after_answer[0] != before[0] and after_answer[1] == before[1]
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    assert pulse.phone_version(live.code) != after_answer[1]


def test_somebody_joining_moves_the_projectors_version_not_the_phones(
    live, alice, bob, django_capture_on_commit_callbacks
):
    # The projector's «N de M han respondido» must follow the room: a join is a change it fetches.
    before = pulse.projector_version(live.code), pulse.phone_version(live.code)
    with django_capture_on_commit_callbacks(execute=True):
        joined(live, alice)
    after = pulse.projector_version(live.code), pulse.phone_version(live.code)
    assert after[0] != before[0] and after[1] == before[1]
    with django_capture_on_commit_callbacks(execute=True):
        joined(live, alice)  # the same phone again: nobody new
        joined(live, bob)
    assert pulse.versions(live.code) == (0, 0, 2)


def test_the_versions_come_back_from_the_database_when_the_cache_lost_them(
    live, alice, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
        services.reveal(live=live)
    expected = pulse.projector_version(live.code)
    cache.clear()
    assert pulse.projector_version(live.code) == expected == "1.1.1"


def test_the_reveal_counts_each_option_marks_the_right_one_and_names_the_common_mistake(
    live, alice, bob, charlie
):
    live.allow_guests = True
    live.save()
    question = live.questions.get(number=1)
    right, wrong = right_and_wrong(question)
    for who, raw in ((alice, wrong), (bob, wrong), (charlie, right)):
        services.answer(live=live, participant=joined(live, who, nickname="x"), number=1, raw=raw)
    board = presenters.question_board(question, revealed=True)
    counts = {row["value"]: (row["count"], row["right"]) for row in board["distribution"]}
    assert counts[wrong] == (2, False) and counts[right] == (1, True)
    assert board["answered"] == 3 and board["right"] == 1
    scenario = question.get_scenario()
    assert board["solution"] == grade(scenario, right).explanation
    mistake = grade(scenario, wrong).misconception
    if mistake:
        assert board["misconception"]["count"] == 2


@pytest.mark.parametrize("family", FAMILIES)
def test_a_round_of_every_family_takes_answers_marks_the_right_one_and_logs_them_at_the_reveal(
    classroom, teresa, alice, bob, family, django_capture_on_commit_callbacks, closing
):
    item = {"kind": "family", "family": family, "count": 1, "difficulty": 2}
    practice_set = make_set(classroom, teresa, items=[item])
    live = set_round(classroom, teresa, practice_set, count=1)
    question = live.questions.get()
    scenario = question.get_scenario()
    key = scenario.answer
    right = key if scenario.answer_kind in ("cards", "number") else None
    if right is None:
        right = next(
            o.value for o in scenario.options if grade(scenario, parse_answer(scenario, o.value)).correct
        )
    sent = {alice: [str(v) for v in right] if isinstance(right, list) else str(right)}
    if scenario.answer_kind == "number":
        sent[bob] = str(int(key) + 1)
    else:
        others = [
            o.value for o in scenario.options if not grade(scenario, parse_answer(scenario, o.value)).correct
        ]
        if others:
            sent[bob] = others[0]
    participants = {}
    for who, raw in sent.items():
        participants[who] = joined(live, who)
        answer, _ = services.answer(live=live, participant=participants[who], number=1, raw=raw)
        assert answer.correct == (who == alice), family
    rows = presenters.question_board(question, revealed=True)["distribution"]
    marked = [row for row in rows if row["right"]]
    assert marked, family
    if scenario.answer_kind in ("card", "choice"):
        assert any(row["value"] == right and row["count"] >= 1 for row in marked)

    # At the reveal each answer is logged with the engine's grade of what was sent (the form's
    # strings, graded here straight from them), and each phone shows its own feedback.
    with closing():
        services.reveal(live=live)
    revealed = Round.objects.get(pk=live.pk)
    for who, raw in sent.items():
        expected = grade(scenario, parse_answer(scenario, raw))
        attempt = Attempt.objects.get(learner=who)
        assert attempt.correct == expected.correct == (who == alice), family
        assert attempt.grade == expected.to_dict() and attempt.answer == expected.given
        assert attempt.misconception == (expected.misconception or "")
        html = presenters.phone(revealed, participants[who])["feedback_html"]
        assert ("¡Correcto!" in html) == (who == alice), family


def test_with_redis_out_of_reach_an_answer_is_recorded_and_the_versions_come_from_the_database(
    settings, live, alice, django_capture_on_commit_callbacks, closing
):
    """Decided: Redis down costs queries (the counters are read from the database), never an answer
    or a change; nothing is published, so the pages poll."""
    me = joined(live, alice)
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    settings.CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    }
    with django_capture_on_commit_callbacks(execute=True):
        answer, created = services.answer(live=live, participant=me, number=1, raw=right)
    assert created and LiveAnswer.objects.get() == answer
    with closing():
        services.reveal(live=live)
    assert Attempt.objects.get(learner=alice).correct
    assert pulse.versions(live.code) == (1, 1, 1)


def test_a_count_missed_while_redis_was_unreachable_is_rewritten_from_the_database(
    live, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    right, wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    assert pulse.versions(live.code) == (0, 1, 1)

    def unreachable(*args, **kwargs):
        raise ConnectionError("Redis went away")

    monkeypatch.setattr(cache, "incr", unreachable)
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, bob), number=1, raw=wrong)
    monkeypatch.undo()
    # The cache still says 1; the instance that missed the count reads the database and puts it back.
    assert pulse.versions(live.code) == (0, 2, 2)
    assert cache.get(f"live:{live.code}:answers") == 2


def test_an_answer_takes_at_most_thirteen_queries_whatever_the_round_holds(
    live, alice, bob, django_assert_max_num_queries
):
    """The whole answer, progress included (each query is CPU on a worker and on PostgreSQL; 300
    phones answer within seconds): the round comes from the view, the open question is read once
    per process, the participant's lock brings the round's state and an earlier answer."""
    right, wrong = right_and_wrong(live.questions.get(number=1))
    services.answer(live=live, participant=joined(live, bob), number=1, raw=right)
    me = joined(live, alice)
    with django_assert_max_num_queries(13):  # 20 before; a wrong answer also queues a review
        services.answer(live=live, participant=me, number=1, raw=wrong)
    with django_assert_max_num_queries(4):  # the doubled tap: the lock and the answer (in a savepoint)
        _again, created = services.answer(live=live, participant=me, number=1, raw=right)
    assert not created


def test_an_answer_committed_while_the_projector_renders_is_on_the_page_or_still_to_come(
    live, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    """The page's count and its version are read one after the other; an answer may commit between
    them. Either the page counts it, or its version does not, so the stream's event for it still
    changes the page: never «1 de 2» under a version that already counts 2, with nothing to come."""
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    late = joined(live, bob)
    versions = pulse.versions
    calls = []

    def an_answer_commits_meanwhile(code):
        found = versions(code)
        if not calls:
            calls.append(code)
            with django_capture_on_commit_callbacks(execute=True):
                services.answer(live=live, participant=late, number=1, raw=right)
        return found

    monkeypatch.setattr(pulse, "versions", an_answer_commits_meanwhile)
    context = presenters.projector(Round.objects.get(pk=live.pk), "https://example.org/directo/")
    monkeypatch.undo()
    assert calls  # the answer did commit during the render
    # The page counts both answers and its version is behind the round's, so the event that
    # counts the second one still comes (and writes the same count).
    assert context["answered"] == 2 and context["version"] != pulse.projector_version(live.code)


def test_a_phone_page_carries_the_stage_it_shows(live, alice, django_capture_on_commit_callbacks):
    me = joined(live, alice)
    shown = Round.objects.get(pk=live.pk)  # read before the teacher moves on
    with django_capture_on_commit_callbacks(execute=True):
        services.reveal(live=live)
    context = presenters.phone(shown, me)
    # Its version is the stage of what it shows, not the newer one: the reveal's event still comes.
    assert context["version"] == str(shown.stage) != pulse.phone_version(live.code)


def test_a_round_left_open_past_a_lesson_is_ended_and_its_answers_logged(
    live, classroom, teresa, practice_set, alice, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.core.management import call_command

    right, _wrong = right_and_wrong(live.questions.get(number=1))
    services.answer(live=live, participant=joined(live, alice), number=1, raw=right)
    Round.objects.filter(pk=live.pk).update(created_at=timezone.now() - timedelta(hours=5))
    today = set_round(classroom, teresa, practice_set, count=1)  # this lesson's: left alone
    assert not Attempt.objects.exists()  # the teacher never revealed nor ended it
    with django_capture_on_commit_callbacks(execute=True):
        call_command("finish_stale_rounds", stdout=open(os.devnull, "w"))
    live.refresh_from_db()
    today.refresh_from_db()
    assert live.is_finished and not today.is_finished
    assert Attempt.objects.get(learner=alice).correct


def test_an_answer_whose_late_logging_fails_is_kept_and_logged_at_the_next_close(
    live, alice, monkeypatch, django_capture_on_commit_callbacks, closing
):
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    me = joined(live, alice)
    graded = services._graded

    def reveal_meanwhile(*args):
        with django_capture_on_commit_callbacks(execute=True):
            services.reveal(live=live)
        return graded(*args)

    def database_gone(_pk):
        raise OperationalError("the database went away")

    monkeypatch.setattr(services, "_graded", reveal_meanwhile)
    monkeypatch.setattr(services, "queue_logging", database_gone)
    with django_capture_on_commit_callbacks(execute=False):
        answer, created = services.answer(live=live, participant=me, number=1, raw=right)
    assert created and answer.correct and not Attempt.objects.exists()
    monkeypatch.undo()  # the database is back
    with closing():
        services.finish(live=live)
    assert Attempt.objects.get(learner=alice).correct
