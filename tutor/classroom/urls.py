from django.urls import path

from tutor.classroom.views import classes, dashboards, ending, exports, hands, positions, sets, student

app_name = "classroom"

urlpatterns = [
    path("", classes.index, name="index"),
    path("nueva/", classes.create, name="create"),
    path("unirse/", classes.join, name="join"),
    path("<id:pk>/", classes.detail, name="detail"),
    path("<id:pk>/codigo/", classes.code, name="code"),
    path("<id:pk>/archivar/", classes.archive, name="archive"),
    path("<id:pk>/profesores/", classes.add_teacher, name="add_teacher"),
    path("<id:pk>/alumnos/nuevos/", classes.new_students, name="new_students"),
    path("<id:pk>/alumnos/fichas/", classes.logins, name="logins"),
    path("<id:pk>/alumnos/<id:membership_pk>/nombre/", classes.student_name, name="student_name"),
    path("<id:pk>/alumnos/<id:membership_pk>/quitar/", classes.remove_student, name="remove_student"),
    path("<id:pk>/alumnos/<id:membership_pk>/contrasena/", classes.student_password, name="student_password"),
    path("<id:pk>/salir/", classes.leave, name="leave"),
    path("<id:pk>/alumnos/<id:membership_pk>/baja/", ending.end_account, name="end_account"),
    path("<id:pk>/borrar/", ending.erase_class, name="erase_class"),
    path("<id:pk>/progreso/", dashboards.heatmap, name="heatmap"),
    path(
        "<id:pk>/progreso/<id:membership_pk>/<str:rule_id>/", dashboards.student_skill, name="student_skill"
    ),
    path("<id:pk>/tareas/nueva/", sets.set_create, name="set_create"),
    path("tareas/<id:pk>/", sets.set_detail, name="set_detail"),
    path("tareas/<id:pk>/publicar/", sets.set_publish, name="set_publish"),
    path("tareas/<id:pk>/resultados.csv", exports.set_results_csv, name="set_results_csv"),
    path("tareas/<id:pk>/respuestas.csv", exports.set_attempts_csv, name="set_attempts_csv"),
    path("tareas/<id:pk>/manos/<id:hand_pk>/", hands.set_hand, name="set_hand"),
    path("tareas/<id:pk>/manos/<id:hand_pk>/revision/", hands.set_hand_review, name="set_hand_review"),
    path("tareas/<id:pk>/duplicado/<id:item_pk>/<id:number>/", hands.duplicate_deal, name="duplicate_deal"),
    path(
        "tareas/<id:pk>/duplicado/<id:item_pk>/<id:number>/manos.txt",
        hands.duplicate_export,
        name="duplicate_export",
    ),
    path("posiciones/", positions.positions, name="positions"),
    path("posiciones/nueva/", positions.position_edit, name="position_create"),
    path("posiciones/importar/", positions.position_import, name="position_import"),
    path("posiciones/<id:pk>/", positions.position_edit, name="position_edit"),
    path("posiciones/<id:pk>/exportar/", positions.position_export, name="position_export"),
    path("posiciones/<id:pk>/borrar/", positions.position_delete, name="position_delete"),
    path("mis-tareas/", student.tasks, name="tasks"),
    path("mis-tareas/<id:pk>/", student.task, name="task"),
    path("mis-tareas/<id:pk>/jugar/<id:item_pk>/", student.task_play, name="task_play"),
]
