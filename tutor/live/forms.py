from django import forms
from django.utils.translation import gettext_lazy as _

from engine.scenarios import FAMILY_LABELS
from engine.scenarios.custom import BUILT_FAMILIES
from tutor.classroom.models import PracticeSet, SetItem
from tutor.lib import pressed
from tutor.live.models import Round
from tutor.live.services import MAX_NICKNAME, MAX_QUESTIONS


class StartRoundForm(forms.Form):
    source = forms.ChoiceField(
        label=_("De dónde salen las preguntas"),
        choices=Round.Source.choices,
        initial=Round.Source.SET,
        widget=forms.RadioSelect,
    )
    practice_set = forms.ModelChoiceField(
        label=_("Tarea"),
        queryset=PracticeSet.objects.none(),
        required=False,
        empty_label="—",  # Django's own "- Select an option -" has no Spanish
        help_text=_(
            "Las preguntas se generan con las familias, habilidades, posiciones y el nivel de sus "
            "ejercicios; sus filas de «jugar manos» no entran en una ronda. Solo salen aquí las tareas "
            "que tienen preguntas."
        ),
    )
    family = forms.ChoiceField(
        label=_("Pregunta sobre cada posición construida"),
        choices=[(f, FAMILY_LABELS[f]) for f in BUILT_FAMILIES],
        initial="jugada",
    )
    count = forms.IntegerField(
        label=_("Número de preguntas"), min_value=1, max_value=MAX_QUESTIONS, initial=5
    )
    allow_guests = forms.BooleanField(
        label=_("Admitir invitados con un apodo (sin cuenta de la clase)"), required=False
    )
    pressed_at = pressed.field()  # the class's newest round when the page was drawn

    def __init__(self, *args, classroom, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["practice_set"].queryset = (
            PracticeSet.objects.filter(classroom=classroom, items__kind__in=SetItem.QUESTION_KINDS)
            .distinct()
            .order_by("title", "pk")
        )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("source") == Round.Source.SET and not data.get("practice_set"):
            self.add_error("practice_set", _("Elige la tarea de la que salen las preguntas."))
        return data


class JoinCodeForm(forms.Form):
    code = forms.CharField(label=_("Código de la ronda"), max_length=12)


class NicknameForm(forms.Form):
    nickname = forms.CharField(
        label=_("Tu apodo"),
        max_length=MAX_NICKNAME,
        help_text=_("No pongas tu nombre real: el apodo basta."),
    )
