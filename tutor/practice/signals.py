"""Signals other apps listen to, so practice never imports progress, lessons or classroom
(every hook between apps is listed in tutor/practice/README.md).

attempt_recorded(sender=Attempt, attempt=...): sent inside the transaction that created the attempt,
exactly once per attempt; receivers update what they cache from the log (progress, lesson steps,
assignment rows) and must not open their own transaction.
learner_merged(sender=None, user=..., anon_id=...): an anonymous visitor's rows now belong to user;
sent inside a transaction after practice has moved its own rows.
"""

from django.dispatch import Signal

attempt_recorded = Signal()
learner_merged = Signal()
