"""The per-system capabilities a :class:`~rules.engine.systems.base.GameSystem` carries besides
battle: exact odds, campaign effects, roster summary and catalogue checks.

Each is a small typed object the system's package builds; the apps (API, pages, campaigns,
army builder) read only these shapes and never a system's slug or internals, so a fifth
system is one package plus its catalogues.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from rules.engine.report import BattleReport

if TYPE_CHECKING:
    from rules.engine.systems.base import PostBattle

# --- exact odds ------------------------------------------------------------------------------

FieldKind = Literal["int", "float", "str", "bool", "choice", "list"]


@dataclass(frozen=True, slots=True)
class OddsField:
    """One request field of a system's exact calculator.

    ``name`` is the key in the request; a dotted name (``target.toughness``) is a key of a
    nested object (``{"target": {"toughness": 4}}``). ``kind`` ``choice`` takes one of
    ``choices``; ``list`` is a list of strings, each one of ``choices`` when given, else
    matching ``pattern``. ``nullable`` fields accept ``null`` ("none", e.g. no save).
    """

    name: str
    kind: FieldKind
    label: str
    help: str = ""
    required: bool = False
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False
    pattern: str = ""
    max_items: int = 20
    max_length: int = 40

    @property
    def group(self) -> str:
        """The nested object the field belongs to ('' for a top-level field)."""
        return self.name.rpartition(".")[0]

    @property
    def key(self) -> str:
        """The field's own key inside its group."""
        return self.name.rpartition(".")[2]


@dataclass(frozen=True, slots=True)
class OddsResult:
    """The one answer shape of every system's calculator (docs/api.md "Exact odds").

    - ``expected``: the mean of each quantity (hits, wounds, injury…);
    - ``distributions``: P(exactly k) for k = 0, 1, … of each count;
    - ``outcomes``: the chance of each end state of the target (they sum to one; empty when
      the system has none);
    - ``needs``: the dice targets and figures the odds rest on (``null`` when not rolled);
    - ``detail``: the system's own extras (documented per system).
    """

    expected: dict[str, float] = field(default_factory=dict)
    distributions: dict[str, list[float]] = field(default_factory=dict)
    outcomes: dict[str, float] = field(default_factory=dict)
    needs: dict[str, Any] = field(default_factory=dict)
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class OddsCapability:
    """A system's exact calculator: the request fields it declares, the function that
    answers a request holding them (EngineError whose ``code`` names the bad field), and a
    demanding example request (``bench/probability.py`` times it)."""

    title: str
    fields: tuple[OddsField, ...]
    calculate: Callable[[dict[str, Any]], OddsResult]
    example: Mapping[str, Any] = field(default_factory=dict)


# --- campaign effects ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """One ledger line: ``unit_key`` is the roster entry id ('' for the whole force)."""

    kind: str
    unit_key: str = ""
    fighter_key: str = ""
    resource: str = ""
    amount: int = 0
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class PackResult:
    """What one rules pack produced for one side."""

    pack: str
    effects: list[Effect]
    summary: dict[str, Any]
    engine_output: dict[str, Any]


def unit_key(report_unit_id: str) -> str:
    """The roster entry id behind a report unit id (engines may prefix the side: "a:u3")."""
    return str(report_unit_id).split(":", 1)[-1]


def resource_effects(
    resources: Mapping[str, Any], accumulating: Sequence[str]
) -> tuple[list[Effect], dict[str, Any]]:
    """Engine resources that add up over a campaign become ledger effects (zero ones are
    left out); the rest (figures of the moment such as a rating) go to the summary."""
    effects: list[Effect] = []
    summary: dict[str, Any] = {}
    for name, value in sorted(resources.items()):
        if name in accumulating:
            if value:
                effects.append(Effect("resource", resource=name, amount=int(value)))
        else:
            summary[name] = value
    return effects, summary


class CampaignPack(Protocol):
    """Turns the engine's post-battle output for one side into campaign ledger effects under
    the campaign's house rules (``settings``)."""

    @property
    def narrative_resources(self) -> bool:
        """Whether the narrative format's generic territory / requisition table applies (a
        system with its own campaign economy says no)."""
        ...

    def effects(
        self,
        *,
        report: BattleReport,
        side: str,
        seed: int,
        output: PostBattle,
        settings: Mapping[str, Any],
        experience_before: Mapping[str, int],
    ) -> PackResult:
        """The ledger effects of ``output`` (the system's ``post_battle`` answer)."""
        ...


