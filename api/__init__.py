"""The versioned REST API (DRF, OpenAPI)."""
