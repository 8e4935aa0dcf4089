# One image for migrate, web, worker and beat (docker-compose.yml picks the command).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 MUSTER_VAR_DIR=/app/var
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN mkdir -p var/static && DEBUG=1 python manage.py collectstatic --noinput -v 0 \
    && useradd --system --uid 10001 --home-dir /app --no-create-home muster \
    && chown -R muster:muster var
# Not root: the code is read-only to the server, only var/ (beat schedule) is writable.
USER muster
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3", "--worker-class", "gthread", "--limit-request-line", "8190"]