# --- roster summary --------------------------------------------------------------------------


class SummaryUnit(Protocol):
    """A roster entry priced against its catalogue, as the army builder hands it over."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def faction(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def unit(self) -> dict[str, Any] | None:
        """The catalogue unit (None when the catalogue no longer has it)."""
        ...

    def matches(self, selector: list[dict[str, Any]] | dict[str, Any]) -> bool:
        """Whether the unit matches a catalogue unit selector (docs/catalogue-format.md)."""
        ...

    def applied(self) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
        """Profile, weapons and rules with the chosen options applied."""
        ...


class SummaryRoster(Protocol):
    """A roster priced against its catalogues: the system file, points and units."""

    @property
    def system(self) -> dict[str, Any]: ...
    @property
    def points(self) -> int: ...
    @property
    def points_limit(self) -> int: ...
    @property
    def units(self) -> Sequence[SummaryUnit]: ...


def constraints_of(roster: SummaryRoster, kind: str) -> list[dict[str, Any]]:
    """The system file's constraints of one kind (``category_count``, ``ratio``…)."""
    return [c for c in roster.system.get("constraints", []) or [] if c.get("kind") == kind]


def no_summary(roster: SummaryRoster) -> dict[str, Any]:
    """No figures beyond points."""
    return {}


def no_unit_figures(roster: SummaryRoster) -> dict[str, dict[str, Any]]:
    """No per-unit figures beyond the profile."""
    return {}


@dataclass(frozen=True, slots=True)
class RosterSummary:
    """Figures computed from a roster, never typed by players: ``summarise`` answers the
    roster's summary (API and pages), ``unit_figures`` the rows the army builder shows under
    each unit, by roster entry id: ``{"stats": [(label, value)], "defences": [str],
    "skills": [str]}``; ``adjustments`` are the profile keys that hold a bought adjustment to
    a derived score rather than a score (GURPS "HP +2" on HP = ST), shown apart from the
    scores."""

    summarise: Callable[[SummaryRoster], dict[str, Any]] = no_summary
    unit_figures: Callable[[SummaryRoster], dict[str, dict[str, Any]]] = no_unit_figures
    adjustments: frozenset[str] = frozenset()


# --- catalogues ------------------------------------------------------------------------------

ImportMapping = Callable[[Mapping[str, Any]], dict[str, Any]]
"""Turns a foreign file (parsed) into catalogue or roster data of this system."""

ExportMapping = Callable[[Mapping[str, Any]], bytes]
"""Turns a catalogue unit of this system into a foreign file (``.gcs``)."""


def no_unit_problems(unit: dict[str, Any], where: str) -> list[str]:
    """No checks beyond the shared catalogue schema and consistency."""
    return []


@dataclass(frozen=True, slots=True)
class SkillTables:
    """A system's hero skill lists (list name → skill slugs) and skill names by slug; a
    catalogue unit's ``extra.skill_lists`` names the lists its type may learn from (its
    access table). ``slug`` turns a skill's name or slug into its slug."""

    lists: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str]
    slug: Callable[[str], str]
    texts: Mapping[str, str] = field(default_factory=dict)
    """A short description of each skill by slug, for the builder's skill picker."""
    opens: Mapping[str, str] = field(default_factory=dict)
    """Skill slug → the kind of equipment it lets the hero take from any equipment list of
    his warband (Mordheim Weapons Training: "melee"); see ``equipment_kinds``."""
    equipment_kinds: Mapping[str, str] = field(default_factory=dict)
    """Catalogue weapon ``type`` → its kind ("melee", "missile", "armour"), so an option whose
    added weapons are all of one kind can be told apart."""

    def allowed(self, lists: Iterable[object]) -> list[str]:
        """Every skill of the named lists, list by list (unknown list names give none)."""
        wanted = {str(name).lower() for name in lists}
        return [slug for name, slugs in self.lists.items() if name in wanted for slug in slugs]


