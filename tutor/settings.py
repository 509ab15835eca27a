"""Settings for Tutor de Tute, read from the environment.

Development needs nothing set (SQLite file, DEBUG off unless DJANGO_DEBUG=1). Production sets
DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_HTTPS=1 and usually DATABASE_URL and REDIS_URL;
the README lists the exact commands.
"""

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# The default key is only good for development: check --deploy flags it (security.W009).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "django-insecure-dev-only-tutor-de-tute"
DEBUG = env_bool("DJANGO_DEBUG")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")

# Hardening is keyed on an explicit flag, never on `not DEBUG`: tests run with DEBUG off over HTTP.
HTTPS = env_bool("DJANGO_HTTPS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tasks_db",
    "tutor.accounts",
    "tutor.privacy",
    "tutor.core",
    "tutor.deck",
    "tutor.practice",
    "tutor.progress",
    "tutor.classroom",
    "tutor.hands",
    "tutor.play",
    "tutor.live",
    "tutor.paper",
    "tutor.tables",
    "lessons",
]

MIDDLEWARE = [
    "tutor.core.middleware.streams_hold_no_connection",  # outermost: after every other middleware
    "django.middleware.security.SecurityMiddleware",
    "tutor.core.middleware.head_as_get",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, reading the user the session brought (tutor.accounts.sessions): one query for both.
    "tutor.accounts.sessions.AuthenticationMiddleware",
    # In place of Django's LocaleMiddleware: the account's or the cookie's choice, never
    # Accept-Language (Spanish is the default for everyone who has not chosen), no URL prefixes.
    "tutor.accounts.language.language_middleware",
    "tutor.accounts.display.display_middleware",  # Letra grande, Confirmar la carta: request.display
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tutor.core.middleware.method_not_allowed_page",
]

ROOT_URLCONF = "tutor.urls"
WSGI_APPLICATION = "tutor.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tutor.core.context_processors.navigation",
                "tutor.core.context_processors.csrf_once",
            ],
        },
    },
]

# Databases: a SQLite file unless DATABASE_URL names another (PostgreSQL in production and CI).
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=600, conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's, with a health check that asks the socket instead of the server (tutor/lib/postgresql).
        DATABASES["default"]["ENGINE"] = "tutor.lib.postgresql"
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("DJANGO_SQLITE_PATH") or BASE_DIR / "db.sqlite3",
            # Each worker thread keeps its connection: opening one and running init_command on
            # every request would cost more than most of our views.
            "CONN_MAX_AGE": 600,
            "OPTIONS": {
                # IMMEDIATE takes the write lock at BEGIN, so a transaction that reads then writes
                # waits on the busy timeout instead of failing with "database is locked".
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Long work leaves the request through django.tasks: the database backend (django-tasks-db) keeps the
# queue in our database and `manage.py db_worker` runs it (scripts/dev starts one; the README's
# production steps run one beside gunicorn). DJANGO_TASKS_BACKEND=immediate runs each task inside the
# request instead, for a quick look without a worker.
# A hand's review still queued after this long: its page says the worker may be away or busy.
REVIEW_QUEUED_NOTICE_SECONDS = 60
if os.environ.get("DJANGO_TASKS_BACKEND", "database") == "immediate":
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
else:
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

# Redis answers in well under a millisecond: one that has not answered in REDIS_TIMEOUT seconds is
# down or frozen, and tutor.lib.outage then leaves it alone for a few seconds (no request waits on it
# more than once). The "fallback" cache, a database table, keeps the throttles' counts and the
# double-submit records meanwhile.
REDIS_TIMEOUT = 0.5
REDIS_OPTIONS = {
    "CONNECTION_POOL_CLASS": "tutor.lib.outage.GuardedPool",
    "SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT,
    "SOCKET_TIMEOUT": REDIS_TIMEOUT,
}
FALLBACK_CACHE = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "core_fallback_cache"}
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": REDIS_OPTIONS,
        },
        "fallback": FALLBACK_CACHE,
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "fallback": FALLBACK_CACHE,
    }
