"""Project-wide plain Python shared by every app (no Django models, no app imports)."""
