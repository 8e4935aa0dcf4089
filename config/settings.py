"""Muster settings: one module, read from the environment.

Defaults are the embedded ones (SQLite in ``var/``, tasks without a broker). A deployment
sets ``DATABASE_URL``, ``CELERY_BROKER_URL``, ``SECRET_KEY``, ``DEBUG=0`` and
``ALLOWED_HOSTS``, plus the HTTPS settings below (README, "Production environment"). With
``DEBUG`` off a missing, short or development ``SECRET_KEY`` stops start-up.
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_pair, env_str
from config.secret_key import DEVELOPMENT_SECRET_KEY, weak_secret_key_reason

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MUSTER_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY")
if not DEBUG:
    if not SECRET_KEY:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    if reason := weak_secret_key_reason(SECRET_KEY):
        raise ImproperlyConfigured(f"SECRET_KEY is unfit for production: {reason}.")
SECRET_KEY = SECRET_KEY or DEVELOPMENT_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS (all off by default: ./run serves plain HTTP on 127.0.0.1). Behind a TLS-terminating
# proxy set SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https so Django knows the scheme.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# Load balancers probe the health check over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_PROXY_SSL_HEADER = env_pair("SECURE_PROXY_SSL_HEADER")
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)

# Forwarded client addresses (X-Forwarded-For) are trusted from this many proxies in front
# of the web server; 0 (./run, a server reached directly) uses the socket's address, so a
# client cannot pick a fresh throttle allowance by sending a header.
NUM_PROXIES = env_int("NUM_PROXIES", 0)

# Failed sign-ins (the HTML login page and POST /api/v1/auth/token/ together), per client
# address, within the window; past it both answer 429 (accounts/login_throttle.py, counted
# in the cache).
LOGIN_FAILURE_LIMIT = env_int("MUSTER_LOGIN_FAILURE_LIMIT", 10)
LOGIN_FAILURE_WINDOW = env_int("MUSTER_LOGIN_FAILURE_WINDOW", 300)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_celery_results",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "armybuilder",
    "rules",
    "campaigns",
    "api",
    "frontend",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "api.middleware.ApiRequestErrorMiddleware",
    "api.middleware.ApiBodySizeLimitMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "frontend.errors.DomainErrorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "api.middleware.PrivateApiCacheMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # config/templates: the API docs page without web fonts (config/api_docs.py).
        "DIRS": [BASE_DIR / "config" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'muster.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
        conn_health_checks=True,  # a kept connection the server dropped is replaced, not used
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with a health check that polls the socket before sending SELECT 1.
    DATABASES["default"]["ENGINE"] = "core.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded worker and the web server share the file: wait for locks, use WAL.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;",
        "transaction_mode": "IMMEDIATE",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "roster-list"
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

# Bodies larger than this answer 413 instead of being read (bad-input rule of the API).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 1024 * 1024)

# User catalogues (armybuilder/services/user_catalogues.py): the largest uploaded document
# and how many catalogues one user may own.
MUSTER_CATALOGUE_UPLOAD_BYTES = env_int("MUSTER_CATALOGUE_UPLOAD_BYTES", 5 * 1024 * 1024)
MUSTER_CATALOGUES_PER_USER = env_int("MUSTER_CATALOGUES_PER_USER", 25)

# REST API (api/): token or session auth, one error format, pagination, filtering,
# throttling. Throttle rates are per client per worker process (local-memory cache).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.JSONParser"],
    "DEFAULT_PAGINATION_CLASS": "api.pagination.PageNumberPagination",
    "PAGE_SIZE": env_int("MUSTER_API_PAGE_SIZE", 50),
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttles.AnonRateThrottle",
        "api.throttles.UserRateThrottle",
    ],
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("MUSTER_API_THROTTLE_ANON", "600/minute"),
        "user": env_str("MUSTER_API_THROTTLE_USER", "6000/minute"),
        # Expensive writes, per user (api/throttles.py): queue or replay a battle, queue a
        # simulation, compute attack odds.
        "battles": env_str("MUSTER_API_THROTTLE_BATTLES", "60/minute"),
        "simulations": env_str("MUSTER_API_THROTTLE_SIMULATIONS", "20/minute"),
        "calc": env_str("MUSTER_API_THROTTLE_CALC", "300/minute"),
    },
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "api.schema.MusterAutoSchema",
    # ``?format=`` belongs to the export endpoint (text | json), not to content negotiation.
    "URL_FORMAT_OVERRIDE": None,
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Army builder, rules calculator and campaigns for tabletop wargames. "
    'Every 4xx answers {"error": {"code", "message", "fields"}}.',
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    # Swagger UI and ReDoc are served from drf-spectacular-sidecar's static files (offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# Cache (throttle counts, nothing else): shared through Redis when CACHE_URL is set, so
# every web process counts the same requests; otherwise per process in local memory.
CACHE_URL = env_str("CACHE_URL")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Celery: with no broker configured, tasks run in-process (the embedded default).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not CELERY_BROKER_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", "django-db")
CELERY_RESULT_EXTENDED = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 300)
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 360)
# No STARTED row and no result row per task: a database error there would happen outside
# the task body, where no retry covers it, and drop the task (issue 23). Jobs report their
# state and progress through their own rows (Battle, Simulation); only the worker heartbeat
# and ``rules.ping`` keep a result.
CELERY_TASK_TRACK_STARTED = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis visibility timeout must exceed the longest task so an unacknowledged task is not
# redelivered while it still runs; a killed worker's tasks come back after it.
# Unacknowledged tasks of a dead worker are swept back into the queue about every
# interval × throttle seconds once older than the visibility timeout (kombu's defaults).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 900),
    "unacked_restore_interval": env_int("CELERY_UNACKED_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": env_int("CELERY_UNACKED_RESTORE_THROTTLE", 10),
}
if CELERY_BROKER_URL.startswith("sqlalchemy+sqlite"):
    # The embedded worker of ./run: kombu's SQLAlchemy transport on a SQLite file in var/.
    # A message is a row written and taken inside a transaction, so the web server and the
    # worker never see half a message (the filesystem transport could hand over an empty
    # file and kill the worker). These options go to ``create_engine``: wait for the lock.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"connect_args": {"timeout": 30}}
# List verification (armybuilder/signing.py): the Ed25519 seed (base64) or the key file
# holding it (created on first use, mode 0600); the instance name tokens carry; how long a
# token stays valid (days; 0: no expiry).
MUSTER_SIGNING_KEY = env_str("MUSTER_SIGNING_KEY", "")
MUSTER_SIGNING_KEY_FILE = Path(
    env_str("MUSTER_SIGNING_KEY_FILE", str(VAR_DIR / "signing-key.ed25519"))
)
MUSTER_INSTANCE_NAME = env_str(
    "MUSTER_INSTANCE_NAME", ALLOWED_HOSTS[0] if ALLOWED_HOSTS else "muster"
)
MUSTER_VERIFICATION_MAX_AGE_DAYS = env_int("MUSTER_VERIFICATION_MAX_AGE_DAYS", 365)
# Per-user limits on queued + running work (rules/job_control.py): one more answers 429.
MUSTER_MAX_ACTIVE_BATTLES = env_int("MUSTER_MAX_ACTIVE_BATTLES", 10)
MUSTER_MAX_ACTIVE_SIMULATIONS = env_int("MUSTER_MAX_ACTIVE_SIMULATIONS", 3)
# Bulk simulations have their own queue and worker pool (``worker-simulations`` in
# docker-compose.yml, the second worker of ./run), so single battles never wait behind them.
CELERY_TASK_ROUTES = {
    "rules.battle_resolve": {"queue": "battles"},
    "rules.simulation_run": {"queue": "simulations"},
    "rules.simulation_chunk": {"queue": "simulations"},
    "rules.requeue_stale": {"queue": "battles"},
}
# A running battle or simulation holds a lease the worker renews every third of this many
# seconds (rules/leases.py); a lease past its time means the worker is gone, the API shows
# the job "stalled" and the sweep below sends it again, so a crashed worker's work resumes
# within about a minute (lease + sweep period), long before the visibility timeout.
JOB_LEASE_SECONDS = env_int("JOB_LEASE_SECONDS", 30)
# Beat retries sending a sweep while the broker is down, so a tick is late, not lost.
SWEEP_SEND_OPTIONS = {
    "retry": True,
    "retry_policy": {"max_retries": 60, "interval_start": 1, "interval_step": 1, "interval_max": 5},
}
# /healthz calls the worker stale when no heartbeat ran for this long (config/health.py).
WORKER_HEARTBEAT_EVERY = env_int("WORKER_HEARTBEAT_EVERY", 30)
WORKER_STALE_AFTER = env_int("WORKER_STALE_AFTER", 120)
CELERY_BEAT_SCHEDULE: dict[str, dict] = {
    # Unattended auto-resolve of campaign games past their round's deadline (idempotent).
    "campaigns-auto-resolve-overdue": {
        "task": "campaigns.auto_resolve_overdue",
        "schedule": env_int("CAMPAIGN_AUTO_RESOLVE_EVERY", 300),
    },
    # The worker heartbeat /healthz reads (config/celery.py); one row, rewritten each time.
    "muster-worker-heartbeat": {
        "task": "muster.worker_heartbeat",
        "schedule": WORKER_HEARTBEAT_EVERY,
        "options": {"task_id": "muster-worker-heartbeat", "expires": WORKER_HEARTBEAT_EVERY},
    },
    # Battles and simulations whose message or worker was lost are sent again (idempotent).
    "rules-requeue-stale": {
        "task": "rules.requeue_stale",
        "schedule": env_int("RULES_REQUEUE_STALE_EVERY", 15),
        "options": SWEEP_SEND_OPTIONS,
    },
    # Engine-played campaign games whose battle is over get its report (idempotent), so a
    # lost finishing message never leaves a game unfinished.
    "campaigns-finish-engine-games": {
        "task": "campaigns.finish_engine_games",
        "schedule": env_int("CAMPAIGN_FINISH_ENGINE_GAMES_EVERY", 15),
        "options": SWEEP_SEND_OPTIONS,
    },
}
