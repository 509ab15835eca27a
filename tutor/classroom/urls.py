from django.urls import path

from tutor.classroom import views

app_name = "classroom"

urlpatterns = [
    path("", views.index, name="index"),
    path("nueva/", views.create, name="create"),
    path("unirse/", views.join, name="join"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/codigo/", views.code, name="code"),
    path("<int:pk>/archivar/", views.archive, name="archive"),
    path("<int:pk>/profesores/", views.add_teacher, name="add_teacher"),
    path("<int:pk>/alumnos/nuevos/", views.new_students, name="new_students"),
    path("<int:pk>/alumnos/fichas/", views.logins, name="logins"),
    path("<int:pk>/alumnos/<int:membership_pk>/nombre/", views.student_name, name="student_name"),
    path("<int:pk>/alumnos/<int:membership_pk>/quitar/", views.remove_student, name="remove_student"),
    path("<int:pk>/salir/", views.leave, name="leave"),
    path("<int:pk>/progreso/", views.heatmap, name="heatmap"),
    path("<int:pk>/tareas/nueva/", views.set_create, name="set_create"),
    path("tareas/<int:pk>/", views.set_detail, name="set_detail"),
    path("tareas/<int:pk>/publicar/", views.set_publish, name="set_publish"),
    path("tareas/<int:pk>/resultados.csv", views.set_results_csv, name="set_results_csv"),
    path("tareas/<int:pk>/respuestas.csv", views.set_attempts_csv, name="set_attempts_csv"),
    path("posiciones/", views.positions, name="positions"),
    path("posiciones/nueva/", views.position_edit, name="position_create"),
    path("posiciones/importar/", views.position_import, name="position_import"),
    path("posiciones/<int:pk>/", views.position_edit, name="position_edit"),
    path("posiciones/<int:pk>/exportar/", views.position_export, name="position_export"),
    path("posiciones/<int:pk>/borrar/", views.position_delete, name="position_delete"),
    path("mis-tareas/", views.tasks, name="tasks"),
    path("mis-tareas/<int:pk>/", views.task, name="task"),
]
