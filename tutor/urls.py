from django.contrib import admin
from django.urls import include, path

import tutor.lib.converters  # noqa: F401 - registers <id:…> before the apps' URLconfs use it

urlpatterns = [
    path("", include("tutor.core.urls")),
    path("cuenta/", include("tutor.accounts.urls")),
    path("", include("lessons.urls")),
    path("practicar/", include("tutor.practice.urls")),
    path("progreso/", include("tutor.progress.urls")),
    path("", include("tutor.classroom.urls")),
    path("admin/", admin.site.urls),
]
