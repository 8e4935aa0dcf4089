"""Game clocks can be shared: a short code for clocks without a campaign game (existing ones
get theirs here) and the users who joined with it."""

from django.conf import settings
from django.db import migrations, models


def give_codes(apps, schema_editor):
    from rules.clocks import new_share_code

    GameClock = apps.get_model("rules", "GameClock")
    for clock in GameClock.objects.filter(game__isnull=True, share_code__isnull=True):
        clock.share_code = new_share_code()
        clock.save(update_fields=["share_code"])


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0005_merge_20261201_1342"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="gameclock",
            name="share_code",
            field=models.CharField(blank=True, max_length=8, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="gameclock",
            name="shared_with",
            field=models.ManyToManyField(
                blank=True, related_name="joined_clocks", to=settings.AUTH_USER_MODEL
            ),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
    ]
