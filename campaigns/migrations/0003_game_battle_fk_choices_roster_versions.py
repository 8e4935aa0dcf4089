"""``Game.battle`` becomes a foreign key to ``rules.Battle`` (same column), ledger entries may
record a player's advance choice, and accepted campaign rosters are kept as versions."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

KINDS = [
    "experience",
    "advance",
    "injury",
    "death",
    "rank",
    "character_points",
    "resource",
    "choice",
]


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0002_game_battle_dangling"),
        ("rules", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="game", name="battle_id"),
                migrations.AddField(
                    model_name="game",
                    name="battle",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="campaign_games",
                        to="rules.battle",
                    ),
                ),
            ],
            database_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="battle_id",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        db_column="battle_id",
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="campaign_games",
                        to="rules.battle",
                    ),
                ),
            ],
        ),
        migrations.AlterField(
            model_name="ledgerentry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("experience", "Experience"),
                    ("advance", "Advance"),
                    ("injury", "Injury"),
                    ("death", "Death"),
                    ("rank", "Rank"),
                    ("character_points", "Character points"),
                    ("resource", "Resource"),
                    ("choice", "Choice"),
                ],
                max_length=20,
            ),
        ),
        migrations.RemoveConstraint(model_name="ledgerentry", name="ledger_kind_valid"),
        migrations.AddConstraint(
            model_name="ledgerentry",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", KINDS)), name="ledger_kind_valid"
            ),
        ),
        migrations.CreateModel(
            name="RosterVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("payload", models.JSONField()),
                ("cost", models.IntegerField(default=0)),
                ("spent", models.IntegerField(default=0)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "participant",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="roster_versions",
                        to="campaigns.participant",
                    ),
                ),
            ],
            options={
                "ordering": ("participant", "number"),
                "constraints": [
                    models.UniqueConstraint(
                        fields=("participant", "number"), name="one_roster_version_number"
                    )
                ],
            },
        ),
    ]
