"""The questions the referee puts to the table rules: it fills a :class:`TableEnv` for a seat
at a moment (a claim, a discard, a kan) and runs the compiled rules of one kind."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

from riichi_rules.hand import Meld, Win
from riichi_rules.language.table_vocabulary import WIN_FLAGS, TableEnv
from riichi_rules.language.vocabulary import MISSING
from riichi_rules.readings import Group, Reading, readings
from riichi_rules.referee.state import HandState, SeatState, group_of, relation
from riichi_rules.scoring.program import ScoringProgram, TableRule
from riichi_rules.tiles import Tile
from riichi_rules.waits import waits as waits_of


@lru_cache(maxsize=16384)
def _waits(hand: tuple[Tile, ...], melds: tuple[Meld, ...]) -> tuple[Tile, ...]:
    return tuple(Tile.of(k) for k in sorted(waits_of(hand, melds)))


def waits(hand: Sequence[Tile], melds: Sequence[Meld]) -> tuple[Tile, ...]:
    """The tiles that complete a 13-tile hand (with its melds); none for a hand of another
    size (a hand of 14 between its draw and its discard: told before any look-up)."""
    if len(hand) + 3 * len(melds) != 13:
        return ()
    return _waits(tuple(hand), tuple(melds))


def tenpai_readings(hand: Sequence[Tile], melds: Sequence[Meld]) -> tuple[Reading, ...]:
    """Every reading of the hand completed by each of its waits."""
    out: list[Reading] = []
    for tile in waits(hand, melds):
        win = Win(concealed=(*hand, tile), win_tile=tile, melds=tuple(melds), tsumo=True)
        out.extend(readings(win))
    return tuple(out)


_SEAT_LISTS = {
    "own_discards": "discards", "own_added_kan_tiles": "added_kan_tiles",
    "passed_since_own_turn": "passed_since_turn",
    "passed_since_own_discard": "passed_since_discard",
    "passed_since_riichi": "passed_since_riichi",
}
"""The facts that are a copy of a list the seat keeps (:class:`SeatState`), by the list's name."""


class SeatEnv(TableEnv):
    """A question about a seat at one moment of a hand. The facts most questions do not
    read (the seat's ``hand`` and its ``tiles``, ``counts``, ``melds``, ``waits``; its
    discards and the tiles passed since; the seats in riichi or with a kan) are worked out
    when a rule first reads them, from the seat and the table as they are then: a question
    is answered at its moment, before the hand goes on, or settled (:meth:`settle`) to be
    kept past it."""

    seat_melds: tuple[Meld, ...] = ()
    asked_by: Questions | None = None  # a claim's question (ClaimEnv) asks its furiten rules
    of_state: HandState | None = None
    of_seat: SeatState | None = None
    of_hand: Sequence[Tile] = ()  # the concealed tiles asked about (the seat's, or others)
    # the facts every question sets, declared again here so that mypyc keeps them in slots
    # of the instance, set in a step each (a fact of TableEnv's __dict__ is a look-up through
    # the classes); the rules read them as before, with the defaults of TableEnv
    closed: bool = True
    riichi: bool = False
    dealer: bool = False
    points: int = 0
    first_turn: bool = False
    discards_called: bool = False
    wall: int = 0
    last_tile: bool = False
    kans: int = 0
    tile: Tile | None = None
    drawn: bool = False
    after_call: bool = False
    called: Tile | None = None
    call: Group | None = None

    LIVE: ClassVar[tuple[str, ...]] = (
        "hand", "own_discards", "own_added_kan_tiles", "passed_since_own_turn",
        "passed_since_own_discard", "passed_since_riichi", "first_discards", "riichi_seats",
        "kan_seats")
    """The facts read from the seat and the table as they are when first read (``tiles``,
    ``counts``, ``melds`` and ``waits`` follow from ``hand`` and the melds, fixed)."""

    def settle(self) -> None:
        for name in self.LIVE:
            getattr(self, name)

    def __init__(self, slot_count: int, cache_size: int) -> None:
        # TableEnv.__init__'s two lists, made in compiled code (calling the interpreted
        # __init__ cost a fifth of a microsecond, some sixty times a hand)
        self.slots = [None] * slot_count
        self.cache = [MISSING] * cache_size

    def derive(self, name: str) -> Any:
        if name == "waits":
            return waits(self.hand, self.seat_melds)
        if name == "melds":
            return tuple(group_of(m) for m in self.seat_melds)
        if name == "tiles":
            tiles = self.hand
            for meld in self.seat_melds:
                tiles += meld.tiles
            return tiles
        if name == "counts":
            counts = [0] * 34
            for tile in self.tiles:
                counts[tile.kind] += 1
            return tuple(counts)
        seat, state = self.of_seat, self.of_state
        if seat is None or state is None:  # a question made up of its facts alone
            return super().derive(name)
        if name == "hand":
            return tuple(self.of_hand)
        kept = _SEAT_LISTS.get(name)
        if kept is not None:
            return tuple(getattr(seat, kept))
        if name == "first_discards":
            return tuple(state.first_discards) if state.first_go_around else ()
        if name == "riichi_seats":
            return sum(1 for s in state.seats if s.riichi and not s.riichi_pending)
        if name == "kan_seats":
            return len(set(state.kans))
        return super().derive(name)


E = TypeVar("E", bound=SeatEnv)


