from django.urls import path

from tutor.classroom import views

app_name = "classroom"

urlpatterns = [
    path("clases/", views.index, name="index"),
    path("clases/nueva/", views.create, name="create"),
    path("clases/unirse/", views.join, name="join"),
    path("clases/<int:pk>/", views.detail, name="detail"),
    path("clases/<int:pk>/codigo/", views.code, name="code"),
    path("clases/<int:pk>/archivar/", views.archive, name="archive"),
    path("clases/<int:pk>/profesores/", views.add_teacher, name="add_teacher"),
    path("clases/<int:pk>/alumnos/nuevos/", views.new_students, name="new_students"),
    path("clases/<int:pk>/alumnos/fichas/", views.logins, name="logins"),
    path("clases/<int:pk>/alumnos/<int:membership_pk>/nombre/", views.student_name, name="student_name"),
    path("clases/<int:pk>/alumnos/<int:membership_pk>/quitar/", views.remove_student, name="remove_student"),
    path("clases/<int:pk>/salir/", views.leave, name="leave"),
    path("clases/<int:pk>/progreso/", views.heatmap, name="heatmap"),
    path(
        "clases/<int:pk>/progreso/<int:membership_pk>/<str:rule_id>/",
        views.student_skill,
        name="student_skill",
    ),
    path("clases/<int:pk>/tareas/nueva/", views.set_create, name="set_create"),
    path("clases/tareas/<int:pk>/", views.set_detail, name="set_detail"),
    path("clases/tareas/<int:pk>/publicar/", views.set_publish, name="set_publish"),
    path("clases/tareas/<int:pk>/resultados.csv", views.set_results_csv, name="set_results_csv"),
    path("clases/tareas/<int:pk>/respuestas.csv", views.set_attempts_csv, name="set_attempts_csv"),
    path("clases/posiciones/", views.positions, name="positions"),
    path("clases/posiciones/nueva/", views.position_edit, name="position_create"),
    path("clases/posiciones/importar/", views.position_import, name="position_import"),
    path("clases/posiciones/<int:pk>/", views.position_edit, name="position_edit"),
    path("clases/posiciones/<int:pk>/exportar/", views.position_export, name="position_export"),
    path("clases/posiciones/<int:pk>/borrar/", views.position_delete, name="position_delete"),
    path("tareas/", views.tasks, name="tasks"),
    path("tareas/<int:pk>/", views.task, name="task"),
]
