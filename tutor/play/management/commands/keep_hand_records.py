"""Write down, in «Mis manos», every finished «Jugar» hand that has no record yet (hands played before
records existed). Safe to run again: a hand already kept is left as it is."""

from django.core.management.base import BaseCommand

from tutor.hands.models import HandRecord
from tutor.play.models import MatchHand
from tutor.play.services import keep_record, table_of


class Command(BaseCommand):
    help = "Guarda como registro cada mano terminada de «Jugar» que aún no lo tiene."

    def handle(self, *args, **options) -> None:
        kept = set(HandRecord.objects.exclude(match_hand_id=None).values_list("match_hand_id", flat=True))
        hands = MatchHand.objects.filter(score__isnull=False).exclude(pk__in=kept).select_related("match")
        count = 0
        for hand in hands.iterator(chunk_size=200):
            keep_record(hand.match, hand, table_of(hand.match, hand))
            count += 1
        self.stdout.write(f"{count} manos guardadas")
