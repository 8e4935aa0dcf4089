"""Thin API views: parse with a serializer, authorise, call a service or selector, render."""
