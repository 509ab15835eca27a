"""Every control that changes something carries the state it was pressed at; a stale or repeated
press is answered with what happened instead of being done again.

The state is a number the page was drawn with: a live round's stage («Mostrar», «Siguiente
pregunta», «Terminar»), the id of the newest round or match when the page was drawn («Empezar la
ronda», «Nueva partida»), a move's place in the hand (the table's cards). The form sends it in the
hidden field ``FIELD``; the service compares it, under a row lock or a unique constraint, with what
it finds, so that two presses of one page (a double click, twenty clicks at once) do the thing once.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest

FIELD = "pressed_at"
STALE = -1  # what a press without a readable state counts as: older than any state


def field() -> forms.IntegerField:
    """The hidden form field (``FIELD``) of a Django form's control."""
    return forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=2**62)


def pressed_at(request: HttpRequest) -> int:
    """The state the control was pressed at; ``STALE`` when the press carries none (or nonsense)."""
    try:
        value = int(request.POST.get(FIELD, ""))
    except ValueError:
        return STALE
    return value if 0 <= value <= 2**62 else STALE
