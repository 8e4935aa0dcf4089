"""Child process of the engine purity and determinism tests: the engine alone, watched.

Run as a script (``python tests/engine_child.py``) with the repository on ``PYTHONPATH``; it
reads a JSON list of battles (``system``, ``mission``, ``seed``, rosters ``a`` and ``b``) on
stdin and prints JSON: the ``random`` functions it replaced, the engine modules it imported,
every module loaded (``modules``) and the report hash of each battle (``hashes``).

Before the engine is imported, every function of the global ``random`` module is replaced by
one that raises, so an engine that touches the global random state fails here instead of
playing a battle no seed can replay (architecture: no global RNG). Only the standard library
is imported before the engine, so ``modules`` shows what the engine itself pulled in.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import sys
from collections.abc import Callable
from typing import Any, NoReturn


class GlobalRandomUsed(AssertionError):
    """The engine called a function of the global ``random`` module."""


def _refuse(name: str) -> Callable[..., NoReturn]:
    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise GlobalRandomUsed(f"the engine called the global random.{name}()")

    return refuse


def forbid_global_random() -> list[str]:
    """Replace each module-level function of ``random`` (the methods, Python or C, bound to
    its hidden shared ``Random``: random, randint, choice, shuffle, seed, ...) with one that
    raises; ``random.Random`` itself stays usable, as the engine's seeded dice need it."""
    replaced = []
    for name in random.__all__:
        if isinstance(getattr(getattr(random, name), "__self__", None), random.Random):
            setattr(random, name, _refuse(name))
            replaced.append(name)
    return replaced


def import_every_engine_module() -> list[str]:
    """Import ``rules.engine`` and every module below it, by walking the package."""
    engine = importlib.import_module("rules.engine")
    names = [info.name for info in pkgutil.walk_packages(engine.__path__, "rules.engine.")]
    for name in names:
        importlib.import_module(name)
    return names


def play(battles: list[dict[str, Any]]) -> list[str]:
    """The report hash of each battle, played with its system's own army builder."""
    systems = importlib.import_module("rules.engine.systems")
    hashes = []
    for battle in battles:
        game = systems.get_system(battle["system"])
        report = game.resolve_battle(
            game.build_army(battle["a"]),
            game.build_army(battle["b"]),
            battle["mission"],
            battle["seed"],
        )
        hashes.append(report.report_hash())
    return hashes


def main() -> None:
    battles = json.load(sys.stdin)
    replaced = forbid_global_random()
    imported = import_every_engine_module()
    hashes = play(battles)
    json.dump(
        {
            "replaced": replaced,
            "imported": imported,
            "modules": sorted(sys.modules),
            "hashes": hashes,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
