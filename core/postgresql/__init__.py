"""PostgreSQL through psycopg, with a health check that needs no round trip (``base``)."""
