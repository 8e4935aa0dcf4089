"""Catalogues (loaded from files or uploaded by users) and rosters (owned by players, with
full history).

A catalogue's parsed file lives in ``data`` (the source the validator reads in one query).
The site's samples (``owner`` null) also have their units, options, special rules and
constraints as rows so they can be listed and filtered; a user's catalogue keeps only
``data`` and one ``FactionRevision`` per save (with the uploaded text). A roster keeps its
current payload and one ``RosterRevision`` per change.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class Severity(models.TextChoices):
    ERROR = "error", "Error"
    WARNING = "warning", "Warning"


class Alignment(models.TextChoices):
    NONE = "", "None"
    GOOD = "good", "Good"
    EVIL = "evil", "Evil"
    NEUTRAL = "neutral", "Neutral"


class RosterAction(models.TextChoices):
    CREATED = "created", "Created"
    UPDATED = "updated", "Details changed"
    UNIT_ADDED = "unit_added", "Unit added"
    UNIT_CHANGED = "unit_changed", "Unit changed"
    UNIT_REMOVED = "unit_removed", "Unit removed"
    UNIT_DUPLICATED = "unit_duplicated", "Unit duplicated"
    RESTORED = "restored", "Revision restored"
    IMPORTED = "imported", "Imported"
    DUPLICATED = "duplicated", "Copied from another roster"
    CATALOGUE_ACCEPTED = "catalogue_accepted", "New catalogue revision accepted"


class Visibility(models.TextChoices):
    """Who may read and build from a user's catalogue (the samples are public)."""

    PRIVATE = "private", "Private (owner only)"
    UNLISTED = "unlisted", "Unlisted (anyone with its link)"
    PUBLIC = "public", "Public (listed and searchable)"


class SourceFormat(models.TextChoices):
    YAML = "yaml", "YAML"
    JSON = "json", "JSON"


def saved_by() -> models.ForeignKey:
    """Who saved a revision (kept as null when their account is deleted)."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )


class GameSystem(models.Model):
    """One game system (``_system.yaml``): points name, default limit, system constraints."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=120)
    points_name = models.CharField(max_length=20, default="pts")
    default_points_limit = models.PositiveIntegerField()
    allies_allowed = models.BooleanField(default=False)
    revision = models.PositiveIntegerField()
    content_hash = models.CharField(max_length=64)
    data = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("slug",)

    def __str__(self) -> str:
        return self.name


