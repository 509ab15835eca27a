from django.urls import path

from tutor.classroom import views

app_name = "classroom"

urlpatterns = [
    path("clases/", views.index, name="index"),
    path("clases/nueva/", views.create, name="create"),
    path("clases/unirse/", views.join, name="join"),
    path("clases/<id:pk>/", views.detail, name="detail"),
    path("clases/<id:pk>/codigo/", views.code, name="code"),
    path("clases/<id:pk>/archivar/", views.archive, name="archive"),
    path("clases/<id:pk>/profesores/", views.add_teacher, name="add_teacher"),
    path("clases/<id:pk>/alumnos/nuevos/", views.new_students, name="new_students"),
    path("clases/<id:pk>/alumnos/fichas/", views.logins, name="logins"),
    path("clases/<id:pk>/alumnos/<id:membership_pk>/nombre/", views.student_name, name="student_name"),
    path("clases/<id:pk>/alumnos/<id:membership_pk>/quitar/", views.remove_student, name="remove_student"),
    path("clases/<id:pk>/salir/", views.leave, name="leave"),
    path("clases/<id:pk>/progreso/", views.heatmap, name="heatmap"),
    path("clases/<id:pk>/tareas/nueva/", views.set_create, name="set_create"),
    path("clases/tareas/<id:pk>/", views.set_detail, name="set_detail"),
    path("clases/tareas/<id:pk>/publicar/", views.set_publish, name="set_publish"),
    path("clases/tareas/<id:pk>/resultados.csv", views.set_results_csv, name="set_results_csv"),
    path("clases/tareas/<id:pk>/respuestas.csv", views.set_attempts_csv, name="set_attempts_csv"),
    path("clases/posiciones/", views.positions, name="positions"),
    path("clases/posiciones/nueva/", views.position_edit, name="position_create"),
    path("clases/posiciones/importar/", views.position_import, name="position_import"),
    path("clases/posiciones/<id:pk>/", views.position_edit, name="position_edit"),
    path("clases/posiciones/<id:pk>/exportar/", views.position_export, name="position_export"),
    path("clases/posiciones/<id:pk>/borrar/", views.position_delete, name="position_delete"),
    path("tareas/", views.tasks, name="tasks"),
    path("tareas/<id:pk>/", views.task, name="task"),
]
