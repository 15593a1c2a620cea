"""The vocabulary of table rules (furiten, claims, discards, riichi, kans, pao, draws): what a
rule can ask about the seat in question and the moment at the table.

The referee fills a :class:`TableEnv` for each question; the compiled rules read it. As in
scoring, nothing here is shaped for one rule: rules combine these with tiles, groups,
counts and quantifiers.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, overload

from riichi_rules.language.vocabulary import (
    BOOL,
    DIRECTION,
    GROUP,
    INT,
    MISSING,
    READING,
    RELEASE,
    SEAT,
    TILE,
    Feature,
    list_of,
)
from riichi_rules.readings import Group, Reading
from riichi_rules.tiles import Tile

T = TypeVar("T")


@dataclass(slots=True, unsafe_hash=True)
class SeatFacts:
    """A player at the table as the rules see them: their score and their place among the
    others (``place``: 1 for the highest score, equal scores in seat order; ``rank``: 1 + the
    number of higher scores; ``tied``: how many have this score, the player included). A value
    (never changed once made; not frozen: a frozen dataclass is three times as slow to make,
    and the table makes four a hand)."""

    seat: int
    points: int
    place: int
    rank: int
    tied: int


def seats_of(scores: Sequence[int]) -> tuple[SeatFacts, ...]:
    """The seats with their places, by their scores (seat 0 is the first dealer's)."""
    out: list[SeatFacts] = []
    for seat, score in enumerate(scores):
        higher = tied = before = 0  # before: the tied seats that come first
        for other, points in enumerate(scores):
            if points > score:
                higher += 1
            elif points == score:
                tied += 1
                before += other < seat
        out.append(SeatFacts(seat, score, 1 + higher + before, 1 + higher, tied))
    return tuple(out)


class _Derived(Generic[T]):
    """A fact of a :class:`TableEnv` worked out on its first read (by the question's
    ``derive``; ``default`` where nothing works it out) and kept in the question's
    ``__dict__``, where later reads find it first (a non-data descriptor, as
    ``functools.cached_property`` without its lock). The class has no ``__getattr__``: that
    hook made every other read of a fact slower."""

    def __init__(self, default: T) -> None:
        self.default = default

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, env: None, owner: type) -> _Derived[T]: ...
    @overload
    def __get__(self, env: TableEnv, owner: type) -> T: ...

    def __get__(self, env: TableEnv | None, owner: type) -> T | _Derived[T]:
        if env is None:
            return self
        value: T = env.derive(self.name)
        env.__dict__[self.name] = value
        return value


