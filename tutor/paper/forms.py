from django import forms
from django.utils.translation import gettext_lazy as _

from engine.rules import preset
from engine.scenarios import DIFFICULTIES
from tutor.lib.tables import RULES_CHOICES
from tutor.practice.forms import FAMILY_CHOICES

MAX_QUESTIONS = 6  # what one A4 page holds, the key on the next
MAX_COPIES = 40


class TableForm(forms.Form):
    mesa = forms.ChoiceField(label=_("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")


class WorksheetForm(forms.Form):
    """A worksheet: how many questions, of which families, levels and table; copies that differ."""

    familias = forms.MultipleChoiceField(
        label=_("Tipos de ejercicio"), choices=FAMILY_CHOICES, widget=forms.CheckboxSelectMultiple
    )
    niveles = forms.TypedMultipleChoiceField(
        label=_("Niveles"),
        coerce=int,
        choices=[(d, str(d)) for d in DIFFICULTIES],
        widget=forms.CheckboxSelectMultiple,
    )
    mesa = forms.ChoiceField(label=_("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")
    preguntas = forms.IntegerField(
        label=_("Preguntas por ficha"), min_value=1, max_value=MAX_QUESTIONS, initial=4
    )
    copias = forms.IntegerField(
        label=_("Copias"),
        min_value=1,
        max_value=MAX_COPIES,
        initial=1,
        help_text=_("Cada copia lleva otras preguntas, como en una tarea."),
    )
    semilla = forms.IntegerField(
        label=_("Número de la ficha"),
        min_value=0,
        max_value=10**9,
        required=False,
        help_text=_("El mismo número vuelve a dar las mismas fichas; vacío, uno nuevo."),
    )

    @property
    def table_rules(self):
        return preset(self.cleaned_data["mesa"])
