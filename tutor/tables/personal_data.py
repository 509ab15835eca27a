"""Tables' part of an erasure (tutor/lib/personal_data.py).

A table keeps its last comings and goings as notices that name the person (``services.tell``): an erased
account's name leaves them (the notice stays, told of «alguien»), as its seats leave with the account.
"""

from tutor.lib.personal_data import before_erasure
from tutor.tables.models import Table


@before_erasure
def forget_name_in_notices(user):
    name = user.get_username()
    for table in Table.objects.exclude(notices=[]).exclude(notices__isnull=True).only("pk", "notices"):
        if any(n.get("name") == name for n in table.notices):
            kept = [{**n, "name": ""} if n.get("name") == name else n for n in table.notices]
            Table.objects.filter(pk=table.pk).update(notices=kept)
