from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tutor.accounts import throttle
from tutor.accounts.models import User


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


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "El usuario o la contraseña no son correctos. Recuerda que se distinguen mayúsculas y minúsculas."
        ),
        "throttled": _(
            "Demasiados intentos fallidos. Por seguridad, espera 15 minutos antes de volver a intentarlo."
        ),
    }

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        if throttle.is_blocked(self.request, username):
            raise ValidationError(self.error_messages["throttled"], code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            throttle.record_failure(self.request, username)
            raise
        throttle.clear_username(self.request, username)
        return cleaned
