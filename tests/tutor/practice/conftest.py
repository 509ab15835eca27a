import pytest

from engine.scenarios import FIXED
from tutor.practice.identity import Owner
from tutor.practice.models import Mode
from tutor.practice.services import issue


def owner_of(user) -> Owner:
    return Owner(user, "")


@pytest.fixture
def cual_puedes_jugar(alice):
    """The seeds' "¿Cuál puedes jugar?" issued to alice: rey, cuatro de copas... the sota de copas led."""
    scenario = FIXED["guia-cual-puedes-jugar"]
    return issue(
        owner=owner_of(alice), mode=Mode.FIXED, family="jugada", fixed_id=scenario.fixed_id, scenario=scenario
    )
