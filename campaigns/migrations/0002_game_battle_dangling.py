"""Before ``Game.battle_id`` becomes a foreign key: forget ids of battles that no longer
exist (the rules app may have pruned them), so the constraint can be added."""

from django.db import migrations


def forget_missing_battles(apps, schema_editor):
    Game = apps.get_model("campaigns", "Game")
    Battle = apps.get_model("rules", "Battle")
    known = set(Battle.objects.values_list("id", flat=True))
    stale = [
        pk
        for pk, battle_id in Game.objects.filter(battle_id__isnull=False).values_list(
            "id", "battle_id"
        )
        if battle_id not in known
    ]
    Game.objects.filter(pk__in=stale).update(battle_id=None)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0001_initial"),
        ("rules", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(forget_missing_battles, migrations.RunPython.noop),
    ]
