"""Trading between games (NOT IN SEED: published Mordheim rules, Trading): a hero who stood
at the end of the last game searches for one rare item (2D6, +2 with Streetwise, against
its rarity, seeded by that game so it cannot be redone); an item from a unit's equipment list
is bought at its listed price — a rare one only once found; a hero with Haggle pays his
post-battle 2D6 less (at least 1 gc) for the first item he buys himself after each game that
Haggle makes cheaper (the roll the game's post-battle run recorded; a run without one, such
as one saved before Haggle was rolled, gives none) — and sold for what the system's trading
rules give back (Mordheim: half). Buying makes a new campaign roster version (its ``spent``
is the price paid: the treasury and the roster's budget check both see the discount);
selling makes one too and a ``sell`` warband action with the gold."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction

from armybuilder.entry_units import entry_unit, skill_tables
from armybuilder.rosterdata import option_cost
from campaigns.errors import CampaignConflict, CampaignError
from campaigns.models import (
    Game,
    Participant,
    PostBattleRun,
    RosterVersion,
    WarbandAction,
    WarbandActionKind,
)
from campaigns.selectors import learnt_payload, participant_campaign_payload, participant_context
from campaigns.services.rosters import participant_roster_update, participant_snapshot
from campaigns.services.warband_actions import warband_action_record
from campaigns.treasury import latest_game, require_gold, require_player, system_rules
from rules.engine.systems.capabilities import unit_key


def searchers(game: Game, participant: Participant) -> list[str]:
    """Unit keys of the participant's heroes not taken out of action in ``game``."""
    side = game.side_of(participant.pk)
    out = []
    for unit in (game.report or {}).get("units", []):
        if unit.get("side") != side or (unit.get("extra") or {}).get("kind") != "hero":
            continue
        if any(not f.get("out_of_action") for f in unit.get("fighters", [])):
            out.append(unit_key(unit["id"]))
    return out


def _searches(participant: Participant, game: Game | None) -> list[WarbandAction]:
    if game is None:
        return []
    return list(
        WarbandAction.objects.filter(
            participant=participant, after=game, kind=WarbandActionKind.RARITY_ROLL
        ).order_by("id")
    )


def _unused_find(participant: Participant, game: Game | None, item: str) -> WarbandAction | None:
    """A search after ``game`` that found ``item`` and bought nothing yet."""
    used = set(
        WarbandAction.objects.filter(
            participant=participant, kind=WarbandActionKind.BUY, data__find__isnull=False
        ).values_list("data__find", flat=True)
    )
    return next(
        (
            s
            for s in _searches(participant, game)
            if s.item == item and s.data.get("found") and s.pk not in used
        ),
        None,
    )


def trading_state(*, participant: Participant) -> dict[str, Any]:
    """What the trading step offers now: the game it follows, the heroes who may search
    (and whether they did), the searches and the rarity of the rare items."""
    rules = system_rules(participant, "trading")
    game = latest_game(participant=participant)
    searches = _searches(participant, game)
    done = {s.unit_key for s in searches}
    return {
        "after_game": game.pk if game else None,
        "searchers": [
            {"hero": hero, "searched": hero in done}
            for hero in (searchers(game, participant) if game else [])
        ],
        "searches": [{"id": s.pk, "hero": s.unit_key, "item": s.item, **s.data} for s in searches],
        "rarity": dict(sorted(rules.rarity.items())),
    }


def _equipment(context: Any, payload: dict, entry: dict) -> list[dict]:
    """The catalogue options (the equipment list) of roster ``entry``'s unit, as the army
    builder reads them (``entry_unit``: a hero whose skills, those learnt in the campaign
    too, include Weapons Training may buy any close-combat weapon of his warband's lists)."""
    faction = context.factions.get(entry.get("faction") or payload.get("faction"), {})
    row = next((u for u in faction.get("units", []) if u.get("slug") == entry.get("unit")), None)
    unit = entry_unit(row, entry, faction, skill_tables(str(context.system.get("system", ""))))
    return list((unit or {}).get("options", []))


