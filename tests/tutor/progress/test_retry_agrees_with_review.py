"""A retry never contradicts the review that made it: under every table, for every legal card of a planted
position, the item's label, chance of winning and tantos are the review's own (kept with the review, or
made again with the review's seed and refinement), the grading follows the analyser's «buena» band, the
pages print the same figures, and a review made again regrades the items it made."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import label_cards, position
from engine.analysis.review import grade
from engine.analysis.values import analyse_turn
from engine.bots.view import seat_view
from engine.cards import parse_card
from engine.record_replay import hand_of
from engine.rules import PRESETS
from tests.engine.planted import REFINED, RENUNCIOS, SEAT, planted
from tests.tutor.progress.test_table_retries_planted import _the_item, kept
from tutor.hands.models import HandReview
from tutor.progress import retries, retry_pages
from tutor.progress.models import TableRetry, TableRetryAnswer

RIGHT = ("la_mejor", "buena")
REVIEW_PLAYED = re.compile(r"ganaba la mano el (\d+) %.*?acababa con (\d+) tantos de media", re.S)
REVIEW_BEST = re.compile(r"Mejor: .*?\(la mano el (\d+) % de las veces, (\d+) tantos de media\)", re.S)
RETRY_FIGURES = re.compile(r"ganas la mano (\d+) de cada 100 veces; tu pareja hace (\d+) tantos de media")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _engine_turn(row, p):
    """The analyser's own judgement of the planted play, made afresh from the record."""
    return analyse_hand(hand_of(records.read(row.text)), [SEAT], tricks=[p.plays // 4 + 1])


def _stored_turn(row, p) -> dict:
    (turn,) = [t for t in row.review.data["turns"] if t["seat"] == SEAT and t["trick"] == p.plays // 4 + 1]
    return turn


def _figures(value: dict) -> tuple[int, int]:
    return round(100 * value["win"]), round(value["points"])


@pytest.mark.parametrize("rules_key", sorted(PRESETS))
@pytest.mark.parametrize("kind", ["jugada", REFINED])
def test_a_play_items_every_card_has_the_reviews_label_and_figures(rules_key, kind, alice, alice_client):
    p = planted(rules_key, kind)
    row = kept(alice, p)
    item = _the_item(row, p)
    (judged,) = [t for t in _engine_turn(row, p).turns if t.seat == SEAT]
    analysis = judged.analysis
    view = retries.view_of(item)
    if kind == REFINED:
        # the review judged this card on a second, larger sample: a retry valuing the position afresh
        # (the first sample) would print other figures than the review's
        first = label_cards(view)
        assert [first[item.card].win, first[item.card].points] != item.grades[item.card][1:]
        assert analysis.deals > analyse_turn(view).deals
    legal = {c.code for c in view.hand_cards() if view.legal_mask() >> int(c) & 1}
    assert set(item.grades) == legal  # every legal card valued, none missing
    for code, (label, win, points) in item.grades.items():
        value = analysis.values[parse_card(code)]
        assert (win, points) == (round(value.win, 4), round(value.points, 2))
        assert label == grade(analysis, int(parse_card(code)))[0]
        assert retries.is_right(item, code) is (label in RIGHT)  # the «buena» band, nothing else
    stored = _stored_turn(row, p)
    assert item.grades == stored["cards"]
    assert item.grades[item.card][0] == stored["label"] == item.label
    assert item.grades[item.card][1:] == [stored["played"]["win"], stored["played"]["points"]]
    for best in stored["best"]:
        assert item.grades[best][0] == "la_mejor"
        assert item.grades[best][1:] == [stored["best_value"]["win"], stored["best_value"]["points"]]
    assert set(retries.best_cards(item)) == set(stored["best"])

    # The pages print the same figures: the review for the card played and the best, the retry's feedback
    # after the card played at the table is chosen again.
    review_page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    review_page = re.sub(r"\s+", " ", review_page)
    played = tuple(int(x) for x in REVIEW_PLAYED.search(review_page).groups())
    best = tuple(int(x) for x in REVIEW_BEST.search(review_page).groups())
    assert played == _figures(stored["played"]) and best == _figures(stored["best_value"])
    alice_client.post(item.get_absolute_url(), {"card": item.card, "n": 0})
    feedback = re.sub(r"\s+", " ", alice_client.get(f"{item.get_absolute_url()}?visto=0").content.decode())
    shown = [tuple(int(x) for x in m) for m in RETRY_FIGURES.findall(feedback)]
    assert shown == [played, best]


@pytest.mark.parametrize("rules_key", sorted(PRESETS))
@pytest.mark.parametrize("kind", RENUNCIOS)
def test_a_rule_items_legal_cards_are_the_reviews_ruling(rules_key, kind, alice):
    p = planted(rules_key, kind)
    row = kept(alice, p)
    item = _the_item(row, p)
    (error,) = [e for e in _engine_turn(row, p).rule_errors if e.seat == SEAT]
    assert {c for c, g in item.grades.items() if g == "legal"} == {c.code for c in error.legal}
    assert item.grades[item.card] == "renuncio" and item.rule_ids == list(error.rule_ids)
    for code, g in item.grades.items():
        assert retries.is_right(item, code) is (g == "legal")


@pytest.mark.parametrize("rules_key", sorted(PRESETS))
def test_a_review_kept_without_every_cards_grade_gives_the_same_grades(rules_key, alice):
    """A review stored before it kept every card's grade: the item's grades are made again with the review's
    seed and refinement, and are the very ones the review would have kept."""
    p = planted(rules_key, REFINED)
    row = kept(alice, p)
    item = _the_item(row, p)
    kept_grades = item.grades
    turn = dict(_stored_turn(row, p))
    del turn["cards"]
    view = seat_view(position(records.read(row.text), p.plays), SEAT)
    assert retries.play_grades(turn, view) == kept_grades
    again = label_cards(view, int(parse_card(p.card)))
    assert {c: [g.label, g.win, g.points] for c, g in again.items()} == kept_grades


def test_a_review_made_again_regrades_its_items_and_retires_one_no_longer_an_error(alice):
    p = planted("guia", "jugada")
    row = kept(alice, p)
    item = _the_item(row, p)
    right = retries.best_cards(item)[0]
    # an item made by an older analysis, whose figures differ from the review's
    stale = {code: [g[0], round(g[1] + 0.02, 4), g[2]] for code, g in item.grades.items()}
    TableRetry.objects.filter(pk=item.pk).update(grades=stale)
    assert retries.make_items(row.review) == 0
    item.refresh_from_db()
    assert item.grades == _stored_turn(row, p)["cards"] and item.retired_at is None
    # the review made again no longer calls the card an error: the item leaves the practice
    review = HandReview.objects.get(record=row)
    data = review.data
    for t in data["turns"]:
        if t["card"] == item.card and t["seat"] == SEAT:
            t["label"] = "buena"
            t["cards"][item.card][0] = "buena"
    review.data = data
    review.save()
    retries.make_items(review)
    item.refresh_from_db()
    assert item.retired_at is not None and item.label == "buena"
    assert retries.is_right(item, item.card) and retries.is_right(item, right)


def test_a_right_card_is_not_told_a_better_one_with_the_same_figures(alice):
    p = planted("guia", "jugada")
    item = _the_item(kept(alice, p), p)
    best = retries.best_cards(item)[0]
    other = next(c for c in item.grades if c not in retries.best_cards(item))
    # «buena» with the best card's rounded figures: no «La mejor: …» beside the same numbers
    grades = dict(item.grades)
    grades[best], grades[other] = ["la_mejor", 0.9, 50.0], ["buena", 0.899, 49.8]
    item.grades = grades
    answer = TableRetryAnswer(item=item, number=0, card=other, right=True, answered_at=timezone.now())
    shown = retry_pages.feedback(item, answer, view_trump(item))
    assert shown["right"] and shown["best"] == [] and shown["value"] == shown["best_value"]


def view_trump(item):
    return retries.view_of(item).trump
