import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

application = get_wsgi_application()

# Before the worker takes its first request (tutor/warmup.py).
from tutor.warmup import warm_up  # noqa: E402

warm_up()
