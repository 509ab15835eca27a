from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext_lazy as _

from engine.records import MAX_BYTES
from tutor.hands.models import Source
from tutor.hands.presenters import seat_label
from tutor.lib.tables import RULES_CHOICES

NOT_PLAYING = ""  # «no jugaba / solo miro»: a hand kept without a seat of its owner


def my_seat_choices():
    """The seat the person keeping a hand sat at, or none (they watched, or wrote down another's hand)."""
    return [(NOT_PLAYING, _("no jugaba / solo miro")), *[(str(s), seat_label(s)) for s in range(4)]]


def my_seat_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=_("¿En qué sitio jugabas tú?"),
        help_text=_("Tus errores de esa mano volverán como jugadas para repetir y contarán en «En la mesa»."),
        choices=my_seat_choices,
        coerce=int,
        empty_value=None,
        required=False,
    )


class SaveForm(forms.Form):
    """«Escribe una mano carta a carta»: saving it, with a title and the writer's seat."""

    title = forms.CharField(label=_("Título (opcional)"), required=False, max_length=120)
    seat = my_seat_field()


class PasteForm(forms.Form):
    """A record pasted as text or uploaded as a file (one of the two), and the seat of whoever keeps it."""

    text = forms.CharField(
        label=_("La mano, escrita en la notación"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "font-monospace"}),
    )
    file = forms.FileField(label=_("O sube un archivo de texto"), required=False)
    title = forms.CharField(label=_("Título (opcional)"), required=False, max_length=120)
    seat = my_seat_field()

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A NUL character is refused by the field, saying so (not as if nothing had been pasted).
        self.fields["text"].validators = [
            v for v in self.fields["text"].validators if not isinstance(v, ProhibitNullCharactersValidator)
        ] + [
            ProhibitNullCharactersValidator(
                message=_("El texto lleva un carácter nulo, que no puede estar en una mano escrita.")
            )
        ]

    def clean(self) -> dict:
        data = super().clean()
        if "text" in self.errors:  # its own error says what is wrong
            return data
        upload = data.get("file")
        if upload is not None and data.get("text"):
            raise forms.ValidationError(_("Pega la mano o sube un archivo, no las dos cosas."))
        if upload is not None:
            # Bytes, one past the engine's limit at most: its reader says what is wrong with them.
            data["text"] = upload.read(MAX_BYTES + 1)
        if not data.get("text") or (isinstance(data["text"], str) and not data["text"].strip()):
            raise forms.ValidationError(_("Pega una mano o sube un archivo."))
        return data


class FilterForm(forms.Form):
    """«Mis manos»: by where the hand came from and by table."""

    origen = forms.ChoiceField(
        label=_("Origen"), required=False, choices=[("", _("todas"))] + list(Source.choices)
    )
    mesa = forms.ChoiceField(
        label=_("Mesa"),
        required=False,
        choices=[("", _("todas"))] + list(RULES_CHOICES) + [("personalizada", _("personalizada"))],
    )


class ShareForm(forms.Form):
    names = forms.BooleanField(label=_("Mostrar los nombres de los jugadores"), required=False)
