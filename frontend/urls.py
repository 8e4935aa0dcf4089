"""Page URLs (mounted at the site root by ``config/urls.py``)."""

from __future__ import annotations

from django.urls import path

from frontend.views import (
    accounts,
    battles,
    battlescribe,
    campaign_catalogues,
    campaign_people,
    campaigns,
    catalogue_editor,
    catalogues,
    clocks,
    gcs,
    home,
    odds,
    roster_exchange,
    rosters,
    rules_variants,
    sheet_editor,
    warband,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    # Army builder
    path("rosters/", rosters.roster_list_view, name="roster-list"),
    path("rosters/new/", rosters.roster_create, name="roster-create"),
    path("rosters/factions/", rosters.roster_factions, name="roster-factions"),
    path("rosters/import/", roster_exchange.roster_import, name="roster-import"),
    path(
        "rosters/import/battlescribe/",
        battlescribe.battlescribe_roster_import,
        name="battlescribe-roster-import",
    ),
    path(
        "rosters/<int:pk>/export.ros",
        battlescribe.battlescribe_roster_download,
        {"fmt": "ros"},
        name="roster-export-ros",
    ),
    path(
        "rosters/<int:pk>/export.rosz",
        battlescribe.battlescribe_roster_download,
        {"fmt": "rosz"},
        name="roster-export-rosz",
    ),
    path("battlescribe/", battlescribe.battlescribe_import, name="battlescribe-import"),
    path("battlescribe/preview/", battlescribe.battlescribe_preview, name="battlescribe-preview"),
    path("battlescribe/accept/", battlescribe.battlescribe_accept, name="battlescribe-accept"),
    path("gcs/", gcs.gcs_import_page, name="gcs-import-page"),
    path("gcs/save/", gcs.gcs_save_page, name="gcs-save-page"),
    path("rosters/samples/copy/", rosters.roster_sample_copy, name="roster-sample-copy"),
    path("rosters/shared/<str:token>/", roster_exchange.roster_shared, name="roster-shared"),
    path("rosters/<int:pk>/", rosters.roster_edit, name="roster-edit"),
    path("rosters/<int:pk>/catalogue/", rosters.roster_catalogue, name="roster-catalogue"),
    path("rosters/<int:pk>/details/", rosters.roster_details, name="roster-details"),
    path("rosters/<int:pk>/units/add/", rosters.roster_unit_add, name="roster-unit-add"),
    path(
        "rosters/<int:pk>/units/<str:unit_id>/",
        rosters.roster_unit_update,
        name="roster-unit-update",
    ),
    path(
        "rosters/<int:pk>/units/<str:unit_id>/duplicate/",
        rosters.roster_unit_duplicate,
        name="roster-unit-duplicate",
    ),
    path(
        "rosters/<int:pk>/units/<str:unit_id>/remove/",
        rosters.roster_unit_remove,
        name="roster-unit-remove",
    ),
    path("rosters/<int:pk>/undo/", rosters.roster_undo, name="roster-undo"),
    path(
        "rosters/<int:pk>/accept-catalogue/",
        rosters.roster_accept_catalogue,
        name="roster-accept-catalogue",
    ),
    path("rosters/<int:pk>/redo/", rosters.roster_redo, name="roster-redo"),
    path("rosters/<int:pk>/restore/<int:number>/", rosters.roster_restore, name="roster-restore"),
    path("rosters/<int:pk>/copy/", rosters.roster_copy, name="roster-copy"),
    path("rosters/<int:pk>/delete/", rosters.roster_delete, name="roster-delete"),
    path("rosters/<int:pk>/export/", roster_exchange.roster_export, name="roster-export"),
    path(
        "rosters/<int:pk>/export.<str:fmt>",
        roster_exchange.roster_export_download,
        name="roster-export-download",
    ),
    path("rosters/<int:pk>/print/", roster_exchange.roster_print, name="roster-print"),
    path("rosters/<int:pk>/cards/", roster_exchange.roster_cards, name="roster-cards"),
    path("rosters/<int:pk>/cards.pdf", roster_exchange.roster_cards_pdf, name="roster-cards-pdf"),
    path("rosters/<int:pk>/share/", roster_exchange.roster_share, name="roster-share"),
    # Catalogues (users' own factions beside the site's samples)
    path("catalogues/", catalogues.catalogue_list_view, name="catalogue-list"),
    path("rules-variants/", rules_variants.rules_variant_list_view, name="rules-variant-list"),
    path("rules-variants/new/", rules_variants.rules_variant_new, name="rules-variant-new"),
    path("rules-variants/check/", rules_variants.rules_variant_check, name="rules-variant-check"),
    path(
        "rules-variants/<int:pk>/", rules_variants.rules_variant_detail, name="rules-variant-detail"
    ),
    path(
        "rules-variants/<int:pk>/diff/",
        rules_variants.rules_variant_diff,
        name="rules-variant-diff",
    ),
    path(
        "rules-variants/<int:pk>/download.<str:fmt>",
        rules_variants.rules_variant_download,
        name="rules-variant-download",
    ),
    path(
        "rules-variants/<int:pk>/restore/<int:number>/",
        rules_variants.rules_variant_restore,
        name="rules-variant-restore",
    ),
    path(
        "rules-variants/<int:pk>/fork/",
        rules_variants.rules_variant_fork,
        name="rules-variant-fork",
    ),
    path(
        "rules-variants/<int:pk>/visibility/",
        rules_variants.rules_variant_visibility,
        name="rules-variant-visibility",
    ),
    path(
        "rules-variants/<int:pk>/delete/",
        rules_variants.rules_variant_delete,
        name="rules-variant-delete",
    ),
    path(
        "rules-variants/<int:pk>/edit/",
        rules_variants.rules_variant_edit,
        name="rules-variant-edit",
    ),
    path("catalogues/new/", catalogue_editor.catalogue_new, name="catalogue-new"),
    path("catalogues/check/", catalogue_editor.catalogue_check, name="catalogue-check"),
    path("catalogues/<int:pk>/", catalogues.catalogue_detail, name="catalogue-detail"),
    path("catalogues/<int:pk>/diff/", catalogues.catalogue_diff, name="catalogue-diff"),
    path(
        "catalogues/<int:pk>/download.<str:fmt>",
        catalogues.catalogue_download,
        name="catalogue-download",
    ),
    path(
        "catalogues/<int:pk>/restore/<int:number>/",
        catalogues.catalogue_restore,
        name="catalogue-restore",
    ),
    path("catalogues/<int:pk>/fork/", catalogues.catalogue_fork, name="catalogue-fork"),
    path(
        "catalogues/<int:pk>/visibility/",
        catalogues.catalogue_visibility,
        name="catalogue-visibility",
    ),
    path("catalogues/<int:pk>/delete/", catalogues.catalogue_delete, name="catalogue-delete"),
    path("catalogues/<int:pk>/edit/", catalogue_editor.catalogue_edit, name="catalogue-edit"),
    path(
        "catalogues/<int:pk>/units/add/",
        catalogue_editor.catalogue_unit_add,
        name="catalogue-unit-add",
    ),
    path(
        "catalogues/<int:pk>/units/<int:index>/",
        catalogue_editor.catalogue_unit_save,
        name="catalogue-unit-save",
    ),
    path(
        "catalogues/<int:pk>/units/<int:index>/remove/",
        catalogue_editor.catalogue_unit_remove,
        name="catalogue-unit-remove",
    ),
    path("catalogues/<int:pk>/sheets/new/", sheet_editor.sheet_new, name="catalogue-sheet-new"),
    path(
        "catalogues/<int:pk>/sheets/check/",
        sheet_editor.sheet_check_live,
        name="catalogue-sheet-check",
    ),
    path(
        "catalogues/<int:pk>/sheets/<int:index>/",
        sheet_editor.sheet_edit,
        name="catalogue-sheet-edit",
    ),
    # Battles
    path("battles/", battles.battle_list, name="battle-list"),
    path("battles/new/", battles.battle_new, name="battle-new"),
    path("battles/missions/", battles.battle_missions, name="battle-missions"),
    path("battles/<int:pk>/", battles.battle_detail, name="battle-detail"),
    path("battles/<int:pk>/status/", battles.battle_status, name="battle-status"),
    path("battles/<int:pk>/map/", battles.battle_map, name="battle-map"),
    path("battles/<int:pk>/events/", battles.battle_events, name="battle-events"),
    # Odds
    path("odds/", odds.odds_index, name="odds"),
    path("odds/simulations/new/", odds.simulation_new, name="simulation-new"),
    path("odds/simulations/<int:pk>/", odds.simulation_detail, name="simulation-detail"),
    path("odds/simulations/<int:pk>/status/", odds.simulation_status, name="simulation-status"),
    path("odds/attack/", odds.attack_calculate, name="attack-calculate"),
    # Game clocks
    path("clocks/", clocks.clock_list, name="clock-list"),
    path("clocks/join/", clocks.clock_join, name="clock-join"),
    path("clocks/new/", clocks.clock_new, name="clock-new"),
    path("clocks/<int:pk>/", clocks.clock_detail, name="clock-detail"),
    path("clocks/<int:pk>/face/", clocks.clock_face, name="clock-face"),
    path("clocks/<int:pk>/report/", clocks.clock_report, name="clock-report"),
    path("clocks/<int:pk>/<str:action>/", clocks.clock_press, name="clock-press"),
    # Campaigns
    path("campaigns/", campaigns.campaign_list, name="campaign-list"),
    path("campaigns/new/", campaigns.campaign_new, name="campaign-new"),
    path("campaigns/join/", campaigns.campaign_join, name="campaign-join"),
    path("campaigns/<int:pk>/", campaigns.campaign_detail, name="campaign-detail"),
    path("campaigns/<int:pk>/rounds/new/", campaigns.round_new, name="round-new"),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/report/", campaigns.game_report, name="game-report"
    ),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/confirm/",
        campaigns.game_confirm,
        name="game-confirm",
    ),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/dispute/",
        campaigns.game_dispute,
        name="game-dispute",
    ),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/decide/", campaigns.game_decide, name="game-decide"
    ),
    path(
        "campaigns/<int:pk>/participants/<int:participant_id>/",
        campaigns.participant_detail,
        name="participant-detail",
    ),
    path("campaigns/<int:pk>/games/<int:game_id>/play/", campaigns.game_play, name="game-play"),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/reverse/",
        campaigns.game_reverse,
        name="game-reverse",
    ),
    path(
        "campaigns/<int:pk>/games/<int:game_id>/mission/",
        campaigns.game_mission,
        name="game-mission",
    ),
    path(
        "campaigns/<int:pk>/participants/<int:participant_id>/advances/",
        campaign_people.advance_choose,
        name="participant-advance",
    ),
    path(
        "campaigns/<int:pk>/participants/<int:participant_id>/roster/",
        campaign_people.roster_update,
        name="participant-roster",
    ),
    path(
        "campaigns/<int:pk>/participants/<int:participant_id>/warband/",
        warband.warband_act,
        name="participant-warband",
    ),
    path(
        "campaigns/<int:pk>/participants/<int:participant_id>/withdraw/",
        campaign_people.participant_withdraw,
        name="participant-withdraw",
    ),
    path(
        "campaigns/<int:pk>/catalogues/pin/",
        campaign_catalogues.catalogue_pin,
        name="campaign-catalogue-pin",
    ),
    path(
        "campaigns/<int:pk>/catalogues/unpin/",
        campaign_catalogues.catalogue_unpin,
        name="campaign-catalogue-unpin",
    ),
    path(
        "campaigns/<int:pk>/catalogues/move/",
        campaign_catalogues.catalogue_move,
        name="campaign-catalogue-move",
    ),
    path("campaigns/<int:pk>/rules/", campaign_catalogues.campaign_rules, name="campaign-rules"),
    path(
        "campaigns/<int:pk>/organisers/add/",
        campaign_people.organiser_add,
        name="organiser-add",
    ),
]
