"""Positions built by hand (a teacher's): check that they could happen, rule on them, pose them as quizzes.

A built position is what ``python -m engine legal`` reads: ``{"trump", "trick", "hand", "rules"}``. The
player answering sits at seat 0; the trick's cards were played by the seats before it, so the leader is
seat ``-len(trick) mod 4``. Every player holds as many cards as the viewer before the trick (R-DEAL-1:
ten each, one per trick), so a hand of ``h`` cards is trick number ``11 - h``.

The check: the 40 cards are distinct, the trick has 0 to 3 cards, the hand 1 to 10, and each card of the
trick after the lead was legal (R-OBL-*) for some distribution of the cards the viewer cannot see. The
distribution found is kept as the position's ``hands``; the earlier tricks are not reconstructed
(``history`` stays empty).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import CODE_OF, Card, CardError, Suit, parse_cards
from engine.messages import Text, Who, msg
from engine.obligations import Ruling, legal_mask, ruling
from engine.rules import GUIA, RulesError, TableRules
from engine.scenarios.common import mask_cards
from engine.scenarios.model import Scenario, ScenarioError
from engine.scenarios.play import Spot, play_scenario

BUILT_FAMILIES = ("jugada", "validas", "obligacion")
VIEWER = 0
_KEYS = {"trump", "trick", "hand", "rules"}


class PositionError(ScenarioError):
    """A built position that cannot happen or cannot be read, for the teacher: ``str(exc)`` is the sentence
    in the language in force, ``exc.text`` the message itself."""


@dataclass(frozen=True)
class BuiltPosition:
    """A checked position: trump, the trick so far, the viewer's hand and a witness of the unseen hands."""

    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    rules: TableRules
    hands: tuple[int, int, int, int]  # masks by seat, now: one distribution that makes the trick legal

    @property
    def leader(self) -> int:
        return (VIEWER - len(self.trick)) % 4

    @property
    def trick_number(self) -> int:
        return 11 - len(self.hand)

    def ruling(self) -> Ruling:
        return ruling(self.hand, self.trick, self.trump, self.rules)

    def to_json(self) -> dict[str, Any]:
        """The engine's contract (``python -m engine legal`` input), cards as codes."""
        name = self.rules.preset_name
        return {
            "trump": self.trump.letter,
            "trick": [CODE_OF[c] for c in self.trick],
            "hand": [CODE_OF[c] for c in self.hand],
            "rules": name if name is not None else self.rules.to_dict(),
        }

    def scenario(self, family: str = "jugada", seed: int = 0, difficulty: int = 2) -> Scenario:
        """Pose ``family``'s question (jugada, validas or obligacion) on this position."""
        if family not in BUILT_FAMILIES:
            raise PositionError(msg("custom.only_families", families=", ".join(BUILT_FAMILIES)))
        spot = Spot(
            int(self.trump),
            None,
            (self.leader + 3) % 4,
            self.leader,
            VIEWER,
            self.hands,
            tuple(int(c) for c in self.trick),
            (),
        )
        made = play_scenario(family, spot, seed, difficulty, self.rules)
        position = {**made.position, "trick_number": self.trick_number, "built": True}
        return dataclasses.replace(made, position=position)


def _safe_cards(card: int, before: tuple[int, ...], trump: int, rules: TableRules, pool: int) -> int:
    """Pool cards that could sit beside ``card`` in a hand without making it illegal on ``before``."""
    safe = 0
    for c in mask_cards(pool):
        if legal_mask(1 << card | 1 << c, before, trump, rules) >> card & 1:
            safe |= 1 << c
    return safe


def _take(mask: int, n: int) -> int:
    out = 0
    for c in mask_cards(mask)[:n]:
        out |= 1 << c
    return out