def trading_offers(*, participant: Participant) -> list[dict[str, Any]]:
    """What each fighter of the campaign roster may trade: per roster entry (``unit`` key),
    every item of its equipment list with its ``name``, ``price`` at the entry's size, its
    ``rarity`` (None when common), how many the fighter ``carries`` and what one ``sells_for``."""
    rules = system_rules(participant, "trading")
    payload = learnt_payload(
        participant=participant, payload=participant_campaign_payload(participant=participant)
    )
    context = participant_context(participant=participant, payload=payload)
    offers = []
    for entry in payload.get("units", []):
        size = int(entry.get("size") or 1)
        carried = list(entry.get("options", []))
        items = []
        for option in _equipment(context, payload, entry):
            price = option_cost(option, size)
            items.append(
                {
                    "item": option.get("slug", ""),
                    "name": option.get("name") or option.get("slug", ""),
                    "price": price,
                    "rarity": rules.rarity_of(option.get("slug", "")),
                    "carries": carried.count(option.get("slug")),
                    "sells_for": rules.sell_price(price),
                }
            )
        offers.append({"unit": str(entry.get("id")), "items": items})
    return offers


def _listed(
    participant: Participant, payload: dict, unit: str, item: str
) -> tuple[int, dict, dict]:
    """(index, payload entry, catalogue option) for ``item`` on roster entry ``unit``;
    CampaignError naming ``unit`` or ``item`` when there is none."""
    index, entry = next(
        ((i, u) for i, u in enumerate(payload.get("units", [])) if str(u.get("id")) == unit),
        (None, None),
    )
    if entry is None:
        raise CampaignError("trading.unknown_unit", f"No roster entry '{unit}'.", "unit")
    context = participant_context(participant=participant, payload=payload)
    (learnt,) = learnt_payload(participant=participant, payload={"units": [entry]})["units"]
    option = next((o for o in _equipment(context, payload, learnt) if o.get("slug") == item), None)
    if option is None:
        raise CampaignError(
            "trading.unknown_item", f"'{item}' is not on this fighter's equipment list.", "item"
        )
    return index, entry, option


def _trade(
    participant: Participant, actor: Any, unit: str, item: str
) -> tuple[Any, dict, int, dict, dict]:
    """What a purchase and a sale both check first: (the trading rules, a copy of the
    campaign payload, the index and entry of ``unit`` in it, the catalogue option ``item``)."""
    require_player(participant, actor)
    Participant.objects.select_for_update().get(pk=participant.pk)
    rules = system_rules(participant, "trading")
    payload = copy.deepcopy(participant_campaign_payload(participant=participant))
    return rules, payload, *_listed(participant, payload, unit, item)


def _hero_skills(participant: Participant, hero: str) -> list[Any]:
    """The skills ``hero`` has now (catalogue, roster and campaign picks, as he would fight):
    a skill learnt in this post-battle sequence's advances helps his search (advances come
    before trading, digest §15.8)."""
    units = participant_snapshot(participant=participant)["units"]
    unit = next((u for u in units if str(u.get("id")) == hero), {})
    return list((unit.get("extra") or {}).get("skills") or [])


@transaction.atomic
def trade_search(*, participant: Participant, hero: str, item: str, actor: Any) -> WarbandAction:
    """One hero's search for a rare item after the participant's last game."""
    require_player(participant, actor)
    Participant.objects.select_for_update().get(pk=participant.pk)
    rules = system_rules(participant, "trading")
    rarity = rules.rarity_of(item)
    if rarity is None:
        raise CampaignError(
            "trading.not_rare", f"'{item}' is not a rare item; buy it at its price.", "item"
        )
    game = latest_game(participant=participant)
    if game is None or hero not in searchers(game, participant):
        raise CampaignError(
            "trading.no_search",
            "Only a hero who was not taken out of action in the last game may search.",
            "hero",
        )
    if any(s.unit_key == hero for s in _searches(participant, game)):
        raise CampaignConflict(
            "trading.roll_used", "This hero has searched since the last game.", "hero"
        )
    dice = rules.search(game.side_seed(game.side_of(participant.pk)), hero)
    bonus = rules.search_bonus(_hero_skills(participant, hero))
    found = sum(dice) + bonus >= rarity
    data = {"dice": list(dice), "bonus": bonus, "rarity": rarity, "found": found}
    return warband_action_record(
        participant=participant,
        kind=WarbandActionKind.RARITY_ROLL,
        actor=actor,
        unit_key=hero,
        item=item,
        data=data,
        audit_action="rarity_roll",
        audit_data={"hero": hero, "item": item, **data},
        audit_on_game=True,
    )


