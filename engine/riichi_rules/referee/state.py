"""The bookkeeping of a hand at the table: each seat's tiles, melds, discards and riichi, what
furiten needs to remember, whose turn it is and which kan dora are still to be turned over.
Mechanics only: every decision is a rule's (see questions.py). The hand's referee writes it as
the hand goes on (hand.py); a conformance case dealt in the middle of a hand sets it up first
(conformance/events.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from riichi_rules.hand import Meld, MeldType
from riichi_rules.readings import Group, Shape
from riichi_rules.tiles import WINDS, Tile, Wind

PLACES = 4
"""The places at a table, East to North: seats are told apart by where they sit (left, across,
right), as records do; with three players the North's place is empty. How many players there
are, and how many tiles are drawn in a hand, are the ruleset's
(:class:`~riichi_rules.rulesets.table.Table`)."""
_MELD_SHAPE = {
    MeldType.CHI: Shape.CHOW, MeldType.PON: Shape.PUNG, MeldType.DAIMINKAN: Shape.KONG,
    MeldType.ADDED_KAN: Shape.KONG, MeldType.CLOSED_KAN: Shape.KONG,
}


def group_of(meld: Meld) -> Group:
    """A declared meld as a group of the vocabulary."""
    return Group(_MELD_SHAPE[meld.type], meld.tiles, not meld.opened, meld)


def relation(seat: int, other: int) -> str:
    """Where ``other`` sits as seen from ``seat``: left (the place before), across, right; with
    three players seats 0 and 2 sit across the North's empty place from each other (Tenhou's
    three-player records mark a call between them so: mjlog meld bits 0-1)."""
    return {1: "right", 2: "across", 3: "left"}[(other - seat) % PLACES]


@dataclass(init=False)
class SeatState:
    """One player during a hand: ``seat``, ``points`` and the concealed ``hand`` dealt; the
    rest starts empty (its ``__init__`` written out: mypyc compiles it, where a dataclass's own
    runs interpreted, four times a hand)."""

    seat: int
    points: int
    hand: list[Tile]
    melds: list[Meld]
    discards: list[Tile]
    discards_called: bool
    added_kan_tiles: list[Tile]
    riichi: bool  # declared (its stick may still be pending)
    riichi_pending: bool  # declared, the declaring discard not yet passed
    declaring: bool  # declared, the declaring discard not yet made
    riichi_first_turn: bool  # declared on the player's first uninterrupted turn
    ippatsu: bool
    passed_since_turn: list[Tile]
    passed_since_discard: list[Tile]
    passed_since_riichi: list[Tile]
    drawn: Tile | None  # the tile drawn this turn, until the discard
    rinshan: bool  # the drawn tile is a kan's replacement tile
    has_discarded: bool
    call: Meld | None  # the call that began this turn, until a draw (for kuikae)
    called: Tile | None
    liable: dict[str, int]  # pao: yakuman id -> liable seat
    kita: int  # Norths set aside (three-player mahjong)
    held: list[int] = field(repr=False, compare=False)
    """The copies of each tile in ``hand``, by ``kind * 2 + red``: kept by :meth:`give`,
    :meth:`remove` and :meth:`keep`, and counted anew when ``hand`` is another list than the
    one counted, or of another length (a tile appended to it or removed from it directly); a
    tile replaced in place is not seen."""
    counted: list[Tile] = field(repr=False, compare=False)
    size: int = field(repr=False, compare=False)  # len(counted) when counted

    def __init__(self, seat: int, points: int, hand: list[Tile]) -> None:
        self.seat, self.points, self.hand = seat, points, hand
        self.melds, self.discards, self.added_kan_tiles = [], [], []
        self.passed_since_turn, self.passed_since_discard, self.passed_since_riichi = [], [], []
        self.discards_called = self.riichi = self.riichi_pending = self.declaring = False
        self.riichi_first_turn = self.ippatsu = self.rinshan = self.has_discarded = False
        self.drawn = self.called = None
        self.call = None
        self.liable = {}
        self.kita = 0
        self.recount()

    def recount(self) -> None:
        """Count the tiles of ``hand`` anew."""
        held = [0] * 68
        for tile in self.hand:
            held[tile.kind * 2 + tile.red] += 1
        self.held = held
        self.counted = self.hand
        self.size = len(self.hand)

    def counts(self) -> list[int]:
        """:attr:`held`, counted anew first if ``hand`` changed otherwise than by this class."""
        if self.counted is not self.hand or len(self.hand) != self.size:
            self.recount()
        return self.held

    def holds(self, tile: Tile) -> bool:
        """Whether the concealed hand holds ``tile`` (red-aware), without a look through it."""
        return self.counts()[tile.kind * 2 + tile.red] > 0

    def give(self, tile: Tile) -> None:
        """Put ``tile`` into the concealed hand (a draw)."""
        self.counts()[tile.kind * 2 + tile.red] += 1
        self.hand.append(tile)
        self.size += 1

    def remove(self, tile: Tile) -> None:
        """Take ``tile`` (red-aware) out of the concealed hand."""
        held = self.counts()
        self.hand.remove(tile)
        held[tile.kind * 2 + tile.red] -= 1
        self.size -= 1

    def without(self, tile: Tile) -> list[Tile]:
        """A copy of the concealed hand less one ``tile`` (red-aware; the whole hand when it
        holds none): the tiles compared by kind and red, not through ``Tile.__eq__``."""
        hand = self.hand
        kind, red = tile.kind, tile.red
        for i, held in enumerate(hand):
            if held.kind == kind and held.red == red:
                return hand[:i] + hand[i + 1:]
        return list(hand)

    def keep(self, hand: list[Tile], removed: Tile | None) -> None:
        """``hand`` (a new list: the concealed hand less ``removed``, or with the same tiles when
        None) becomes the concealed hand, its counts kept without counting anew."""
        held = self.counts()
        if removed is not None:
            held[removed.kind * 2 + removed.red] -= 1
        self.hand = self.counted = hand
        self.size = len(hand)

    def wind(self, dealer: int, players: int) -> Wind:
        """The seat's wind in a hand dealt by ``dealer`` at a table of ``players``."""
        return WINDS[(self.seat - dealer) % players]

    @property
    def closed(self) -> bool:
        return not self.melds or not any(m.opened for m in self.melds)

    def tiles(self) -> tuple[Tile, ...]:
        out = tuple(self.hand)
        for meld in self.melds:
            out += meld.tiles
        return out


