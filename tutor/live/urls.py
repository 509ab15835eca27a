from django.urls import path

from tutor.live import views

app_name = "live"

urlpatterns = [
    path("clase/<id:pk>/", views.start, name="start"),
    path("", views.join_code, name="join"),
    path("<token:code>/", views.phone, name="phone"),
    path("<token:code>/estado/", views.phone_state, name="phone_state"),
    path("<token:code>/eventos/", views.phone_events, name="phone_events"),
    path("<token:code>/unirse/", views.phone_join, name="phone_join"),
    path("<token:code>/responder/<id:number>/", views.phone_answer, name="phone_answer"),
    path("<token:code>/sitio/<str:token>/", views.phone_seat, name="phone_seat"),
    path("<token:code>/proyector/", views.projector, name="projector"),
    path("<token:code>/proyector/estado/", views.projector_state, name="projector_state"),
    path("<token:code>/proyector/eventos/", views.projector_events, name="projector_events"),
    path("<token:code>/control/<slug:action>/", views.control, name="control"),
    path("<token:code>/resumen/", views.review, name="review"),
    path("<token:code>/resumen.csv", views.review_csv, name="review_csv"),
]