class ClaimEnv(SeatEnv):
    """A question about a claim on a released tile: whether the ``tile`` ``completes`` the
    seat's hand, and whether the seat is ``furiten`` (the furiten rules of ``asked_by``), are
    worked out when a rule first reads them (a pung or a chow seldom asks: the waits are not
    looked for). It declares no attribute of its own: mypyc would make one a slot, not the
    descriptor of :class:`TableEnv` that works the fact out."""

    LIVE = (*SeatEnv.LIVE, "completes", "furiten")

    def derive(self, name: str) -> Any:
        if name == "completes":
            tile = self.tile
            return tile is not None and any(w.kind == tile.kind for w in self.waits)
        if name == "furiten":  # a furiten rule that reads furiten sees False, as when the
            self.__dict__["furiten"] = False  # question set it after asking them
            return self.asked_by is not None and bool(self.asked_by.holding("furiten", self))
        return super().derive(name)


class Questions:
    """Asks the table rules of a compiled ruleset about a hand in progress."""

    def __init__(self, program: ScoringProgram) -> None:
        self.program = program
        self.table = program.table
        # the condition of each win_flag rule the referee asks, by flag, once (None: the
        # ruleset has no such rule): asked for every win the referee scores or checks
        when = {rule.name: rule.when for rule in self.table.of("win_flag")}
        self.win_flags = tuple((name, when.get(name)) for name in WIN_FLAGS)

    def env(
        self, state: HandState, seat: SeatState, hand: Sequence[Tile] | None = None
    ) -> TableEnv:
        """The environment of a question about ``seat`` (its 13-tile hand, or ``hand``)."""
        return self._about(SeatEnv(self.table.slot_count, self.table.cache_size), state, seat,
                           hand)

    def _about(self, env: E, state: HandState, seat: SeatState,
               hand: Sequence[Tile] | None = None) -> E:
        """``env`` with the facts of ``seat`` and the table set."""
        env.of_state = state
        env.of_seat = seat
        env.of_hand = seat.hand if hand is None else hand
        env.seat_melds = tuple(seat.melds)
        env.closed = seat.closed
        env.riichi = seat.riichi
        env.dealer = seat.seat == state.dealer
        env.points = seat.points
        env.first_turn = state.first_go_around and not seat.has_discarded
        env.discards_called = seat.discards_called
        env.wall = state.wall
        env.last_tile = state.wall == 0
        env.kans = len(state.kans)
        return env

    def holding(self, kind: str, env: TableEnv) -> list[TableRule]:
        """The rules of ``kind`` whose ``when`` holds."""
        return [r for r in self.table.of(kind) if r.when is not None and r.when(env)]

    def allowed(self, kind: str, name: str, env: TableEnv) -> bool:
        """Whether the rule ``kind name`` allows the action (no such rule: not allowed)."""
        rule = self.table.named(kind, name)
        if rule is None or rule.allow is None:
            return False
        return bool(rule.allow(env))

    def forbidding(self, kind: str, env: TableEnv) -> list[TableRule]:
        """The rules of ``kind`` that forbid the action."""
        return [r for r in self.table.of(kind) if r.forbid is not None and r.forbid(env)]

    def furiten(self, state: HandState, seat: SeatState) -> list[TableRule]:
        """The furiten rules that hold for ``seat`` now."""
        return self.holding("furiten", self.env(state, seat))

    def claim_env(
        self, state: HandState, seat: SeatState, tile: Tile, releaser: int, on: str,
        has_yaku: bool,
    ) -> TableEnv:
        env = self._about(ClaimEnv(self.table.slot_count, self.table.cache_size), state, seat)
        env.tile = tile
        env.relation = relation(seat.seat, releaser)
        env.on = on
        env.has_yaku = has_yaku
        env.asked_by = self
        if on == "closed_kan":
            env.readings = tenpai_readings(seat.hand, seat.melds)
        return env

    def discard_env(self, state: HandState, seat: SeatState, tile: Tile, drawn: bool
                    ) -> TableEnv:
        """The question "may ``seat`` discard ``tile`` now?" (``drawn``: it is the drawn tile)."""
        env = self.env(state, seat)
        env.tile = tile
        env.drawn = drawn
        env.after_call = seat.call is not None
        env.called = seat.called
        env.call = group_of(seat.call) if seat.call is not None else None
        return env

    def closed_kan_env(self, state: HandState, seat: SeatState, meld: Meld
                       ) -> tuple[TableEnv, list[Tile]]:
        """The question "may ``seat`` declare this concealed kan?", and the hand after it."""
        tile = meld.tiles[0]
        before = list(seat.hand)
        if seat.drawn is not None and seat.drawn in before:
            before.remove(seat.drawn)
        after = list(seat.hand)
        for t in meld.tiles:
            if t in after:
                after.remove(t)
        env = self.env(state, seat, before)
        env.tile = tile
        env.on = "closed_kan"
        env.after_call = seat.call is not None
        env.drawn = seat.drawn is not None and seat.drawn.kind == tile.kind
        env.waits_after = waits(after, (*seat.melds, meld))
        if seat.riichi:
            env.readings = tenpai_readings(before, seat.melds)
        return env, after

    def added_kan_env(self, state: HandState, seat: SeatState, tile: Tile) -> TableEnv:
        """The question "may ``seat`` add ``tile`` to its pung?"."""
        env = self.env(state, seat)
        env.tile = tile
        env.on = "added_kan"
        env.after_call = seat.call is not None
        return env


def chow_possible(hand: Sequence[Tile], tile: Tile) -> bool:
    """Whether ``hand`` holds two tiles that make a chow with ``tile`` (a call's physical
    possibility; whether it is allowed is the claim rules')."""
    if tile.honour:
        return False
    kinds = {t.kind for t in hand}
    k, n = tile.kind, tile.number
    options = []
    if n >= 3:
        options.append((k - 2, k - 1))
    if 2 <= n <= 8:
        options.append((k - 1, k + 1))
    if n <= 7:
        options.append((k + 1, k + 2))
    return any(a in kinds and b in kinds for a, b in options)
