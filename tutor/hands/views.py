from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine import records
from tutor.hands import builder, presenters, reviews, services
from tutor.hands.forms import FilterForm, PasteForm, SaveForm, ShareForm
from tutor.hands.models import HandRecord
from tutor.lib.owners import Owner
from tutor.practice.identity import owner_for, reader_for
from tutor.practice.models import only_row

PER_PAGE = 20


def _own_record(owner: Owner | None, pk: int) -> HandRecord:
    """The owner's hand; 404 alike for unknown and foreign ids."""
    row = None if owner is None else only_row(HandRecord.objects.filter(owner.q, pk=pk))
    if row is None:
        raise Http404(_("Esta mano no existe."))
    return row


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    owner = reader_for(request)
    form = FilterForm(request.GET or None)
    rows = HandRecord.objects.none() if owner is None else HandRecord.objects.filter(owner.q)
    if form.is_valid():
        if form.cleaned_data["origen"]:
            rows = rows.filter(source=form.cleaned_data["origen"])
        if form.cleaned_data["mesa"]:
            rows = rows.filter(table=form.cleaned_data["mesa"])
    page = Paginator(
        rows.order_by("-played_at", "-pk").only(
            "pk", "source", "seat", "title", "table", "result", "played_at", "learner_id", "anon_id"
        ),
        PER_PAGE,
    ).get_page(request.GET.get("pagina"))
    context = {"form": form, "page": page, "rows": [presenters.row(r) for r in page]}
    return render(request, "hands/index.html", context)


@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    row = _own_record(reader_for(request), pk)
    context = presenters.record_page(row, names=True)
    context["share_form"] = ShareForm(initial={"names": row.share_names})
    context["owner_view"] = True
    return render(request, "hands/detail.html", context)


@require_GET
def download(request: HttpRequest, pk: int) -> HttpResponse:
    row = _own_record(reader_for(request), pk)
    return _as_file(row.text, f"mano-{row.pk}.txt")


