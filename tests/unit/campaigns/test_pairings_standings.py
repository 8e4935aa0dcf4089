"""Swiss and Berger pairings, and the league table's tie-breaker chain (pure, no DB)."""

import itertools

from campaigns.pairings import SwissPlayer, berger_rounds, swiss_pairings
from campaigns.standings import GameResult, MatchPoints, standings


def test_swiss_avoids_a_rematch_even_when_equal_scores_would_pair_them():
    players = [
        SwissPlayer(1, 3, 0, frozenset({2})),
        SwissPlayer(2, 3, 1, frozenset({1})),
        SwissPlayer(3, 0, 2, frozenset({4})),
        SwissPlayer(4, 0, 3, frozenset({3})),
    ]
    pairs = {frozenset((p.a, p.b)) for p in swiss_pairings(players, seed=1)}
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}


def test_swiss_gives_the_bye_to_the_lowest_ranked_player_without_one_and_is_reproducible():
    players = [SwissPlayer(i, 0, i, had_bye=(i == 5)) for i in range(1, 6)]
    first = swiss_pairings(players, seed=7)
    assert first[-1].b is None
    assert first[-1].a == 4
    assert swiss_pairings(players, seed=7) == first


def test_berger_tables_meet_everyone_once_with_a_bye_for_odd_counts():
    rounds = berger_rounds([10, 20, 30, 40, 50], seed=2)
    assert len(rounds) == 5
    games = [frozenset((p.a, p.b)) for r in rounds for p in r if p.b is not None]
    assert sorted(map(sorted, games)) == sorted(
        map(sorted, itertools.combinations([10, 20, 30, 40, 50], 2))
    )
    assert sorted(p.a for r in rounds for p in r if p.b is None) == [10, 20, 30, 40, 50]


def test_berger_round_one_for_four_is_one_four_and_two_three():
    rounds = berger_rounds([1, 2, 3, 4], seed=0)
    assert all(len(r) == 2 for r in rounds)
    assert len(rounds) == 3


def test_tie_breakers_vp_difference_then_strength_of_schedule_then_head_to_head():
    results = [
        GameResult(1, 2, "a", 10, 0),
        GameResult(3, 4, "a", 10, 0),
        GameResult(1, 3, None, 5, 5),
        GameResult(2, 4, None, 5, 5),
    ]
    table = standings([1, 2, 3, 4], results)
    assert [r.participant for r in table][:2] in ([1, 3], [3, 1])
    assert table[0].match_points == 4
    assert table[0].vp_diff == 10


def test_strength_of_schedule_counts_repeat_opponents_once_and_ignores_byes():
    results = [
        GameResult(1, 2, "a"),
        GameResult(1, 2, "a"),
        GameResult(1, None, "a"),
        GameResult(3, 2, "a"),
    ]
    rows = {r.participant: r for r in standings([1, 2, 3], results)}
    assert rows[1].sos == 0
    assert rows[2].sos == (9 + 3) / 2


def test_head_to_head_splits_players_tied_on_match_points():
    results = [GameResult(2, 1, "b", 0, 1), GameResult(2, 3, "a", 1, 0)]
    table = standings([1, 2, 3], results, tiebreakers=["match_points", "head_to_head"], seed=5)
    assert [r.participant for r in table] == [1, 2, 3]
    reverse = standings(
        [1, 2, 3],
        [GameResult(1, 2, "b"), GameResult(1, 3, "a")],
        tiebreakers=["match_points", "head_to_head"],
        seed=5,
    )
    assert [r.participant for r in reverse] == [2, 1, 3]


def test_custom_match_points_count_a_bye_as_a_win():
    rows = standings([1, 2], [GameResult(1, None, "a")], points=MatchPoints(2, 1, 0, 2))
    assert (rows[0].participant, rows[0].match_points, rows[0].won) == (1, 2, 1)


def test_standings_of_a_campaign_nobody_has_joined_are_empty():
    assert standings([], []) == []
