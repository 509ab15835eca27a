from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = "Lecciones"

    def ready(self) -> None:
        # The course is loaded and validated by the system check (manage.py check, runserver,
        # migrate), so a broken content file is reported with its name instead of crashing import.
        from lessons import checks, origins, receivers, services  # noqa: F401
        from tutor.practice import display
        from tutor.practice.origins import register

        register(origins.LessonKind())
        display.set_lesson_links(services.url_teaching)
