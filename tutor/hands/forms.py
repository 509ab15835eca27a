from django import forms
from django.utils.translation import gettext_lazy as _

from engine.records import MAX_BYTES
from tutor.hands.models import Source
from tutor.lib.tables import RULES_CHOICES


class PasteForm(forms.Form):
    """A record pasted as text or uploaded as a file (one of the two)."""

    text = forms.CharField(
        label=_("La mano, escrita en la notación"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "class": "font-monospace"}),
    )
    file = forms.FileField(label=_("O sube un archivo de texto"), required=False)
    title = forms.CharField(label=_("Título (opcional)"), required=False, max_length=120)

    def clean(self) -> dict:
        data = super().clean()
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
