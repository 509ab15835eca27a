"""«Jugar desde aquí» from a kept record that was not played here against the bots: a pasted hand (and,
in tests/tutor/tables, a hand played at a table with people). The copy is a one-hand match of «Jugar»
dealt exactly as the record, the owner moved to the learner's seat, everything before the point already
played; a record that does not know every card, or does not reach the hand's end, says why instead."""

from __future__ import annotations

import re
from dataclasses import replace

from django.urls import reverse

from engine import records
from engine.analysis.retry import position
from engine.record_files import EXAMPLE
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.play.conftest import play_legal, play_out
from tutor.hands import presenters, reviews, services
from tutor.hands.models import HandRecord
from tutor.play import services as play
from tutor.play.models import Event, Match
from tutor.play.table import LEARNER
from tutor.practice.identity import Owner


def assert_copy_is_the_record_at(copy: Match, record: records.HandRecord, point: int, seat: int) -> None:
    """The copy's table is the record's position before its ``point``-th card, seen from ``seat`` (now the
    learner's, 0): every seat's hand, the trick so far, the tricks, the tantos and cantes (pairs swapped
    when the seat is odd), the trump; and it is the learner's turn."""
    hand = play.current_hand(copy)
    t = play.table_of(copy, hand)
    there, h = position(record, point), t.hand
    assert there.turn == seat and h.turn == LEARNER and t.waiting_for_learner
    assert [h.hands[n] for n in range(4)] == [there.hands[(n + seat) % 4] for n in range(4)]
    assert h.trick == there.trick and h.tricks == there.tricks
    assert (h.trump, h.trump_card) == (there.trump, there.trump_card)
    odd = seat & 1
    swap = (lambda pair: tuple(reversed(pair))) if odd else tuple
    assert tuple(h.tantos) == swap(there.tantos) and tuple(h.won) == swap(there.won)
    assert tuple(h.cante_points) == swap(there.cante_points)
    assert [((d.seat + seat) % 4, d.option) for d in h.cantes] == [(d.seat, d.option) for d in there.cantes]
    assert copy.get_rules() == record.rules and hand.copied == len(t.steps)


def _pasted(user, text: str = COMPLETE_RECORD, seat: int | None = None) -> HandRecord:
    return services.keep_pasted(owner=Owner(user, ""), text=text, seat=seat)


def _cante_after_trick_2() -> tuple[records.HandRecord, int]:
    """COMPLETE_RECORD: jugador 4 (seat 3) sings las veinte after trick 2; the first card after it."""
    record = records.read(COMPLETE_RECORD)
    cante = next(i for i, e in enumerate(record.events) if isinstance(e, records.Cante))
    assert record.events[cante].seat == 3
    return record, sum(1 for e in record.events[:cante] if isinstance(e, records.Play))


