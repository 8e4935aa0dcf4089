"""Create the demo user once and print how to sign in."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "muster-demo"  # noqa: S105 - a published demo account of the embedded run


class Command(BaseCommand):
    help = "Create the demo user (demo / muster-demo) if it does not exist."

    def handle(self, *args: object, **options: object) -> None:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(username=DEMO_USERNAME)
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        state = "created" if created else "exists"
        self.stdout.write(
            f"Demo user {state}: username '{DEMO_USERNAME}', password '{DEMO_PASSWORD}'"
        )
