from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login as auth_login
from django.contrib.auth import logout as auth_logout
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import PasswordResetView
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tutor.accounts import display as display_choice
from tutor.accounts.forms import LoginForm, OurPasswordChangeForm, SignupForm
from tutor.accounts.language import remember, supported
from tutor.lib.once import once
from tutor.lib.throttle import PASSWORD_RESET


def _safe_next(request: HttpRequest) -> str:
    """The `next` parameter when it points inside this site, else ''."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    # A path of this site only: redirect() would read "inicio" or "፩c" as the name of a view.
    if candidate.startswith("/") and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return ""


def _next_url(request: HttpRequest) -> str:
    """Where a sign-in or sign-up lands: ``next`` when given, else the user's own start (a teacher's
    is her classes; a learner's, the home page with what to do next)."""
    user = request.user
    landing = "classroom:index" if user.is_authenticated and user.is_teacher else settings.LOGIN_REDIRECT_URL
    return _safe_next(request) or resolve_url(landing)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # the same name signed up a moment ago (a double click, two tabs)
            form.add_error("username", _("Ya existe una cuenta con ese nombre de usuario."))
        else:
            auth_login(request, user)
            messages.success(
                request,
                _("¡Te damos la bienvenida, %(name)s! Tu cuenta está lista.") % {"name": user.username},
            )
            return redirect(_next_url(request))
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "next": _safe_next(request), "heading": _("Crear cuenta")},
    )


@require_http_methods(["GET", "POST"])
def login(request: HttpRequest) -> HttpResponse:
    form = LoginForm(request, data=request.POST or None)
    if request.method == "POST" and form.is_valid():
        # auth_login() rotates the session key, so a planted session id is useless afterwards.
        auth_login(request, form.get_user())
        return redirect(_next_url(request))
    return render(
        request, "accounts/login.html", {"form": form, "next": _safe_next(request), "heading": _("Entrar")}
    )


@require_POST
def logout(request: HttpRequest) -> HttpResponse:
    auth_logout(request)
    messages.info(request, _("Has salido de tu cuenta. ¡Hasta pronto!"))
    return redirect(settings.LOGOUT_REDIRECT_URL)


@require_http_methods(["GET", "POST"])
@login_required
@once
def password_change(request: HttpRequest) -> HttpResponse:
    form = OurPasswordChangeForm(user=request.user, data=request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, _("Tu contraseña se ha cambiado."))
        return redirect("core:home")
    return render(
        request, "accounts/password_change.html", {"form": form, "heading": _("Cambiar la contraseña")}
    )


class ThrottledPasswordResetView(PasswordResetView):
    """Django's reset view (its token handling is not ours to rewrite), counting every mail asked for
    per address and per e-mail: nobody can flood a mailbox or our SMTP account."""

    def form_valid(self, form):
        email = form.cleaned_data["email"]
        if PASSWORD_RESET.is_blocked(self.request, email):
            form.add_error(
                None,
                _("Ya hemos enviado varios correos de recuperación. Espera una hora antes de pedir otro."),
            )
            return self.form_invalid(form)
        PASSWORD_RESET.record(self.request, email)
        return super().form_valid(form)


@require_POST
def language(request: HttpRequest) -> HttpResponse:
    """The header's switch: remember the language in the cookie and, when signed in, on the account,
    then go back to the page it was pressed on (`next`, a path of this site only)."""
    code = supported(request.POST.get("language"))
    if not code:
        return render(request, "400.html", status=400)
    if request.user.is_authenticated and request.user.language != code:
        request.user.language = code
        request.user.save(update_fields=["language"])
    response = redirect(_safe_next(request) or resolve_url("core:home"))
    remember(response, code)
    return response


_ON_OFF = {"si": True, "no": False}


@require_POST
def display(request: HttpRequest) -> HttpResponse:
    """The header's «Letra grande» (`letra`: si / no) and the table's «Confirmar la carta» (`confirmar`:
    si / no): remember what was posted in the cookie and, when signed in, on the account, then go back
    to the page it was pressed on (`next`, a path of this site only)."""
    posted = {key: request.POST[key] for key in ("letra", "confirmar") if key in request.POST}
    if not posted or any(value not in _ON_OFF for value in posted.values()):
        return render(request, "400.html", status=400)
    before = display_choice.chosen(request)
    large = _ON_OFF[posted["letra"]] if "letra" in posted else before.large_print
    confirm = _ON_OFF[posted["confirmar"]] if "confirmar" in posted else before.confirm_card
    choice = display_choice.Choice(large, confirm)
    if request.user.is_authenticated:
        request.user.large_print, request.user.confirm_card = large, confirm
        request.user.save(update_fields=["large_print", "confirm_card"])
    response = redirect(_safe_next(request) or resolve_url("core:home"))
    display_choice.remember(response, choice)
    return response
