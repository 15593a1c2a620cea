"""The game: who deals each hand, the honba and riichi sticks carried from hand to hand, the
scores, and when the game ends, each as the ruleset's table rules say (``next_hand``:
``dealer_repeat``, ``add_honba``, ``game_end``; ``standings``: the sticks left and the final
results). A :class:`~riichi_rules.referee.hand.HandReferee` follows each hand; the
:class:`GameReferee` starts it and settles what follows it.

    game = GameReferee(program("tenhou"))
    referee = game.deal(hands, dora_indicator)     # the next hand, as the rules say
    for event in events:
        game.apply(event)
    end = game.end_hand()      # who deals next, the honba, whether the game is over
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from riichi_rules.errors import InputError
from riichi_rules.language.table_vocabulary import TableEnv, seats_of
from riichi_rules.native import pickled_by_fields
from riichi_rules.records.events import Event
from riichi_rules.referee.hand import Disagreement, HandReferee
from riichi_rules.referee.standings import final_points, final_scores
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.tiles import WINDS, Tile, Wind

MakeReferee = Callable[..., HandReferee]


@dataclass(frozen=True, slots=True)
class HandStart:
    """Where a hand starts: its dealer (seat 0 deals the game's first hand), the round's
    wind, the honba counters and riichi sticks on the table, and the scores."""

    dealer: int
    round_wind: Wind
    honba: int
    sticks: int
    scores: tuple[int, ...]

    @property
    def name(self) -> str:
        """The hand as records name it: ``E1-0`` (round wind, hand of the round, honba)."""
        return f"{self.round_wind.name}{self.dealer + 1}-{self.honba}"


@dataclass(frozen=True, slots=True)
class HandEnd:
    """What follows a hand, by the ``next_hand`` rules: whether the dealer keeps the deal,
    whether a honba counter is added, whether the game ends, and the next hand's start."""

    dealer_keeps: bool
    honba_added: bool
    game_over: bool
    next: HandStart


class GameReferee:
    """Follows a game hand by hand under one ruleset. ``rounds``: the rounds the game is
    played over (2: East and South; 1: East only); ``start``: the first hand's start (by
    default the game's: seat 0 deals East 1, everyone has the ruleset's start points);
    ``make_referee``: what follows each hand (a :class:`HandReferee`, or one that also asks
    other rulesets, see shadow.py). The number of seats is the ruleset's (``players``)."""

    def __init__(self, program: ScoringProgram, *, rounds: int = 2,
                 start: HandStart | None = None,
                 make_referee: MakeReferee = HandReferee) -> None:
        parameters = program.config.parameters
        self.program = program
        self.players = int(parameters.get("players", 4))  # type: ignore[call-overload]
        self.rounds = rounds
        self.make_referee = make_referee
        points = int(parameters["start_points"])  # type: ignore[call-overload]
        self.next: HandStart | None = start or HandStart(
            0, Wind.E, 0, 0, (points,) * self.players)
        """The next hand's start by the rules (None: the last hand did not end)."""
        self.referee: HandReferee | None = None
        self.hand: HandStart | None = None  # the start of the hand being followed
        self.scores: list[int] = list(self.next.scores)
        self.sticks = self.next.sticks
        self.over = False  # the rules end the game with the last hand that ended
        self.ended: HandEnd | None = None  # what followed the last hand that ended

    def deal(self, hands: Sequence[Sequence[Tile]], dora_indicator: Tile, *,
             start: HandStart | None = None, name: str | None = None) -> HandReferee:
        """Start a hand with the dealt tiles: where the rules say (:attr:`next`), or at
        ``start`` (a record's hand, which the caller compares with :attr:`next`); ``name``
        names the hand in disagreements (by default as records do, ``E1-0``)."""
        begin = start or self.next
        if begin is None:
            raise ValueError("the last hand has not ended: give the next hand's start")
        self.hand = begin
        self.referee = self.make_referee(
            self.program, dealer=begin.dealer, round_wind=begin.round_wind,
            honba=begin.honba, sticks=begin.sticks, scores=begin.scores, hands=hands,
            dora_indicator=dora_indicator, name=begin.name if name is None else name)
        return self.referee

    def apply(self, event: Event) -> list[Disagreement]:
        """Follow one event of the hand being played (see :meth:`HandReferee.apply`)."""
        return self._following().apply(event)

    def follow(self, events: Sequence[Event]) -> tuple[int, Disagreement | None]:
        """Follow the events of the hand being played in turn (:meth:`apply`), up to one the
        referee cannot follow (it raises InputError or ValueError: the record's fault): how
        many were followed, and that event's error (None when every one was)."""
        referee = self._following()
        for done, event in enumerate(events):
            try:
                referee.apply(event)
            except (InputError, ValueError) as error:
                return done, Disagreement(referee.name, event.index, "error",
                                          f"{type(event).__name__}: {error}")
        return len(events), None

    def end_hand(self) -> HandEnd | None:
        """Once the hand's events are followed: carry its scores and sticks on, and ask the
        ``next_hand`` rules what follows it (None: the hand has not ended, so nothing does)."""
        referee = self._following()
        begin = self.hand
        assert begin is not None
        state = referee.state
        self.scores = [s.points for s in state.seats]
        self.sticks = state.sticks
        if not referee.ending:
            self.next = self.ended = None
            self.over = False
            return None
        env = self._next_env(referee)
        keeps = self._holds("dealer_repeat", env)
        added = self._holds("add_honba", env)
        env.dealer_keeps = keeps
        over = self._holds("game_end", env)
        dealer, wind = begin.dealer, begin.round_wind
        if not keeps:
            dealer = (dealer + 1) % self.players
            if dealer == 0:
                wind = WINDS[(WINDS.index(wind) + 1) % len(WINDS)]
        following = HandStart(dealer, wind, begin.honba + 1 if added else 0, state.sticks,
                              tuple(self.scores))
        self.next = following
        self.over = over
        self.ended = HandEnd(keeps, added, over, following)
        return self.ended

    def final_scores(self) -> list[int]:
        """The scores at the end of the game: the riichi sticks left given out as the
        ``standings`` rules say."""
        return final_scores(self.program, self.scores, self.sticks)

    def final_points(self) -> list[float]:
        """Each player's final result in thousands, by the ``standings`` rules."""
        return final_points(self.program, self.final_scores(), self.rounds)

    def _following(self) -> HandReferee:
        if self.referee is None:
            raise ValueError("no hand has been dealt: call deal() first")
        return self.referee

    def _next_env(self, referee: HandReferee) -> TableEnv:
        """The question "what follows this hand?", about its dealer: how it ended, the scores
        and places after it (the sticks on the table not counted), and where it stands in the
        game (seat 0 is the first dealer, so the dealer's seat gives the hand's number)."""
        state = referee.state
        env = referee.ask.env(state, state.seats[state.dealer])
        env.won = bool(referee.wins)
        env.dealer_won = any(w.seat == state.dealer for w in referee.wins)
        env.dealer_tenpai = state.dealer in referee.tenpai
        env.exhaustive_draw = referee.ending == "exhaustive"
        env.abortive_draw = referee.ending == "abortive"
        env.standing(seats_of([s.points for s in state.seats]), state.dealer)
        env.sticks = state.sticks
        env.round_number = WINDS.index(state.round_wind) + 1
        env.hand_number = state.dealer + 1
        env.game_rounds = self.rounds
        return env

    def _holds(self, name: str, env: TableEnv) -> bool:
        rule = self.program.table.named("next_hand", name)
        return bool(rule and rule.when and rule.when(env))


pickled_by_fields(HandStart, HandEnd)
