from django.urls import path

from tutor.tables import views

app_name = "tables"

urlpatterns = [
    path("", views.index, name="index"),
    path("nueva/", views.new, name="new"),
    path("codigo/", views.join_code, name="join_code"),
    path("m/<token:token>/", views.table, name="table"),
    path("m/<token:token>/estado/", views.state, name="state"),
    path("m/<token:token>/eventos/", views.events, name="events"),
    path("m/<token:token>/sentarse/", views.sit, name="sit"),
    path("m/<token:token>/sentar-alumno/", views.seat_member, name="seat_member"),
    path("m/<token:token>/levantarse/", views.leave, name="leave"),
    path("m/<token:token>/empezar/", views.start, name="start"),
    path("m/<token:token>/jugar/", views.move, name="move"),
    path("m/<token:token>/siguiente-mano/", views.next_hand, name="next_hand"),
    path("m/<token:token>/frase/", views.say, name="say"),
    path("m/<token:token>/cerrar/", views.end, name="end"),
    path("m/<token:token>/mano/<id:number>/", views.hand, name="hand"),
    path("ligas/", views.leagues, name="leagues"),
    path("ligas/nueva/", views.league_new, name="league_new"),
    path("ligas/<id:pk>/", views.league, name="league"),
    path("ligas/<id:pk>/imprimir/", views.league_print, name="league_print"),
    path("ligas/<id:pk>/partido/<id:fixture_pk>/", views.league_result, name="league_result"),
]
