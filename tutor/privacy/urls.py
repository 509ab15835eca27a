from django.urls import path

from tutor.privacy import views

app_name = "privacy"

urlpatterns = [
    path("", views.policy, name="policy"),
    path("mis-datos/", views.my_data, name="my_data"),
    path("mis-datos/pedir/", views.request_export, name="request_export"),
    path("mis-datos/archivo/<id:export_id>/", views.download, name="download"),
    path("borrar-cuenta/", views.delete_account, name="delete_account"),
]