@dataclass(frozen=True, slots=True)
class SheetEditing:
    """A system whose combatants are bought point by point from a character sheet (a
    catalogue unit's ``extra.sheet``): ``lists()`` is what may be bought (attributes,
    secondary characteristics, traits, skills, equipment, each with its cost), ``review(sheet)``
    the sheet priced line by line with its derived values and the first bad field
    (``{"error": {code, path, message} | None, ...}``), and ``build(sheet, slug, category)``
    the catalogue unit the sheet becomes (what the catalogue checks compare it with)."""

    lists: Callable[[], dict[str, Any]]
    review: Callable[[dict[str, Any]], dict[str, Any]]
    build: Callable[[dict[str, Any], str, str], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class CatalogueCapability:
    """What a system adds to catalogue handling: extra checks of each faction file unit
    (messages prefixed with ``where``), import and export mappings by format name, the two
    sample rosters (``armybuilder/samples/<slug>/``) that benchmarks play against each other (None:
    the system ships no samples), ``skills`` (the hero skill lists, None: the system has none),
    ``sheets`` (point-buy character sheets, None: the system has none) and ``known_rules``:
    the special-rule slugs (``rules`` and options' ``add_rules``, parameters stripped) its
    engine reads; an uploaded catalogue is warned about every other rule, which would have no
    effect in battles."""

    sample_matchup: tuple[str, str] | None = None
    known_rules: frozenset[str] = frozenset()
    unit_problems: Callable[[dict[str, Any], str], list[str]] = no_unit_problems
    importers: Mapping[str, ImportMapping] = field(default_factory=dict)
    exporters: Mapping[str, ExportMapping] = field(default_factory=dict)
    skills: SkillTables | None = None
    sheets: SheetEditing | None = None

    def rules_without_effect(self, rules: Iterable[str]) -> list[str]:
        """The special rules among ``rules`` (parameters such as ``(6+)`` stripped) this
        system's engine does not play, sorted and each once: what a catalogue upload warns
        about and a battle's resource lists, so no rule is ever silently ignored."""
        return sorted({slug for slug in map(rule_slug, rules) if slug not in self.known_rules})


def rule_slug(rule: object) -> str:
    """A special rule's slug without its parameter: ``feel_no_pain(5+)`` → ``feel_no_pain``."""
    return str(rule).split("(")[0]


# --- entered results ---------------------------------------------------------------------------


class ResultCheck(Protocol):
    """Whether a result a person enters is self-contradictory under the system's victory
    rule (a winner with fewer victory points than the loser…): such a report is refused."""

    def contradiction(
        self,
        *,
        mission: str,
        winner: str | None,
        scores: Mapping[str, int],
        objectives: Mapping[str, int],
    ) -> str | None:
        """Why ``winner`` (None: a draw) cannot go with these scores and objectives held
        in ``mission`` (a sentence for people), or None when it can."""
        ...


def lead_contradiction(
    winner: str | None, measure: Mapping[str, int], what: str, *, level_draw: bool
) -> str | None:
    """The winner must lead on ``measure`` (``what`` names it: "victory points"); with
    ``level_draw`` a draw needs it level too (any lead decides), otherwise a draw may come
    with a lead (a margin the entered figures cannot show decides, KoW's 20 %)."""
    if "a" not in measure or "b" not in measure:
        return None
    if winner is None:
        if level_draw and measure["a"] != measure["b"]:
            return f"A draw needs equal {what}: {measure['a']}–{measure['b']} has a winner."
        return None
    loser = "b" if winner == "a" else "a"
    if measure[winner] <= measure[loser]:
        return (
            f"The winner must have more {what} than the loser "
            f"({measure[winner]} against {measure[loser]}): change the result or the scores."
        )
    return None


@dataclass(frozen=True, slots=True)
class RoutDecides:
    """The winner is the side left on the table (Mordheim rout, GURPS fighters out of the
    fight): scores and objectives never contradict it."""

    def contradiction(
        self,
        *,
        mission: str,
        winner: str | None,
        scores: Mapping[str, int],
        objectives: Mapping[str, int],
    ) -> str | None:
        return None
