"""Who wins a trick (R-TRICK-1, R-TRICK-2)."""

from __future__ import annotations

from collections.abc import Sequence


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (play order) of the card that wins, or is winning, the trick."""
    # R-TRICK-2: the highest trump if any was played, else the highest card of the led suit.
    best = 0
    best_card = cards[0]
    best_is_trump = best_card // 10 == trump
    led = best_card // 10
    for i in range(1, len(cards)):
        c = cards[i]
        suit = c // 10
        if suit == trump:
            if not best_is_trump or c > best_card:
                best, best_card, best_is_trump = i, c, True
        elif suit == led and not best_is_trump and c > best_card:
            best, best_card = i, c
    return best
