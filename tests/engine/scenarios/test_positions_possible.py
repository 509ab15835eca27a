"""A position that implies a history could have happened: every cante shown in a `tantos` position was
sung at a moment its pair had (after a trick it won, not the tenth, one cante per player and moment)."""

from collections import Counter

import pytest

from engine.scenarios.tantos import moments
from tests.engine.scenarios.sweep import swept


@pytest.mark.rule("R-CANTE-2")
def test_every_cante_of_a_tantos_position_had_a_moment_to_be_sung():
    checked = 0
    for r in swept():
        pos = r.scenario.position
        if r.family != "tantos" or "piles" not in pos or r.answer != r.scenario.answer:
            continue
        free = moments(pos["tricks"], pos["last_trick"])
        for pair in "AB":
            sung = pos["cantes"][pair]
            assert len(sung) <= 2 * free[pair], r.where()
            per_seat = Counter(x["seat"] for x in sung)
            assert all(n <= free[pair] for n in per_seat.values()), r.where()
            assert all(x["seat"] % 2 == "AB".index(pair) for x in sung), r.where()
            checked += len(sung)
    assert checked > 100
