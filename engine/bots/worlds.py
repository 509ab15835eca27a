"""Worlds: the unseen cards dealt to the other seats in a way that fits everything one seat knows."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.bots.view import SeatView


def world_sampler(view: SeatView, tries: int = 30) -> Callable[[random.Random], list[int]]:
    """A function drawing worlds for ``view`` from a generator: what the view infers (voids, known cards, hand
    sizes) is worked out once, so a decision that draws many worlds pays for it once."""
    possible, known = view.possible(), view.known()
    others = [s for s in range(4) if s != view.seat]
    fixed = known[0] | known[1] | known[2] | known[3]
    rest = view.unseen & ~fixed
    free = [c for c in range(40) if rest >> c & 1]
    sizes = {s: view.hand_size(s) - known[s].bit_count() for s in others}
    options = {c: [s for s in others if possible[s] >> c & 1] for c in free}
    free.sort(key=lambda c: len(options[c]))

    def draw(rng: random.Random) -> list[int]:
        """Four hands (masks) consistent with the view: ours, the known cards, the voids and hand sizes."""
        for attempt in range(tries + 1):
            hands = list(known)
            need = dict(sizes)
            ok = True
            for c in free:
                seats = options[c] if attempt < tries else others  # the last try ignores the inferences
                room = [s for s in seats if need[s] > 0]
                if not room:
                    ok = False
                    break
                total = sum(need[s] for s in room)
                r = rng.random() * total
                for s in room:
                    r -= need[s]
                    if r < 0:
                        break
                hands[s] |= 1 << c
                need[s] -= 1
            if ok:
                return hands
        raise AssertionError("no world fits the hand sizes")  # cannot happen: the real deal is one

    return draw


def sample_world(view: SeatView, rng: random.Random, tries: int = 30) -> list[int]:
    """Four hands (masks) consistent with the view: ours, the known cards, the voids and hand sizes."""
    return world_sampler(view, tries)(rng)
