from django.urls import path

from tutor.progress import views

app_name = "progress"

urlpatterns = [
    path("", views.index, name="index"),
    path("repasar/", views.review, name="review"),
    path("sesion-mixta/", views.mixed, name="mixed"),
    path("sesion/<id:session_id>/siguiente/", views.session_next, name="session_next"),
    path("sesion/<id:session_id>/", views.session_summary, name="session_summary"),
]
