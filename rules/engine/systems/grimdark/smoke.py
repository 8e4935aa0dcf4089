"""Smoke launchers and obscured vehicles (NOT IN SEED: 4e pp.58-73, vehicle upgrades and
obscured targets; digest §36.6 ≈ "obscured (hull-down) vehicles, smoke … count penetrating
hits as glancing").

- A vehicle whose catalogue ``extra`` has ``smoke_launchers: true`` may trigger them once a
  game in its own Shooting phase instead of firing: it fires nothing that turn.
- Until the end of the next enemy player turn it counts as obscured: penetrating hits from
  shooting count as glancing (close-combat blows are not hindered by the smoke).
- Hull-down (digest §36.6 ≈ "Obscured (hull-down) vehicles … count penetrating hits as
  glancing"; NOT IN SEED ≈ 4e p.62 obscured targets): a vehicle that the firer's line finds
  partly hidden by terrain or inside area terrain (the cover an infantry unit would get
  there, ``Battle.cover_save``) is obscured against that shot, unless the setting
  ``hull_down_vehicles`` is off. Being obscured is the vehicle's own rule, not a cover save:
  a template or other weapon that ignores cover saves (seed 000 [31]) still finds the
  vehicle obscured.
"""

from __future__ import annotations

from rules.engine.systems.grimdark.army import Unit
from rules.engine.systems.grimdark.battle import Battle


def trigger_smoke(battle: Battle, vehicle: Unit) -> None:
    """Use the launchers (once a game): obscured in the enemy's next player turn."""
    vehicle.smoke_launchers = False
    vehicle.smoke_turn = battle.ptc + 1
    if battle.logging:
        battle.log(vehicle.side, vehicle.name, f"{vehicle.name} triggers its smoke launchers")


def obscured(battle: Battle, vehicle: Unit, cover: int | None = None) -> bool:
    """Whether the vehicle counts as obscured against a shot: its smoke hides it now (the
    player turn after it was triggered), or it is hull-down (``cover``, the cover the firer's
    line finds, whether or not the weapon ignores cover saves) and
    ``settings.hull_down_vehicles`` holds."""
    if vehicle.smoke_turn == battle.ptc:
        return True
    return cover is not None and battle.settings.hull_down_vehicles
