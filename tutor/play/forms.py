from django import forms
from django.utils.translation import gettext_lazy as _

from engine.rules import preset
from tutor.lib import pressed
from tutor.lib.tables import RULES_CHOICES
from tutor.play.bots import available_levels
from tutor.play.models import Level, TutorMode

# What each level does, for the three bots alike (the partner is a bot of the same level).
LEVEL_EXPLAINED = {
    Level.PRINCIPIANTE: _(
        "Principiante: los tres bots, también tu compañero, echan una carta válida cualquiera, al azar"
    ),
    Level.NORMAL: _(
        "Normal: juegan como en un club (guardan el rey y el caballo para cantar, cargan tantos en la "
        "baza de su compañero, ganan con la carta más barata) y desde la séptima baza cuentan las cartas "
        "que quedan"
    ),
    Level.FUERTE: _(
        "Fuerte: antes de cada carta imaginan las manos que no ven y prueban cada jugada hasta el final"
    ),
}


# What each mode of the tutor does (the new-match form and a class task's «jugar manos» row).
MODE_EXPLAINED = {
    TutorMode.APRENDIZ: _("Aprendiz: te avisa si una carta no vale y te da pistas"),
    TutorMode.EXAMEN: _("Examen: como en una mesa de verdad; el renuncio se castiga"),
}


class NewMatchForm(forms.Form):
    """The table, the bots' level and the tutor's mode of a new match."""

    rules = forms.ChoiceField(
        label=_("Reglas de la mesa"),
        choices=RULES_CHOICES,
        initial="guia",
        help_text=_("Debajo del formulario, lo que cambia cada mesa."),
    )
    level = forms.ChoiceField(
        label=_("Nivel de los bots"), choices=[], initial=Level.NORMAL, widget=forms.RadioSelect
    )
    mode = forms.ChoiceField(
        label=_("Modo del tutor"),
        choices=list(MODE_EXPLAINED.items()),
        initial=TutorMode.APRENDIZ,
    )
    pressed_at = pressed.field()  # the owner's newest match when the page was drawn

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        levels = available_levels()
        self.fields["level"].choices = [(v, LEVEL_EXPLAINED[v]) for v in Level.values if v in levels]

    @property
    def table_rules(self):
        return preset(self.cleaned_data["rules"])


class MoveForm(forms.Form):
    """One move of the learner: a card, a cante or «No cantar», for the place ``seq`` of the hand."""

    seq = forms.IntegerField(min_value=0, max_value=200)
    card = forms.CharField(max_length=40, required=False)
    cante = forms.CharField(max_length=16, required=False)

    def clean(self) -> dict:
        data = super().clean()
        chosen = [k for k in ("card", "cante") if data.get(k)]
        if self.data.get("pasar"):
            chosen.append("pass")
        if len(chosen) != 1:
            raise forms.ValidationError(_("Elige una carta, un cante o «No cantar»."))
        data["kind"] = chosen[0]
        data["value"] = data.get(chosen[0], "") if chosen[0] != "pass" else ""
        return data
