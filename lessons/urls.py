from django.urls import path

from lessons import views

app_name = "lessons"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:unit_slug>/<slug:step_slug>/", views.step, name="step"),
    path("<slug:unit_slug>/<slug:step_slug>/probar/", views.try_card, name="try"),
    path("<slug:unit_slug>/<slug:step_slug>/preguntas/", views.start_checkpoints, name="start"),
    path("glosario/", views.glossary, name="glossary"),
]