class Faction(models.Model):
    """One faction's catalogue at its current revision (the document's content in ``data``).

    ``owner`` null: a sample shipped with the site (read-only, public). Otherwise a user's
    catalogue, whose ``slug`` is the storage key ``u<owner id>-<document slug>`` (unique per
    system, so rosters and the catalogue cache keep naming factions by slug) while
    ``data["faction"]`` keeps the slug the owner wrote.
    """

    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField(max_length=100)
    name = models.CharField(max_length=120)
    alignment = models.CharField(max_length=10, choices=Alignment.choices, blank=True)
    description = models.TextField(blank=True)
    revision = models.PositiveIntegerField()
    content_hash = models.CharField(max_length=64)
    data = models.JSONField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="catalogues",
        help_text="Null for the site's sample catalogues.",
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    link_token = models.CharField(
        max_length=43,
        null=True,
        blank=True,
        unique=True,
        help_text="Set while unlisted: anyone holding the link may read and build from it.",
    )
    forked_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="forks"
    )
    created_at = models.DateTimeField(auto_now_add=True, null=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("system__slug", "slug")
        constraints = [
            models.UniqueConstraint(fields=("system", "slug"), name="faction_unique_slug"),
            models.CheckConstraint(
                condition=Q(visibility__in=Visibility.values), name="faction_visibility_valid"
            ),
            models.CheckConstraint(
                condition=Q(owner__isnull=False) | Q(visibility=Visibility.PUBLIC),
                name="faction_sample_public",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.system.slug})"

    @property
    def is_sample(self) -> bool:
        """A catalogue shipped with the site: read-only for everyone."""
        return self.owner_id is None


class DocumentRevision(models.Model):
    """One saved revision of an uploaded document (a faction catalogue or a rules variant):
    its number, the parsed data it stored, the uploaded text's format, a summary and who
    saved it. The concrete models add the owning row, the text and the time it was saved
    (``saved_at`` names that field), so the tables keep their own columns."""

    revision = models.PositiveIntegerField()
    content_hash = models.CharField(max_length=64)
    data = models.JSONField()
    source_format = models.CharField(
        max_length=4, choices=SourceFormat.choices, default=SourceFormat.YAML
    )
    summary = models.CharField(max_length=200, blank=True)
    created_by = saved_by()

    #: The concrete model's timestamp field.
    saved_at_field = "created_at"

    class Meta:
        abstract = True

    @property
    def saved_at(self) -> Any:
        """When this revision was saved (the concrete model's own timestamp field)."""
        return getattr(self, self.saved_at_field)


class FactionRevision(DocumentRevision):
    """Every revision of a faction ever loaded or saved (the whole document each time), so
    old rosters can be read against it and an older revision restored."""

    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="revisions")
    source = models.TextField(blank=True, help_text="The uploaded text (user catalogues).")
    loaded_at = models.DateTimeField(auto_now_add=True)

    saved_at_field = "loaded_at"

    class Meta:
        ordering = ("faction", "revision")
        constraints = [
            models.UniqueConstraint(fields=("faction", "revision"), name="faction_revision_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.faction.slug} r{self.revision}"


class RulesVariant(models.Model):
    """A user's variant of a system's rules file (``_system.yaml``): a league's own force
    organisation chart, points limit default or constraints. ``data`` is the shipped system
    document with the variant's top-level keys laid over it (what the validator reads in
    place of the system's); each save appends a :class:`RulesVariantRevision`. Ownership,
    visibility and link tokens are the catalogues' (``catalogue_access``)."""

    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="variants")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rules_variants"
    )
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    link_token = models.CharField(max_length=43, null=True, blank=True, unique=True)
    forked_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="forks"
    )
    revision = models.PositiveIntegerField(default=1)
    content_hash = models.CharField(max_length=64)
    document = models.JSONField(help_text="The variant's own keys, as uploaded.")
    data = models.JSONField(help_text="The system document with the variant laid over it.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("system__slug", "name", "id")
        constraints = [
            models.UniqueConstraint(
                fields=("owner", "system", "slug"), name="rules_variant_unique_slug"
            ),
            models.CheckConstraint(
                condition=Q(visibility__in=Visibility.values), name="rules_variant_visibility"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.system.slug} variant)"


class RulesVariantRevision(DocumentRevision):
    """Every saved revision of a rules variant (its text, its own keys and the merged
    document), so an older one can be restored."""

    variant = models.ForeignKey(RulesVariant, on_delete=models.CASCADE, related_name="revisions")
    document = models.JSONField()
    source = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("variant", "revision")
        constraints = [
            models.UniqueConstraint(
                fields=("variant", "revision"), name="rules_variant_revision_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.variant.slug} r{self.revision}"


class UnitType(models.Model):
    """A unit entry of a faction catalogue (category, size, costs, [1] flag)."""

    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="unit_types")
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)
    category = models.CharField(max_length=60)
    unit_type = models.CharField(max_length=60, blank=True)
    size_min = models.PositiveIntegerField()
    size_max = models.PositiveIntegerField()
    cost = models.IntegerField()
    cost_per_model = models.IntegerField(default=0)
    is_unique = models.BooleanField(default=False)
    position = models.PositiveIntegerField()
    data = models.JSONField()

    class Meta:
        ordering = ("faction", "position")
        constraints = [
            models.UniqueConstraint(fields=("faction", "slug"), name="unit_type_unique_slug"),
            models.CheckConstraint(
                condition=Q(size_min__lte=F("size_max")), name="unit_type_size_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class UnitOption(models.Model):
    """An option of a unit type (cost, group, per-model flag)."""

    unit_type = models.ForeignKey(UnitType, on_delete=models.CASCADE, related_name="options")
    slug = models.SlugField(max_length=80)
    name = models.CharField(max_length=120)
    cost = models.IntegerField()
    per_model = models.BooleanField(default=False)
    group = models.CharField(max_length=60, blank=True)
    position = models.PositiveIntegerField()
    data = models.JSONField()

    class Meta:
        ordering = ("unit_type", "position")
        constraints = [
            models.UniqueConstraint(fields=("unit_type", "slug"), name="unit_option_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name


class SpecialRule(models.Model):
    """A special rule of a faction's glossary."""

    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="special_rules")
    slug = models.CharField(max_length=80)
    name = models.CharField(max_length=120)
    text = models.TextField(blank=True)

    class Meta:
        ordering = ("faction", "slug")
        constraints = [
            models.UniqueConstraint(fields=("faction", "slug"), name="special_rule_unique_slug"),
        ]

    def __str__(self) -> str:
        return self.name


class Constraint(models.Model):
    """A constraint of a system (``faction`` null) or of one faction, as loaded."""

    system = models.ForeignKey(GameSystem, on_delete=models.CASCADE, related_name="constraints")
    faction = models.ForeignKey(
        Faction, on_delete=models.CASCADE, null=True, blank=True, related_name="constraints"
    )
    code = models.CharField(max_length=80)
    kind = models.CharField(max_length=40)
    severity = models.CharField(max_length=10, choices=Severity.choices)
    position = models.PositiveIntegerField()
    params = models.JSONField()

    class Meta:
        ordering = ("system", "faction", "position")
        constraints = [
            models.UniqueConstraint(
                fields=("system", "code"),
                condition=Q(faction__isnull=True),
                name="constraint_unique_system_code",
            ),
            models.UniqueConstraint(
                fields=("faction", "code"),
                condition=Q(faction__isnull=False),
                name="constraint_unique_faction_code",
            ),
            models.CheckConstraint(
                condition=Q(severity__in=Severity.values), name="constraint_severity_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.code


class Roster(models.Model):
    """A player's army list: the current payload plus denormalised fields for listing.

    ``payload`` is the interchange format (name, system, faction, allies, points_limit,
    units with stable ids); ``points`` and ``is_valid`` are recomputed by every service call.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rosters"
    )
    name = models.CharField(max_length=120)
    system = models.ForeignKey(GameSystem, on_delete=models.PROTECT, related_name="rosters")
    faction = models.ForeignKey(Faction, on_delete=models.PROTECT, related_name="rosters")
    points_limit = models.PositiveIntegerField()
    points = models.IntegerField(default=0)
    is_valid = models.BooleanField(default=False)
    payload = models.JSONField()
    house_rules = models.JSONField(default=dict, blank=True)
    rules_variant = models.ForeignKey(
        RulesVariant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rosters",
        help_text="Validated against this variant of the system's rules (null: the system's).",
    )
    catalogue_revisions = models.JSONField(default=dict)
    revision = models.PositiveIntegerField(default=1)
    next_unit_number = models.PositiveIntegerField(default=1)
    share_token = models.CharField(
        max_length=43,
        null=True,
        blank=True,
        unique=True,
        help_text="Set while the roster is shared: anyone holding the link may read it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated_at", "id")
        constraints = [
            models.CheckConstraint(condition=Q(points_limit__gt=0), name="roster_limit_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    def ally_slugs(self) -> list[str]:
        """Allied faction slugs in the order the player added them."""
        return list(self.payload.get("allies", []))

    def unit_entries(self) -> list[dict[str, Any]]:
        """The roster's unit entries (each ``{id, unit, size, options, name[, faction]}``)."""
        return list(self.payload.get("units", []))


class RosterRevision(models.Model):
    """One saved state of a roster: the full payload, the catalogue revisions it was priced
    against and each unit's points then (so a later catalogue change can be shown)."""

    roster = models.ForeignKey(Roster, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=30, choices=RosterAction.choices)
    summary = models.CharField(max_length=200, blank=True)
    payload = models.JSONField()
    house_rules = models.JSONField(default=dict, blank=True)
    catalogue_revisions = models.JSONField()
    unit_points = models.JSONField()
    points = models.IntegerField()
    created_by = saved_by()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("roster", "-number")
        constraints = [
            models.UniqueConstraint(fields=("roster", "number"), name="roster_revision_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="roster_revision_number"),
            models.CheckConstraint(
                condition=Q(action__in=RosterAction.values), name="roster_revision_action"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.roster} r{self.number}"
