import json
import re

from crispy_forms.helper import FormHelper
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.cards import CARDS, Suit
from engine.rules import RULE_CATALOGUE, TableRules
from engine.scenarios import (
    DIFFICULTIES,
    FAMILIES,
    FAMILY_LABELS,
    PositionError,
    build_position,
    families_for,
    position_from_json,
)
from engine.scenarios.custom import BUILT_FAMILIES
from tutor.classroom.models import RULES_CHOICES, Classroom, Membership, Position, PracticeSet, SetItem
from tutor.classroom.skills import skill_label, skill_name
from tutor.lib.cards import card_name
from tutor.lib.tables import table_label
from tutor.play.forms import MODE_EXPLAINED
from tutor.play.models import Level, TutorMode
from tutor.practice.display import rules_in_force, variant_of, variants  # noqa: F401 (the views')
from tutor.progress import mastery

MAX_MANAGED = 40
MAX_QUESTIONS = 60
MAX_HANDS = 10
MAX_PER_ITEM = 20  # questions of one «familia» or «habilidad» row
MAX_IMPORT_BYTES = 64 * 1024
EMPTY_CHOICE = "—"
SUIT_CHOICES = [(s.letter, s.label) for s in Suit]


def card_choices() -> list:
    """The deck by suit, strongest first, each card by its name in the request's language."""
    return [
        (
            suit.label.capitalize(),
            [(c.code, card_name(c)) for c in sorted(CARDS, key=lambda c: -c.strength) if c.suit == suit],
        )
        for suit in Suit
    ]


def _helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


def initial_from(form: forms.BaseForm, data) -> dict:
    """A form's fields as typed in ``data`` (a kept draft), to show again as initial values."""
    values = {
        name: f.widget.value_from_datadict(data, {}, form.add_prefix(name)) for name, f in form.fields.items()
    }
    return {name: value for name, value in values.items() if value not in (None, "", [])}