def test_a_pasted_hand_is_played_on_from_a_seat_other_than_0_after_a_cante(alice, alice_client):
    """A pasted hand that does not say whose it was: from a card of jugador 2 (seat 1) after the cante,
    as that seat. Its bots play on, the hand ends, and the copy is a one-hand match."""
    row = _pasted(alice)
    record, after_cante = _cante_after_trick_2()
    k = next(i for i in range(after_cante, 40) if record.plays[i].seat == 1)
    urls, why = presenters.replay_from(row, records.read(row.text), owner=True)
    assert why == "" and len(urls) == 40  # every card, each as its own seat
    url = urls[(k // 4 + 1, 1)]
    assert url == reverse("play:replay_record", args=[row.pk, k, 1])
    response = alice_client.post(url)
    copy = Match.objects.get(source_record=row)
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    assert_copy_is_the_record_at(copy, record, k, 1)
    assert len(copy.hands.get().deal) == records.CODE_LENGTH  # the deal kept, not a seed's
    assert alice_client.get(copy.get_absolute_url()).status_code == 200
    play_out(alice_client, copy)
    copy.refresh_from_db()
    assert copy.over and copy.winner is not None and copy.hands.count() == 1
    page = alice_client.get(copy.get_absolute_url()).content.decode()
    assert "no cuenta en la partida de la que salió" in page and "Siguiente mano" not in page
    # «Jugar desde aquí» from the copy's own review copies its deal too (not its seed's).
    hand = copy.hands.get()
    steps = play.steps_of(hand)
    seq = next(
        i for i in range(hand.copied + 1, len(steps)) if steps[i].seat == LEARNER and steps[i].kind == "card"
    )
    alice_client.post(reverse("play:replay", args=[copy.token, 1, seq]))
    again = Match.objects.get(source_hand=hand)
    assert again.hands.get().deal == hand.deal and again.hands.get().copied == seq
    assert [s.value for s in play.table_of(again, again.hands.get()).steps] == [s.value for s in steps[:seq]]
    there = play.table_of(copy, hand, steps[:seq]).hand
    assert play.table_of(again, again.hands.get()).hand.hands == there.hands


def test_from_a_partners_card_it_starts_before_the_owners_next_card(alice, alice_client):
    """A pasted hand whose owner sat at seat 3: a card of their partner (seat 1) plays on from their own
    next card; the page offers no seat but theirs."""
    row = _pasted(alice, seat=3)
    record, after_cante = _cante_after_trick_2()
    partner = next(i for i in range(after_cante, 40) if record.plays[i].seat == 1)
    mine = next(i for i in range(partner, 40) if record.plays[i].seat == 3)
    urls, _why = presenters.replay_from(row, record, owner=True)
    assert urls[(partner // 4 + 1, 1)] == reverse("play:replay_record", args=[row.pk, mine, 3])
    assert all(url.endswith("/sitio/3/") for url in urls.values())
    # A forged post for another seat, or from the partner's card directly with the owner's seat.
    other = alice_client.post(reverse("play:replay_record", args=[row.pk, partner, 1]), follow=True)
    assert "no jugabas en ese sitio" in other.content.decode() and not Match.objects.exists()
    alice_client.post(reverse("play:replay_record", args=[row.pk, partner, 3]))
    assert_copy_is_the_record_at(Match.objects.get(), record, mine, 3)


def test_the_review_page_offers_it_on_the_judged_cards(alice, alice_client):
    row = _pasted(alice, seat=3)
    reviews.run(reviews.request(row).pk)  # what the task worker does
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "solo está en las manos jugadas aquí" not in page and "review-replay-absent" not in page
    review = HandRecord.objects.get().review
    context = presenters.review_page(row, review, reader=3, names=True, owner=True)
    judged = [j for t in context["tricks"] for j in t["judged"]]
    assert judged and {j["seat"] for j in judged} == {1, 3}
    offered = [j for j in judged if j["replay_url"]]
    assert offered and all(f'action="{j["replay_url"]}"' in page for j in offered)
    assert "juegas tu asiento y los bots el resto" in page
    # each button names whose card it starts from, without brackets inside brackets (a seat is written
    # «Bruno (jugador 2, pareja B)»: the button read «Jugar desde aquí (Bruno (jugador 2, pareja B), …)»)
    names = re.findall(r'<button type="submit" class="btn btn-link btn-sm p-0">(.*?)</button>', page, re.S)
    spoken = [" ".join(re.sub(r"<[^>]+>", "", n).split()) for n in names]
    assert len(spoken) == len(offered)
    assert all(s.startswith("Jugar desde aquí: ") and s.count("(") == 1 for s in spoken), spoken


def test_a_doubled_post_finds_its_copy(alice, alice_client):
    row = _pasted(alice)
    url = reverse("play:replay_record", args=[row.pk, 13, 1])
    first, second = alice_client.post(url), alice_client.post(url)
    assert first["Location"] == second["Location"] and Match.objects.count() == 1
    copy = Match.objects.get()
    assert Event.objects.filter(hand__match=copy).count() == copy.hands.get().copied
    # Once the copy is played on, the same press makes a new copy from the record.
    play_legal(alice_client, copy)
    alice_client.post(url)
    assert Match.objects.count() == 2


def test_a_record_that_does_not_know_every_card_says_why_and_makes_nothing(alice, alice_client, client):
    row = _pasted(alice, text=EXAMPLE)
    record = records.read(row.text)
    known = sum(m.bit_count() for m in records.analyse(record).held)
    urls, why = presenters.replay_from(row, record, owner=True)
    assert urls == {} and f"solo se conocen {known} de las 40 cartas" in why
    assert "los bots necesitan las cuatro manos" in why and "Inventar las que faltan" in why
    reviews.run(reviews.request(row).pk)  # unavailable: the analysis needs every card too
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "no se puede valorar carta a carta" in page and f"solo se conocen {known} de las 40" in page
    refused = alice_client.post(reverse("play:replay_record", args=[row.pk, 0, 0]), follow=True)
    assert f"solo se conocen {known} de las 40 cartas" in refused.content.decode()
    assert not Match.objects.exists()
    # A shared link's reader is told the same reason (nobody can), not that only the owner may.
    services.share(row, names=False)
    shared = client.get(reverse("hands:shared_review", args=[row.share_token])).content.decode()
    assert f"solo se conocen {known} de las 40" in shared


def test_a_record_that_stops_before_the_end_is_not_played_on(alice, alice_client):
    whole = records.read(COMPLETE_RECORD)
    hands = tuple(tuple(p.card for p in whole.plays if p.seat == s) for s in range(4))
    cut = replace(whole, hands=hands, events=tuple(e for e in whole.events if e not in whole.plays[20:]))
    row = _pasted(alice, text=records.write(cut))
    urls, why = presenters.replay_from(row, records.read(row.text), owner=True)
    assert urls == {} and "no está escrita hasta su final" in why
    refused = alice_client.post(reverse("play:replay_record", args=[row.pk, 0, 0]), follow=True)
    assert "no está escrita hasta su final" in refused.content.decode() and not Match.objects.exists()


def test_forged_ids_and_other_peoples_records(alice, alice_client, bob_client, teresa_client, client):
    row = _pasted(alice)
    for forged in (
        reverse("play:replay_record", args=[row.pk + 1000, 0, 0]),
        "/jugar/registro/999999999999999999/desde-carta/0/sitio/0/",
    ):
        assert alice_client.post(forged).status_code == 404
    mine = reverse("play:replay_record", args=[row.pk, 0, row_seat := records.read(row.text).plays[0].seat])
    for stranger in (bob_client, teresa_client, client):  # another learner, a teacher, a visitor
        assert stranger.post(mine).status_code == 404
    assert alice_client.get(mine).status_code == 405
    for card, seat in ((40, row_seat), (999, 0), (0, 4), (0, 99)):
        response = alice_client.post(reverse("play:replay_record", args=[row.pk, card, seat]))
        assert response.status_code == 302 and response["Location"] == reverse("hands:review", args=[row.pk])
    last = records.read(row.text).plays[-1].seat
    after = alice_client.post(reverse("play:replay_record", args=[row.pk, 39, (last + 1) % 4]), follow=True)
    assert "ya no te tocaba jugar" in after.content.decode()
    assert not Match.objects.exists()


def test_a_reader_who_is_not_the_owner_gets_no_button(alice, alice_client, client):
    """The owner alone plays on: a shared link's reader (and a teacher, who reads a student's review as
    one more reader: owner=False) sees why, and no form."""
    row = _pasted(alice, seat=3)
    urls, why = presenters.replay_from(row, records.read(row.text), owner=False)
    assert urls == {} and "Solo quien jugó la mano" in why
    reviews.run(reviews.request(row).pk)
    services.share(row, names=False)
    shared = client.get(reverse("hands:shared_review", args=[row.share_token])).content.decode()
    assert "Solo quien jugó la mano puede seguir jugándola" in shared and "/registro/" not in shared


def test_a_copy_counts_only_the_plays_made_in_it_when_progress_is_rebuilt(alice, alice_client):
    """The copied plays were the owner's at another table (or typed in): Mi progreso rebuilt from the log
    counts only the plays made in the copy, as it counted them live."""
    from tutor.progress.models import SkillStat

    row = _pasted(alice, seat=3)
    alice_client.post(reverse("play:replay_record", args=[row.pk, 20, 3]))
    copy = Match.objects.get()
    assert Event.objects.filter(hand__match=copy, seat=LEARNER, grade__graded=True).exists()
    play_out(alice_client, copy)
    live = sorted(
        SkillStat.objects.filter(learner=alice, kind="play").values_list("key", "attempts", "correct")
    )
    play.rebuild_progress_of(learner_id=alice.pk, anon_id="")
    assert (
        sorted(SkillStat.objects.filter(learner=alice, kind="play").values_list("key", "attempts", "correct"))
        == live
    )
