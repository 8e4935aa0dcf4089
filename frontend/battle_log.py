"""The battle log as players read it: a presentation of the events the engine emits.

The engine's lines are terse and made for the report hash (``Turn 1, shooting: …``, fighter
ids, ``knocked_down``, ``1 hits``); nothing here changes them. This module names the ids,
tells same-named units apart, drops what the grouping already says (the turn, the phase and
a repeated actor), speaks the words (slugs, plural agreement), lays an attack out as its
steps (hits → wounds → armour save → outcome) and shows a summed roll as a total, not as one
die. The log is grouped: turn → phase (with the side whose turn it is) → lines, each line's
actor written only when it changes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from frontend.words import human_words

SIDE_WORDS = re.compile(r"\b[Ss]ide ([ab])\b")
PREFIXED_ID = re.compile(r"^([ab])[:.](.+)$")
TURN_PREFIX = re.compile(r"^Turn \d+, [a-z_ ]+: ")
ATTACK_TAIL = re.compile(
    r"(?P<head>.*?)(?: — |: )(?P<hits>\d+) hits?, (?P<wounds>\d+) wounds?"
    r"(?:, (?P<saved>\d+) saved)?(?:, (?:(?P<slain>\d+) slain|(?P<outcome>[a-z_ ]+)))?$"
)
DIE_FACES = 6


def with_army_names(text: str, armies: dict[str, str]) -> str:
    """``Side a`` / ``side b`` in an engine text replaced by the army's name."""
    return SIDE_WORDS.sub(lambda m: armies.get(m[1]) or m[0], text)


def summary_with_names(report: dict[str, Any], armies: dict[str, str]) -> str:
    """The report's one-line summary in the page's army names: ``side a`` becomes the army's
    name, and in a mirror match the winner's bare name ("Raiders wins", "Raiders (a) wins")
    carries its side letter as everywhere else on the page ("Raiders (A) wins")."""
    text = with_army_names(str(report.get("summary") or ""), armies)
    winner = str(report.get("winner") or "")
    raw = str((report.get("armies") or {}).get(winner) or "")
    if raw and armies.get(winner, raw) != raw:
        for plain in (f"{raw} ({winner}) wins", f"{raw} wins"):
            if plain in text:
                return text.replace(plain, f"{armies[winner]} wins", 1)
    return text


def phase_name(phase: str) -> str:
    """A phase slug as a heading: ``close_combat`` → "Close combat"."""
    return human_words(phase).capitalize()


class Namer:
    """Turns the engine's ids in a report (``a``, ``b:u3``, ``a.u1``, a fighter ``u3.2``)
    into the army, unit or fighter names the players gave them. A name carried by more than
    one unit or fighter in the battle gets a number in report order ("Reaver Chief (1)",
    "Reaver Chief (2)") so the log and the map tell them apart."""

    def __init__(self, report: dict[str, Any]) -> None:
        self.armies: dict[str, str] = {
            str(k): str(v) for k, v in (report.get("armies") or {}).items()
        }
        if len(self.armies) == 2 and len(set(self.armies.values())) == 1:
            # A list fought against a copy of itself: the sides' letters tell them apart.
            self.armies = {side: f"{name} ({side.upper()})" for side, name in self.armies.items()}
        raw: dict[tuple[str, str], str] = {}
        for unit in report.get("units", []) or []:
            side = str(unit.get("side", ""))
            raw[(side, str(unit["id"]))] = str(unit.get("name") or unit["id"])
            fighters = [f for f in unit.get("fighters", []) or [] if f.get("id")]
            for fighter in fighters:
                if fighter.get("name"):
                    raw[(side, str(fighter["id"]))] = str(fighter["name"])
        # A one-fighter unit shares its fighter's name: count each name once per unit.
        owners = Counter(name for (side, key), name in raw.items() if "." not in key)
        owners.update(
            name
            for (side, key), name in raw.items()
            if "." in key and raw.get((side, key.partition(".")[0])) != name
        )
        seen: Counter[str] = Counter()
        self.names: dict[tuple[str, str], str] = {}
        self.plain: dict[tuple[str, str], str] = raw
        for (side, key), name in raw.items():
            if owners[name] < 2:
                self.names[(side, key)] = name
                continue
            parent = raw.get((side, key.partition(".")[0])) if "." in key else None
            if parent == name:
                self.names[(side, key)] = self.names[(side, key.partition(".")[0])]
                continue
            seen[name] += 1
            self.names[(side, key)] = f"{name} ({seen[name]})"

    def _key(self, token: str, side: str) -> tuple[str, str] | None:
        match = PREFIXED_ID.match(token)
        if match and (match[1], match[2]) in self.names:
            return (match[1], match[2])
        sides = [side] if side in ("a", "b") else []
        sides += [s for s in ("a", "b") if s not in sides]
        for candidate in (token, token.rpartition(".")[0]):
            for s in sides:
                if candidate and (s, candidate) in self.names:
                    return (s, candidate)
        return None

    def name(self, token: str, side: str = "") -> str:
        """The name behind ``token``, looked up on ``side`` first; unknown text unchanged."""
        if not token:
            return ""
        if token in self.armies:
            return self.armies[token]
        key = self._key(token, side)
        return self.names[key] if key else token

    def plain_name(self, token: str, side: str = "") -> str:
        """The name as the engine wrote it into its texts (without the number)."""
        key = self._key(token, side)
        return self.plain[key] if key else ""


@dataclass(slots=True)
class Roll:
    """A roll as the log shows it: single dice as faces, a summed roll as its total."""

    faces: list[int] = field(default_factory=list)
    total: int | None = None