# Live rounds push their changes as server-sent events (tutor.live.stream): it takes Redis (pub/sub
# between instances) and an ASGI server (uvicorn workers); otherwise the pages poll.
LIVE_EVENTS = bool(os.environ.get("REDIS_URL")) and os.environ.get("DJANGO_LIVE_EVENTS", "1") == "1"

AUTH_USER_MODEL = "accounts.User"
# Sessions stay in the database (a Redis outage must sign nobody out), each row with its account's id:
# the session and its user are read in one query (tutor.accounts.sessions).
SESSION_ENGINE = "tutor.accounts.sessions"
AUTHENTICATION_BACKENDS = ["tutor.accounts.sessions.SessionUserBackend"]
# Django's hashers, plus the quick one children's generated passwords start with and its strengthening
# (tutor.classroom.passwords).
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
    "tutor.classroom.passwords.StrengthenedPasswordHasher",
    "tutor.classroom.passwords.FreshPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "core:home"
LOGOUT_REDIRECT_URL = "core:home"

# Throttles (tutor.lib.throttle): failures allowed per window before the form refuses to try.
# Failed logins, on the site's form and the admin's:
LOGIN_ATTEMPTS_PER_USERNAME = 5
LOGIN_ATTEMPTS_PER_IP = 20
LOGIN_ATTEMPTS_WINDOW = 15 * 60
# Wrong join codes (an address over its limit refuses only the accounts that guessed wrong):
JOIN_ATTEMPTS_PER_ACCOUNT = 8
JOIN_ATTEMPTS_PER_IP = 30
JOIN_ATTEMPTS_WINDOW = 15 * 60
# Wrong live round codes count with the class codes' limits (their own counts). Guests joining live
# rounds, per address (a school is one address: a room of guests must fit):
GUEST_JOINS_PER_IP = 60
GUEST_JOIN_WINDOW = 10 * 60
# Password-reset mails asked for:
PASSWORD_RESETS_PER_EMAIL = 3
PASSWORD_RESETS_PER_IP = 10
PASSWORD_RESET_WINDOW = 60 * 60
# Behind a reverse proxy the client address is the last X-Forwarded-For entry, not REMOTE_ADDR.
TRUST_X_FORWARDED_FOR = env_bool("DJANGO_BEHIND_PROXY")

# Personal data (tutor.privacy, the privacy page states these): anonymous visitors' practice, matches
# and sessions go after this many days without activity (manage.py expire_anonymous_data, from cron);
# a «Mis datos» archive is kept this long; a class archived this long can be erased whole.
ANONYMOUS_DATA_DAYS = 30
EXPORT_KEPT_DAYS = 7
ARCHIVED_CLASS_ERASABLE_DAYS = 30

LANGUAGE_CODE = "es"
# Each language by its own name: that is how the header's switch offers it.
LANGUAGES = [("es", "Español"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Madrid"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed names need `collectstatic`; development serves the files as they are.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Mail goes to the console unless an SMTP server is named (check --deploy refuses the console).
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Tutor de Tute <tutor@localhost>")

# No inline scripts or styles anywhere: htmx's indicator styles ship in static/css/tutor.css.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

if HTTPS:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
    # Load balancers probe over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # __Host- cookies are bound to this exact host, HTTPS only, path /.
    SESSION_COOKIE_NAME = "__Host-sessionid"
    CSRF_COOKIE_NAME = "__Host-csrftoken"
    LANGUAGE_COOKIE_NAME = "__Host-language"
    LANGUAGE_COOKIE_SECURE = True
    CSRF_TRUSTED_ORIGINS = [f"https://{host}" for host in ALLOWED_HOSTS if not host.startswith(".")]
    if env_bool("DJANGO_BEHIND_PROXY"):
        # Only behind a proxy that always sets this header itself.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