@dataclass
class KanDora:
    """The dora indicator of one kan. ``on`` is how the kan was made (``closed_kan``,
    ``added_kan``, ``discard`` for a kan called from a discard); ``at_once`` the table rule's
    answer (turned at the kan, before the replacement draw; else after the kan player's next
    discard); ``stage`` how far the kan player's turn has gone (``declared``, ``drawn``: the
    replacement tile, ``discarded``); ``indicator`` the tile once turned over; ``late`` when
    its moment passed without it (reported once)."""

    seat: int
    on: str
    at_once: bool
    stage: str = "declared"
    indicator: Tile | None = None
    late: bool = False


@dataclass
class HandState:
    """The table during one hand."""

    dealer: int
    round_wind: Wind
    honba: int
    sticks: int
    seats: list[SeatState]
    dora: list[Tile]
    wall: int  # live tiles left to draw (a replacement tile is one of them)
    kans: list[int] = field(default_factory=list)  # the seat of each kan declared
    kan_dora: list[KanDora] = field(default_factory=list)  # one per kan, in order
    first_go_around: bool = True  # no call or kan yet, and not everyone has discarded
    first_discards: list[Tile] = field(default_factory=list)
    turn: int = 0  # the seat whose turn it is (the last to draw or call)
    phase: str = "draw"  # what comes next: draw, act (discard, kan...), rinshan, over
    next_draw: int = 0  # the seat that draws next, when nobody calls or wins
    seen: list[int] = field(default_factory=lambda: [0] * 34)  # copies of each kind on show
    seen_red: list[int] = field(default_factory=lambda: [0] * 34)  # red copies of each kind
    last_release: tuple[int, Tile, str] | None = None  # (seat, tile, discard/added_kan/...)
    ended: bool = False
    ron_from: int | None = None  # the hand ended by a ron on this seat's tile (more may follow)
    ura_counted: bool = False  # the ura dora indicators are on show
    interrupting: bool = True  # the kan or kita being followed ends ippatsu at its replacement draw

    @property
    def players(self) -> int:
        return len(self.seats)
