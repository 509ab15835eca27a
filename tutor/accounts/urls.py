from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from tutor.accounts import views
from tutor.accounts.forms import OurSetPasswordForm

app_name = "accounts"

get_or_post = require_http_methods(["GET", "POST"])

# Password reset reuses Django's own views: its token handling is not something to rewrite.
password_reset = views.ThrottledPasswordResetView.as_view(
    template_name="accounts/password_reset.html",
    email_template_name="accounts/password_reset_email.txt",
    subject_template_name="accounts/password_reset_subject.txt",
    success_url=reverse_lazy("accounts:password_reset_done"),
    extra_context={"heading": _("Recuperar la contraseña")},
)
password_reset_done = auth_views.PasswordResetDoneView.as_view(
    template_name="accounts/password_reset_done.html", extra_context={"heading": _("Revisa tu correo")}
)
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    template_name="accounts/password_reset_confirm.html",
    form_class=OurSetPasswordForm,
    success_url=reverse_lazy("accounts:password_reset_complete"),
    extra_context={"heading": _("Nueva contraseña")},
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="accounts/password_reset_complete.html", extra_context={"heading": _("Contraseña guardada")}
)

urlpatterns = [
    path("alta/", views.signup, name="signup"),
    path("entrar/", views.login, name="login"),
    path("salir/", views.logout, name="logout"),
    path("idioma/", views.language, name="language"),
    path("pantalla/", views.display, name="display"),
    path("contrasena/", views.password_change, name="password_change"),
    path("recuperar/", get_or_post(password_reset), name="password_reset"),
    path("recuperar/enviado/", require_GET(password_reset_done), name="password_reset_done"),
    path("recuperar/hecho/", require_GET(password_reset_complete), name="password_reset_complete"),
    path("recuperar/<uidb64>/<token>/", get_or_post(password_reset_confirm), name="password_reset_confirm"),
]
