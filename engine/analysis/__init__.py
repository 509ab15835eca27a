"""The graded review: the value of every legal card of a seat at its turn, from what that seat could know,
and a hand's review built on it (engine/README.md, «The graded review»)."""

from engine.analysis.review import (
    BUENA,
    ERROR,
    ERROR_GRAVE,
    IMPRECISION,
    LA_MEJOR,
    LABELS,
    THEMES,
    THRESHOLDS,
    HandReview,
    RuleError,
    TurnReview,
    analyse_hand,
    level,
    review_turn,
)
from engine.analysis.values import CardValue, Gap, TurnAnalysis, analyse_turn, consistent_deals

__all__ = [
    "BUENA",
    "ERROR",
    "ERROR_GRAVE",
    "IMPRECISION",
    "LABELS",
    "LA_MEJOR",
    "THEMES",
    "THRESHOLDS",
    "CardValue",
    "Gap",
    "HandReview",
    "RuleError",
    "TurnAnalysis",
    "TurnReview",
    "analyse_hand",
    "analyse_turn",
    "consistent_deals",
    "level",
    "review_turn",
]
