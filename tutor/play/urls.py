from django.urls import path

from tutor.play import views

app_name = "play"

urlpatterns = [
    path("", views.index, name="index"),
    path("nueva/", views.new, name="new"),
    path("p/<token:token>/", views.match, name="match"),
    path("p/<token:token>/jugar/", views.move, name="move"),
    path("p/<token:token>/dejar/", views.abandon, name="abandon"),
    path("p/<token:token>/siguiente-mano/", views.next_hand, name="next_hand"),
    path("p/<token:token>/mano/<id:number>/revisar/", views.review, name="review"),
    path("p/<token:token>/mano/<id:number>/desde/<id:seq>/", views.replay, name="replay"),
    path("mano/<id:hand>/desde-carta/<id:card>/", views.replay_card, name="replay_card"),
    path(
        "registro/<id:record>/desde-carta/<id:card>/sitio/<id:seat>/",
        views.replay_record,
        name="replay_record",
    ),
]
