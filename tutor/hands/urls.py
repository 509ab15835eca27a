from django.urls import path

from tutor.hands import views

app_name = "hands"

urlpatterns = [
    path("", views.index, name="index"),
    path("pegar/", views.paste, name="paste"),
    path("escribir/", views.enter, name="enter"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/mano.txt", views.download, name="download"),
    path("<id:pk>/compartir/", views.share, name="share"),
    path("c/<token:token>/", views.shared, name="shared"),
    path("c/<token:token>/mano.txt", views.shared_download, name="shared_download"),
]
