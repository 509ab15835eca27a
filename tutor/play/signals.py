"""Signals of the play app, so that play never imports the apps that follow it.

match_finished(sender=Match, match=...): a match has just ended (won, or its fixed number of hands
played); sent inside the transaction of the move that ended it, once. Classroom listens (a set's
«jugar N manos»).
"""

from django.dispatch import Signal

match_finished = Signal()
