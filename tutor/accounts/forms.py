from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tutor.accounts.models import User
from tutor.lib.throttle import LOGIN

USERNAME_HELP = _("Hasta 150 caracteres: letras, números y @ . + - _")
PASSWORD_HELP = _(
    "Al menos 8 caracteres. Que no se parezca a tu nombre de usuario, no sea una contraseña muy común "
    "ni tenga solo números."
)
PASSWORD_AGAIN_HELP = _("Escríbela otra vez, para comprobar que no te has equivocado.")


def _our_password_help(form: forms.Form, first: str, second: str) -> None:
    """Django's own help texts speak formally ("Su contraseña…"); the app says "tú"."""
    form.fields[first].help_text = PASSWORD_HELP
    form.fields[second].help_text = PASSWORD_AGAIN_HELP


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Correo electrónico"),
        required=False,
        help_text=_("Opcional. Solo sirve para recuperar la contraseña si la olvidas."),
    )
    role = forms.TypedChoiceField(
        label=_("Me apunto como"),
        choices=User.Role.choices,
        initial=User.Role.LEARNER,
        widget=forms.RadioSelect,
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "role")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = USERNAME_HELP
        _our_password_help(self, "password1", "password2")


class OurPasswordChangeForm(PasswordChangeForm):
    def __init__(self, *args, request: HttpRequest, **kwargs) -> None:
        self.request = request
        super().__init__(*args, **kwargs)
        _our_password_help(self, "new_password1", "new_password2")

    def clean_old_password(self) -> str:
        password = self.cleaned_data["old_password"]
        check_current_password(self.request, self.user, password, self.error_messages["password_incorrect"])
        return password


class OurSetPasswordForm(SetPasswordForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _our_password_help(self, "new_password1", "new_password2")


THROTTLED_LOGIN = _(
    "Demasiados intentos fallidos. Por seguridad, espera 15 minutos antes de volver a intentarlo."
)


def check_current_password(request: HttpRequest, user, password: str, wrong_message) -> None:
    """The signed-in forms that ask for the account's own password (changing it, erasing the account)
    count a wrong one as a failed login of that username: an open session on a shared computer must not
    become a way to guess the password without the login's limit."""
    if LOGIN.is_blocked(request, user.get_username()):
        raise ValidationError(THROTTLED_LOGIN, code="throttled")
    if not user.check_password(password):
        LOGIN.record(request, user.get_username())
        raise ValidationError(wrong_message, code="password_incorrect")
    LOGIN.forget_name(request, user.get_username())


class ThrottledLogin:
    """Counts failed logins in the one login throttle; mixed into the site's form and the admin's."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        if LOGIN.is_blocked(self.request, username):
            raise ValidationError(THROTTLED_LOGIN, code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            LOGIN.record(self.request, username)
            raise
        LOGIN.forget_name(self.request, username)
        return cleaned


class LoginForm(ThrottledLogin, AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "El usuario o la contraseña no son correctos. Recuerda que se distinguen mayúsculas y minúsculas."
        ),
    }


class AdminLoginForm(ThrottledLogin, AdminAuthenticationForm):
    pass
