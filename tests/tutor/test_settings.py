"""Settings come from the environment; each case imports them in a fresh interpreter."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWN_VARS = ("DJANGO_", "DATABASE_URL", "REDIS_URL", "EMAIL_")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_VARS)}
    env.update(extra)
    return env


def _settings(**extra: str) -> dict:
    code = (
        "import json\n"
        "from django.conf import settings\n"
        "values = {}\n"
        "for name in dir(settings):\n"
        "    try:\n"
        "        values[name] = getattr(settings, name)\n"
        "    except Exception:\n"
        "        pass\n"
        "print(json.dumps(values, default=str))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=_env(DJANGO_SETTINGS_MODULE="tutor.settings", **extra),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def production_env() -> dict[str, str]:
    return _env(
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="1",
        DJANGO_ALLOWED_HOSTS="tute.example.org",
        DATABASE_URL="postgres://tutor:secret@127.0.0.1:5432/tutor",
        REDIS_URL="redis://127.0.0.1:6379/0",
        EMAIL_HOST="smtp.example.org",
    )


def test_it_defaults_to_a_sqlite_file_in_wal_mode_with_immediate_transactions():
    s = _settings()
    db = s["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"].endswith("db.sqlite3")
    assert db["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    assert db["CONN_MAX_AGE"] == 600  # a connection per worker thread, not one per request
    assert s["DEBUG"] is False
    assert s["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    # The database store (tests/tutor/accounts/test_sessions.py).
    assert s["SESSION_ENGINE"] == "tutor.accounts.sessions"
    assert s["MAILERS"]["default"]["BACKEND"].endswith("console.EmailBackend")


def test_email_host_selects_smtp():
    mailer = _settings(EMAIL_HOST="smtp.example.org", EMAIL_PORT="465")["MAILERS"]["default"]
    assert mailer["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert mailer["OPTIONS"]["host"] == "smtp.example.org"
    assert mailer["OPTIONS"]["port"] == 465


def test_database_url_selects_postgresql_with_persistent_connections():
    db = _settings(DATABASE_URL="postgres://u:p@db.internal:5432/tutor")["DATABASES"]["default"]
    # Django's backend with a health check that asks the socket, not the server (tutor/lib/postgresql).
    assert db["ENGINE"] == "tutor.lib.postgresql"
    assert (db["HOST"], db["NAME"], db["USER"]) == ("db.internal", "tutor", "u")
    assert db["CONN_MAX_AGE"] == 600
    assert db["CONN_HEALTH_CHECKS"] is True


def test_redis_url_selects_the_redis_cache_but_not_for_sessions():
    s = _settings(REDIS_URL="redis://127.0.0.1:6379/1")
    default = s["CACHES"]["default"]
    assert (default["BACKEND"], default["LOCATION"]) == (
        "django_redis.cache.RedisCache",
        "redis://127.0.0.1:6379/1",
    )
    # A stopped or frozen Redis costs a short wait, then the guarded pool fails at once for a while.
    assert default["OPTIONS"]["SOCKET_TIMEOUT"] <= 0.5 and default["OPTIONS"]["SOCKET_CONNECT_TIMEOUT"] <= 0.5
    assert default["OPTIONS"]["CONNECTION_POOL_CLASS"] == "tutor.lib.outage.GuardedPool"
    assert s["CACHES"]["fallback"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    # Sessions stay in the database: a Redis outage must not log everybody out or fail every page.
    # The database store (tests/tutor/accounts/test_sessions.py).
    assert s["SESSION_ENGINE"] == "tutor.accounts.sessions"


def test_debug_secret_key_and_hosts_come_from_the_environment():
    s = _settings(DJANGO_DEBUG="1", DJANGO_SECRET_KEY="k" * 60, DJANGO_ALLOWED_HOSTS="a.example, b.example")
    assert s["DEBUG"] is True
    assert s["SECRET_KEY"] == "k" * 60
    assert s["ALLOWED_HOSTS"] == ["a.example", "b.example"]


def test_https_flag_turns_on_secure_host_only_cookies():
    s = _settings(DJANGO_HTTPS="1", DJANGO_ALLOWED_HOSTS="tute.example.org")
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SECURE_SSL_REDIRECT"]
    assert s["SESSION_COOKIE_NAME"] == "__Host-sessionid"
    assert s["CSRF_COOKIE_NAME"] == "__Host-csrftoken"
    assert s["SECURE_HSTS_SECONDS"] > 0
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://tute.example.org"]


def test_hardening_does_not_follow_debug():
    s = _settings(DJANGO_DEBUG="0")
    assert s["SESSION_COOKIE_SECURE"] is False
    assert s["SESSION_COOKIE_NAME"] == "sessionid"
    assert s["SECURE_SSL_REDIRECT"] is False


def test_csp_is_on_without_inline_scripts_or_styles():
    s = _settings()
    assert "django.middleware.csp.ContentSecurityPolicyMiddleware" in s["MIDDLEWARE"]
    csp = s["SECURE_CSP"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_check_deploy_is_clean_under_production_settings():
    result = _check_deploy(production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_fails_with_development_defaults():
    result = _check_deploy(_env())
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_tasks_go_to_the_database_queue_unless_asked_to_run_in_the_request():
    assert _settings()["TASKS"]["default"]["BACKEND"] == "django_tasks_db.DatabaseBackend"
    immediate = _settings(DJANGO_TASKS_BACKEND="immediate")["TASKS"]["default"]["BACKEND"]
    assert immediate == "django.tasks.backends.immediate.ImmediateBackend"
