"""Forms of «Mis errores en la mesa»: an answer (a card code and the answer count the page was drawn
with) and a removal with its note."""

from django import forms
from django.utils.translation import gettext_lazy as _


class RetryAnswerForm(forms.Form):
    # a card, or for a cante item a cante (engine.analysis.retry.cante_code) or «-» (no canto)
    card = forms.RegexField(regex=r"^((1|2|3|4|5|6|7|10|11|12)[oceb]|[oceb]|t[rc]|-)$", max_length=3)
    n = forms.IntegerField(min_value=0, max_value=1_000_000)


class RetryRemoveForm(forms.Form):
    note = forms.CharField(
        label=_("¿Por qué no estás de acuerdo? (opcional)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "class": "form-control"}),
    )

    def __init__(self, *args, read_by_teacher: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if read_by_teacher:
            # Only a class's teachers read the note (its dashboard): say so only to their students.
            self.fields["note"].label = _("¿Por qué no estás de acuerdo? (lo leerá tu profesor)")
