"""Imported by the test workers (``celery worker --include``) and the test's helper
processes: they play the test-only coinflip system too, as the ``coinflip_system`` fixture
lets the test process do. The explicit list of systems is extended, never registered into."""

from rules.engine import systems
from tests.coinflip_system import COINFLIP

if COINFLIP not in systems.SYSTEMS:
    systems.SYSTEMS = (*systems.SYSTEMS, COINFLIP)
