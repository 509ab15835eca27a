"""Sheets to print: a table's rules, a worksheet with its key, a match's score sheet. Each is a page of
its own (templates/print.html) that prints on A4; each is chosen with a GET form (a bookmark or a link
from a class, «Jugar» or a lesson prints the same sheet again)."""

import secrets

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from engine.rules import PRESETS, preset
from tutor.paper import sheets
from tutor.paper.forms import TableForm, WorksheetForm


def _index(request: HttpRequest, *, status: int = 200, **forms) -> HttpResponse:
    # ?mesa=<preset>: a class's page links here with its table chosen in every form.
    mesa = request.GET.get("mesa") if request.GET.get("mesa") in PRESETS else "guia"
    context = {
        "rules_form": TableForm(auto_id="reglas-%s", initial={"mesa": mesa}),
        "score_form": TableForm(auto_id="tanteo-%s", initial={"mesa": mesa}),
        "worksheet_form": WorksheetForm(initial={"familias": ["jugada"], "niveles": [1], "mesa": mesa}),
        **forms,
    }
    return render(request, "paper/index.html", context, status=status)


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    return _index(request)


def _table(request: HttpRequest, prefix: str) -> TableForm:
    return TableForm({"mesa": request.GET.get("mesa", "guia")}, auto_id=prefix + "-%s")


@require_GET
def rules_sheet(request: HttpRequest) -> HttpResponse:
    form = _table(request, "reglas")
    if not form.is_valid():
        return _index(request, status=400, rules_form=form)
    rules = preset(form.cleaned_data["mesa"])
    return render(
        request, "paper/rules.html", {**sheets.rules_sheet(rules), "mesa": form.cleaned_data["mesa"]}
    )


@require_GET
def score_sheet(request: HttpRequest) -> HttpResponse:
    form = _table(request, "tanteo")
    if not form.is_valid():
        return _index(request, status=400, score_form=form)
    rules = preset(form.cleaned_data["mesa"])
    return render(
        request, "paper/score.html", {**sheets.score_sheet(rules), "mesa": form.cleaned_data["mesa"]}
    )


@require_GET
def worksheet(request: HttpRequest) -> HttpResponse:
    if set(request.GET) <= {"mesa"}:  # a link with the table chosen: the form, filled in
        return _index(request)
    form = WorksheetForm(request.GET)
    if not form.is_valid():
        return _index(request, status=400, worksheet_form=form)
    data = form.cleaned_data
    seed = data["semilla"] if data["semilla"] is not None else secrets.randbelow(10**6)
    copies = sheets.worksheet(
        data["familias"], data["niveles"], form.table_rules, data["preguntas"], data["copias"], seed
    )
    query = request.GET.copy()
    query["semilla"] = str(seed)
    context = {
        "copies": copies,
        "seed": seed,
        "table_label": sheets.table_label(form.table_rules),
        "again": f"{request.path}?{query.urlencode()}",
    }
    return render(request, "paper/worksheet.html", context)
