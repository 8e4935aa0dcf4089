# One image for migrate, web, worker and beat (docker-compose.yml picks the command).

# The compiled engine (docs/battles.md, "The compiled engine"): mypyc turns the typed rules
# engine into C extensions, battles 1.4-2.2x faster with the same reports. Built in a stage
# of its own, so the C compiler and mypy stay out of the image; four to seven minutes on
# two cores, redone only when the engine or requirements-engine-build.txt changes.
FROM python:3.11-slim AS engine
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements-engine-build.txt .
RUN pip install --no-cache-dir -r requirements-engine-build.txt
COPY rules/__init__.py rules/engine_build.py rules/
COPY rules/engine rules/engine
RUN python -m rules.engine_build > /tmp/engine-dir && mv "$(cat /tmp/engine-dir)" /compiled-engine

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 MUSTER_VAR_DIR=/app/var \
    MUSTER_COMPILED_ENGINE=/app/compiled-engine
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
# Used only while its stamp names these same sources (else the pure engine and a warning in
# the log, rules/engine_build.py): the image is not built unless it plays the compiled one.
COPY --from=engine /compiled-engine /app/compiled-engine
RUN python -W error::RuntimeWarning -c "import config, rules.engine as e; assert e.__file__.endswith('.so')" \
    && mkdir -p var/static && DEBUG=1 python manage.py collectstatic --noinput -v 0 \
    && useradd --system --uid 10001 --home-dir /app --no-create-home muster \
    && chown -R muster:muster var
# Not root: the code is read-only to the server, only var/ (beat schedule) is writable.
USER muster
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--worker-class", "config.gunicorn_worker.BalancedThreadWorker", "--limit-request-line", "8190"]