def skill_choices(rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """The skills some family can aim at under ``rules``, named as the course names them, by unit."""
    units: dict[tuple[int, str], list[tuple[str, str]]] = {}
    for rule_id in RULE_CATALOGUE:
        if families_for(rule_id, rules):
            name = skill_name(rule_id)
            units.setdefault((name.unit_order, name.unit), []).append((rule_id, skill_label(rule_id)))
    return [(unit, options) for (_order, unit), options in sorted(units.items())]


class ClassroomForm(forms.ModelForm):
    class Meta:
        model = Classroom
        fields = ("name", "rules")
        help_texts = {"rules": _("Todas las preguntas de la clase se corrigen con estas reglas.")}
        widgets = {"rules": forms.RadioSelect}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = _helper()


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Código de la clase"), max_length=20)


class CoTeacherForm(forms.Form):
    username = forms.CharField(label=_("Usuario del profesor"), max_length=150)


class ManagedStudentsForm(forms.Form):
    names = forms.CharField(
        label=_("Nombres reales, uno por línea"),
        widget=forms.Textarea(attrs={"rows": 6}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        # In the request's language: a help text formatted at import time would stay in Spanish.
        self.fields["names"].help_text = gettext(
            "Solo los profesores de la clase verán estos nombres. Máximo %(n)s a la vez."
        ) % {"n": MAX_MANAGED}

    def clean_names(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["names"].splitlines() if line.strip()]
        if not names:
            raise ValidationError(_("Escribe al menos un nombre."))
        if len(names) > MAX_MANAGED:
            raise ValidationError(_("Como mucho %(n)s alumnos a la vez.") % {"n": MAX_MANAGED})
        if any(len(n) > 120 for n in names):
            raise ValidationError(_("Cada nombre puede tener como mucho 120 caracteres."))
        return names


class RealNameForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ("real_name",)


def split_cards(text: str) -> list[str]:
    """'10c, 4o' or '10c 4o' or 'sota de copas, cuatro de oros' -> tokens."""
    text = text.strip()
    if not text:
        return []
    if re.search(r"[,;\n]", text):
        return [t.strip() for t in re.split(r"[,;\n]", text) if t.strip()]
    if " de " in text.lower():
        return [text]
    return text.split()


class PositionForm(forms.ModelForm):
    rules = forms.ChoiceField(
        label=_("Reglas de mesa de la vista previa"),
        choices=RULES_CHOICES,
        initial="guia",
        help_text=_(
            "Con estas reglas se comprueba y se explica la vista previa. En una tarea, la posición se "
            "corrige siempre con las reglas de la clase."
        ),
    )
    trump = forms.ChoiceField(label=_("Triunfo"), choices=SUIT_CHOICES)
    trick = forms.CharField(
        label=_("Baza hasta ahora, en orden de juego"),
        required=False,
        help_text=_(
            "De 0 a 3 cartas, separadas por comas: códigos (10c, 4o) o nombres (sota de copas). "
            "Vacía si sales tú."
        ),
    )
    hand = forms.MultipleChoiceField(
        label=_("Tu mano"), choices=card_choices, widget=forms.CheckboxSelectMultiple
    )

    class Meta:
        model = Position
        fields = ("title",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        self.built = None
        if self.instance.pk and not self.is_bound:
            data = self.instance.data
            self.initial.update(
                trump=data["trump"],
                trick=", ".join(data.get("trick", [])),
                hand=data["hand"],
                rules=data.get("rules") if isinstance(data.get("rules"), str) else "guia",
            )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.built = build_position(
                cleaned["trump"], split_cards(cleaned.get("trick", "")), cleaned["hand"], cleaned["rules"]
            )
        except PositionError as exc:
            raise ValidationError(str(exc)) from None
        return cleaned

    def save(self, commit: bool = True) -> Position:
        self.instance.data = self.built.to_json()
        return super().save(commit)


class PositionImportForm(forms.Form):
    file = forms.FileField(
        label=_("Archivo JSON"),
        help_text=_(
            'Un objeto {"trump", "trick", "hand", "rules"} o una lista de ellos; puede llevar "title".'
        ),
    )

    def clean_file(self) -> list[tuple[str, dict]]:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(_("El archivo es demasiado grande (máximo 64 KB)."))
        try:
            data = json.loads(upload.read().decode("utf-8"))
        # Under the size limit JSON can still nest deeper than the parser recurses or hold a number
        # longer than int() reads (ValueError): neither is a position.
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise ValidationError(_("El archivo no es JSON válido; no se ha importado nada.")) from None
        items = data if isinstance(data, list) else [data]
        if not items:
            raise ValidationError(_("El archivo no contiene ninguna posición."))
        out = []
        for n, item in enumerate(items, start=1):
            title = ""
            if isinstance(item, dict):
                item = dict(item)
                title = item.pop("title", "")
                title = title.replace("\x00", "")[:120] if isinstance(title, str) else ""
            try:
                built = position_from_json(item)
            except PositionError as exc:
                raise ValidationError(
                    _("Posición %(n)s: %(error)s No se ha importado nada.") % {"n": n, "error": exc}
                ) from None
            out.append((title or _("Posición importada %(n)s") % {"n": n}, built.to_json()))
        return out


class PracticeSetForm(forms.ModelForm):
    kind = forms.ChoiceField(
        label=_("Tipo de tarea"),
        choices=PracticeSet.Kind.choices,
        initial=PracticeSet.Kind.ITEMS,
        widget=forms.RadioSelect,
    )
    goal_skill = forms.ChoiceField(label=_("Habilidad del objetivo"), required=False)
    goal_level = forms.TypedChoiceField(
        label=_("Dominio que alcanzar"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[
            ("", EMPTY_CHOICE),
            *((n, format_lazy("{} · {}", n, label)) for n, label in mastery.LABELS.items() if n),
        ],
    )
    chosen = forms.TypedMultipleChoiceField(
        label=_("Alumnos (si no es para toda la clase)"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = PracticeSet
        fields = (
            "title",
            "instructions",
            "kind",
            "goal_skill",
            "goal_level",
            "opens_at",
            "due_at",
            "whole_class",
        )
        widgets = {
            "opens_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "due_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "instructions": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, classroom: Classroom, memberships, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        self.fields["goal_skill"].choices = [("", EMPTY_CHOICE), *skill_choices(classroom.get_rules())]
        self.fields["chosen"].choices = [(m.student_id, m.display_name()) for m in memberships]

    def clean(self):
        cleaned = super().clean()
        opens, due = cleaned.get("opens_at"), cleaned.get("due_at")
        if opens and due and due <= opens:
            self.add_error("due_at", _("La fecha de entrega debe ser posterior a la de apertura."))
        if cleaned.get("kind") == PracticeSet.Kind.GOAL:
            if not cleaned.get("goal_skill"):
                self.add_error("goal_skill", _("Elige la habilidad del objetivo."))
            if not cleaned.get("goal_level"):
                self.add_error("goal_level", _("Indica el dominio que hay que alcanzar."))
        else:
            cleaned["goal_skill"], cleaned["goal_level"] = "", None
        if not cleaned.get("whole_class") and not cleaned.get("chosen"):
            self.add_error("chosen", _("Elige al menos un alumno o marca «toda la clase»."))
        return cleaned


# The fields each type of row reads (the set form groups them the same way, under data-kinds), and
# what a row stores in the fields its type does not read.
KIND_FIELDS = {
    SetItem.Kind.FAMILY: {"family", "count", "difficulty"},
    SetItem.Kind.SKILL: {"rule_id", "count", "difficulty"},
    SetItem.Kind.POSITION: {"family", "position"},  # asked once, as built: no count, no level
    SetItem.Kind.PLAY: {"count", "bot_level", "play_mode"},
    SetItem.Kind.TABLE: {"count"},  # each student's own items: no family, level or position
}
UNUSED_VALUES = {
    "family": "",
    "rule_id": "",
    "count": 1,
    "difficulty": 1,
    "position": None,
    "bot_level": "",
    "play_mode": "",
}


class ItemForm(forms.Form):
    kind = forms.ChoiceField(
        label=_("Tipo"), required=False, choices=[("", _("— (vacío)")), *SetItem.Kind.choices]
    )
    family = forms.ChoiceField(
        label=_("Familia"),
        required=False,
        choices=[("", EMPTY_CHOICE), *((f, FAMILY_LABELS[f]) for f in FAMILIES)],
        help_text=_(
            "Una posición construida se pregunta como jugada, válidas u obligación; sin familia, como jugada."
        ),
    )
    rule_id = forms.ChoiceField(label=_("Habilidad"), required=False)
    count = forms.IntegerField(label=_("Cuántas"), min_value=1, max_value=MAX_PER_ITEM, initial=5)
    difficulty = forms.TypedChoiceField(
        label=_("Nivel"),
        coerce=int,
        choices=[(d, str(d)) for d in DIFFICULTIES],
        initial=1,
        help_text=_("Una posición construida no tiene nivel: se pregunta tal cual."),
    )
    bot_level = forms.ChoiceField(
        label=_("Nivel de los bots"),
        required=False,  # only «jugar manos» rows read it
        choices=Level.choices,
        initial=Level.NORMAL.value,
        help_text=_("El compañero y los dos rivales del alumno juegan a este nivel."),
    )
    play_mode = forms.ChoiceField(
        label=_("Modo del tutor"),
        required=False,  # only «jugar manos» rows read it
        choices=list(MODE_EXPLAINED.items()),
        initial=TutorMode.EXAMEN.value,
        help_text=_("La página de la tarea se lo dice al alumno antes de la primera carta."),
    )
    position = forms.ModelChoiceField(
        label=_("Posición construida"),
        queryset=Position.objects.none(),
        required=False,
        empty_label=EMPTY_CHOICE,
    )

    def __init__(self, *args, rules: TableRules, positions, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.built = None
        self.fields["rule_id"].choices = [("", EMPTY_CHOICE), *skill_choices(rules)]
        self.fields["position"].queryset = positions
        count = self.fields["count"]
        # In the request's language: a help text formatted at import time would stay in Spanish.
        count.help_text = gettext(
            "Para «familia» y «habilidad», el número de preguntas (de 1 a %(questions)s). Para «jugar "
            "manos», el número de manos (de 1 a %(hands)s), con los mismos repartos para todos los "
            "alumnos. Para «repite tus errores de la mesa», cuántas jugadas de sus manos repite cada "
            "alumno (de 1 a %(questions)s): las suyas; quien tenga menos repite las que tenga."
        ) % {"questions": MAX_PER_ITEM, "hands": MAX_HANDS}
        # The input's max follows the row's type: set_form.js changes it with the type, and a row sent
        # back (with its errors) as «jugar manos» says 10 even without JavaScript.
        count.widget.attrs.update(
            {"data-max-by-kind": json.dumps({SetItem.Kind.PLAY: MAX_HANDS}), "data-max-default": MAX_PER_ITEM}
        )
        if self._kind() == SetItem.Kind.PLAY:
            count.max_value = count.widget.attrs["max"] = MAX_HANDS
            count.validators = [
                *(v for v in count.validators if not isinstance(v, MaxValueValidator)),
                MaxValueValidator(MAX_HANDS, message=gettext("Como mucho %(n)s manos.") % {"n": MAX_HANDS}),
            ]

    def _kind(self) -> str:
        """The row's type as sent (a bound form) or as initially chosen (a kept draft)."""
        if self.is_bound:
            return self.data.get(self.add_prefix("kind")) or ""
        return str(self.initial.get("kind") or "")

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("kind")
        if not kind:
            return cleaned
        # The fields another type reads are hidden for this one (set_form.js): what they hold does
        # not matter, and an error there would stop the form where the teacher cannot see it.
        for name, unused in UNUSED_VALUES.items():
            if name not in KIND_FIELDS[kind]:
                self.errors.pop(name, None)
                cleaned[name] = unused
        if kind == SetItem.Kind.FAMILY and not cleaned.get("family"):
            self.add_error("family", _("Elige una familia."))
        if kind == SetItem.Kind.SKILL:
            if not cleaned.get("rule_id"):
                self.add_error("rule_id", _("Elige una habilidad."))
        if kind == SetItem.Kind.PLAY:
            cleaned["bot_level"] = cleaned.get("bot_level") or Level.NORMAL.value  # count: see __init__
            cleaned["play_mode"] = cleaned.get("play_mode") or TutorMode.EXAMEN.value
        if kind == SetItem.Kind.POSITION:
            position = cleaned.get("position")
            if not position:
                self.add_error("position", _("Elige una de tus posiciones."))
            else:
                self.built = self._under_class_rules(position)
            if not cleaned.get("family"):
                cleaned["family"] = BUILT_FAMILIES[0]  # jugada: "¿Qué carta puedes jugar?"
            elif cleaned["family"] not in BUILT_FAMILIES:
                self.add_error(
                    "family", _("Una posición construida se pregunta como jugada, válidas u obligación.")
                )
        return cleaned

    def _under_class_rules(self, position: Position):
        """The position re-checked at the class's table: that is the table its answers are graded at."""
        try:
            return position_from_json(position.data, rules=self.rules)
        except PositionError as exc:
            self.add_error(
                "position",
                _(
                    "«%(title)s» no puede darse con las reglas de la clase (%(rules)s): %(why)s "
                    "Elige otra posición o constrúyela con esas reglas."
                )
                % {"title": position.title, "rules": table_label(self.rules), "why": exc},
            )
            return None

    def item_fields(self) -> dict | None:
        c = self.cleaned_data
        if not c.get("kind"):
            return None
        fields = {
            "kind": c["kind"],
            "family": c.get("family") or "",
            "count": c["count"],
            "difficulty": c["difficulty"],
        }
        if c["kind"] == SetItem.Kind.SKILL:
            fields["rule_id"] = c["rule_id"]
        if c["kind"] == SetItem.Kind.PLAY:
            fields["bot_level"] = c["bot_level"]
            fields["play_mode"] = c["play_mode"]
        if c["kind"] == SetItem.Kind.POSITION:
            # The set keeps its own copy, at the class's table: the library may change later.
            fields.update(position=self.built.to_json(), position_title=c["position"].title)
        return fields


class BaseItemFormSet(forms.BaseFormSet):
    def clean(self):
        if any(self.errors):
            return
        items = [f.item_fields() for f in self.forms if f.cleaned_data]
        items = [i for i in items if i]
        self.items = items
        total = sum(i["count"] for i in items if i["kind"] != SetItem.Kind.PLAY)  # table rows ask too
        if total > MAX_QUESTIONS:
            raise ValidationError(
                _("Una tarea puede tener como mucho %(n)s preguntas.") % {"n": MAX_QUESTIONS}
            )


MAX_ITEMS = 10


def draft_items(draft, form_kwargs: dict, new_position: Position | None = None) -> list[dict]:
    """The rows a kept draft had filled in, as initial values; a new position fills a row of its own."""
    try:
        total = min(int(draft.get("item-TOTAL_FORMS") or 0), MAX_ITEMS)
    except ValueError:
        total = 0
    rows = []
    for i in range(total):
        row = initial_from(ItemForm(prefix=f"item-{i}", **form_kwargs), draft)
        if row.get("kind"):
            rows.append(row)
    if new_position is not None:
        empty = (r for r in rows if r["kind"] == SetItem.Kind.POSITION and not r.get("position"))
        slot = next(empty, None)
        if slot is None and len(rows) < MAX_ITEMS:
            slot = {"kind": SetItem.Kind.POSITION}
            rows.append(slot)
        if slot is not None:
            slot["position"] = new_position.pk
    return rows


ItemFormSet = forms.formset_factory(
    ItemForm, formset=BaseItemFormSet, extra=5, max_num=MAX_ITEMS, absolute_max=MAX_ITEMS
)


class ConfirmForm(forms.Form):
    """The box a teacher ticks before an erasure that cannot be undone."""

    confirm = forms.BooleanField(
        label=_("Lo entiendo: se borra para siempre y no se puede deshacer."),
        error_messages={"required": _("Marca la casilla para confirmar.")},
    )
