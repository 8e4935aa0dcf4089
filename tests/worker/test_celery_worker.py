"""A real worker consumes a task from Redis and writes its result to PostgreSQL."""

import pytest
from django_celery_results.models import TaskResult

from tests.support import wait_for

pytestmark = pytest.mark.worker


def test_worker_runs_a_task_and_stores_its_result_in_the_database(start_worker, celery_sender):
    worker = start_worker()
    result = celery_sender.send_task("rules.ping", args=["muster"])

    stored = wait_for(lambda: TaskResult.objects.filter(task_id=result.id).first(), timeout=60)

    assert worker.process.poll() is None, worker.log_path.read_text()[-2000:]
    assert stored is not None, worker.log_path.read_text()[-2000:]
    assert stored.status == "SUCCESS"
    assert stored.result == '"pong:muster"'
