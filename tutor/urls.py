from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

import tutor.lib.converters  # noqa: F401 - registers <id:…> and <token:…> before the apps' URLconfs


def _moved(pattern_name: str) -> RedirectView:
    return RedirectView.as_view(pattern_name=pattern_name, permanent=True, query_string=True)


# Each app under its own prefix, so a URL says which app serves it; only core (home, the deck,
# /healthz) sits at the root.
urlpatterns = [
    path("", include("tutor.core.urls")),
    path("cuenta/", include("tutor.accounts.urls")),
    path("lecciones/", include("lessons.urls")),
    path("practicar/", include("tutor.practice.urls")),
    path("progreso/", include("tutor.progress.urls")),
    path("jugar/", include("tutor.play.urls")),
    path("manos/", include("tutor.hands.urls")),
    path("clases/", include("tutor.classroom.urls")),
    path("directo/", include("tutor.live.urls")),
    path("privacidad/", include("tutor.privacy.urls")),
    path("papel/", include("tutor.paper.urls")),
    path("mesas/", include("tutor.tables.urls")),
    path("admin/", admin.site.urls),
    # Addresses from before the prefixes: links, bookmarks and printed sheets keep working.
    path("glosario/", _moved("lessons:glossary")),
    path("tareas/", _moved("classroom:tasks")),
    path("tareas/<id:pk>/", _moved("classroom:task")),
]
