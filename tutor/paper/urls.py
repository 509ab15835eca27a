from django.urls import path

from tutor.paper import views

app_name = "paper"

urlpatterns = [
    path("", views.index, name="index"),
    path("reglas/", views.rules_sheet, name="rules"),
    path("tanteo/", views.score_sheet, name="score"),
    path("fichas/", views.worksheet, name="worksheet"),
]