class TableEnv:
    """One question the referee asks: about ``seat``, at one moment of a hand.

    A fact not set is its default, a class attribute (a question sets only what it knows);
    the facts a question about a seat works out only when a rule reads them (its tiles and
    waits, its discards and the tiles passed since, the seats in riichi, a claim's
    ``completes`` and ``furiten``) are worked out on the first read (:meth:`derive`), and
    kept: see :data:`DERIVED`."""

    after_call = False
    call: Group | None = None
    called: Tile | None = None
    closed = True
    dealer = False
    discards_called = False
    drawn = False
    first_turn = False
    has_yaku = False
    kans = 0
    last_tile = False
    on = "discard"
    points = 0
    readings: tuple[Reading, ...] = ()
    relation = "left"
    riichi = False
    ron_claims = 0
    tenpai_count = 0
    total = 0
    yakuman_count = 0
    liable_yakuman = 0
    share = 0
    honba_points = 0
    tsumo = False
    ron = False
    won = False
    dealer_won = False
    dealer_tenpai = False
    exhaustive_draw = False
    abortive_draw = False
    noten_count = 0
    tenpai = False
    nagashi_seats = 0
    tile: Tile | None = None
    wall = 0
    waits_after: tuple[Tile, ...] = ()
    # the game: the seats' scores and places, the counters, the hand's place in the game
    seats: tuple[SeatFacts, ...] = ()
    place = 0
    rank = 0
    tied = 0
    players = 4
    sticks = 0
    first_winner = False
    riichi_stick = False
    riichi_claimants = 0
    round_number = 1
    hand_number = 1
    game_rounds = 2
    dealer_keeps = False
    # a win's situation
    replacement = False
    ippatsu_chance = False
    riichi_first_turn = False
    # derived on the first read (see derive): a seat's tiles, its discards and the tiles
    # passed since, the counts of the table, a claim's (questions.SeatEnv, ClaimEnv)
    hand: _Derived[tuple[Tile, ...]] = _Derived(())
    tiles: _Derived[tuple[Tile, ...]] = _Derived(())
    counts: _Derived[tuple[int, ...]] = _Derived((0,) * 34)
    melds: _Derived[tuple[Group, ...]] = _Derived(())
    waits: _Derived[tuple[Tile, ...]] = _Derived(())
    own_discards: _Derived[tuple[Tile, ...]] = _Derived(())
    own_added_kan_tiles: _Derived[tuple[Tile, ...]] = _Derived(())
    passed_since_own_turn: _Derived[tuple[Tile, ...]] = _Derived(())
    passed_since_own_discard: _Derived[tuple[Tile, ...]] = _Derived(())
    passed_since_riichi: _Derived[tuple[Tile, ...]] = _Derived(())
    first_discards: _Derived[tuple[Tile, ...]] = _Derived(())
    riichi_seats: _Derived[int] = _Derived(0)
    kan_seats: _Derived[int] = _Derived(0)
    completes: _Derived[bool] = _Derived(False)
    furiten: _Derived[bool] = _Derived(False)

    def __init__(self, slot_count: int, cache_size: int) -> None:
        self.slots: list[Any] = [None] * slot_count
        self.cache: list[Any] = [MISSING] * cache_size

    def derive(self, name: str) -> Any:
        """The value of a derived fact (one of :data:`DERIVED`) not set: its default here; a
        question about a seat's hand works it out from the hand (questions.py)."""
        return DERIVED[name]

    def settle(self) -> None:
        """Work out now the facts that would be read from the table as it is when first read
        (none here; a seat's question has some): a question kept past its moment then reads
        the table as it was when asked."""

    def standing(self, seats: tuple[SeatFacts, ...], seat: int) -> None:
        """Set the table's seats and the place of the seat in question."""
        self.seats = seats
        self.players = len(seats)
        me = seats[seat]
        self.points, self.place, self.rank, self.tied = me.points, me.place, me.rank, me.tied

    def held(self, kind: int) -> int:
        """How many tiles of this kind the seat holds (melds included)."""
        return self.counts[kind]


DERIVED: dict[str, Any] = {name: fact.default for name, fact in vars(TableEnv).items()
                           if isinstance(fact, _Derived)}
"""The facts a :class:`TableEnv` works out on the first read, with their defaults."""


def _f(type_: str, name: str, phrase: str) -> Feature:
    getter = _getter(name)
    return Feature(type_, getter, phrase)


def _getter(name: str) -> Any:
    return operator.attrgetter(name)


