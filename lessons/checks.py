from django.core import checks

from lessons.course import CourseError


@checks.register("lessons")
def course_content_is_valid(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """`manage.py check` fails on broken course content, naming each file and problem."""
    from lessons import services

    try:
        services.get_course()
    except CourseError as exc:
        return [checks.Error(problem, id="lessons.E001") for problem in exc.problems]
    return []
