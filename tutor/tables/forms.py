from django import forms
from django.utils.translation import gettext_lazy as _

from tutor.lib.tables import RULES_CHOICES
from tutor.play.forms import LEVEL_EXPLAINED, NewMatchForm
from tutor.play.models import Level, TutorMode
from tutor.tables.leagues import MAX_PAIRS
from tutor.tables.models import FalseCall, RenuncioRule

SEAT_CHOICES = [(0, _("Sitio 1")), (1, _("Sitio 2")), (2, _("Sitio 3")), (3, _("Sitio 4"))]
MODE_CHOICES = [
    (TutorMode.APRENDIZ, _("Aprendiz: solo tú ves por qué no vale una carta, y tienes «Pista»")),
    (TutorMode.EXAMEN, _("Examen: sin avisos ni pistas")),
]
# At a table of people the bots are only those of the free seats: not «los tres bots, también tu compañero».
LEVEL_AT_A_TABLE = {
    **LEVEL_EXPLAINED,
    Level.PRINCIPIANTE: _(
        "Principiante: los bots de los sitios libres echan una carta válida cualquiera, al azar"
    ),
}


class NewTableForm(NewMatchForm):
    """A table for people: the rules, the bots' level for the empty seats, renuncio, your seat and mode."""

    renuncio = forms.ChoiceField(
        label=_("El renuncio"), choices=RenuncioRule.choices, initial=RenuncioRule.REFUSED
    )
    false_call = forms.ChoiceField(
        label=_("Cantar un renuncio que no lo es"), choices=FalseCall.choices, initial=FalseCall.POINT
    )
    seat = forms.TypedChoiceField(
        label=_("Tu sitio"), choices=SEAT_CHOICES, coerce=int, initial=0, empty_value=None
    )
    classroom = forms.TypedChoiceField(
        label=_("Mesa de la clase"), choices=[], coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args, classrooms=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["mode"].choices = MODE_CHOICES
        self.fields["level"].choices = [
            (v, LEVEL_AT_A_TABLE[v]) for v, _label in self.fields["level"].choices
        ]
        self.fields["classroom"].choices = [("", _("ninguna"))] + [(c.pk, c.name) for c in classrooms]
        if classrooms:  # a teacher may open a class's table to seat its members and watch, not to play
            self.fields["seat"].required = False
            self.fields["seat"].choices = [*SEAT_CHOICES, ("", _("ninguno: solo miro y siento a la clase"))]

    def clean(self) -> dict:
        data = super().clean()
        if "seat" in data and data["seat"] is None and not data.get("classroom"):
            self.add_error("seat", _("Sin sitio solo se puede abrir una mesa de una clase: elige la clase."))
        return data


class SitForm(forms.Form):
    """A seat and a mode. The page offers only the seats free when it was drawn (``free``); a post may
    name any seat, since one may be taken meanwhile: the service says so (``services.sit``)."""

    seat = forms.TypedChoiceField(label=_("Sitio"), choices=SEAT_CHOICES, coerce=int)
    mode = forms.ChoiceField(label=_("Modo del tutor"), choices=MODE_CHOICES, initial=TutorMode.APRENDIZ)

    def __init__(self, *args, free=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if free is not None:
            self.fields["seat"].choices = [(n, label) for n, label in SEAT_CHOICES if n in free]


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Código de la mesa"), max_length=12)


class MoveForm(forms.Form):
    """A card, a cante, «No cantar» or «¡Renuncio!» (``contra``: the rival's seat), for place ``seq``."""

    seq = forms.IntegerField(min_value=0, max_value=200)
    card = forms.CharField(max_length=40, required=False)
    cante = forms.CharField(max_length=16, required=False)
    contra = forms.CharField(max_length=2, required=False)

    def clean(self) -> dict:
        data = super().clean()
        chosen = [k for k in ("card", "cante", "contra") if data.get(k)]
        if self.data.get("pasar"):
            chosen.append("pass")
        if len(chosen) != 1:
            raise forms.ValidationError(_("Elige una carta, un cante, «No cantar» o «¡Renuncio!»."))
        kind = {"card": "card", "cante": "cante", "contra": "call", "pass": "pass"}[chosen[0]]
        data["kind"] = kind
        data["value"] = data.get(chosen[0], "") if kind != "pass" else ""
        return data


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Nombre de la liga"), max_length=80)
    rules = forms.ChoiceField(label=_("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")
    pairs = forms.CharField(
        label=_("Parejas, una por línea"), widget=forms.Textarea(attrs={"rows": 6}), max_length=3000
    )
    home_and_away = forms.BooleanField(label=_("Ida y vuelta"), required=False)


class ClassLeagueForm(forms.Form):
    """A league of a class's students: each row a pair of two of them (rows left empty are skipped)."""

    name = forms.CharField(label=_("Nombre de la liga"), max_length=80)
    rules = forms.ChoiceField(label=_("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")
    home_and_away = forms.BooleanField(label=_("Ida y vuelta"), required=False)

    def __init__(self, *args, members=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(m.student_id, m.label) for m in members]
        self.rows = max(3, min(MAX_PAIRS, len(members) // 2))
        for i in range(1, self.rows + 1):
            for part in ("a", "b"):
                self.fields[f"pair_{i}_{part}"] = forms.TypedChoiceField(
                    label=_("Pareja %(n)d: %(who)s")
                    % {"n": i, "who": _("primer jugador") if part == "a" else _("segundo jugador")},
                    choices=choices,
                    coerce=int,
                    required=False,
                    empty_value=None,
                )

    def pair_rows(self):
        return [(i, self[f"pair_{i}_a"], self[f"pair_{i}_b"]) for i in range(1, self.rows + 1)]

    def clean(self) -> dict:
        data = super().clean()
        pairs = []
        for i in range(1, self.rows + 1):
            a, b = data.get(f"pair_{i}_a"), data.get(f"pair_{i}_b")
            if (a is None) != (b is None) or (a is not None and a == b):
                raise forms.ValidationError(_("La pareja %(n)d necesita dos alumnos distintos.") % {"n": i})
            if a is not None:
                pairs.append((a, b))
        data["pairs"] = pairs
        return data


class RecordsForm(forms.Form):
    text = forms.CharField(
        label=_("Las manos del partido, en orden (cada una empieza con una línea «%» si son varias)"),
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false"}),
        max_length=200_000,
    )


class ResultForm(forms.Form):
    home = forms.IntegerField(label=_("Puntos de la primera pareja"), min_value=0, max_value=99)
    away = forms.IntegerField(label=_("Puntos de la segunda pareja"), min_value=0, max_value=99)
