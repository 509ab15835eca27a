"""A table's rules by name: the one wording every page and export uses."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.rules import PRESET_LABELS, PRESETS, RulesError, TableRules

RULES_CHOICES = [(name, PRESET_LABELS[name]) for name in PRESETS]


def table_label(rules: TableRules | str | dict | None) -> str:
    """ "Mesa de la guía (reglas por defecto)" for a preset (a TableRules, its name or its stored
    spec), "Mesa personalizada" for any other mix of switches, "Mesa desconocida" for a damaged
    stored spec (an export says so rather than fail)."""
    if isinstance(rules, str) and rules in PRESET_LABELS:
        return str(PRESET_LABELS[rules])
    if not isinstance(rules, TableRules):
        try:
            rules = TableRules.from_spec(rules or "guia")
        except (RulesError, TypeError, ValueError):
            return _("Mesa desconocida")
    name = rules.preset_name
    return str(PRESET_LABELS[name]) if name in PRESET_LABELS else _("Mesa personalizada")