def haggle_roll(participant: Participant, game: Game | None, unit: str) -> int | None:
    """The Haggle 2D6 the active post-battle run of ``game`` rolled for roster entry
    ``unit`` (``post_battle.may_haggle``), None when it rolled none."""
    if game is None:
        return None
    run = PostBattleRun.objects.filter(
        game=game, participant=participant, reversed_at__isnull=True
    ).first()
    entries = (run.engine_output if run else {}).get("entries") or []
    entry = next((e for e in entries if unit_key(str(e.get("unit", ""))) == unit), {})
    roll = entry.get("haggle")
    return int(roll) if roll else None


def _haggle(participant: Participant, rules: Any, unit: str, price: int) -> int:
    """Gold crowns Haggle takes off ``unit``'s purchase at ``price`` (published rulebook p.123,
    Academic skills: 2D6, once per post-battle sequence, so once after each game; used on the
    first purchase that it makes cheaper, never before the first game): the run's recorded
    roll, when the hero has the skill now (one picked in this sequence's advances counts)."""
    game = latest_game(participant=participant)
    roll = haggle_roll(participant, game, unit)
    if roll is None:
        return 0
    haggled = WarbandAction.objects.filter(
        participant=participant,
        after=game,
        kind=WarbandActionKind.BUY,
        unit_key=unit,
        data__haggle__gt=0,
    ).exists()
    return 0 if haggled else rules.haggle_discount(price, roll, _hero_skills(participant, unit))


@transaction.atomic
def trade_buy(*, participant: Participant, unit: str, item: str, actor: Any) -> RosterVersion:
    """Buy ``item`` for roster entry ``unit`` at its listed price (a rare one once found), less
    what Haggle takes off: the treasury and the roster's budget check see the price paid."""
    rules, payload, index, entry, option = _trade(participant, actor, unit, item)
    price = option_cost(option, int(entry.get("size") or 1))
    find = None
    if rules.rarity_of(item) is not None:
        find = _unused_find(participant, latest_game(participant=participant), item)
        if find is None:
            raise CampaignConflict(
                "trading.rarity_needed",
                f"{option.get('name') or item} is rare: a hero must find it (a rarity roll) first.",
                "item",
            )
    haggle = _haggle(participant, rules, unit, price)
    require_gold(participant=participant, price=price - haggle, field="item")
    payload["units"][index]["options"] = [*entry.get("options", []), item]
    version = participant_roster_update(
        participant=participant,
        actor=actor,
        payload=payload,
        rare_found=[item] if find else [],
        discount=haggle,
    )
    warband_action_record(
        participant=participant,
        kind=WarbandActionKind.BUY,
        actor=actor,
        unit_key=unit,
        item=item,
        data={
            "price": price - haggle,
            "haggle": haggle,
            "version": version.number,
            "find": find.pk if find else None,
        },
    )
    return version


@transaction.atomic
def trade_sell(*, participant: Participant, unit: str, item: str, actor: Any) -> WarbandAction:
    """Sell one ``item`` roster entry ``unit`` carries for the system's second-hand price."""
    rules, payload, index, entry, option = _trade(participant, actor, unit, item)
    options = list(entry.get("options", []))
    if item not in options:
        raise CampaignError(
            "trading.not_carried", f"This fighter has no {option.get('name') or item}.", "item"
        )
    options.remove(item)
    payload["units"][index]["options"] = options
    version = participant_roster_update(participant=participant, actor=actor, payload=payload)
    gold = rules.sell_price(option_cost(option, int(entry.get("size") or 1)))
    return warband_action_record(
        participant=participant,
        kind=WarbandActionKind.SELL,
        actor=actor,
        gold=gold,
        unit_key=unit,
        item=item,
        data={"version": version.number},
    )
