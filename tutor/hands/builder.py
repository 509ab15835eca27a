"""«Escribe una mano carta a carta»: a hand entered by clicking its cards in the order they were played.

Who played each card follows from the rules (the first leader, then each trick's winner:
``engine.record_entry``), so the state kept in the session is only the table, the dealer, the trump card,
the cards in order and the cantes; each click is checked by reading the record it makes, like any record.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import records
from engine.cards import CARDS, parse_card
from engine.messages import render
from engine.record_entry import entered_record
from engine.rules import PRESETS, preset
from tutor.hands.services import RecordRefused, language
from tutor.lib.cards import card_name, is_card_code
from tutor.lib.tables import RULES_CHOICES

SESSION_KEY = "hands_builder"
LUDOTEKA_FIRST = "primera"  # the trump field's value for Ludoteka's first hand (oros, no card shown)


def seat_choices():
    return [(str(s), _("Jugador %(n)s") % {"n": s + 1}) for s in range(4)]


def trump_choices():
    first = _("Primera mano de Ludoteka: triunfo oros, sin carta; sale el dos de oros")
    return [(LUDOTEKA_FIRST, first)] + [(c.code, card_name(c.code)) for c in CARDS]


class SetupForm(forms.Form):
    rules = forms.ChoiceField(label=gettext_lazy("Reglas de la mesa"), choices=RULES_CHOICES, initial="guia")
    dealer = forms.TypedChoiceField(label=gettext_lazy("Reparte"), choices=seat_choices, coerce=int)
    trump = forms.ChoiceField(
        label=gettext_lazy("Carta que enseña el repartidor (el triunfo)"), choices=trump_choices
    )
    first_leader = forms.TypedChoiceField(
        label=gettext_lazy("En la primera mano de Ludoteka, quién tiene el dos de oros"),
        choices=seat_choices,
        coerce=int,
        required=False,
        empty_value=None,
    )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("trump") == LUDOTEKA_FIRST:
            if data.get("rules") != "ludoteka":
                raise forms.ValidationError(
                    _("La primera mano sin carta de triunfo solo existe en la mesa Ludoteka.")
                )
            if data.get("first_leader") is None:
                self.add_error("first_leader", _("Di quién tiene el dos de oros: es quien sale."))
        return data


class CanteForm(forms.Form):
    seat = forms.TypedChoiceField(label=gettext_lazy("Quién canta"), choices=seat_choices, coerce=int)
    cante = forms.ChoiceField(
        label=gettext_lazy("Qué canta"),
        choices=[
            ("o", gettext_lazy("las veinte o las cuarenta en oros")),
            ("c", gettext_lazy("las veinte o las cuarenta en copas")),
            ("e", gettext_lazy("las veinte o las cuarenta en espadas")),
            ("b", gettext_lazy("las veinte o las cuarenta en bastos")),
            ("tute:reyes", gettext_lazy("tute de reyes")),
            ("tute:caballos", gettext_lazy("tute de caballos")),
        ],
    )


def new_state(data: dict) -> dict:
    first = data["trump"] == LUDOTEKA_FIRST
    return {
        "rules": data["rules"],
        "dealer": data["dealer"],
        "trump": "" if first else data["trump"],
        "first_leader": data.get("first_leader") if first else None,
        "plays": [],
        "cantes": [],
    }


def valid_state(state: object) -> bool:
    """A state as this module writes it (the session is ours, but an old or damaged one starts afresh)."""
    return (
        isinstance(state, dict)
        and state.get("rules") in PRESETS
        and state.get("dealer") in (0, 1, 2, 3)
        and isinstance(state.get("trump"), str)
        and isinstance(state.get("plays"), list)
        and isinstance(state.get("cantes"), list)
    )


def record_of(state: dict) -> records.HandRecord:
    """The state as a record of the notation; RecordRefused (in the reader's language) if it is not one."""
    try:
        return entered_record(
            rules=preset(state["rules"]),
            dealer=state["dealer"],
            trump_card=parse_card(state["trump"]) if state["trump"] else None,
            plays=[parse_card(code) for code in state["plays"]],
            cantes=[tuple(c) for c in state["cantes"]],
            first_leader=state.get("first_leader"),
            lang=language(),
        )
    except records.RecordSyntaxError as error:
        # The line of the record made from the clicks means nothing to the person clicking: the reason only.
        raise RecordRefused(render(error.detail, language())) from None


def add_card(state: dict, code: str) -> dict:
    if not is_card_code(code):
        raise RecordRefused(_("Esa carta no existe."))
    new = {**state, "plays": [*state["plays"], code]}
    record_of(new)
    return new


def add_cante(state: dict, seat: int, cante: str) -> dict:
    if not state["plays"] or len(state["plays"]) % 4:
        raise RecordRefused(_("Se canta al terminar una baza: termina antes la baza."))
    new = {**state, "cantes": [*state["cantes"], [len(state["plays"]) // 4, seat, cante]]}
    record_of(new)
    return new


def undo(state: dict) -> dict:
    """Takes back the last thing entered: a cante sung after the last card, else the last card."""
    after = len(state["plays"]) // 4
    if state["cantes"] and state["cantes"][-1][0] == after and len(state["plays"]) % 4 == 0:
        return {**state, "cantes": state["cantes"][:-1]}
    return {**state, "plays": state["plays"][:-1]}


def steps(state: dict) -> int:
    """How many things have been entered: each form carries it, so a doubled or stale press is seen."""
    return len(state["plays"]) + len(state["cantes"])
