"""The space the table search goes through: hands at the table, as a plan the driver
(table_driver.py) plays out event by event.

A :class:`Scenario` is a deal (four 13-tile hands, the dora indicator, the dealer, the round,
the counters, the scores, the live wall left and the rivers so far) and a few *intents*: what
some seat sets out to do (declare riichi, call, declare a kan, have a tile fed to it, win on
it or by self-draw, let it pass, run the wall down, declare an abortive draw). The driver
fills in the rest (the other seats draw and throw tiles nobody wants) and picks the tiles.

Scenarios are drawn with a :class:`TableBias`: the *aspects* of the table that the aimed-at
rule reads (tenpai hands, riichi, calls, kans, a short wall, the first go-around, shared
waits, wins, the scores, the end of the game ...) and the tile kinds it names. The aspects
come from the vocabulary: a feature such as ``riichi_seats`` or ``tied``, a rule kind such
as ``collect`` or ``standings`` (asked after a win, after any hand), never from one rule.
Everything random comes from the :class:`random.Random` passed in.

Long because drawing a scenario and mutating one are two sides of the same plan (hands with
a role, the intents that fit them, the wall and the scores): they share its helpers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from riichi_rules.conformance.events import DRAW_END_KINDS, Deal
from riichi_rules.referee.questions import waits
from riichi_rules.tiles import TILE_PROPERTY_TABLES, Tile, Wind

__all__ = ["ABORTIVE", "Intent", "Scenario", "TableBias", "aspects_of", "mutate",
           "random_scenario", "simpler"]

SEATS = 4
FULL_WALL = 70
USUAL_SCORES = (25000, 25000, 25000, 25000)
WINDS = (Wind.E, Wind.S, Wind.W, Wind.N)
ORPHANS = tuple(k for k in range(34) if TILE_PROPERTY_TABLES["yaochuu"][k])
CHOW_STARTS = tuple(k for k in range(27) if k % 9 <= 6)
ABORTIVE = tuple(k for k in DRAW_END_KINDS if k not in ("exhaustive", "nagashi_mangan"))
"""The draw_end kinds that end a hand early (the referee asks the draw rule of that name)."""

# ---- aspects: what the rules read, as what a scenario should have ------------------------

_READS: dict[str, tuple[str, ...]] = {
    "waits": ("tenpai",), "completes": ("tenpai", "feed"), "has_yaku": ("tenpai",),
    "furiten": ("tenpai", "feed"), "readings": ("tenpai",), "waits_after": ("tenpai", "kans"),
    "tenpai_count": ("tenpai", "exhaust"), "noten_count": ("exhaust",),
    "dealer_tenpai": ("tenpai", "exhaust", "late"), "held": ("tenpai",),
    "riichi": ("riichi",), "riichi_seats": ("riichi", "many"),
    "passed_since_riichi": ("riichi", "feed"), "riichi_stick": ("riichi", "sticks"),
    "riichi_claimants": ("riichi", "shared", "sticks"), "own_discards": ("rivers",),
    "own_added_kan_tiles": ("added_kan",), "passed_since_own_turn": ("feed",),
    "passed_since_own_discard": ("feed",), "first_turn": ("first",),
    "first_discards": ("first",), "discards_called": ("calls",), "call": ("calls",),
    "called": ("calls",), "after_call": ("calls",), "melds": ("calls",), "wall": ("short",),
    "last_tile": ("short",), "kans": ("kans", "many"), "kan_seats": ("kans",),
    "ron_claims": ("shared",), "total": ("wins",), "pao_part": ("wins", "composite"),
    "honba_points": ("wins", "honba"), "tsumo": ("wins",), "ron": ("wins",), "won": ("wins",),
    "dealer_won": ("wins", "late"), "exhaustive_draw": ("exhaust",),
    "abortive_draw": ("abort", "first", "terminals"),
    "sticks": ("sticks",), "first_winner": ("shared", "wins"), "seats": ("scores",),
    "points": ("scores",), "place": ("scores",), "rank": ("ties",), "tied": ("ties",),
    "round_number": ("late",), "hand_number": ("late",), "game_rounds": ("late",),
    "dealer_keeps": ("late",), "closed_kan": ("kans",), "added_kan": ("kans", "added_kan"),
    "thirteen_orphans": ("kokushi", "tenpai"), "triplet": ("calls",), "kong": ("kans",),
    "yaochuu": ("terminals",), "many": ("many",),
}
"""What a scenario should have for a rule that reads a feature, predicate or enum value."""

_KINDS: dict[str, tuple[str, ...]] = {
    "furiten": ("tenpai", "feed"), "claim": ("tenpai", "feed", "calls"),
    "discard": ("calls", "riichi"), "riichi_rule": ("riichi", "tenpai"), "kan_rule": ("kans",),
    "pao": ("calls",), "pao_payment": ("calls", "wins"), "collect": ("wins",),
    "next_hand": ("end",), "standings": ("end",),
}
"""What a scenario should have for a rule of a kind: when the referee asks rules of that kind
(a ``collect`` rule after a win, a ``standings`` rule after any hand ...)."""


_NARROWING = frozenset({"short", "many", "first"})
"""Aspects that narrow the play (a short wall, many kans, the first go-around): wanted where
the rulesets write differently what reads them, not where they only share a condition on it
(``wall > 0`` in a kan rule)."""


def aspects_of(reads: Iterable[str], kind: str, name: str, clauses: Iterable[str] = (),
               differs: Iterable[str] | None = None) -> frozenset[str]:
    """The aspects a scenario should have for the ``clauses`` of a rule of ``kind`` and
    ``name`` that reads ``reads`` (``differs``: what the parts written differently read; all
    of ``reads`` if not given): an ``up to`` clause (how many may claim one tile) wants
    several seats waiting on one tile; a ``draw`` rule named as a draw_end kind is asked when
    a seat declares that draw, any other when the wall runs out."""
    primary = {a for r in (reads if differs is None else differs) for a in _READS.get(r, ())}
    out = primary | {a for r in reads for a in _READS.get(r, ()) if a not in _NARROWING}
    out.update(_KINDS.get(kind, ()))
    if "up_to" in clauses:
        out.add("shared")
    if kind == "draw":
        out.add(f"abort:{name}" if name in ABORTIVE else "exhaust")
        if name == "kyuushu_kyuuhai":
            out.update(("first", "terminals"))
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class TableBias:
    """What the scenarios drawn for a rule should have (``aspects``), and the groups of tile
    kinds it names (``themes``, such as the dragons: a hand's sets and pair are drawn among
    one of them more often, junk among them all)."""

    aspects: frozenset[str] = frozenset()
    themes: tuple[tuple[int, ...], ...] = ()

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(sorted({k for theme in self.themes for k in theme}))

    def has(self, *names: str) -> bool:
        return any(n in self.aspects for n in names)

    @property
    def aborts(self) -> tuple[str, ...]:
        """The abortive draws a scenario ends in: those the rule is about, or (a rule that
        reads whether a hand was aborted) any."""
        named = tuple(a.split(":", 1)[1] for a in sorted(self.aspects)
                      if a.startswith("abort:"))
        return named or (ABORTIVE if "abort" in self.aspects else ())


# ---- the plan ----------------------------------------------------------------------------

INTENTS = ("pass", "feed", "call", "kan", "riichi", "tsumo", "ron", "exhaust", "abort")


@dataclass(frozen=True, slots=True)
class Intent:
    """What a seat sets out to do. ``pass``: draw and throw a tile nobody wants; ``feed``:
    the next seat to draw throws a tile ``seat`` wants (``arg`` win, call or any); ``call``:
    ``seat`` calls the tile just thrown (``arg`` pon, chi, daiminkan or any); ``kan``: on its
    turn, ``seat`` draws the fourth of a pung it holds (or has called) and declares the kan;
    ``riichi``; ``tsumo``: ``seat`` draws a tile it waits on and wins; ``ron``: ``seat`` (or,
    ``arg`` all, every seat that may) wins on the tile just released; ``exhaust``: the wall
    runs out; ``abort``: the abortive draw ``arg``. ``kind``: the tile kind meant (to feed,
    call, make a kan of, win on), where the plan has one and the moment allows it; else
    ``pick`` chooses among what the moment offers (which tile, which meld), modulo their
    number."""

    what: str
    seat: int = -1
    arg: str = ""
    pick: int = 0
    kind: int = -1


@dataclass(frozen=True, slots=True)
class Scenario:
    """A deal (tile kinds) and the intents played out from it. ``first``: the seat that
    draws first (the dealer at a full wall); ``junk``: the kinds thrown as tiles nobody
    wants, first (a wind for four winds discarded, terminals for nagashi)."""

    hands: tuple[tuple[int, ...], ...]
    dora: int
    intents: tuple[Intent, ...] = ()
    dealer: int = 0
    round: int = 0
    honba: int = 0
    sticks: int = 0
    scores: tuple[int, ...] = USUAL_SCORES
    wall: int = FULL_WALL
    rivers: tuple[tuple[int, ...], ...] = ((), (), (), ())
    rounds: int = 2
    first: int = 0
    junk: tuple[int, ...] = ()

    def deal(self) -> Deal:
        """The deal as the conformance case format has it."""
        return Deal(
            hands=tuple(tuple(Tile.of(k) for k in sorted(h)) for h in self.hands),
            dora=Tile.of(self.dora), dealer=self.dealer, round_wind=WINDS[self.round],
            honba=self.honba, sticks=self.sticks, scores=self.scores, wall=self.wall,
            discards=tuple(tuple(Tile.of(k) for k in r) for r in self.rivers),
            next_draw=self.first, rounds=self.rounds)

    def counts(self) -> list[int]:
        """Copies of each kind the deal shows (hands, rivers, the indicator)."""
        out = [0] * 34
        for group in (*self.hands, *self.rivers, (self.dora,)):
            for k in group:
                out[k] += 1
        return out

    @property
    def valid(self) -> bool:
        return (all(len(h) == 13 for h in self.hands) and max(self.counts()) <= 4
                and 1 <= self.wall <= FULL_WALL
                and (self.wall < FULL_WALL or (not any(self.rivers)
                                               and self.first == self.dealer)))

    def plainness(self) -> tuple[int, ...]:
        """Smaller is plainer: fewer intents, a deal nearer the usual one."""
        return (len(self.intents), int(self.scores != USUAL_SCORES), self.honba,
                self.sticks, int(self.round != 0), self.dealer, int(self.rounds != 2),
                sum(len(r) for r in self.rivers))


# ---- hands -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Table:
    """The tiles a scenario being drawn has used."""

    counts: list[int] = field(default_factory=lambda: [0] * 34)

    def fits(self, kinds: Sequence[int]) -> bool:
        extra = [0] * 34
        for k in kinds:
            extra[k] += 1
        return all(self.counts[k] + extra[k] <= 4 for k in range(34))

    def take(self, kinds: Sequence[int]) -> None:
        for k in kinds:
            self.counts[k] += 1


def _kind(rng: random.Random, theme: Sequence[int], among: Sequence[int] = tuple(range(34)),
          often: float = 0.6) -> int:
    near = [k for k in theme if k in among]
    if near and rng.random() < often:
        return rng.choice(near)
    return rng.choice(list(among))


def _complete(rng: random.Random, theme: Sequence[int], form: str, pungs: int = 0,
              must: int | None = None, near: Sequence[int] = (), often: float = 0.6
              ) -> list[list[int]]:
    """A complete hand as its groups of kinds: four sets and a pair, seven pairs, or
    thirteen orphans (the doubled orphan last). Its pungs are made of the kinds of ``theme``
    first (each once, as far as they go), the rest drawn among ``near`` (the kinds the rules
    name) more often. ``pungs``: at least that many pungs (of kinds apart); ``must``: a kind
    the hand holds once, in a chow (or the pair of a special form)."""
    if form == "kokushi":
        pair = rng.choice([k for k in ORPHANS if k != must] or list(ORPHANS))
        return [[k] for k in ORPHANS] + [[pair]]
    if form == "pairs":
        kinds = rng.sample([k for k in range(34) if k != must], 7 if must is None else 6)
        if must is not None:
            kinds.append(must)
        return [[k, k] for k in kinds]
    groups: list[list[int]] = []
    if must is not None and must < 27:
        start = rng.choice([s for s in CHOW_STARTS if s <= must <= s + 2])
        groups.append([start, start + 1, start + 2])
    order = [k for k in rng.sample(list(theme), len(theme)) if k != must]
    for i in range(4 - len(groups)):
        if i < pungs or rng.random() < 0.35:
            taken = {g[0] for g in groups}
            left = [k for k in order if k not in taken]
            k = left[0] if left and rng.random() < 0.8 else _kind(
                rng, near, [x for x in range(34) if x != must and x not in taken], often)
            groups.append([k, k, k])
        else:
            starts = [s for s in CHOW_STARTS if any(s <= k <= s + 2 for k in near)]
            start = rng.choice(starts) if starts and rng.random() < 0.5 else \
                rng.choice(CHOW_STARTS)
            if groups and rng.random() < 0.4 and groups[-1][0] < 27:  # next to the last set
                start = min(max(groups[-1][0] + rng.choice((-3, -1, 1, 2, 3)),
                                groups[-1][0] // 9 * 9), groups[-1][0] // 9 * 9 + 6)
            groups.append([start, start + 1, start + 2])
    taken = {g[0] for g in groups}
    pair = must if must is not None and must >= 27 else _kind(
        rng, near, [x for x in range(34) if x != must and x not in taken], often)
    groups.append([pair, pair])
    return groups


def _run_beside_a_pung(rng: random.Random, groups: list[list[int]]) -> int | None:
    """Put a run next to a pung of the hand (555s and 678s) and say which tile to leave out
    (the 8s) for the hand to wait on the pung's own kind too (5s 8s); None if it has no
    pung of a suit."""
    pungs = [g[0] for g in groups[:-1] if len(g) == 3 and g[0] == g[1] and g[0] < 27]
    others = [i for i, g in enumerate(groups[:-1]) if not (len(g) == 3 and g[0] == g[1])]
    if not pungs or not others:
        return None
    x = rng.choice(pungs)
    sides = [d for d in (1, -1) if 0 <= x % 9 + 3 * d <= 8]
    d = rng.choice(sides)
    groups[rng.choice(others)] = sorted([x + d, x + 2 * d, x + 3 * d])
    return x + 3 * d


def _pungs_in_a_row(rng: random.Random, groups: list[list[int]]) -> None:
    """Make two or three of the sets pungs of neighbouring kinds of a suit (111222333m), a
    hand whose sets read more than one way."""
    count = rng.choice((2, 3))
    start = rng.choice([k for k in range(27) if k % 9 <= 9 - count])
    for i in range(count):
        groups[i] = [start + i] * 3


def _filler(rng: random.Random, table: _Table, junk: Sequence[int]) -> list[int] | None:
    """Thirteen kinds with no pair, no two of a suit within two of each other, and no wait."""
    order = list(range(34))
    rng.shuffle(order)
    order.sort(key=lambda k: k not in junk)
    out: list[int] = []
    for k in order:
        if table.counts[k] >= 4 or any(k == x or (k < 27 and x // 9 == k // 9
                                                  and abs(x - k) <= 2) for x in out):
            continue
        out.append(k)
        if len(out) == 13:
            break
    if len(out) < 13 or waits(tuple(Tile.of(k) for k in out), ()):
        return None
    return out


@dataclass(slots=True)
class _Plan:
    """A hand drawn for a role: the 13 kinds dealt, the kind it waits on (-1: none), the
    calls it makes ((pon or chi, the kind called)) and the kans it declares ((closed, added
    or open, the kind)), in order, and the tiles it needs from the wall or the others (its
    wait, the tiles it calls, the fourth tile of its kans), which the other hands leave."""

    tiles: list[int]
    win: int = -1
    calls: list[tuple[str, int]] = field(default_factory=list)
    kans: list[tuple[str, int]] = field(default_factory=list)
    needs: list[int] = field(default_factory=list)


def _hand(rng: random.Random, bias: TableBias, table: _Table, role: str,
          must: int | None = None, pung: int | None = None) -> _Plan | None:
    """A hand for a role: ``tenpai`` (a complete hand less one tile), ``kokushi``,
    ``caller`` (tenpai once it calls one to three of its sets: it holds the rest of them and
    a tile to throw for each; a called pung may become a kan), ``kanner`` (tenpai with one
    to four pungs, each to become a kan), ``terminals`` (nine or more terminals and honours),
    ``filler``. ``must``: the kind it waits on; ``pung``: a kind it holds three of."""
    if role == "filler":
        tiles = _filler(rng, table, bias.kinds if bias.has("first") else ())
        return _Plan(tiles) if tiles is not None else None
    if role == "terminals":
        kinds = rng.sample(ORPHANS, rng.randint(9, 11))
        return _Plan(kinds + [rng.randrange(34) for _ in range(13 - len(kinds))])
    form = "kokushi" if role == "kokushi" else (
        "pairs" if role == "tenpai" and rng.random() < 0.1 else "standard")
    theme = rng.choice(bias.themes) if bias.themes else ()
    many = bias.has("many") and rng.random() < 0.8
    small = [x for x in bias.themes if 3 <= len(x) <= 4]
    composite = role == "caller" and bool(small) and bias.has("composite") \
        and rng.random() < 0.5
    if composite:  # two yakuman at once: a pung of each kind of a small theme (the
        # dragons), the rest among all the kinds the rules name (big three dragons and all
        # honours)
        theme, many = rng.choice(small), True
    pungs = (rng.randint(3, 4) if role in ("kanner", "caller") and many
             else rng.randint(1, 3) if role == "kanner"
             else rng.randint(0, 3) if role == "caller" and theme
             else 1 if pung is not None else 0)
    if many and 3 <= len(theme) <= 4:  # every kind the rule names, as a pung each
        pungs = max(pungs, 4 if composite else len(theme))
    shape = rng.random() if form == "standard" and bias.has("kans", "added_kan") else 1.0
    if bias.has("added_kan"):  # a wait on the kind of its own pung, more often
        shape *= 0.6
    themed = many and 3 <= len(theme) <= 4  # a hand made of the kinds the rules name
    groups = _complete(rng, theme, form, max(pungs, int(shape < 0.5)), must, bias.kinds,
                       1.0 if composite else 0.9 if themed else 0.6)
    if pung is not None and form == "standard":
        at = next((i for i, g in enumerate(groups[:-1]) if g[0] == g[1]), None)
        if at is not None:
            groups[at] = [pung] * 3
    win: int | None = None
    if shape < 0.35:
        win = _run_beside_a_pung(rng, groups)
    elif shape < 0.5:
        _pungs_in_a_row(rng, groups)
    tiles = [k for g in groups for k in g]
    if must is not None and must in tiles:
        win = must
    elif form == "kokushi":
        win = rng.choice([k for k in ORPHANS if k != groups[-1][0]])
    elif (role == "kanner" or many) and rng.random() < 0.7:  # a wait on the pair: its
        win = groups[-1][0]                                  # pungs stay whole
    elif win is None or win not in tiles:
        win = rng.choice(tiles)
    tiles.remove(win)
    plan = _Plan(tiles, win, needs=[win])
    sets = [g for g in groups[:-1] if len(g) == 3 and win not in g]
    if role == "kanner":
        mine = [g[0] for g in sets if g[0] == g[1]]
        for number, kind in enumerate(mine):
            last = number == len(mine) - 1
            how = "open" if last and rng.random() < 0.5 else rng.choice(("closed", "closed",
                                                                         "open"))
            plan.kans.append((how, kind))
            if kind != pung:
                plan.needs.append(kind)
    if role == "caller":
        sets.sort(key=lambda g: (g[0] != g[1], g[0] not in theme))
        for called in sets[:pungs if many else rng.randint(1, 3)]:
            pon = called[0] == called[1]
            taken = called[0] if pon else called[rng.randrange(3)]
            tiles.remove(taken)
            plan.needs.append(taken)
            plan.calls.append(("pon" if pon else "chi", taken))
            if pon and bias.has("kans", "added_kan") and rng.random() < 0.7:
                plan.kans.append(("added", taken))
                plan.needs.append(taken)  # the fourth, to add to the pung
            tiles.append(rng.choice([k for k in range(34) if k not in tiles]))
    return plan


# ---- drawing a scenario ---------------------------------------------------------------------


def _scores(rng: random.Random, bias: TableBias) -> tuple[int, ...]:
    if not bias.has("scores", "ties", "end", "late") or rng.random() < 0.3:
        return USUAL_SCORES
    style = rng.random()
    if style < 0.3 or (bias.has("ties") and style < 0.6):  # a tie, or two
        top = rng.choice((25000, 30000, 32000, 40000))
        rest = rng.choice((20000, 25000, 10000))
        out = [top, top, rest, 100000 - 2 * top - rest]
    elif style < 0.6:  # one low
        out = [rng.choice((100, 500, 900, 1000, 1500, 3000)), 33000, 33000, 33000]
    else:
        out = [rng.choice(range(0, 60001, 100)) for _ in range(4)]
    rng.shuffle(out)
    return tuple(out)


def random_scenario(rng: random.Random, bias: TableBias) -> Scenario:
    """A scenario drawn with ``bias`` (a possible one: the tiles add up)."""
    for _ in range(20):
        made = _draw(rng, bias)
        if made is not None and made.valid:
            return made
    return _plain(rng)


def _plain(rng: random.Random) -> Scenario:
    """Four fillers and a run of the wall (always possible)."""
    while True:
        table = _Table()
        hands = []
        for _ in range(SEATS):
            tiles = _filler(rng, table, ())
            if tiles is None:
                break
            table.take(tiles)
            hands.append(tuple(tiles))
        dora = next((k for k in range(34) if table.counts[k] < 4), 0)
        if len(hands) == SEATS:
            return Scenario(tuple(hands), dora, (Intent("exhaust"),), wall=rng.randint(1, 8))


def _draw(rng: random.Random, bias: TableBias) -> Scenario | None:
    table = _Table()
    roles = ["filler"] * SEATS
    seats = list(range(SEATS))
    rng.shuffle(seats)
    active = 1
    wanted = []
    if bias.has("shared") and rng.random() < 0.8:  # seats waiting on one tile
        active = rng.randint(2, 3)
        wanted = ["tenpai"] * active
    elif bias.has("many") or rng.random() < 0.25:
        active = rng.randint(2, 4)
    if bias.has("kokushi") and rng.random() < 0.5:
        wanted.append("kokushi")
    if bias.has("calls", "added_kan") and rng.random() < 0.6:
        wanted.append("caller")
    if bias.has("kans", "added_kan") and rng.random() < 0.6:
        wanted.append("kanner")
    if bias.has("terminals", "first") and rng.random() < 0.4:
        wanted.append("terminals")
    while len(wanted) < active:
        wanted.append("tenpai" if rng.random() < 0.8 else rng.choice(("caller", "kanner")))
    for seat, role in zip(seats, wanted[:SEATS], strict=False):
        roles[seat] = role
    shared = None
    if wanted[:2] == ["tenpai", "tenpai"] or rng.random() < 0.15:
        shared = _kind(rng, bias.kinds)
    hands: list[tuple[int, ...]] = [()] * SEATS
    plans: dict[int, _Plan] = {}
    waits_of: dict[int, int] = {}
    for seat in sorted(range(SEATS), key=lambda s: (roles[s] == "filler", roles[s] == "kanner")):
        role = roles[seat]
        must = shared if role in ("tenpai", "caller") and shared is not None else None
        if role == "kokushi" and rng.random() < 0.5 and shared in ORPHANS:
            must = shared
        pung = None
        if role == "kanner" and waits_of and rng.random() < 0.5:
            pung = rng.choice(sorted(waits_of.values()))
        made = None
        for _ in range(8):
            made = _hand(rng, bias, table, role, must, pung)
            if made is not None and table.fits(made.tiles + _needs(made, waits_of)):
                break
            made = None
        if made is None:
            role = roles[seat] = "filler"
            made = _hand(rng, bias, table, "filler")
            if made is None:
                return None
        table.take(made.tiles + _needs(made, waits_of))
        hands[seat] = tuple(made.tiles)
        plans[seat] = made
        if made.win >= 0:
            waits_of[seat] = made.win
    dora = rng.choice([k for k in range(34) if table.counts[k] < 4])
    table.take([dora])
    # the deal around the hands
    dealer, round_, rounds = 0, 0, 2
    if bias.has("late") and rng.random() < 0.8:
        round_, dealer, rounds = rng.choice(((1, 3, 2), (1, 3, 2), (1, 3, 2), (0, 3, 1),
                                             (2, rng.randrange(4), 2), (1, rng.randrange(4), 2)))
    elif rng.random() < 0.3:
        dealer = rng.randrange(SEATS)
    if bias.has("first") and rng.random() < 0.7:
        wall = FULL_WALL
    elif bias.has("short", "exhaust", "end") and rng.random() < 0.7:
        wall = rng.randint(1, 8)
    else:
        wall = rng.choice((FULL_WALL, rng.randint(9, 60), rng.randint(1, 8)))
    rivers: list[tuple[int, ...]] = [(), (), (), ()]
    if wall < FULL_WALL and (bias.has("rivers") or rng.random() < 0.3):
        for seat in range(SEATS):
            river = []
            for _ in range(rng.randint(0, 5)):
                if bias.has("rivers") and seat in waits_of and rng.random() < 0.3:
                    k = waits_of[seat]
                elif bias.has("terminals", "rivers") and rng.random() < 0.6:
                    k = rng.choice(ORPHANS)
                else:
                    k = rng.randrange(34)
                if table.counts[k] < 4:
                    table.take([k])
                    river.append(k)
            rivers[seat] = tuple(river)
    junk: tuple[int, ...] = ()
    if bias.has("first", "terminals", "rivers") and rng.random() < 0.6:
        pool = [k for k in (bias.kinds or ORPHANS) if table.counts[k] == 0]
        junk = tuple(rng.sample(pool, min(len(pool), rng.randint(1, 3))))
    first = dealer if wall == FULL_WALL else rng.choice(
        [s for s in range(SEATS) if roles[s] != "filler"] or [dealer])
    intents = _intents(rng, bias, roles, plans)
    if intents and intents[-1].what == "exhaust" and wall > 12 and rng.random() < 0.7:
        wall = rng.randint(1, 12)  # a wall run down soon
    return Scenario(
        tuple(hands), dora, tuple(intents), dealer, round_,
        rng.randint(1, 3) if bias.has("honba") and rng.random() < 0.8 else
        (rng.choice((0, 1, 2)) if bias.has("wins") and rng.random() < 0.5 else 0),
        rng.randint(1, 3) if bias.has("sticks") and rng.random() < 0.7 else
        (rng.randint(1, 2) if rng.random() < 0.1 else 0),
        _scores(rng, bias), wall, tuple(rivers), rounds, first, junk)


def _needs(made: _Plan, waits_of: dict[int, int]) -> list[int]:
    """The tiles a hand needs that no hand drawn before it needs already (one tile of a wait
    several seats share serves them all)."""
    needs = list(made.needs)
    if made.win in waits_of.values():
        needs.remove(made.win)
    return needs


def _intents(rng: random.Random, bias: TableBias, roles: Sequence[str],
             plans: dict[int, _Plan]) -> list[Intent]:
    """What the seats set out to do, by their plans; an ending last, mostly."""
    steps: list[Intent] = []
    for seat, plan in sorted(plans.items()):
        chance = 0.8 if roles[seat] == "tenpai" else 0.5 if roles[seat] == "kanner" else 0.0
        if rng.random() < chance * (1.1 if bias.has("riichi", "shared") else
                                    0.6 if bias.has("wins", "feed") else 0.25):
            steps.append(Intent("riichi", seat, pick=rng.randrange(8)))
        for how, kind in plan.calls:
            steps += [Intent("feed", seat, "call", rng.randrange(8), kind),
                      Intent("call", seat, how, rng.randrange(8), kind)]
        for how, kind in plan.kans:
            steps.append(Intent("kan", seat, how, rng.randrange(8), kind))
        if plan.kans and rng.random() < (0.6 if len(plan.kans) > 2 else 0.4):
            steps.append(Intent("tsumo", seat, pick=rng.randrange(8), kind=plan.win))
    waiting = [s for s, plan in sorted(plans.items()) if plan.win >= 0]
    if bias.has("feed") and waiting and rng.random() < 0.5:
        seat = rng.choice(waiting)
        steps += [Intent("feed", seat, "win", rng.randrange(8), plans[seat].win),
                  Intent("pass", seat)]
    if rng.random() < 0.3:  # the seats' plans interleaved
        rng.shuffle(steps)
    steps.sort(key=lambda i: i.what != "riichi")
    if bias.has("first"):
        for _ in range(rng.choice((0, 3, 4))):
            steps.insert(0, Intent("pass", -1))
    ending = _ending(rng, bias, roles, waiting, plans)
    if ending and (rng.random() < 0.8 or bias.has("end", "wins", "exhaust", "abort")):
        steps += ending
    return steps


def _ending(rng: random.Random, bias: TableBias, roles: Sequence[str],
            waiting: Sequence[int], plans: dict[int, _Plan]) -> list[Intent]:
    """How the hand ends: an abortive draw the rule names, a win by self-draw or on a
    discard (by every seat that may), or the wall run down."""
    options: list[list[Intent]] = []
    for kind in bias.aborts:
        seat = roles.index("terminals") if "terminals" in roles else -1
        options += [[Intent("abort", seat, kind)]] * 3
    if waiting:
        acting = [s for s in waiting if plans[s].calls or plans[s].kans]
        seat = rng.choice(acting if acting and rng.random() < 0.7 else waiting)
        win = plans[seat].win
        options.append([Intent("tsumo", seat, pick=rng.randrange(8), kind=win)])
        options.append([Intent("feed", seat, "win", rng.randrange(8), win),
                        Intent("ron", seat, rng.choice(("all", "one")))])
        shared = sum(1 for plan in plans.values() if plan.win == win)
        if bias.has("shared", "wins") or shared > 1:  # every seat that waits on it
            options += [[Intent("feed", seat, "win", rng.randrange(8), win),
                         Intent("ron", -1, "all")]] * (3 if shared > 1 else 1)
    if bias.has("exhaust") or not waiting or rng.random() < 0.3:
        options.append([Intent("exhaust")])
    return rng.choice(options) if options else []


# ---- changes -------------------------------------------------------------------------------


def mutate(rng: random.Random, s: Scenario, bias: TableBias) -> Scenario:
    """A scenario one change away: a hand, a tile, a part of the deal (the parts the rule
    reads more often), or the intents."""
    for _ in range(10):
        roll = rng.random()
        if roll < 0.2:
            changed = _new_hand(rng, s, bias)
        elif roll < 0.3:
            changed = _new_tile(rng, s)
        elif roll < 0.6:
            what = rng.choices(range(len(_DEAL_PARTS)), [
                1.0 + 3.0 * bias.has(*aspects) for aspects in _DEAL_PARTS])[0]
            changed = _new_deal(rng, s, bias, what)
        else:
            changed = _new_intents(rng, s, bias)
        if changed is not None and changed.valid and changed != s:
            return changed
    return s


_DEAL_PARTS: tuple[tuple[str, ...], ...] = (
    ("scores", "ties", "end"), ("sticks", "honba", "wins"), ("late",),
    ("short", "exhaust", "first"), ("rivers",), (), ("short",), ("first", "terminals", "rivers"),
)
"""The parts of a deal :func:`_new_deal` changes, each with the aspects that want it changed
more often: the scores, the counters, the round and dealer, the wall, the rivers, the dora
indicator, the seat that draws first, the junk."""


def _new_hand(rng: random.Random, s: Scenario, bias: TableBias) -> Scenario | None:
    seat = rng.randrange(SEATS)
    table = _Table(s.counts())
    for k in s.hands[seat]:
        table.counts[k] -= 1
    role = rng.choice(("filler", "tenpai", "tenpai", "caller", "kanner", "kokushi", "terminals"))
    made = _hand(rng, bias, table, role)
    if made is None or not table.fits(made.tiles):
        return None
    hands = list(s.hands)
    hands[seat] = tuple(made.tiles)
    return replace(s, hands=tuple(hands))


def _new_tile(rng: random.Random, s: Scenario) -> Scenario:
    seat = rng.randrange(SEATS)
    hand = list(s.hands[seat])
    hand[rng.randrange(13)] = rng.randrange(34)
    hands = list(s.hands)
    hands[seat] = tuple(hand)
    return replace(s, hands=tuple(hands))


def _new_deal(rng: random.Random, s: Scenario, bias: TableBias, what: int) -> Scenario:
    if what == 0:
        scores = list(s.scores)
        seat = rng.randrange(SEATS)
        scores[seat] = max(0, scores[seat] + rng.choice((-10000, -1000, -100, 100, 1000, 10000)))
        return replace(s, scores=tuple(scores) if rng.random() < 0.7 else _scores(rng, bias))
    if what == 1:
        return replace(s, honba=rng.randrange(4), sticks=rng.randrange(4))
    if what == 2:
        dealer = rng.randrange(SEATS)
        return replace(s, round=rng.randrange(3), dealer=dealer, rounds=rng.choice((1, 2)),
                       first=dealer if s.wall == FULL_WALL else s.first)
    if what == 3:
        wall = rng.choice((rng.randint(1, 8), max(1, s.wall // 2), FULL_WALL,
                           rng.randint(1, FULL_WALL)))
        rivers = s.rivers if wall < FULL_WALL else ((), (), (), ())
        first = s.dealer if wall == FULL_WALL else s.first
        return replace(s, wall=wall, rivers=rivers, first=first)
    if what == 4 and s.wall < FULL_WALL:
        changed = list(s.rivers)
        seat = rng.randrange(SEATS)
        changed[seat] = tuple(rng.choice(ORPHANS if rng.random() < 0.5 else range(34))
                              for _ in range(rng.randint(0, 5)))
        return replace(s, rivers=tuple(changed))
    if what == 5:
        return replace(s, dora=rng.randrange(34))
    if what == 6 and s.wall < FULL_WALL:
        return replace(s, first=rng.randrange(SEATS))
    pool = list(bias.kinds or ORPHANS)
    return replace(s, junk=tuple(rng.sample(pool, min(len(pool), rng.randint(0, 3)))))


def _new_intents(rng: random.Random, s: Scenario, bias: TableBias) -> Scenario:
    intents = list(s.intents)
    roll = rng.random()
    if intents and roll < 0.2:  # one more of what a seat sets out to do
        at = rng.randrange(len(intents))
        intents.insert(at, replace(intents[at], pick=rng.randrange(8)))
    elif roll < 0.4 or not intents:
        what = rng.choice(INTENTS)
        arg = {"feed": ("win", "call", "any"), "call": ("any", "pon", "chi", "daiminkan"),
               "kan": ("any", "closed", "open", "added"), "ron": ("all", "one"),
               "abort": bias.aborts or ABORTIVE}.get(what, ("",))
        intents.insert(rng.randint(0, len(intents)),
                       Intent(what, rng.randrange(-1, SEATS), rng.choice(arg), rng.randrange(8)))
    elif roll < 0.6:
        del intents[rng.randrange(len(intents))]
    elif roll < 0.85:
        at = rng.randrange(len(intents))
        intents[at] = replace(intents[at], seat=rng.randrange(-1, SEATS),
                              pick=rng.randrange(8), kind=-1) if rng.random() < 0.5 else \
            replace(intents[at], pick=rng.randrange(8))
    else:
        at = rng.randrange(len(intents))
        intents.insert(rng.randint(0, len(intents)), intents.pop(at))
    return replace(s, intents=tuple(intents))


def simpler(s: Scenario) -> Iterator[Scenario]:
    """Scenarios a little plainer than ``s`` (for the shortest witness), each a possible
    one: an intent fewer, the usual scores, counters, round and dealer, no rivers, a shorter
    wall, a seat no intent names holding tiles of no use to it."""
    return (x for x in _simpler(s) if x.valid)


def _simpler(s: Scenario) -> Iterator[Scenario]:
    for at in range(len(s.intents)):
        yield replace(s, intents=s.intents[:at] + s.intents[at + 1:])
    usual = Scenario(s.hands, s.dora)
    if s.scores != usual.scores:
        yield replace(s, scores=usual.scores)
    if s.honba or s.sticks:
        yield replace(s, honba=0, sticks=0)
    if s.round or s.rounds != 2:
        yield replace(s, round=0, rounds=2)
    if s.dealer and s.wall < FULL_WALL:
        yield replace(s, dealer=0)
    if any(s.rivers):
        yield replace(s, rivers=((), (), (), ()))
    if 1 < s.wall < FULL_WALL:
        yield replace(s, wall=max(1, s.wall // 2))
        yield replace(s, wall=s.wall - 1)
    if s.junk:
        yield replace(s, junk=())
    acting = {i.seat for i in s.intents}
    for seat in range(SEATS):  # a seat no intent names holds tiles of no use
        if seat in acting or -1 in acting:
            continue
        table = _Table(s.counts())
        for k in s.hands[seat]:
            table.counts[k] -= 1
        tiles = _filler(random.Random(seat), table, ())
        if tiles is not None and sorted(tiles) != sorted(s.hands[seat]):
            hands = list(s.hands)
            hands[seat] = tuple(tiles)
            yield replace(s, hands=tuple(hands))
