"""A worker is warm before its first request: importing the WSGI or ASGI application (what gunicorn
does when a worker starts) loads the views, the engine's catalogues, the course and the templates,
so that the first requests import no module of ours and compile no template."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "tutor.settings"
import importlib
importlib.import_module(sys.argv[1])
from django.template import engines
from django.test import Client
from lessons.course import _load_cached

ours = ("tutor", "engine", "lessons")
loader = engines["django"].engine.template_loaders[0]
before_modules = {m for m in sys.modules if m.split(".")[0] in ours}
before_templates = set(loader.get_template_cache)
course_loaded = _load_cached.cache_info().currsize
client = Client(HTTP_HOST="localhost")
statuses = [client.get(path).status_code for path in ("/", "/baraja/", "/lecciones/", "/?lang=en")]
print(json.dumps({
    "statuses": statuses,
    "course_loaded": course_loaded,
    "modules": sorted({m for m in sys.modules if m.split(".")[0] in ours} - before_modules),
    "templates": sorted(map(str, set(loader.get_template_cache) - before_templates)),
}))
"""


@pytest.mark.parametrize("entry", ["tutor.wsgi", "tutor.asgi"])
def test_a_fresh_worker_serves_its_first_requests_warm(entry, tmp_path):
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DJANGO_DEBUG": "1",  # static files without collectstatic
        "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    done = subprocess.run(
        [sys.executable, "-c", PROBE, entry], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["statuses"] == [200, 200, 200, 200]
    assert found["course_loaded"] == 1
    assert found["modules"] == []
    assert found["templates"] == []
