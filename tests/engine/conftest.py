"""The ``rule`` marker: tests cite the rules.md ids they check, and every catalogue id must be cited."""

from __future__ import annotations

import pytest

RULE_TAGS = pytest.StashKey[dict[str, list[str]]]()
COLLECTED = pytest.StashKey[set[str]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the rules.md ids (R-...) that a test checks")
    config.stash[RULE_TAGS] = {}
    config.stash[COLLECTED] = set()


def pytest_itemcollected(item: pytest.Item) -> None:
    item.config.stash[COLLECTED].add(item.path.name)
    for mark in item.iter_markers("rule"):
        for rule_id in mark.args:
            item.config.stash[RULE_TAGS].setdefault(rule_id, []).append(item.nodeid)
