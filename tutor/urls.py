from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("tutor.core.urls")),
    path("cuenta/", include("tutor.accounts.urls")),
    path("", include("lessons.urls")),
    path("practicar/", include("tutor.practice.urls")),
    path("progreso/", include("tutor.progress.urls")),
    path("", include("tutor.classroom.urls")),
    path("", include("tutor.live.urls")),
    path("admin/", admin.site.urls),
]
