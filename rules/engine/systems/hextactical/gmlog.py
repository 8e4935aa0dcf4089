"""The GM's reading of a roll: the base number, each modifier with its name and value, the
final target and the roll, e.g. "Broadsword 14 −2 into close combat −4 Move and Attack = 8,
rolled 9: miss" (issue 21, "a log a GM can follow"; GURPS 4e Basic Set p.B343–344: effective
skill is base skill plus its modifiers).

Callers collect the modifiers only while the log records (``Battle.log_enabled``), so a
battle run without a log builds no text.
"""

from __future__ import annotations

from collections.abc import Iterable

#: One named modifier of a target number.
Modifier = tuple[str, int]


def signed(value: int) -> str:
    """+2 / −4 with a true minus sign."""
    return f"+{value}" if value >= 0 else f"−{-value}"


def number(value: int) -> str:
    """2 / −4: a base or a target with a true minus sign."""
    return str(value) if value >= 0 else f"−{-value}"


def breakdown(base_name: str, base: int, modifiers: Iterable[Modifier]) -> list[Modifier]:
    """The base then every non-zero modifier, in the order they were applied."""
    return [(base_name, base), *((n, v) for n, v in modifiers if v)]


def roll_text(parts: list[Modifier], roll: int, outcome: str) -> str:
    """ "<base> <±mod name>… = <target>, rolled <roll>: <outcome>"; the target is the sum."""
    (name, base), rest = parts[0], parts[1:]
    mods = "".join(f" {signed(v)} {n}" for n, v in rest)
    target = number(sum(v for _, v in parts))
    return f"{name} {number(base)}{mods} = {target}, rolled {roll}: {outcome}"


def contest_text(name: str, mine: int, mine_roll: int, theirs: int, theirs_roll: int) -> str:
    """A Quick Contest as a GM reads it: "Quick Contest, <name> 14 rolled 9 against 12 rolled
    11" (GURPS 4e Basic Set p.B348)."""
    return (
        f"Quick Contest, {name} {number(mine)} rolled {mine_roll}"
        f" against {number(theirs)} rolled {theirs_roll}"
    )
