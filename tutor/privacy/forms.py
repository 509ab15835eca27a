from django import forms
from django.utils.translation import gettext_lazy as _


class ConfirmPasswordForm(forms.Form):
    """«Borrar mi cuenta» asks for the password, so that an open session left on a shared computer
    cannot erase an account."""

    password = forms.CharField(
        label=_("Tu contraseña"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("La contraseña no es correcta."))
        return password