TABLE_FEATURES: dict[str, Feature] = {
    # the seat in question
    "closed": _f(BOOL, "closed", "the hand is closed"),
    "riichi": _f(BOOL, "riichi", "the player has declared riichi"),
    "dealer": _f(BOOL, "dealer", "the player is the dealer"),
    "points": _f(INT, "points", "the player's score"),
    "hand": _f(list_of(TILE), "hand", "the player's concealed tiles"),
    "melds": _f(list_of(GROUP), "melds", "the player's melds"),
    "tiles": _f(list_of(TILE), "tiles", "the player's tiles, melds included"),
    "waits": _f(list_of(TILE), "waits", "the player's waits"),
    "waits_after": _f(list_of(TILE), "waits_after",
                      "the player's waits after the kan"),
    "readings": _f(list_of(READING), "readings",
                   "the readings of the player's hand completed by each of its waits"),
    "own_discards": _f(list_of(TILE), "own_discards", "the player's discards"),
    "own_added_kan_tiles": _f(list_of(TILE), "own_added_kan_tiles",
                              "the tiles the player added to pungs to make kans"),
    "passed_since_own_turn": _f(list_of(TILE), "passed_since_own_turn",
                                "the tiles others released since the player last drew or called"),
    "passed_since_own_discard": _f(list_of(TILE), "passed_since_own_discard",
                                   "the tiles others released since the player's last discard"),
    "passed_since_riichi": _f(list_of(TILE), "passed_since_riichi",
                              "the tiles others released since the player's riichi"),
    "first_turn": _f(BOOL, "first_turn", "the player is on their first uninterrupted turn"),
    "discards_called": _f(BOOL, "discards_called", "the player has had a discard called"),
    "furiten": _f(BOOL, "furiten", "the player is furiten"),
    # the moment
    "tile": _f(TILE, "tile", "the tile"),
    "from": _f(DIRECTION, "relation", "the seat the tile comes from (left, across, right)"),
    "on": _f(RELEASE, "on", "how the tile was released (discard, added kan, concealed kan, "
                                    "kita: a North set aside)"),
    "last_tile": _f(BOOL, "last_tile", "the wall is empty"),
    "wall": _f(INT, "wall", "the number of tiles that are left in the live wall"),
    "kans": _f(INT, "kans", "the number of kans that have been declared in this hand"),
    "kan_seats": _f(INT, "kan_seats", "the number of players who have declared a kan in "
                                               "this hand"),
    "completes": _f(BOOL, "completes", "the tile completes the player's hand"),
    "has_yaku": _f(BOOL, "has_yaku", "winning with the tile would score a yaku"),
    "drawn": _f(BOOL, "drawn", "the tile is the one the player just drew"),
    "after_call": _f(BOOL, "after_call", "the player's turn began with a call (a kan's "
                                         "replacement draw begins it anew)"),
    "called": _f(TILE, "called", "the called tile"),
    "call": _f(GROUP, "call", "the meld just called"),
    "riichi_seats": _f(INT, "riichi_seats", "the number of players who have declared riichi"),
    "ron_claims": _f(INT, "ron_claims", "the number of players who claim ron on the tile"),
    "tenpai_count": _f(INT, "tenpai_count", "the number of players who are tenpai at the "
                                                   "exhaustive draw"),
    "noten_count": _f(INT, "noten_count", "the number of players who are not tenpai at the "
                                                 "exhaustive draw"),
    "tenpai": _f(BOOL, "tenpai", "the player is tenpai at the exhaustive draw"),
    "nagashi_seats": _f(INT, "nagashi_seats", "the number of players paid a nagashi mangan at "
                                              "the exhaustive draw"),
    "total": _f(INT, "total", "the win's value (before honba and riichi sticks)"),
    "honba_points": _f(INT, "honba_points", "the honba points of the win"),
    "yakuman_count": _f(INT, "yakuman_count", "the number of yakuman the win counts as (the "
                                              "result's, as the limits rule says)"),
    "liable_yakuman": _f(INT, "liable_yakuman", "the number of yakuman the liable player is "
                                                "liable for (each counted by its multiple)"),
    "share": _f(INT, "share", "the payer's part of the win's value without liability"),
    "tsumo": _f(BOOL, "tsumo", "the win is by self-draw"),
    "ron": _f(BOOL, "ron", "the win is on a discard or a kan"),
    "won": _f(BOOL, "won", "the hand ended in a win"),
    "dealer_won": _f(BOOL, "dealer_won", "the dealer won the hand"),
    "dealer_tenpai": _f(BOOL, "dealer_tenpai", "the dealer was tenpai"),
    "exhaustive_draw": _f(BOOL, "exhaustive_draw", "the hand ended in an exhaustive draw"),
    "abortive_draw": _f(BOOL, "abortive_draw", "the hand ended in an abortive draw"),
    "first_discards": _f(list_of(TILE), "first_discards",
                         "the first discard of each player, while no call has interrupted the "
                         "first go-around"),
    # the counters on the table, and a win among several on one tile
    "sticks": _f(INT, "sticks", "the number of riichi sticks on the table"),
    "first_winner": _f(BOOL, "first_winner",
                       "the player is the first winner on the tile (the nearest to the "
                       "discarder in turn order), or wins by self-draw"),
    "riichi_stick": _f(BOOL, "riichi_stick", "the player's riichi stick is on the table"),
    "riichi_claimants": _f(INT, "riichi_claimants",
                           "the number of other players in riichi who may still win on the "
                           "same tile"),
    # the game: scores, places, and where the hand stands in the game
    "seats": _f(list_of(SEAT), "seats", "the players at the table"),
    "players": _f(INT, "players", "the number of players"),
    "place": _f(INT, "place", "the player's place (1 for the highest score; equal scores in "
                              "seat order, the first dealer's seat first)"),
    "rank": _f(INT, "rank", "the player's rank (1 + the number of players with a higher "
                            "score)"),
    "tied": _f(INT, "tied", "the number of players with the player's score, the player "
                            "included"),
    "round_number": _f(INT, "round_number",
                       "the round of the hand (1 East, 2 South, 3 West, 4 North)"),
    "hand_number": _f(INT, "hand_number", "the number of the hand in its round (1 to the number of "
                                                 "players)"),
    "game_rounds": _f(INT, "game_rounds",
                      "the number of rounds the game is played over (2: East and South; 1: "
                      "East only)"),
    "dealer_keeps": _f(BOOL, "dealer_keeps", "the dealer keeps the deal"),
    # a win's situation (the scorer's flags are the win_flag rules')
    "replacement": _f(BOOL, "replacement", "the player's tile is a replacement tile (drawn "
                                           "after a kan, or after a North set aside)"),
    "ippatsu_chance": _f(BOOL, "ippatsu_chance",
                         "no call, kan or discard of the player's has come since the "
                         "player's riichi discard"),
    "riichi_first_turn": _f(BOOL, "riichi_first_turn",
                            "the player declared riichi on their first uninterrupted turn"),
}


