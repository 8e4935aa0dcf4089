"""``manage.py load_catalogues``: load or upgrade the catalogue files idempotently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from armybuilder.rosterdata import CATALOGUE_DIR
from armybuilder.services.catalogues import catalogues_load


class Command(BaseCommand):
    help = "Load or upgrade game-system and faction catalogues (unchanged files write nothing)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--path",
            default=str(CATALOGUE_DIR),
            help="catalogue directory (default: armybuilder/catalogues)",
        )
        parser.add_argument(
            "--strict", action="store_true", help="fail when any file does not pass its checks"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        report = catalogues_load(directory=Path(options["path"]))
        for error in report.errors:
            self.stderr.write(f"[{error.code}] {error.message}")
        self.stdout.write(
            f"catalogues: {len(report.created)} created, {len(report.upgraded)} upgraded, "
            f"{len(report.unchanged)} unchanged, {len(report.errors)} failed"
        )
        if report.errors and options["strict"]:
            raise CommandError(f"{len(report.errors)} catalogue file(s) failed their checks")
