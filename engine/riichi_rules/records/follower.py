"""The hand follower every record reader feeds: one hand followed at the table as it is read.

A reader translates its format (mjlog tags, tenhou.net/6 entries, mjai or Riichi City events)
into calls on a :class:`HandFollower`: :meth:`~HandFollower.draw`,
:meth:`~HandFollower.discard`, :meth:`~HandFollower.call`, :meth:`~HandFollower.closed_kan`,
:meth:`~HandFollower.added_kan`, :meth:`~HandFollower.nukidora`, riichi, new dora indicators,
and the end (:meth:`~HandFollower.win`, :meth:`~HandFollower.drawn`). The follower owns what
the table holds while the hand is read: each seat's concealed tiles and melds, the tile just
drawn and the one just let go (which a call or a ron may take), the riichi declared and paid,
the kans and the dora indicators shown, the events with their indices; it checks each step
against it (a tile not held, a hand of the wrong size, a call of a tile nobody let go, a
second riichi) and makes the :class:`~riichi_rules.records.events.HandRecord` at the end.

A tile is followed as the reader knows it (``H``): the :class:`~riichi_rules.tiles.Tile`
itself (:class:`TileFollower`), or mjlog's tile id 0..135, each copy its own. An error is a
:class:`Fail` saying what is wrong; the reader adds where (its file, :meth:`~HandFollower.place`
and its own line or entry) and raises :class:`~riichi_rules.records.events.RecordError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, NamedTuple, TypeVar

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType, Relative
from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    Event,
    HandRecord,
    NewDora,
    Nukidora,
    RecordedWin,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.tiles import Tile, Wind

__all__ = ["Fail", "HandFollower", "Release", "TileFollower", "source_of"]

H = TypeVar("H")
"""How a reader names one tile in play: a :class:`Tile`, or a tile id that tells copies apart."""

_SOURCE = {3: Relative.LEFT, 2: Relative.ACROSS, 1: Relative.RIGHT}


class Fail(Exception):
    """An error inside one hand; the reader adds the file and the place."""


def source_of(seat: int, from_seat: int) -> Relative:
    """Where ``from_seat`` sits for ``seat`` (left = kamicha). Seats count round a table of
    four, the empty North seat of a three-player Tenhou game keeping its place."""
    return _SOURCE[(from_seat - seat) % 4]


class Release(NamedTuple, Generic[H]):
    """The tile just let go, which a call or a ron may take: by ``seat``, ``on`` a discard,
    an added kan, a closed kan or a north set aside."""

    seat: int
    held: H
    on: str


class HandFollower(Generic[H]):
    """One hand followed at the table: see the module's text. Create it, then
    :meth:`set_up` the starting position (a reader may learn it over several events)."""

    HELD = "tiles"
    """How a message names the tiles a seat holds (``seat 1 draws holding 14 tiles``)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.round_wind = Wind.E
        self.kyoku = 1
        self.honba = 0
        self.sticks = 0
        self.dealer = 0
        self.scores: tuple[int, ...] = ()
        self.start: tuple[tuple[Tile, ...], ...] = ()
        self.concealed: list[list[H]] = [[] for _ in range(players)]
        self.melds: list[list[Meld]] = [[] for _ in range(players)]
        self.north = [0] * players
        self.events: list[Event] = []
        self.last_draw: list[H | None] = [None] * players
        self.released: tuple[int, H, str] | None = None  # see release
        self.declared: set[int] = set()
        self.accepted: set[int] = set()
        self.shown: list[H] = []  # the dora indicators shown, the first at the deal
        self.kans: list[int] = []  # their declarers, in order
        self.unrevealed: list[int] = []  # kans whose new indicator is still to come
        self.last_actor = 0
        self.ended = False
        self.tile_of: Callable[[H], Tile] = self.as_tile
        """:meth:`as_tile` for a tile known to be one (held, or just checked): a reader may
        put a quicker look-up here (the draws and discards, most of a hand, use it)."""

    def set_up(self, *, round_wind: Wind, kyoku: int, honba: int, sticks: int, dealer: int,
               scores: tuple[int, ...], hands: Sequence[Sequence[H]], dora: H) -> None:
        """The starting position: the hand's name and counters, the scores, each seat's
        13 tiles and the dora indicator."""
        self.round_wind, self.kyoku, self.honba, self.sticks = round_wind, kyoku, honba, sticks
        self.dealer = self.last_actor = dealer
        self.scores = scores
        self.concealed = [list(h) for h in hands]
        self.start = tuple(self.sorted_tiles(h) for h in hands)
        self.shown = [dora]

    # -- naming --
    def as_tile(self, held: H) -> Tile:
        """The tile ``held`` stands for."""
        raise NotImplementedError

    def named(self, held: H) -> str:
        """``held`` as a message names it."""
        return str(self.as_tile(held))

    def sorted_tiles(self, held: Iterable[H]) -> tuple[Tile, ...]:
        return tuple(sorted(map(self.as_tile, held)))

    @property
    def label(self) -> str:
        """``E1-0``: round wind, kyoku, honba."""
        return f"{self.round_wind.value}{self.kyoku}-{self.honba}"

    def place(self, index: int) -> str:
        """Where the hand is in messages: ``hand 4 (E4-0), event 37``."""
        return f"hand {index} ({self.label}), event {self.n}"

    @property
    def release(self) -> Release[H] | None:
        """The tile just let go, if any (kept as a plain tuple, quicker to make at each
        discard)."""
        released = self.released
        return None if released is None else Release(*released)

    @property
    def n(self) -> int:
        """The index of the next event."""
        return len(self.events)

    def add(self, event: Event) -> None:
        self.events.append(event)

    # -- checks --
    def check_open(self) -> None:
        if self.ended:
            raise Fail("an event after the hand's result")

    def size(self, seat: int, remainder: int, what: str) -> None:
        """That ``seat`` holds 3k + ``remainder`` concealed tiles as it does ``what``."""
        held = len(self.concealed[seat])
        if held % 3 != remainder:
            raise Fail(f"seat {seat} {what} holding {held} {self.HELD}")

    def not_held(self, seat: int, held: H, what: str) -> str:
        """The message of :meth:`remove` when ``seat`` does not hold ``held``."""
        return f"{what}: seat {seat} does not hold {self.named(held)}"

    def remove(self, seat: int, held: H, what: str) -> None:
        """``seat`` gives up ``held`` as it does ``what``."""
        try:
            self.concealed[seat].remove(held)
        except ValueError:
            raise Fail(self.not_held(seat, held, what)) from None

    def meld(self, seat: int, mtype: MeldType, held: Iterable[H], called: H | None,
             source: Relative | None) -> Meld:
        try:
            return Meld.make(mtype, map(self.as_tile, held),
                             None if called is None else self.as_tile(called), source)
        except InputError as exc:
            raise Fail(f"seat {seat}: {exc.message}") from None

    def sticks_won(self, first: bool) -> int:
        """The riichi sticks a win collects: those at the start and those paid since, for the
        first winner; none for a second winner of a double ron."""
        return self.sticks + len(self.accepted) if first else 0

    # -- the turns --
    def draw(self, seat: int, held: H) -> None:
        hand = self.concealed[seat]
        if len(hand) % 3 != 1:
            self.size(seat, 1, "draws")
        hand.append(held)
        self.last_draw[seat] = held
        self.released = None
        self.last_actor = seat
        events = self.events
        events.append(Draw(seat, self.tile_of(held), index=len(events)))

    def let_go(self, seat: int, held: H, on: str, event: Event) -> None:
        """``seat`` lets ``held`` go (``on`` a discard, a kan, a north): others may take it."""
        self.last_draw[seat] = None
        self.released = (seat, held, on)
        self.last_actor = seat
        self.events.append(event)

    def discard(self, seat: int, held: H, tsumogiri: bool | None, what: str) -> None:
        hand = self.concealed[seat]  # draw and discard, most of a hand, done here at once
        if len(hand) % 3 != 2:
            self.size(seat, 2, "discards")
        try:
            hand.remove(held)
        except ValueError:
            raise Fail(self.not_held(seat, held, what)) from None
        self.last_draw[seat] = None
        self.released = (seat, held, "discard")
        self.last_actor = seat
        events = self.events
        events.append(Discard(seat, self.tile_of(held), tsumogiri, index=len(events)))

    def claimed(self, seat: int, held: H, from_seat: int | None) -> Release[H]:
        """The discard ``seat`` calls: ``held``, let go by ``from_seat`` (None: whoever)."""
        rel = self.release
        if (rel is None or rel.on != "discard" or rel.held != held
                or (from_seat is not None and rel.seat != from_seat)):
            raise Fail(self.not_released(seat, held, from_seat, rel))
        if rel.seat == seat:
            raise Fail(f"seat {seat} calls its own discard")
        return rel

    def not_released(self, seat: int, held: H, from_seat: int | None,
                     rel: Release[H] | None) -> str:
        """The message of :meth:`claimed` when the tile called is not the last discard."""
        last = f"seat {rel.seat}'s {self.named(rel.held)}" if rel is not None else "no tile"
        source = f" from seat {from_seat}" if from_seat is not None else ""
        return f"seat {seat} calls {self.named(held)}{source}, but the last discard is {last}"

    def call(self, seat: int, from_seat: int, mtype: MeldType, called: H, own: Sequence[H],
             what: str) -> Meld:
        """``seat`` calls ``from_seat``'s discard ``called`` into a chi, pon or daiminkan with
        its tiles ``own``."""
        source = source_of(seat, from_seat)
        if mtype is MeldType.CHI and source is not Relative.LEFT:
            raise Fail(f"seat {seat} calls chi from seat {from_seat}, not from its left")
        meld = self.meld(seat, mtype, [called, *own], called, source)
        self.add_call(seat, from_seat, meld, own, what)
        return meld

    def add_call(self, seat: int, from_seat: int, meld: Meld, own: Sequence[H],
                 what: str) -> None:
        """:meth:`call` with the meld made by the reader (from ``from_seat``'s discard and
        ``own``, which ``seat`` gives up)."""
        for held in own:
            self.remove(seat, held, what)
        self.melds[seat].append(meld)
        self.released = None
        self.last_draw = [None] * self.players
        self.last_actor = seat
        self.add(Call(seat, meld, from_seat, index=self.n))
        if meld.type is MeldType.DAIMINKAN:
            self.kan(seat)

    def kan(self, seat: int) -> None:
        """``seat`` declared a kan: a new indicator is to come."""
        self.kans.append(seat)
        self.unrevealed.append(seat)

    def closed_kan(self, seat: int, held: Sequence[H], what: str) -> Meld:
        meld = self.meld(seat, MeldType.CLOSED_KAN, held, None, None)
        for h in held:
            self.remove(seat, h, what)
        self.melds[seat].append(meld)
        self.let_go(seat, held[0], "closed_kan", ClosedKan(seat, meld, index=self.n))
        self.kan(seat)
        return meld

    def pon_of(self, seat: int, added: H) -> int:
        """The place among ``seat``'s melds of the pon ``added`` makes a kan."""
        kind = self.as_tile(added).kind
        at = next((i for i, m in enumerate(self.melds[seat])
                   if m.type is MeldType.PON and m.tiles[0].kind == kind), None)
        if at is None:
            raise Fail(f"seat {seat} adds {self.named(added)} to a pon it does not have")
        return at

    def added_kan(self, seat: int, at: int, added: H, what: str) -> Meld:
        """``seat`` adds ``added`` to its pon at ``at`` (:meth:`pon_of`)."""
        pon = self.melds[seat][at]
        self.remove(seat, added, what)
        try:
            meld = Meld.make(MeldType.ADDED_KAN, [*pon.tiles, self.as_tile(added)], pon.called,
                             pon.source)
        except InputError as exc:
            raise Fail(f"seat {seat}: {exc.message}") from None
        self.melds[seat][at] = meld
        self.let_go(seat, added, "added_kan",
                    AddedKan(seat, meld, self.as_tile(added), index=self.n))
        self.kan(seat)
        return meld

    def nukidora(self, seat: int, held: H, what: str) -> None:
        """3-player: ``seat`` sets a North aside."""
        self.remove(seat, held, what)
        self.north[seat] += 1
        self.let_go(seat, held, "nukidora", Nukidora(seat, self.as_tile(held), index=self.n))

    def show_dora(self, held: H) -> None:
        """A kan's new indicator, put to the first kan still without one (else the last)."""
        if not self.kans:
            raise Fail("a new dora indicator without a kan")
        seat = self.unrevealed.pop(0) if self.unrevealed else self.kans[-1]
        self.shown.append(held)
        self.add(NewDora(seat, self.as_tile(held), index=self.n))

    def declare_riichi(self, seat: int) -> None:
        if seat in self.declared:
            raise Fail(f"seat {seat} declares riichi twice")
        self.declared.add(seat)
        self.add(RiichiDeclared(seat, index=self.n))

    def accept_riichi(self, seat: int) -> None:
        if seat not in self.declared or seat in self.accepted:
            raise Fail(f"seat {seat}'s riichi is accepted without being declared")
        self.accepted.add(seat)
        self.add(RiichiAccepted(seat, index=self.n))

    # -- the end --
    def shown_hands(self, seats: Iterable[int]) -> dict[int, tuple[Tile, ...]]:
        """The concealed tiles of ``seats``, sorted, as a draw shows them."""
        return {s: self.sorted_tiles(self.concealed[s]) for s in seats}

    def win(self, seat: int, from_seat: int, hand: Iterable[Tile], win_tile: Tile,
            ura: tuple[Tile, ...], recorded: RecordedWin) -> None:
        """``seat`` wins (``hand``: its concealed tiles with ``win_tile``)."""
        self.add(WonHand(seat, from_seat, tuple(sorted(hand)), win_tile, tuple(self.melds[seat]),
                     tuple(map(self.as_tile, self.shown)), ura, recorded, self.north[seat],
                     index=self.n))
        self.ended = True

    def drawn(self, seat: int, kind: str, tenpai: tuple[int, ...],
              revealed: dict[int, tuple[Tile, ...]], deltas: tuple[int, ...]) -> None:
        self.add(DrawnHand(seat, kind, tenpai, revealed, deltas, index=self.n))
        self.ended = True

    def record(self, index: int) -> HandRecord:
        return HandRecord(
            index=index, round_wind=self.round_wind, kyoku=self.kyoku, honba=self.honba,
            sticks=self.sticks, dealer=self.dealer, scores=self.scores,
            dora_indicator=self.as_tile(self.shown[0]), hands=self.start,
            events=tuple(self.events))


class TileFollower(HandFollower[Tile]):
    """A hand followed by its tiles (copies of a tile are not told apart)."""

    def as_tile(self, held: Tile) -> Tile:
        return held

    def sorted_tiles(self, held: Iterable[Tile]) -> tuple[Tile, ...]:
        return tuple(sorted(held))
