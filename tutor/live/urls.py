from django.urls import path

from tutor.live import views

app_name = "live"

urlpatterns = [
    path("clases/<int:pk>/directo/", views.start, name="start"),
    path("directo/", views.join_code, name="join"),
    path("directo/<str:code>/", views.phone, name="phone"),
    path("directo/<str:code>/estado/", views.phone_state, name="phone_state"),
    path("directo/<str:code>/unirse/", views.phone_join, name="phone_join"),
    path("directo/<str:code>/responder/<int:number>/", views.phone_answer, name="phone_answer"),
    path("directo/<str:code>/proyector/", views.projector, name="projector"),
    path("directo/<str:code>/proyector/estado/", views.projector_state, name="projector_state"),
    path("directo/<str:code>/control/<str:action>/", views.control, name="control"),
    path("directo/<str:code>/resumen/", views.review, name="review"),
    path("directo/<str:code>/resumen.csv", views.review_csv, name="review_csv"),
]
