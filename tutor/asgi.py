"""The ASGI entry point: gunicorn with uvicorn workers (``-k uvicorn_worker.UvicornWorker
tutor.asgi:application``) serves every page as the WSGI one does, and the live rounds' server-sent
events (tutor.live.stream) without holding a worker per open stream."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

application = get_asgi_application()

# Before the worker takes its first request (tutor/warmup.py): the views, and with them the live
# streams' Redis client (tutor.live.stream), are imported here, never by a stream's first task.
from tutor.warmup import warm_up  # noqa: E402

warm_up()
