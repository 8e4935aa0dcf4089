"""Between-games warband actions: trading, hired swords and captives (NOT IN SEED, published
Mordheim rules), each a line of the participant's campaign record."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.db import models
from django.db.models.manager import Manager

from campaigns.models.games import CampaignLine, Game, LedgerEntry, Participant, kind_valid


class WarbandActionKind(models.TextChoices):
    """What a player did to their warband between games (the post-battle sequence's trading
    steps, hired swords and captives: NOT IN SEED, published Mordheim rules, Trading, Hired
    Swords, Serious injuries 61 "Captured")."""

    RARITY_ROLL = "rarity_roll", "Rarity roll"
    """A hero searched for a rare item: 2D6 against its rarity (``data``: dice, found)."""
    BUY = "buy", "Bought equipment"
    SELL = "sell", "Sold equipment"
    HIRE = "hire", "Hired a hired sword"
    UPKEEP = "upkeep", "Paid a hired sword's upkeep"
    DISMISS = "dismiss", "Let a hired sword go"
    RANSOM_SET = "ransom_set", "Set a captive's ransom"
    RANSOM = "ransom", "Paid or received a ransom"
    SOLD_CAPTIVE = "sold_captive", "Sold a captive to the slavers"
    RELEASE = "release", "Released a captive"
    EXCHANGE = "exchange", "Offered a captive in exchange"


class ActiveWarbandActions(models.Manager["WarbandAction"]):
    """The actions that count: those of a game an organiser reversed are left out."""

    def get_queryset(self) -> models.QuerySet[WarbandAction]:
        return super().get_queryset().filter(reversed_at__isnull=True)


class WarbandAction(CampaignLine):
    """One between-games action of a participant: ``gold`` is what it put into (+) or took
    out of (−) their treasury; ``after`` is the participant's latest finished game when it
    happened (rarity rolls belong to that game's post-battle sequence); ``unit_key`` names the
    roster entry (or hired sword), ``target`` the captive's injury ledger line; reversing the
    game it followed sets ``reversed_at`` (the row stays, for the record; ``objects`` reads
    only the actions that count)."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="warband_actions"
    )
    after = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=20, choices=WarbandActionKind.choices)
    gold = models.IntegerField(default=0)
    item = models.CharField(max_length=80, blank=True)
    target = models.ForeignKey(
        LedgerEntry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    created_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reversed_at = models.DateTimeField(null=True, blank=True)

    all_objects = Manager()  # every row, the reversed ones too
    objects = ActiveWarbandActions()

    class Meta(CampaignLine.Meta):
        default_manager_name = "objects"
        indexes = [models.Index(fields=("participant", "kind"))]
        constraints = [kind_valid(WarbandActionKind, "warband_action_kind_valid")]

    def __str__(self) -> str:
        return f"{self.kind} {self.gold} by participant {self.participant_id}"