# Where each name means something: the referee gives a rule of each kind the facts of its
# question (language/rules.py types each table rule with its kind's names; the docs, which
# read a rule out of its kind, with all of them: stage "table").
_SEAT_NAMES = frozenset({
    "closed", "riichi", "dealer", "points", "hand", "melds", "tiles", "waits", "own_discards",
    "own_added_kan_tiles", "passed_since_own_turn", "passed_since_own_discard",
    "passed_since_riichi", "first_turn", "discards_called", "wall", "last_tile", "kans",
    "kan_seats", "riichi_seats", "first_discards",
})
"""The seat in question and the moment of the hand: every question about a hand has them."""
_STANDING_NAMES = frozenset({"seats", "players", "place", "rank", "tied", "points", "sticks",
                             "game_rounds"})
"""The game's scores and places: the questions asked once a hand or the game has ended."""
TABLE_SCOPES: dict[str, frozenset[str]] = {
    "furiten": _SEAT_NAMES,
    "claim": _SEAT_NAMES | {"tile", "from", "on", "completes", "has_yaku", "furiten",
                            "readings"},
    "discard": _SEAT_NAMES | {"tile", "drawn", "after_call", "called", "call"},
    "riichi_rule": _SEAT_NAMES,
    "kan_rule": _SEAT_NAMES | {"tile", "on", "after_call", "drawn", "waits_after", "readings"},
    "pao": _SEAT_NAMES | {"call", "on"},
    "pao_payment": _SEAT_NAMES | {"total", "yakuman_count", "liable_yakuman", "share",
                                  "honba_points", "tsumo", "ron"},
    "draw": _SEAT_NAMES | {"ron_claims", "tenpai_count", "noten_count", "tenpai",
                           "nagashi_seats"},
    "collect": _SEAT_NAMES | {"sticks", "first_winner", "riichi_stick", "tsumo", "ron",
                              "riichi_claimants"},
    "next_hand": _SEAT_NAMES | _STANDING_NAMES | {
        "won", "dealer_won", "dealer_tenpai", "exhaustive_draw", "abortive_draw",
        "round_number", "hand_number", "dealer_keeps"},
    "standings": _STANDING_NAMES,
    "win_flag": _SEAT_NAMES | {"tsumo", "ron", "on", "replacement", "ippatsu_chance",
                               "riichi_first_turn"},
}
"""The names each kind of table rule may read: a name outside its kind's scope means nothing
there (the referee never sets it for that question), and the checker says so."""


