"""Signals of the play app, so that play never has to import what listens to it.

play_graded(sender=Match, match=..., hand=..., seq=..., grade=...): a learner's non-leading card was
graded (``grade``: legal, obligation, rule_ids, why); sent inside the move's transaction, once.
"""

from django.dispatch import Signal

play_graded = Signal()
