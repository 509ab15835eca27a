from django.urls import path

from tutor.core import views

app_name = "core"

urlpatterns = [
    path("", views.home, name="home"),
    path("baraja/", views.baraja, name="baraja"),
    path("healthz", views.healthz, name="healthz"),
]