def witness(
    trump: int, trick: tuple[int, ...], hand: tuple[int, ...], rules: TableRules
) -> tuple[tuple[int, int, int, int] | None, Text | None]:
    """A distribution of the unseen cards under which every card of the trick was legal, or (None, why)."""
    h, k = len(hand), len(trick)
    leader = (VIEWER - k) % 4
    pool = (1 << 40) - 1
    for c in (*trick, *hand):
        pool &= ~(1 << c)
    hands = [0, 0, 0, 0]
    hands[VIEWER] = sum(1 << c for c in hand)
    need = h - 1  # cards each follower kept after playing its card
    followers = []
    for i in range(1, k):
        safe = _safe_cards(trick[i], trick[:i], trump, rules, pool)
        if safe.bit_count() < need:
            return None, msg("custom.never_legal", card=trick[i], who=Who.seat((leader + i) % 4, VIEWER))
        followers.append((i, safe))
    # Two followers at most: Hall's condition is enough, giving each its exclusive cards first.
    taken = 0
    for n, (i, safe) in enumerate(followers):
        others = 0
        for j, (_, other) in enumerate(followers):
            if j != n:
                others |= other
        own = safe & ~taken & ~others
        chosen = _take(own, need)
        chosen |= _take(safe & ~taken & ~chosen, need - chosen.bit_count())
        if chosen.bit_count() < need:
            return None, msg("custom.not_enough_cards")
        taken |= chosen
        hands[(leader + i) % 4] = chosen
    for i in range(1, k):  # the witness itself must pass the rules, not only the card-by-card filter
        seat = (leader + i) % 4
        if not legal_mask(hands[seat] | 1 << trick[i], trick[:i], trump, rules) >> trick[i] & 1:
            return None, msg("custom.not_legal", card=trick[i])
    rest = pool & ~taken
    for offset in (0, *range(k + 1, 4)):  # the leader keeps h - 1; those still to play hold h
        if offset == 0 and k == 0:
            continue
        seat = (leader + offset) % 4
        chosen = _take(rest, need if offset < k else h)
        hands[seat] = chosen
        rest &= ~chosen
    return (hands[0], hands[1], hands[2], hands[3]), None


def build_position(
    trump: Suit | str | int,
    trick: Iterable[str | int],
    hand: Iterable[str | int],
    rules: TableRules | str | Mapping[str, Any] | None = GUIA,
) -> BuiltPosition:
    """Check a position (codes or Spanish names) and return it with a witness; PositionError says why not."""
    try:
        suit = Suit.parse(trump)
        rules = TableRules.from_spec(rules)
    except (CardError, RulesError) as exc:
        raise PositionError(exc.text) from None
    trick, hand = list(trick), list(hand)
    if len(trick) > 3:
        raise PositionError(msg("custom.trick_too_long", n=len(trick)))
    if not 1 <= len(hand) <= 10:
        raise PositionError(msg("custom.hand_size", n=len(hand)))
    try:
        both = parse_cards([*trick, *hand], what=msg("custom.trick_and_hand"))
    except CardError as exc:
        raise PositionError(exc.text) from None
    trick_cards, hand_cards = tuple(both[: len(trick)]), tuple(both[len(trick) :])
    hands, why = witness(
        int(suit), tuple(int(c) for c in trick_cards), tuple(int(c) for c in hand_cards), rules
    )
    if hands is None:
        raise PositionError(why)
    return BuiltPosition(suit, trick_cards, hand_cards, rules, hands)


def position_from_json(data: Any, rules: TableRules | str | Mapping[str, Any] | None = None) -> BuiltPosition:
    """Read ``{"trump", "trick", "hand", "rules"}`` (the ``legal`` command's input) and check it.

    With ``rules`` the position is checked and ruled under those rules instead of its own ``"rules"``
    (a class poses every position under the class's table): its trick must be playable under them.
    """
    if not isinstance(data, Mapping):
        raise PositionError(msg("custom.not_an_object", fmt="JSON", fields="trump, trick, hand, rules"))
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise PositionError(msg("custom.unknown_field", fields=", ".join(unknown)))
    missing = sorted({"trump", "hand"} - set(data))
    if missing:
        raise PositionError(msg("custom.missing_field", fields=", ".join(missing)))
    if not isinstance(data["trump"], str):
        raise PositionError(msg("custom.trump_type", key="trump"))
    for key in ("trick", "hand"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
            raise PositionError(msg("custom.cards_type", key=key))
    if rules is None:
        rules = data.get("rules") or GUIA
    return build_position(data["trump"], data.get("trick", []), data["hand"], rules)
