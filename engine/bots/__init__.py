"""Bots that play Tute por parejas from what their seat may know (engine/bots/README.md)."""

from engine.bots.choose import BotError, choose_cante, choose_play, decision_rng, normal_seats
from engine.bots.fuerte import Better, Estimate, clearly_better, evaluate
from engine.bots.policy import LEVELS, REASONS, CanteDecision, Decision, Reason, trick_facts
from engine.bots.table import play_hand, play_match, sing_after_trick
from engine.bots.view import SeatView, SungCante, seat_view

__all__ = [
    "LEVELS",
    "REASONS",
    "Better",
    "BotError",
    "CanteDecision",
    "Decision",
    "Estimate",
    "Reason",
    "SeatView",
    "SungCante",
    "choose_cante",
    "clearly_better",
    "choose_play",
    "decision_rng",
    "evaluate",
    "normal_seats",
    "play_hand",
    "play_match",
    "seat_view",
    "sing_after_trick",
    "trick_facts",
]
