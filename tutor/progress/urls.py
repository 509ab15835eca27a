from django.urls import path

from tutor.progress import views

app_name = "progress"

urlpatterns = [
    path("", views.index, name="index"),
    path("repasar/", views.review, name="review"),
    path("sesion-mixta/", views.mixed, name="mixed"),
    path("sesion/<id:session_id>/siguiente/", views.session_next, name="session_next"),
    path("sesion/<id:session_id>/", views.session_summary, name="session_summary"),
    path("mesa/", views.retries_index, name="retries"),
    path("mesa/<id:item_id>/", views.retry, name="retry"),
    path("mesa/<id:item_id>/quitar/", views.retry_remove, name="retry_remove"),
]
