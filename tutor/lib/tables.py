"""A table's rules by name: the one wording every page and export uses."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext as _

from engine.rules import PRESET_LABELS, PRESETS, RulesError, TableRules
from tutor.lib.i18n import text

# A preset's name in the language of the page that shows it (a lazy string: model and form choices are
# built once, at import).
preset_label = lazy(lambda name: text(PRESET_LABELS[name]), str)
RULES_CHOICES = [(name, preset_label(name)) for name in PRESETS]


def table_label(rules: TableRules | str | dict | None) -> str:
    """ "Mesa de la guía (reglas por defecto)" for a preset (a TableRules, its name or its stored
    spec), "Mesa personalizada" for any other mix of switches (and for a kept hand's table name
    «personalizada»), "Mesa desconocida" for a damaged stored spec (an export says so rather than fail)."""
    if isinstance(rules, str) and rules in PRESET_LABELS:
        return text(PRESET_LABELS[rules])
    if rules == "personalizada":  # what a kept hand's row says of a table that is no preset
        return _("Mesa personalizada")
    if not isinstance(rules, TableRules):
        try:
            rules = TableRules.from_spec(rules or "guia")
        except (RulesError, TypeError, ValueError):
            return _("Mesa desconocida")
    name = rules.preset_name
    return text(PRESET_LABELS[name]) if name in PRESET_LABELS else _("Mesa personalizada")
