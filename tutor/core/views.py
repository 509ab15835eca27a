import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from engine.cards import TOTAL_TANTOS, CardError, Suit, deck_by_strength, parse_cards
from engine.tricks import trick_winner
from tutor.core.home import part as returning_part
from tutor.lib.cards import rank_name
from tutor.lib.outage import cache_answers

logger = logging.getLogger(__name__)

# The home page's sample table: the rival on the right led, the partner followed, the rival on the
# left trumped; it is the viewer's turn.
SAMPLE_TRICK = parse_cards(["3c", "12c", "4o"])
SAMPLE_LEADER = 1
SAMPLE_TRUMP_CARD = parse_cards(["7o"])[0]


def _suit_or_none(text: str) -> Suit | None:
    try:
        return Suit.parse(text) if text else None
    except CardError:
        return None


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    trump = SAMPLE_TRUMP_CARD.suit
    sample = {
        "cards": SAMPLE_TRICK,
        "leader": SAMPLE_LEADER,
        "trump_card": SAMPLE_TRUMP_CARD,
        "winner": trick_winner(SAMPLE_TRICK, trump),
    }
    # The learner's part, drawn again only when what it shows has changed (None: a first-time visitor).
    part = returning_part(request)
    context = {"sample": sample, "returning": part is not None, "returning_html": part}
    return render(request, "core/home.html", context)


@require_GET
def baraja(request: HttpRequest) -> HttpResponse:
    deck = deck_by_strength()
    chosen = _suit_or_none(request.GET.get("palo", ""))
    suits = [
        {"suit": suit, "cards": [c for c in deck if c.suit == suit]}
        for suit in Suit
        if chosen is None or suit == chosen
    ]
    first_suit = [c for c in deck if c.suit == Suit.OROS]
    context = {
        "suits": suits,
        "all_suits": list(Suit),
        "chosen": chosen,
        "rank_order": [rank_name(c.rank) for c in first_suit],
        "counting_ranks": [(rank_name(c.rank), c.tantos) for c in first_suit if c.tantos],
        "blank_ranks": [rank_name(c.rank) for c in first_suit if not c.tantos],
        "total_tantos": TOTAL_TANTOS,
        "suit_tantos": sum(c.tantos for c in first_suit),
    }
    template = "core/baraja.html"
    if request.htmx:
        template += "#deck"
    return render(request, template, context)


@never_cache
@require_http_methods(["GET", "HEAD"])
def healthz(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("healthz: the database did not answer")
        return JsonResponse({"status": "error", "database": "unavailable"}, status=503)
    if not cache_answers():
        # Still 200: every page works without Redis (tutor.lib.outage), only slower; a balancer
        # must not take every instance out because the cache they share is away.
        return JsonResponse({"status": "degraded", "cache": "unavailable"})
    return JsonResponse({"status": "ok"})