def _as_file(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_POST
def share(request: HttpRequest, pk: int) -> HttpResponse:
    row = _own_record(reader_for(request), pk)
    if request.POST.get("dejar"):
        services.unshare(row)
        messages.success(request, _("El enlace para compartir ya no funciona."))
    else:
        form = ShareForm(request.POST)
        names = form.is_valid() and form.cleaned_data["names"]
        services.share(row, names=names)
        messages.success(request, _("Cualquiera con el enlace puede ver esta mano, sin poder cambiarla."))
    return redirect(row)


@require_GET
def shared(request: HttpRequest, token: str) -> HttpResponse:
    row = only_row(HandRecord.objects.filter(share_token=token))
    if row is None:
        raise Http404(_("Esta mano no existe o ya no se comparte."))
    context = presenters.record_page(row, names=row.share_names)
    return render(request, "hands/detail.html", context)


@require_GET
def shared_download(request: HttpRequest, token: str) -> HttpResponse:
    row = only_row(HandRecord.objects.filter(share_token=token))
    if row is None:
        raise Http404(_("Esta mano no existe o ya no se comparte."))
    text = row.text if row.share_names else presenters.without_names(row.text)
    return _as_file(text, f"mano-{token}.txt")


@require_http_methods(["GET", "POST"])
def paste(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return render(request, "hands/paste.html", {"form": PasteForm(), "example": presenters.example()})
    form = PasteForm(request.POST, request.FILES)
    refusal = None
    if form.is_valid():
        try:
            row = services.keep_pasted(
                owner=owner_for(request),
                text=form.cleaned_data["text"],
                title=form.cleaned_data["title"],
                seat=form.cleaned_data["seat"],
            )
        except services.RecordRefused as refused:
            refusal = refused
        else:
            messages.success(request, _("Mano guardada. Esto es lo que dice el árbitro."))
            return redirect(row)
    context = {"form": form, "refusal": refusal, "example": presenters.example()}
    return render(request, "hands/paste.html", context, status=400)


def _builder_state(request: HttpRequest) -> dict | None:
    state = request.session.get(builder.SESSION_KEY)
    return state if builder.valid_state(state) else None


@require_http_methods(["GET", "POST"])
def enter(request: HttpRequest) -> HttpResponse:
    """«Escribe una mano carta a carta»: set the table up, then each card is one button (a form post)."""
    state = _builder_state(request)
    refusal = None
    setup = builder.SetupForm(initial={"rules": "guia", "dealer": "0"})
    cante_form = builder.CanteForm()
    save_form = SaveForm(auto_id="entry-%s")
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "empezar":
                setup = builder.SetupForm(request.POST)
                if setup.is_valid():
                    state = builder.new_state(setup.cleaned_data)
                    builder.record_of(state)
                else:
                    state = None
            elif state is None:
                refusal = _("Empieza por la mesa, el repartidor y el triunfo.")
            elif request.POST.get("paso") != str(builder.steps(state)):
                refusal = _("Ya estaba hecho: la pulsación llegó dos veces o desde una página antigua.")
            elif action == "carta":
                state = builder.add_card(state, request.POST.get("card", "")[:8])
            elif action == "cante":
                cante_form = builder.CanteForm(request.POST)
                if cante_form.is_valid():
                    state = builder.add_cante(
                        state, cante_form.cleaned_data["seat"], cante_form.cleaned_data["cante"]
                    )
            elif action == "deshacer":
                state = builder.undo(state)
            elif action == "borrar":
                state = None
            elif action == "guardar":
                save_form = SaveForm(request.POST, auto_id="entry-%s")
                if not save_form.is_valid():  # its fields say what is wrong
                    raise services.RecordRefused(_("La mano no se ha guardado: revisa el título y tu sitio."))
                row = services.keep_pasted(
                    owner=owner_for(request),
                    text=records.write(builder.record_of(state)),
                    title=save_form.cleaned_data["title"],
                    seat=save_form.cleaned_data["seat"],
                )
                request.session.pop(builder.SESSION_KEY, None)
                messages.success(request, _("Mano guardada. Esto es lo que dice el árbitro."))
                return redirect(row)
            else:
                refusal = _("No se sabe qué hacer con eso.")
        except services.RecordRefused as refused:
            refusal = refused.message
        if state is None:
            request.session.pop(builder.SESSION_KEY, None)
        else:
            request.session[builder.SESSION_KEY] = state
        if refusal is None and not setup.errors and not cante_form.errors:
            return redirect("hands:enter")
    context = {"setup": setup, "cante_form": cante_form, "save_form": save_form, "refusal": refusal}
    if state is not None:
        context.update(presenters.entry_view(state))
    return render(request, "hands/enter.html", context, status=400 if refusal or setup.errors else 200)


def render_review(
    request: HttpRequest, row: HandRecord, *, reader: int | None, names: bool, **extra
) -> HttpResponse:
    """The graded review of ``row`` (asked for on the first visit; computed by the worker): the whole
    page, or only its state while it is being computed (htmx polls it)."""
    review = reviews.request(row)
    context = presenters.review_page(
        row, review, reader=reader, names=names, owner=bool(extra.get("owner_view"))
    )
    context.update(extra)
    if request.htmx and request.GET.get("estado"):
        if review.pending:
            return render(request, "hands/review.html#progress", context)
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"  # ready: the whole page, drawn from the stored review
        return response
    return render(request, "hands/review.html", context)


@require_GET
def review(request: HttpRequest, pk: int) -> HttpResponse:
    row = _own_record(reader_for(request), pk)
    return render_review(request, row, reader=row.seat, names=True, owner_view=True)


@require_GET
def shared_review(request: HttpRequest, token: str) -> HttpResponse:
    row = only_row(HandRecord.objects.filter(share_token=token))
    if row is None:
        raise Http404(_("Esta mano no existe o ya no se comparte."))
    return render_review(request, row, reader=None, names=row.share_names)
