"""The «Pista» reason is built from what the bot decided: the card it chose and the card winning the trick."""

from __future__ import annotations

import random

from engine.bots import REASONS, choose_play, seat_view
from engine.cards import NAME_OF
from engine.hand import Hand
from engine.messages import Message, en, es, render


def _decisions(seeds=range(30)):
    for seed in seeds:
        h = Hand.new(seed)
        rng = random.Random(seed)
        while h.turn is not None:
            decision = choose_play(seat_view(h, h.turn), "normal", rng)
            yield decision
            h.play(decision.card)


def test_every_reason_code_has_a_sentence_in_both_languages():
    assert all(REASONS[code] in es.CATALOGUE and REASONS[code] in en.CATALOGUE for code in REASONS)


def test_a_reason_after_the_lead_names_the_card_winning_the_trick_in_both_languages():
    seen = set()
    for decision in _decisions():
        code = decision.reason.code
        if code not in ("cargar", "companero_gana", "ganar_barato", "descartar") or code in seen:
            continue
        seen.add(code)
        winning = decision.reason.facts["winning_card"]
        reason = decision.reason.message(decision.card)
        assert reason.facts["top"] == winning and reason.facts["card"] == decision.card
        spanish, english = render(reason, "es"), render(reason, "en")
        assert NAME_OF[winning] in spanish  # 'al rey de copas' / 'con el rey de copas'
        assert render(
            Message("bots.suggest", {"card": int(decision.card), "reason": reason}), "en"
        ).startswith("The normal bot would play the ")
        assert en.the(winning) in english
    assert seen == {"cargar", "companero_gana", "ganar_barato", "descartar"}
