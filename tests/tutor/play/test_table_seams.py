"""«Jugar» where its parts meet (issue 29, items 10 and 11): leaving a match asks first, the previous
hand's review is one link away where the learner is, the trick just collected stays in sight while
the bots lead the next, and «Pista» groups the cards the engine judged alike and links its rules."""

import re
from html import unescape

from django.urls import reverse

from lessons.services import url_teaching
from tutor.lib.cards import card_name
from tutor.play import services
from tutor.play.models import Match
from tutor.play.table import LEARNER
from tutor.practice.identity import Owner

from .conftest import play_legal, play_out, start, table


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def _advance_until(client, match: Match, wanted) -> tuple:
    """Play legal cards until ``wanted(table)`` holds at the learner's turn; the hand and table then."""
    for _ in range(40):
        hand, t = table(match)
        assert not t.over, "the state never came up in this hand"
        if t.hand.turn == LEARNER and not t.learner_cantes() and wanted(t):
            return hand, t
        play_legal(client, match)
    raise AssertionError("the state never came up")


def _led_by_others(t) -> bool:
    return bool(t.hand.trick) and bool(t.hand.tricks)


def test_leaving_a_match_asks_first_on_a_page_of_its_own(alice, alice_client):
    match = services.start_match(owner=Owner(alice, ""))
    listing = alice_client.get(reverse("play:index")).content.decode()
    leave_url = reverse("play:abandon", args=[match.token])
    # No form that leaves a match on the list (beside «Continuar»): a link to a page that asks.
    assert f'action="{leave_url}"' not in listing
    assert f'href="{leave_url}"' in listing
    asking = alice_client.get(leave_url)
    assert asking.status_code == 200
    page = asking.content.decode()
    assert "¿Dejar esta partida?" in page and f'action="{leave_url}"' in page
    assert match.get_absolute_url() in page  # the way back, «No, seguir jugando»
    assert Match.objects.get(pk=match.pk).abandoned_at is None  # asking changed nothing
    alice_client.post(leave_url)
    assert Match.objects.get(pk=match.pk).abandoned_at is not None
    # Asking again for a match already left leads back to the list.
    assert alice_client.get(leave_url).url == reverse("play:index")


def test_after_the_next_hand_the_previous_review_is_linked_above_the_table(alice, alice_client):
    match = start(alice)
    play_out(alice_client, match)
    alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    page = alice_client.get(match.get_absolute_url()).content.decode()
    review = reverse("play:review", args=[match.token, 1])
    assert review in page
    assert page.index(review) < page.index('id="play-table"'), "the link is below the table"


def test_the_trick_just_collected_stays_while_the_bots_lead_the_next(alice, alice_client):
    match = start(alice)
    hand, t = _advance_until(alice_client, match, _led_by_others)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert "data-last-trick" in page
    last = page[page.index("data-last-trick") :]
    last = _text(last[: last.index("</section>")])
    for card in t.hand.tricks[-1]:
        assert card_name(card) in last
    assert f"Baza {len(t.hand.tricks)}" in last


def test_no_last_trick_is_drawn_when_the_learner_leads(alice, alice_client):
    match = start(alice)
    _advance_until(alice_client, match, lambda t: not t.hand.trick and t.hand.tricks)
    assert "data-last-trick" not in alice_client.get(match.get_absolute_url()).content.decode()


def test_pista_on_a_lead_says_once_what_holds_for_every_card(alice, alice_client):
    match = start(alice)
    hand, t = _advance_until(alice_client, match, lambda t: not t.hand.trick)
    page = alice_client.get(match.get_absolute_url() + "?pista=1").content.decode()
    lines = re.findall(r"<li[^>]*data-verdict[^>]*>(.*?)</li>", page, re.S)
    ruling = t.hand.ruling()
    assert len(lines) == 1, lines
    line = _text(lines[0])
    assert str(ruling.verdicts[0].why) in line
    for card in t.hand.hand_of(LEARNER):
        assert card_name(card) in line


def test_pista_links_each_rule_to_the_lesson_that_teaches_it(alice, alice_client):
    match = start(alice)
    hand, t = _advance_until(alice_client, match, _led_by_others)
    page = alice_client.get(match.get_absolute_url() + "?pista=1").content.decode()
    rules = page[page.index("data-hint-rules") :]
    rules = rules[: rules.index("</p>")]
    for rule_id in t.hand.ruling().rule_ids:
        url = url_teaching(rule_id)
        assert url and f'href="{url}"' in rules, rule_id
