from django.urls import path

from tutor.tables import league_views, views

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
    path("ligas/", league_views.index, name="leagues"),
    path("ligas/nueva/", league_views.new, name="league_new"),
    path("ligas/nueva/clase/<id:classroom_pk>/", league_views.new_for_class, name="league_new_class"),
    path("ligas/<id:pk>/", league_views.league, name="league"),
    path("ligas/<id:pk>/imprimir/", league_views.league_print, name="league_print"),
    path("ligas/<id:pk>/partido/<id:fixture_pk>/", league_views.result, name="league_result"),
    path("ligas/<id:pk>/partido/<id:fixture_pk>/manos/", league_views.records, name="league_records"),
    path("ligas/<id:pk>/partido/<id:fixture_pk>/mesa/", league_views.play, name="league_play"),
]