def roll_of(dice: list[int]) -> Roll:
    """Each die the engine emits is shown as a face: a 2D6 test as ``[d1, d2]``, a 3d6 skill
    roll as its three dice. Reports made before the engines emitted each die hold a summed
    roll as one value above a die's six faces: that is shown as "rolled 8", not as a die
    with an 8 on it."""
    if len(dice) == 1 and dice[0] > DIE_FACES:
        return Roll(total=int(dice[0]))
    return Roll(faces=[int(d) for d in dice])


def attack_steps(text: str) -> tuple[str, list[str]]:
    """An attack's ``N hits, M wounds, …`` tail as its steps (seed 001 shooting: hit, wound,
    save, remove casualties; Mordheim: hit, wound, armour save, injury). A tail that counts
    its saves (``5 hits, 3 wounds, 1 saved, 2 slain``) shows that count as the save step;
    an older one without it (``3 hits, 2 wounds, 1 slain``, kept in stored reports) names
    the armour save between the wounds and the outcome when there were wounds to save."""
    match = ATTACK_TAIL.match(text)
    if not match:
        return text, []
    wounds = int(match["wounds"])
    steps = [f"{match['hits']} hits", f"{wounds} wounds"]
    outcome = f"{match['slain']} slain" if match["slain"] is not None else match["outcome"]
    if match["saved"] is not None:
        steps.append(f"{match['saved']} saved")
    elif outcome and wounds:
        steps.append("armour saves" if match["slain"] is not None else "armour save")
    if outcome:
        steps.append(outcome.strip())
    return match["head"], steps


def _without_name(text: str, name: str) -> str:
    """``text`` less a leading ``name`` (the line's actor, written once above it)."""
    if name and text.startswith(name + " "):
        return text[len(name) + 1 :]
    return text


def _renumber(text: str, plain: str, shown: str, *, last: bool) -> str:
    """The engine's plain name in ``text`` replaced by the numbered one (its first or its
    last occurrence: the actor comes first in a line, the target after it)."""
    if not plain or plain == shown or plain not in text:
        return text
    at = text.rfind(plain) if last else text.find(plain)
    return text[:at] + shown + text[at + len(plain) :]


def event_row(event: dict[str, Any], namer: Namer) -> dict[str, Any] | None:
    """One event as a log line: actor and target named (the target looked up on the other
    side first), the repeated turn/phase prefix dropped, slugs spoken, an attack's steps and
    the roll laid out; None for a line that says nothing (a bare "deployment")."""
    other = {"a": "b", "b": "a"}
    side = str(event.get("side", ""))
    phase = str(event.get("phase", ""))
    actor_id, target_id = str(event.get("actor") or ""), str(event.get("target") or "")
    actor = namer.name(actor_id, side) or namer.armies.get(side, "")
    target = namer.name(target_id, other.get(side, ""))
    text = TURN_PREFIX.sub("", str(event.get("text", "")).strip())
    if not text or (text == phase and not actor_id):
        return None
    text = _renumber(text, namer.plain_name(actor_id, side), actor, last=False)
    text = _renumber(text, namer.plain_name(target_id, other.get(side, "")), target, last=True)
    text = with_army_names(text, namer.armies)
    leads = bool(actor) and text.startswith(actor + " ")
    text = _without_name(text, actor)
    text, steps = attack_steps(text)
    roll = roll_of(list(event.get("dice") or []))
    return {
        **event,
        "actor_name": actor,
        "leads": leads,
        "target_name": "" if not target or target == actor or target in text else target,
        "text": human_words(text),
        "steps": [human_words(step) for step in steps],
        "faces": roll.faces,
        "total": roll.total,
    }


def _answers(row: dict[str, Any], previous: dict[str, Any]) -> bool:
    """A line answers the one above it when it involves only the units that line did (a
    defence against that attack, its damage, the target's morale or nerve test)."""
    mine = {str(row.get(k) or "") for k in ("actor", "target")} - {""}
    theirs = {str(previous.get(k) or "") for k in ("actor", "target")} - {""}
    return bool(mine) and mine <= theirs


def grouped_log(events: list[dict[str, Any]], namer: Namer) -> list[dict[str, Any]]:
    """The log grouped by turn, then by phase (a new group whenever the phase changes,
    except for a line that answers the one above it: a defence, its damage, a morale test
    stays under the attack, its own step named), each line's actor shown only when it
    differs from the line above. A group acted in by one side names that side's army."""
    turns: list[dict[str, Any]] = []
    for event in events:
        row = event_row(event, namer)
        if row is None:
            continue
        turn = int(row.get("turn", 0))
        if not turns or turns[-1]["turn"] != turn:
            turns.append({"turn": turn, "phases": []})
        phases = turns[-1]["phases"]
        phase = str(row.get("phase", ""))
        last = phases[-1]["rows"][-1] if phases else None
        row["answer"] = last is not None and _answers(row, last)
        if not phases or (phases[-1]["phase"] != phase and not row["answer"]):
            phases.append({"phase": phase, "name": phase_name(phase), "rows": []})
        group = phases[-1]
        row["step"] = "" if phase == group["phase"] else phase_name(phase)
        # The actor is written once: not again on the next line, nor on an answer whose
        # text does not begin with it (the damage an attacker deals: "X takes 3 injury").
        row["same_actor"] = last is not None and (
            last["actor_name"] == row["actor_name"] or (row["answer"] and not row["leads"])
        )
        group["rows"].append(row)
    for turn in turns:
        for group in turn["phases"]:
            sides = {str(r.get("side", "")) for r in group["rows"] if not r["answer"]}
            group["side"] = sides.pop() if len(sides) == 1 else ""
            group["army"] = namer.armies.get(group["side"], "")
    return turns


def log_size(turns: list[dict[str, Any]]) -> int:
    """How many lines a grouped log shows."""
    return sum(len(p["rows"]) for t in turns for p in t["phases"])
