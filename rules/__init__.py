"""Battles and simulations: persists what the pure rules engine decides."""
