"""Resolve one battle between two rosters and print the report summary."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.errors import BattleRequestError
from rules.services import battle_create, battle_resolve
from rules.snapshots import snapshots_from_references


class Command(BaseCommand):
    help = (
        "Resolve a battle: ROSTER_A ROSTER_B are roster ids or sample:<system>/<name> "
        "(e.g. sample:grimdark/ashen-strike-force)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("roster_a")
        parser.add_argument("roster_b")
        parser.add_argument("--mission", default=None)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--log", action="store_true", help="print the whole event log")

    def handle(self, *args: object, **options: object) -> None:
        try:
            battle = battle_create(
                requested_by=None,
                **snapshots_from_references(str(options["roster_a"]), str(options["roster_b"])),
                mission=options["mission"],
                seed=options["seed"],
                enqueue=False,
            )
        except BattleRequestError as exc:
            raise CommandError(f"{exc.field}: {exc.message}") from exc
        battle = battle_resolve(battle_id=battle.pk)
        if battle.status != "resolved":
            raise CommandError(f"Battle {battle.pk} failed: {battle.failure_reason}")
        report = battle.report
        self.stdout.write(f"Battle {battle.pk}: {battle.system}, mission {battle.mission}")
        self.stdout.write(f"Seed {battle.seed}, {report['turns_played']} turns")
        for side in ("a", "b"):
            self.stdout.write(f"  {side}: {report['armies'][side]} — {report['scores'][side]}")
        winner = report["winner"]
        self.stdout.write(f"Winner: {report['armies'][winner] if winner else 'draw'}")
        if report.get("summary"):
            self.stdout.write(report["summary"])
        if options["log"]:
            for event in report["events"]:
                self.stdout.write(f"T{event['turn']} {event['phase']}: {event['text']}")
        self.stdout.write(f"Report hash {battle.report_hash}")
