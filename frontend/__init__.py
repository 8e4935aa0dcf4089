"""Server-rendered pages with htmx."""
