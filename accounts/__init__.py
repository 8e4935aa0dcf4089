"""Muster's user model (custom from day one)."""
