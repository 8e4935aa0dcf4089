"""Input and output serializers of the REST API, one module per resource."""
