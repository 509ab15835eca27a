from functools import cache

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from engine.rules import PRESETS, RULE_CATALOGUE, preset
from engine.scenarios import DIFFICULTIES, FAMILIES, FAMILY_LABELS, families_for
from tutor.lib.tables import RULES_CHOICES

FAMILY_CHOICES = [(f, FAMILY_LABELS[f]) for f in FAMILIES]
DIFFICULTY_CHOICES = [(d, str(d)) for d in DIFFICULTIES]
MAX_ANSWER_VALUES = 12
MAX_ANSWER_LENGTH = 40


@cache
def _skill_choices() -> tuple[tuple[str, str], ...]:
    """Every skill any table can practise (clean() checks it against the chosen table).

    Engine data only, so worked out once per process rather than on every "new scenario" request.
    """
    return tuple(
        (rule_id, format_lazy("{} ({})", line, rule_id))  # the rule's line in the page's language
        for rule_id, line in RULE_CATALOGUE.items()
        if any(families_for(rule_id, rules) for rules in PRESETS.values())
    )


class NewPracticeForm(forms.Form):
    """What the learner wants to practise: a family, or a skill (rule id), at a level and table."""

    kind = forms.ChoiceField(choices=[("family", _("familia")), ("skill", _("habilidad"))], initial="family")
    family = forms.ChoiceField(label=_("Tipo de ejercicio"), choices=FAMILY_CHOICES, required=False)
    rule_id = forms.ChoiceField(label=_("Regla"), choices=[], required=False)
    difficulty = forms.TypedChoiceField(
        label=_("Dificultad"), choices=DIFFICULTY_CHOICES, coerce=int, initial=1
    )
    rules = forms.ChoiceField(label=_("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["rule_id"].choices = list(_skill_choices())

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        if data["kind"] == "family":
            if not data.get("family"):
                self.add_error("family", _("Elige un tipo de ejercicio."))
        else:
            rule_id = data.get("rule_id")
            if not rule_id:
                self.add_error("rule_id", _("Elige una regla para practicar."))
            elif not families_for(rule_id, preset(data["rules"])):
                self.add_error(
                    "rule_id",
                    _("Con estas reglas de mesa no hay ejercicios para %(rule)s.") % {"rule": rule_id},
                )
        return data

    @property
    def table_rules(self):
        return preset(self.cleaned_data["rules"])


class AnswerValuesField(forms.Field):
    """The raw value(s) posted as `answer`: one card, several cards, an option or a number.

    Only the shape is checked here; the engine reads them against the stored scenario.
    """

    widget = forms.MultipleHiddenInput

    def to_python(self, value) -> list[str]:
        if not value:
            return []
        if isinstance(value, str):
            value = [value]
        # An empty value posted with others (a hand of checkboxes and a blank field) is no answer.
        return [text for v in value if (text := str(v).strip())]

    def validate(self, value: list[str]) -> None:
        super().validate(value)
        if len(value) > MAX_ANSWER_VALUES or any(len(v) > MAX_ANSWER_LENGTH for v in value):
            raise forms.ValidationError(_("Respuesta no válida."), code="invalid")


class AnswerForm(forms.Form):
    answer = AnswerValuesField(error_messages={"required": _("Elige una respuesta antes de comprobar.")})
