import random

from django.contrib import messages
from django.db import router
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, push_url

from engine.rules import RULE_CATALOGUE
from engine.scenarios import DIFFICULTIES, FAMILIES, FAMILY_LABELS, FIXED, families_for
from tutor.lib.fragments import shared_part
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.practice import origins, refusals
from tutor.practice.forms import AnswerForm, NewPracticeForm
from tutor.practice.identity import Owner, owner_for
from tutor.practice.models import Attempt, Issued, Mode, only_row, scenario_url
from tutor.practice.presenters import EMBEDDED_FIELD, present
from tutor.practice.services import AnswerRejected, ScenarioNotFound, attempt_of, issue, submit

NEXT_FIELDS = (
    "token",
    "learner",
    "anon_id",
    "mode",
    "family",
    "difficulty",
    "fixed_id",
    "target",
    "rules",
)
# Modes whose «Siguiente» issues another question with the same settings here (practice's own kinds).
NEXT_MODES = (Mode.FAMILY, Mode.SKILL, Mode.FIXED)
_pick = random.SystemRandom()


def _get_issued_for_owner(owner: Owner, token: str) -> Issued:
    """The scenario issued to this owner, with its attempt; 404 alike for unknown and foreign tokens."""
    issued = only_row(Issued.objects.select_related("attempt").filter(owner.q, token=token))
    if issued is None:
        raise Http404(_("Este ejercicio no existe."))
    return issued


def _next_query(token: str, **ids) -> Compiled:
    """The NEXT_FIELDS of ``token``'s scenario issued to the owner of ``ids`` (``Owner.ids``), its id
    and its attempt's id (None while it is open)."""
    found = Issued.objects.filter(Owner.by_id(**ids).q, token=token)
    return rows(found.values_list(*_NEXT_COLUMNS, "attempt__id")[:1])


# In the model's order of fields, as Model.from_db reads a row with columns left out.
_NEXT_COLUMNS = tuple(
    f.attname for f in Issued._meta.concrete_fields if f.primary_key or f.name in NEXT_FIELDS
)
_NEXT = Prepared(_next_query)  # «Siguiente»'s first query, compiled once per process


def _issued_for_next(owner: Owner, token: str) -> Issued:
    """The scenario issued to this owner, only what decides the next one (the other columns deferred,
    the attempt only its id); 404 alike for unknown and foreign tokens. Its query is built once per
    process (tutor/lib/prepared.py), as the answer's is (services._locked)."""
    found = _NEXT(token=token, **owner.ids)
    if not found:
        raise Http404(_("Este ejercicio no existe."))
    row, using = found[0], router.db_for_read(Issued)
    issued = Issued.from_db(using, _NEXT_COLUMNS, row[:-1])
    attempt = None if row[-1] is None else Attempt.from_db(using, ("id",), (row[-1],))
    if attempt is not None:
        Attempt.issued.field.set_cached_value(attempt, issued)
    Issued.attempt.related.set_cached_value(issued, attempt)  # attempt_of() reads it, no query
    return issued


def _issue_skill(owner: Owner, rule_id: str, difficulty: int, rules) -> Issued:
    family = _pick.choice(families_for(rule_id, rules))
    return issue(
        owner=owner,
        mode=Mode.SKILL,
        family=family,
        difficulty=difficulty,
        rules=rules,
        target=rule_id,
    )


def _index_context(bound: NewPracticeForm | None = None) -> dict:
    skills = []
    for rule_id, line in RULE_CATALOGUE.items():
        families = families_for(rule_id)
        if families:
            skills.append({"id": rule_id, "line": line, "families": [FAMILY_LABELS[f] for f in families]})
    family_form = NewPracticeForm(auto_id="familia-%s", initial={"kind": "family"})
    skill_form = NewPracticeForm(auto_id="habilidad-%s", initial={"kind": "skill"})
    if bound is not None:
        if bound.data.get("kind") == "skill":
            skill_form = NewPracticeForm(bound.data, auto_id="habilidad-%s")
            skill_form.is_valid()
        else:
            family_form = bound
    return {
        "family_form": family_form,
        "skill_form": skill_form,
        "families": [{"name": f, "label": FAMILY_LABELS[f]} for f in FAMILIES],
        "difficulties": DIFFICULTIES,
        "skills": skills,
        "fixed": [
            {
                "id": fixed_id,
                "question": s.question,
                "family": FAMILY_LABELS[s.family],
                "rule_ids": s.rule_ids,
            }
            for fixed_id, s in FIXED.items()
        ],
    }


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    # The same forms and examples for everyone: drawn once (tutor/lib/fragments.py).
    choices = shared_part(request, "practice/index.html#choices", "index", _index_context)
    return render(request, "practice/index.html", {"choices": choices})


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    form = NewPracticeForm(request.POST, auto_id="familia-%s")
    if not form.is_valid():
        return render(request, "practice/index.html", _index_context(form), status=400)
    owner, data = owner_for(request), form.cleaned_data
    if data["kind"] == "skill":
        issued = _issue_skill(owner, data["rule_id"], data["difficulty"], form.table_rules)
    else:
        issued = issue(
            owner=owner,
            mode=Mode.FAMILY,
            family=data["family"],
            difficulty=data["difficulty"],
            rules=form.table_rules,
        )
    return redirect(issued)


