"""Admin: read-mostly views of campaigns, games, the ledger and the audit log."""

from django.contrib import admin

from campaigns.models import AuditEntry, Campaign, Game, LedgerEntry, Participant, Round


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "system", "format", "status", "created_at")
    list_filter = ("system", "format", "status")


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "user", "status")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("campaign", "number", "pairing", "deadline")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "campaign", "round", "participant_a", "participant_b", "status")
    list_filter = ("status",)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin):
    list_display = ("game", "participant", "unit_key", "kind", "amount")
    list_filter = ("kind",)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "campaign", "game", "actor", "action")
    list_filter = ("action",)
