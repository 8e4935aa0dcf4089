"""``manage.py verify_roster``: sign a roster's verification, or check a token."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from armybuilder.errors import ArmyBuilderError
from armybuilder.selectors import roster_get
from armybuilder.services.verification import roster_verification, verification_check


class Command(BaseCommand):
    help = "Print a roster's signed verification token, or check a token (--token)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("roster_id", nargs="?", type=int, help="roster to verify")
        parser.add_argument("--token", help="a token to check instead")
        parser.add_argument(
            "--list", dest="list_file", help="a list file (text or JSON) to check against it"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["token"]:
                shown = None
                if options["list_file"]:
                    with open(options["list_file"], encoding="utf-8") as handle:
                        shown = handle.read()
                check = verification_check(token=options["token"], shown_list=shown)
                self.stdout.write(json.dumps(check.as_dict(), indent=2, sort_keys=True))
                if check.list_matches is False:
                    raise CommandError("The list shown is not the verified list")
                if shown is None and not check.matches_roster:
                    raise CommandError("The roster no longer matches the verified list")
                return
            if options["roster_id"] is None:
                raise CommandError("Give a roster id or --token")
            verification = roster_verification(roster=roster_get(roster_id=options["roster_id"]))
        except ArmyBuilderError as error:
            raise CommandError(f"[{error.code}] {error.message}") from error
        self.stdout.write(json.dumps(verification.data, indent=2, sort_keys=True))
        self.stdout.write(verification.token)
