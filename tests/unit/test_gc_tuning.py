"""The collector of the battle-playing processes (config.gc_tuning, issue 25)."""

from __future__ import annotations

import gc

from celery.signals import worker_process_init

from config.celery import tune_pool_process
from config.gc_tuning import YOUNG_THRESHOLD, tune_for_battles


def test_tuning_freezes_start_up_objects_and_raises_only_the_young_threshold():
    before = gc.get_threshold()
    try:
        tune_for_battles()
        assert gc.get_threshold() == (YOUNG_THRESHOLD, before[1], before[2])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_every_celery_pool_process_is_tuned_when_it_starts():
    receivers = [ref() for _, ref in worker_process_init.receivers]
    assert tune_pool_process in receivers
