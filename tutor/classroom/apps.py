from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    name = "tutor.classroom"
    verbose_name = "Clases"

    def ready(self) -> None:
        from tutor.classroom import origins, receivers  # noqa: F401  (moves assignment rows on each attempt)
        from tutor.practice.origins import register

        register(origins.SetQuestionKind())
