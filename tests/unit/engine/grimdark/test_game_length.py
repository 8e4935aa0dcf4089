"""Random game length (≈ 4e pp.84-87, ``settings.random_game_length``): by default as the
digest reads it (§36 "after turn 6, roll to continue": a D6 at the end of turn 6, 1-3
ends); ``random_game_length_from=5`` the later books' form, a D6 at the end of game turns 5
(1-2 ends) and 6 (1-3 ends); never beyond turn 7."""

from rules.engine.systems.grimdark.resolve import RANDOM_GAME_ENDS, RANDOM_LAST_TURN
from rules.engine.systems.grimdark.settings import GrimdarkSettings

from .test_battle import SWARM, SYSTEM, WARDENS


def test_the_game_end_tables():
    assert RANDOM_GAME_ENDS == {6: {6: 3}, 5: {5: 2, 6: 3}}
    assert RANDOM_LAST_TURN == 7


def test_random_game_length_rolls_first_after_turn_six_by_default():
    settings = GrimdarkSettings(random_game_length=True)
    turns = set()
    for seed in range(8):
        report = SYSTEM.resolve_battle(WARDENS, SWARM, "seek-and-destroy", seed, settings=settings)
        rolls = [e for e in report.events if e.text.endswith(("battle ends", "battle goes on"))]
        assert all(e.turn == 6 for e in rolls)
        if rolls:
            ended = rolls[0].text.endswith("battle ends")
            assert ended is (rolls[0].dice[0] <= 3)
            assert report.turns_played == (6 if ended else 7)
        turns.add(report.turns_played)
    assert turns == {6, 7}


def test_random_game_length_battles_end_after_turn_five_six_or_seven():
    settings = GrimdarkSettings(random_game_length=True, random_game_length_from=5)
    ends = RANDOM_GAME_ENDS[5]
    turns = set()
    for seed in range(8):
        report = SYSTEM.resolve_battle(WARDENS, SWARM, "seek-and-destroy", seed, settings=settings)
        rolls = [e for e in report.events if e.text.endswith(("battle ends", "battle goes on"))]
        if not rolls:  # one army was wiped out before turn 5 ended
            assert report.turns_played < 5
            continue
        assert [e.turn for e in rolls] == list(range(5, 5 + len(rolls)))
        last = rolls[-1]
        if last.text.endswith("battle ends"):
            assert last.dice[0] <= ends[last.turn]
            assert report.turns_played == last.turn
        else:
            assert last.turn < report.turns_played <= RANDOM_LAST_TURN
        turns.add(report.turns_played)
    assert turns - {6}  # not always the fixed six turns


def test_fixed_game_length_by_default():
    report = SYSTEM.resolve_battle(WARDENS, SWARM, "seek-and-destroy", 1)
    assert not any("Game length roll" in e.text for e in report.events)
