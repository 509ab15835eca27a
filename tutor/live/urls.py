from django.urls import path

from tutor.live import views

app_name = "live"

urlpatterns = [
    path("clase/<int:pk>/", views.start, name="start"),
    path("", views.join_code, name="join"),
    path("<str:code>/", views.phone, name="phone"),
    path("<str:code>/estado/", views.phone_state, name="phone_state"),
    path("<str:code>/unirse/", views.phone_join, name="phone_join"),
    path("<str:code>/responder/<int:number>/", views.phone_answer, name="phone_answer"),
    path("<str:code>/proyector/", views.projector, name="projector"),
    path("<str:code>/proyector/estado/", views.projector_state, name="projector_state"),
    path("<str:code>/control/<str:action>/", views.control, name="control"),
    path("<str:code>/resumen/", views.review, name="review"),
    path("<str:code>/resumen.csv", views.review_csv, name="review_csv"),
]