def _scoped(features: dict[str, Feature]) -> dict[str, Feature]:
    """Each feature with the kinds of table rule it is known in (and "table": any)."""
    out = {}
    for name, feature in features.items():
        kinds = frozenset(k for k, names in TABLE_SCOPES.items() if name in names)
        out[name] = feature._replace(stages=kinds | {"table"})
    return out


TABLE_FEATURES = _scoped(TABLE_FEATURES)


@dataclass(frozen=True, slots=True)
class Ask:
    """A question the referee puts to a table rule by name: ``what`` it asks, and the
    clauses whose answer it reads (each must be written)."""

    what: str
    reads: tuple[str, ...]


# The table rules the referee asks by name: a ruleset must declare each (its answer may be
# "never"), else the referee cannot follow a hand. The checker says which is missing.
REFEREE_ASKS: dict[tuple[str, str], Ask] = {
    ("claim", "chi"): Ask("whether a player may call a chow", ("allow",)),
    ("claim", "pon"): Ask("whether a player may call a pung", ("allow",)),
    ("claim", "daiminkan"): Ask("whether a player may call a kong on a discard", ("allow",)),
    ("claim", "ron"): Ask("whether a player may win on a discard, and how many may on one "
                          "tile", ("allow",)),
    ("riichi_rule", "declare"): Ask("whether a player may declare riichi", ("allow",)),
    ("riichi_rule", "stick"): Ask("what a player whose riichi is accepted puts on the "
                                    "table (a negative gain: the riichi stick)", ("gain",)),
    ("kan_rule", "closed_kan"): Ask("whether a player may declare a concealed kan", ("allow",)),
    ("kan_rule", "added_kan"): Ask("whether a player may add a tile to a pung", ("allow",)),
    ("kan_rule", "reveal_at_once"): Ask("when a kan's dora indicator is turned over",
                                        ("when",)),
    ("draw", "kyuushu_kyuuhai"): Ask("whether a player may end the hand with nine terminals",
                                     ("allow",)),
    ("draw", "suufon_renda"): Ask("whether four winds discarded end the hand", ("when",)),
    ("draw", "suucha_riichi"): Ask("whether four riichi end the hand", ("when",)),
    ("draw", "suukaikan"): Ask("whether four kans end the hand", ("when",)),
    ("draw", "sanchahou"): Ask("whether a triple ron ends the hand", ("when",)),
    ("draw", "tenpai"): Ask("who is tenpai at an exhaustive draw", ("when",)),
    ("draw", "noten_payment"): Ask("what the noten players pay at an exhaustive draw",
                                   ("when", "gain")),
    ("draw", "nagashi_mangan"): Ask("who is paid a nagashi mangan at an exhaustive draw",
                                    ("when", "pay")),
    ("collect", "honba_counters"): Ask("who collects the honba on a win", ("when",)),
    ("collect", "riichi_sticks"): Ask("the riichi sticks a winner takes off the table "
                                      "('result', in sticks) and what they are worth "
                                      "('gain', in points)", ("result", "gain")),
    ("next_hand", "dealer_repeat"): Ask("whether the dealer keeps the deal", ("when",)),
    ("next_hand", "add_honba"): Ask("whether a honba is added", ("when",)),
    ("next_hand", "game_end"): Ask("whether the game ends", ("when",)),
    **{("win_flag", flag): Ask(f"whether a win is {what}", ("when",)) for flag, what in (
        ("ippatsu", "ippatsu (within one go-around of the winner's riichi)"),
        ("double_riichi", "the win of a double riichi"),
        ("rinshan", "on a kan's replacement tile (rinshan)"),
        ("chankan", "robbing a kan (chankan)"),
        ("haitei", "on the last tile of the wall (haitei)"),
        ("houtei", "on the last discard (houtei)"),
        ("tenhou", "the dealer's first-turn self-draw (tenhou)"),
        ("chiihou", "another player's first-turn self-draw (chiihou)"),
        ("renhou", "a win on a discard before the winner's first turn (renhou)"))},
}
"""The table rules the referee asks by name, and the clauses of each it reads."""

WIN_FLAGS = tuple(name for kind, name in REFEREE_ASKS if kind == "win_flag")
"""The situation flags of a win the referee asks the ``win_flag`` rules, by name."""
