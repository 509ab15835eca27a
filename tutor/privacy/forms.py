from django import forms
from django.utils.translation import gettext_lazy as _

from tutor.accounts.forms import check_current_password


class ConfirmPasswordForm(forms.Form):
    """«Borrar mi cuenta» asks for the password, so that an open session left on a shared computer
    cannot erase an account."""

    password = forms.CharField(
        label=_("Tu contraseña"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, request, *args, **kwargs):
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        check_current_password(self.request, self.request.user, password, _("La contraseña no es correcta."))
        return password
