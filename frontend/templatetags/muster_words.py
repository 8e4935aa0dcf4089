"""Template filters that speak slugs as words (:mod:`frontend.words`)."""

from __future__ import annotations

from django import template

from frontend.words import fighter_label, human_name, human_words

register = template.Library()


@register.filter(name="human")
def human(value: object) -> str:
    """``{{ status|human }}``: "out_of_action" → "out of action"."""
    return human_words(str(value))


@register.filter(name="human_name")
def human_name_filter(value: object) -> str:
    """``{{ slug|human_name }}``: "independent_character" → "Independent character"."""
    return human_name(str(value))


@register.filter(name="fighter")
def fighter_filter(value: object) -> str:
    """``{{ injury.fighter|fighter }}``: "u2.1" → "fighter 1"."""
    return fighter_label(str(value))
