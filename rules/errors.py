"""Domain errors of the rules app; the API maps them to 400 with the same code."""


class BattleRequestError(ValueError):
    """A battle or simulation request that cannot be accepted; ``field`` names the input."""

    def __init__(self, field: str, code: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.message = message
