"""Graded plays count in Mi progreso as their own source («En la mesa»), apart from the quizzes."""

from django.urls import reverse

from tutor.play.models import Event
from tutor.play.table import CARD, LEARNER
from tutor.progress.models import SkillStat
from tutor.progress.services import rebuild_all

from .conftest import advance_to_illegal, move_url, play_out, start, table


def _expected(match):
    """Per rule id, (plays, legal) over the learner's non-leading cards, from the stored log."""
    counts: dict[str, list[int]] = {}
    for e in Event.objects.filter(hand__match=match, seat=LEARNER, kind=CARD):
        if not e.grade["graded"]:
            continue
        for rule_id in dict.fromkeys(e.grade["rule_ids"]):
            row = counts.setdefault(rule_id, [0, 0])
            row[0] += 1
            row[1] += int(e.legal)
    return counts


def _counted(**owner):
    return {
        s.key: [s.attempts, s.correct] for s in SkillStat.objects.filter(kind=SkillStat.Kind.PLAY, **owner)
    }


def test_each_non_leading_play_counts_for_its_rule_ids(alice_client, alice):
    match = start(alice, mode="examen")
    card = advance_to_illegal(alice_client, match)
    hand, t = table(match)
    alice_client.post(move_url(match), {"seq": len(t.steps), "card": card})
    play_out(alice_client, match)
    expected = _expected(match)
    assert expected and any(legal < plays for plays, legal in expected.values())
    assert _counted(learner=alice) == expected
    # the quizzes' counts are untouched
    assert not SkillStat.objects.filter(learner=alice).exclude(kind=SkillStat.Kind.PLAY).exists()
    body = alice_client.get(reverse("progress:index")).content.decode()
    assert "En la mesa (Jugar)" in body
    for rule_id in expected:
        assert f'data-play-skill="{rule_id}"' in body


def test_a_refused_card_in_aprendiz_counts_nothing(alice_client, alice_match, alice):
    card = advance_to_illegal(alice_client, alice_match)
    before = _counted(learner=alice)
    hand, t = table(alice_match)
    alice_client.post(move_url(alice_match), {"seq": len(t.steps), "card": card})
    assert _counted(learner=alice) == before


def test_rebuilding_the_quiz_caches_keeps_the_plays(alice_client, alice_match, alice):
    play_out(alice_client, alice_match)
    counted = _counted(learner=alice)
    assert counted
    rebuild_all()
    assert _counted(learner=alice) == counted


def test_anonymous_plays_join_the_account_at_login(client, alice, password):
    client.post(reverse("play:new"), {"rules": "guia", "level": "principiante", "mode": "aprendiz"})
    from tutor.play.models import Match

    match = Match.objects.get()
    play_out(client, match)
    anon = _counted(learner__isnull=True)
    assert anon
    client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    assert _counted(learner=alice) == anon
    assert not _counted(learner__isnull=True)


def test_a_learner_who_only_played_never_gets_the_page_drawn_for_those_who_never_practised(
    alice, alice_client, bob_client
):
    # Bob, who never practised, has the blank page drawn (and kept) first; Alice then played a card.
    assert "En la mesa (Jugar)" not in bob_client.get(reverse("progress:index")).content.decode()
    SkillStat.objects.create(
        learner=alice, kind=SkillStat.Kind.PLAY, key="R-OBL-ASISTIR", attempts=1, correct=1
    )
    assert "En la mesa (Jugar)" in alice_client.get(reverse("progress:index")).content.decode()
    assert "En la mesa (Jugar)" not in bob_client.get(reverse("progress:index")).content.decode()
