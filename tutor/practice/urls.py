from django.urls import path

from tutor.practice import views

app_name = "practice"

urlpatterns = [
    path("", views.index, name="index"),
    path("nuevo/", views.new, name="new"),
    path("guia/<slug:fixed_id>/", views.fixed, name="fixed"),
    path("s/<token:token>/", views.scenario, name="scenario"),
    path("s/<token:token>/responder/", views.answer, name="answer"),
    path("s/<token:token>/siguiente/", views.next_scenario, name="next"),
]
