"""The one refusal of a BattleScribe file: which file, what is wrong with it."""

from __future__ import annotations

from armybuilder.errors import ArmyBuilderError


class BattleScribeRefused(ArmyBuilderError):
    """A file that cannot be imported (400): ``code`` is stable (``battlescribe.<problem>``),
    ``field`` names the file and the message says what is wrong and where."""

    status = 400

    def __init__(self, code: str, file: str, message: str) -> None:
        super().__init__(code, f"{file}: {message}", file)
        self.file = file
