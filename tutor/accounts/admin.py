from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from tutor.accounts.forms import AdminLoginForm
from tutor.accounts.models import User

# The admin's login counts failures in the same throttle as the site's (a superuser is its prize).
admin.site.login_form = AdminLoginForm


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "email", "role", "is_staff", "date_joined")
    list_filter = ("role", "is_staff", "is_superuser", "is_active")
    fieldsets = (*BaseUserAdmin.fieldsets, (_("Tutor de Tute"), {"fields": ("role",)}))
    add_fieldsets = (*BaseUserAdmin.add_fieldsets, (_("Tutor de Tute"), {"fields": ("role",)}))
