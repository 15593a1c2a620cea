"""A game's final standings, as the ruleset's ``standings`` rules say (rulesets/base/table.rules):
who gets the riichi sticks left on the table, and each player's final result. This module only
asks the rules about each seat and adds up what they say."""

from __future__ import annotations

from collections.abc import Sequence

from riichi_rules.language.table_vocabulary import SeatFacts, TableEnv, seats_of
from riichi_rules.scoring.program import ScoringProgram


def _seat_env(program: ScoringProgram, seats: tuple[SeatFacts, ...], seat: int,
              sticks: int, rounds: int = 2) -> TableEnv:
    """The question "what does this seat end the game with?" (``seats``: the table's, by
    :func:`seats_of`; ``rounds``: the rounds the game was played over, 2 East and South, 1
    East only)."""
    table = program.table
    env = TableEnv(table.slot_count, table.cache_size)
    env.standing(seats, seat)
    env.sticks = sticks
    env.game_rounds = rounds
    return env


def final_scores(program: ScoringProgram, scores: Sequence[int], sticks: int) -> list[int]:
    """The scores at the end of the game: the scores after the last hand, plus what the
    ``gain`` clauses of the standings rules give each seat (the riichi sticks left)."""
    rules = program.table.of("standings")
    seats = seats_of(scores)
    return [score + sum(rule.gained(_seat_env(program, seats, seat, sticks)) for rule in rules)
            for seat, score in enumerate(scores)]


def final_results(program: ScoringProgram, scores: Sequence[int],
                  rounds: int = 2) -> list[int]:
    """Each seat's final result in points, by the standings rule with a ``result`` clause; a
    seat whose ``balance`` clause holds takes what makes the results sum to zero (shared, if
    several do). Without such a rule: the scores themselves. ``rounds``: the rounds the game
    was played over (2: East and South; 1: East only)."""
    rule = next((r for r in program.table.of("standings") if r.result is not None), None)
    if rule is None or rule.result is None:
        return list(scores)
    results: list[int] = []
    balancing: list[int] = []
    seats = seats_of(scores)
    for seat in range(len(scores)):
        env = _seat_env(program, seats, seat, 0, rounds)
        if rule.balance is not None and rule.balance(env):
            balancing.append(seat)
        results.append(int(rule.result(env)))
    if balancing:
        rest = sum(r for seat, r in enumerate(results) if seat not in balancing)
        for seat in balancing:
            results[seat] = -rest // len(balancing)
    return results


def final_points(program: ScoringProgram, scores: Sequence[int],
                 rounds: int = 2) -> list[float]:
    """The final results in thousands of points, to one decimal (as records show them)."""
    return [round(r / 1000, 1) for r in final_results(program, scores, rounds)]
