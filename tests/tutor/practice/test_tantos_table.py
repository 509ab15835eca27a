"""«Cuenta los tantos» marks in words which pair the question asks about."""

from tutor.practice.models import Mode
from tutor.practice.services import issue

from .conftest import owner_of


def test_the_pair_the_question_counts_is_marked_in_words(alice_client, alice):
    for seed in range(40):
        issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", difficulty=2, seed=seed)
        if issued.scenario["position"].get("pair") == "A":
            break
    else:
        raise AssertionError("no seed gave a question about pair A")
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    a = body.index('data-pair="A"')
    b = body.index('data-pair="B"')
    assert "la pareja de la pregunta" in body[a:b]
    assert "la pareja de la pregunta" not in body[b:]
