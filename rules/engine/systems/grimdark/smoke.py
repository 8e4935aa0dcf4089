"""Smoke launchers and obscured vehicles (NOT IN SEED: 4e pp.58-73, vehicle upgrades and
obscured targets; digest §36.6 ≈ "obscured (hull-down) vehicles, smoke … count penetrating
hits as glancing").

- A vehicle whose catalogue ``extra`` has ``smoke_launchers: true`` may trigger them once a
  game in its own Shooting phase instead of firing: it fires nothing that turn.
- Until the end of the next enemy player turn it counts as obscured: penetrating hits from
  shooting count as glancing (close-combat blows are not hindered by the smoke).
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


def obscured(battle: Battle, vehicle: Unit) -> bool:
    """Whether the vehicle's smoke hides it now (the player turn after it was triggered)."""
    return vehicle.smoke_turn == battle.ptc
