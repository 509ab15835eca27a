import pytest

from engine.scenarios import FIXED
from tests.tutor.progress.factories import owner_of
from tutor.practice.models import Mode


@pytest.fixture
def cual_puedes_jugar():
    """Issue the seeds' "¿Cuál puedes jugar?" (sota de copas led; right: rey de copas) to an owner."""
    from tutor.practice.services import issue

    def issue_to(user_or_owner):
        owner = user_or_owner if hasattr(user_or_owner, "q") else owner_of(user_or_owner)
        scenario = FIXED["guia-cual-puedes-jugar"]
        return issue(
            owner=owner, mode=Mode.FIXED, family="jugada", fixed_id=scenario.fixed_id, scenario=scenario
        )

    return issue_to
