from django.urls import path

from tutor.play import views

app_name = "play"

urlpatterns = [
    path("", views.index, name="index"),
    path("nueva/", views.new, name="new"),
    path("p/<str:token>/", views.match, name="match"),
    path("p/<str:token>/jugar/", views.move, name="move"),
    path("p/<str:token>/siguiente-mano/", views.next_hand, name="next_hand"),
    path("p/<str:token>/mano/<int:number>/revisar/", views.review, name="review"),
    path("p/<str:token>/mano/<int:number>/desde/<int:seq>/", views.replay, name="replay"),
]
