"""What progress tells others; it imports none of its listeners."""

from django.dispatch import Signal

# Sent inside the transaction of an answer to a retry item (retries.answer): kwargs ``answer``
# (models.TableRetryAnswer). A set that chose the item counts its first answer (classroom).
retry_answered = Signal()
