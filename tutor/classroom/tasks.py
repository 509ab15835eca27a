"""The classroom's long work, run by the task worker (`manage.py db_worker`), never in a request."""

from django.tasks import task

from tutor.classroom import passwords


@task
def strengthen_passwords() -> int:
    """Wrap the quick hashes of the children's new passwords (tutor.classroom.passwords); returns
    how many changed."""
    return passwords.strengthen()
