"""Simulate many seeded battles between two rosters with a progress bar, then print odds."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from rules.errors import BattleRequestError
from rules.services import simulation_create, simulation_missing_chunks, simulation_run_chunk
from rules.snapshots import snapshots_from_references


class Command(BaseCommand):
    help = "Simulate N battles: ROSTER_A ROSTER_B are roster ids or sample:<system>/<name>."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("roster_a")
        parser.add_argument("roster_b")
        parser.add_argument("--runs", type=int, default=100)
        parser.add_argument("--mission", default=None)
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args: object, **options: object) -> None:
        try:
            simulation = simulation_create(
                requested_by=None,
                **snapshots_from_references(str(options["roster_a"]), str(options["roster_b"])),
                runs=int(options["runs"]),
                mission=options["mission"],
                seed=options["seed"],
                enqueue=False,
            )
        except BattleRequestError as exc:
            raise CommandError(f"{exc.field}: {exc.message}") from exc
        with tqdm(total=simulation.runs, unit="battle", file=self.stderr._out) as bar:
            for index in simulation_missing_chunks(simulation):
                simulation_run_chunk(simulation_id=simulation.pk, index=index)
                bar.update(simulation.chunk_bounds(index)[1])
        simulation.refresh_from_db()
        if simulation.result is None:
            raise CommandError(f"Simulation {simulation.pk} failed: {simulation.failure_reason}")
        odds = simulation.result["odds"]
        self.stdout.write(f"Simulation {simulation.pk}: {simulation.runs} battles")
        for label in ("win", "draw", "loss"):
            low, high = odds[label]["ci95"]
            self.stdout.write(
                f"  {label:>4}: {odds[label]['probability']:.1%} (95% CI {low:.1%}–{high:.1%})"
            )
        self.stdout.write(f"  mean VP margin (a − b): {simulation.result['margin']['mean']:.1f}")
