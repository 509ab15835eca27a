from django.urls import path

from tutor.classroom import views

app_name = "classroom"

urlpatterns = [
    path("", views.index, name="index"),
    path("nueva/", views.create, name="create"),
    path("unirse/", views.join, name="join"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/codigo/", views.code, name="code"),
    path("<id:pk>/archivar/", views.archive, name="archive"),
    path("<id:pk>/profesores/", views.add_teacher, name="add_teacher"),
    path("<id:pk>/alumnos/nuevos/", views.new_students, name="new_students"),
    path("<id:pk>/alumnos/fichas/", views.logins, name="logins"),
    path("<id:pk>/alumnos/<id:membership_pk>/nombre/", views.student_name, name="student_name"),
    path("<id:pk>/alumnos/<id:membership_pk>/quitar/", views.remove_student, name="remove_student"),
    path("<id:pk>/salir/", views.leave, name="leave"),
    path("<id:pk>/progreso/", views.heatmap, name="heatmap"),
    path("<id:pk>/progreso/<id:membership_pk>/<str:rule_id>/", views.student_skill, name="student_skill"),
    path("<id:pk>/tareas/nueva/", views.set_create, name="set_create"),
    path("tareas/<id:pk>/", views.set_detail, name="set_detail"),
    path("tareas/<id:pk>/publicar/", views.set_publish, name="set_publish"),
    path("tareas/<id:pk>/resultados.csv", views.set_results_csv, name="set_results_csv"),
    path("tareas/<id:pk>/respuestas.csv", views.set_attempts_csv, name="set_attempts_csv"),
    path("posiciones/", views.positions, name="positions"),
    path("posiciones/nueva/", views.position_edit, name="position_create"),
    path("posiciones/importar/", views.position_import, name="position_import"),
    path("posiciones/<id:pk>/", views.position_edit, name="position_edit"),
    path("posiciones/<id:pk>/exportar/", views.position_export, name="position_export"),
    path("posiciones/<id:pk>/borrar/", views.position_delete, name="position_delete"),
    path("mis-tareas/", views.tasks, name="tasks"),
    path("mis-tareas/<id:pk>/", views.task, name="task"),
    path("mis-tareas/<id:pk>/jugar/<id:item_pk>/", views.task_play, name="task_play"),
]