@require_POST
def fixed(request: HttpRequest, fixed_id: str) -> HttpResponse:
    scenario = FIXED.get(fixed_id)
    if scenario is None:
        raise Http404(_("No hay ningún ejemplo de la guía con ese nombre."))
    issued = issue(
        owner=owner_for(request),
        mode=Mode.FIXED,
        family=scenario.family,
        fixed_id=fixed_id,
        scenario=scenario,
    )
    return redirect(issued)


@require_GET
def scenario(request: HttpRequest, token: str) -> HttpResponse:
    owner = owner_for(request)
    issued = _get_issued_for_owner(owner, token)
    attempt = attempt_of(issued)
    error, value = refusals.take(request, token) if attempt is None else ("", [])
    exercise = present(issued, owner=owner, attempt=attempt, answer_error=error, answer_value=value)
    return render(request, "practice/scenario.html", {"exercise": exercise})


@require_POST
def answer(request: HttpRequest, token: str) -> HttpResponse:
    owner = owner_for(request)
    form = AnswerForm(request.POST)
    error = ""
    attempt, created = None, False
    try:
        if not form.is_valid():
            # A replay shows the recorded answer whatever was posted this time.
            attempt, created = _recorded(owner, token)
            if attempt is None:
                error = form.errors["answer"][0]
        else:
            attempt, created = submit(owner=owner, token=token, raw=form.cleaned_data["answer"])
    except ScenarioNotFound:
        raise Http404(_("Este ejercicio no existe.")) from None
    except AnswerRejected as exc:
        error = exc.message
    replayed = attempt is not None and not created
    if not request.htmx and error:
        return _refused_without_js(request, owner, token, error)
    if not request.htmx:
        if replayed:
            messages.info(
                request, _("Ya habías respondido este ejercicio: esta es la respuesta que quedó registrada.")
            )
        # The fragment brings the feedback into the first viewport (it sits below the table).
        return redirect(f"{scenario_url('practice:scenario', token)}#feedback-{token}")
    # The attempt knows its scenario (the row submit() locked, already checked against the owner);
    # only a rejected answer needs it read again.
    issued = attempt.issued if attempt is not None else _get_issued_for_owner(owner, token)
    exercise = present(
        issued,
        owner=owner,
        attempt=attempt,
        answer_error=error,
        replayed=replayed,
        answer_value=request.POST.getlist("answer"),
    )
    # htmx swaps only successful responses; the error is shown in the fragment, which holds the
    # answer part of the scenario (the question and table stay on the page).
    return render(request, "practice/_scenario.html#answered", {"exercise": exercise})


def _refused_without_js(request: HttpRequest, owner: Owner, token: str, error: str) -> HttpResponse:
    """Post/Redirect/Get for a refused answer: the error travels in the session to the page the
    question was answered on (the issuer's page that shows it among others, or its own), and shows
    at the question's top, where the address's fragment brings the reader."""
    refusals.keep(request, token, error, request.POST.getlist("answer"))
    url = scenario_url("practice:scenario", token)
    if request.POST.get(EMBEDDED_FIELD) == "1":
        issued = _get_issued_for_owner(owner, token)
        url = origins.describe(issued, owner=owner, attempt=None, standalone=False).page_url or url
    return redirect(f"{url}#error-{token}")


def _recorded(owner: Owner, token: str) -> tuple[Attempt | None, bool]:
    issued = _get_issued_for_owner(owner, token)
    return attempt_of(issued), False


def _go(request: HttpRequest, to, *args) -> HttpResponse:
    """Redirect; htmx is told to load the whole page there (it would swap a followed redirect in)."""
    response = redirect(to, *args)
    if request.htmx:
        return HttpResponseClientRedirect(response.url)
    return response


@require_POST
def next_scenario(request: HttpRequest, token: str) -> HttpResponse:
    """Issue another scenario with the same settings. With htmx the new question replaces the
    answered one in place (and the address bar follows); without it, Post/Redirect/Get."""
    owner = owner_for(request)
    # Only what decides the next scenario (not the stored position, nor the answer's grade).
    issued = _issued_for_next(owner, token)
    if issued.mode not in NEXT_MODES:  # another app's question: «Continuar» leads back to it
        origin = origins.describe(issued, owner=owner, attempt=attempt_of(issued))
        return _go(request, origin.next_url or "practice:index")
    if attempt_of(issued) is None:
        return _go(request, issued)
    rules = issued.get_rules()
    if issued.mode == Mode.FIXED:
        ids = list(FIXED)
        position = ids.index(issued.fixed_id) + 1 if issued.fixed_id in FIXED else len(ids)
        if position >= len(ids):
            messages.info(request, _("Has hecho todos los ejemplos de la guía."))
            return _go(request, "practice:index")
        fixed_id = ids[position]
        nxt = issue(
            owner=owner,
            mode=Mode.FIXED,
            family=FIXED[fixed_id].family,
            fixed_id=fixed_id,
            scenario=FIXED[fixed_id],
        )
    elif issued.mode == Mode.SKILL and issued.target:
        nxt = _issue_skill(owner, issued.target, issued.difficulty, rules)
    elif issued.mode == Mode.FAMILY:
        nxt = issue(
            owner=owner, mode=Mode.FAMILY, family=issued.family, difficulty=issued.difficulty, rules=rules
        )
    else:
        return _go(request, "practice:index")
    if not request.htmx:
        return redirect(nxt)
    context = {"exercise": present(nxt, owner=owner)}
    return push_url(render(request, "practice/_scenario.html", context), nxt.get_absolute_url())
