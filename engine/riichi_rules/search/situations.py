"""The space the search goes through: winning situations, built from parts that can be
changed one at a time (a set, the pair, the wait, a flag, a dora indicator ...), each turned
into a :class:`~riichi_rules.hand.Win` and kept only when that win is possible.

A :class:`Situation` is a hand's plan (four sets and a pair, seven pairs, or thirteen
orphans; which sets were called and how; which tile completed it) and the circumstances of
the win. :func:`random_situation` draws one; :func:`neighbours` gives the situations one
change away; :func:`simpler` the ones a little plainer (for the smallest witness).
Everything random comes from the :class:`random.Random` passed in: a seed decides it all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from riichi_rules.errors import InputError
from riichi_rules.hand import SITUATION_FLAGS, Meld, MeldType, Relative, Win, format_meld
from riichi_rules.tiles import RED_KINDS, TILE_PROPERTY_TABLES, Tile, Wind, dora_of, format_tiles

STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven_pairs", "thirteen_orphans"
CHOW, PUNG, KONG = "chow", "pung", "kong"
ORPHANS: tuple[int, ...] = tuple(k for k in range(34) if TILE_PROPERTY_TABLES["yaochuu"][k])
CHOW_STARTS: tuple[int, ...] = tuple(k for k in range(27) if k % 9 <= 6)
KINDS: tuple[int, ...] = tuple(range(34))
WINDS: tuple[Wind, ...] = (Wind.E, Wind.S, Wind.W, Wind.N)
_CALLED = {CHOW: (MeldType.CHI,), PUNG: (MeldType.PON,),
           KONG: (MeldType.DAIMINKAN, MeldType.ADDED_KAN, MeldType.CLOSED_KAN)}
_SOURCES = (Relative.LEFT, Relative.ACROSS, Relative.RIGHT)
# the flags of a win, besides tsumo, in the order a witness drops them
FLAGS: tuple[str, ...] = SITUATION_FLAGS


@dataclass(frozen=True, slots=True)
class SetPlan:
    """One set: its shape, its lowest tile's kind, and how it was made: ``meld`` None for a
    set formed in the hand (a kong is always declared), else the meld type; ``source`` who
    a called tile came from."""

    shape: str
    first: int
    meld: MeldType | None = None
    source: Relative = Relative.LEFT

    @property
    def kinds(self) -> tuple[int, ...]:
        if self.shape == CHOW:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.shape == KONG else 3)


@dataclass(frozen=True, slots=True)
class Situation:
    """A winning situation as a plan. ``form`` standard: ``sets`` and ``pair``; seven pairs:
    ``pairs``; thirteen orphans: ``pair`` (the doubled orphan). ``win`` picks the tile that
    completed the hand: for a standard hand, the group among those formed in the hand (the
    sets without a meld, then the pair) and, with ``position``, the tile of that group; for
    seven pairs, the pair; for thirteen orphans, the orphan. The rest is the win's
    circumstances: red fives are given by suit (the first five of that suit in the hand, then
    in the melds, is red)."""

    form: str = STANDARD
    sets: tuple[SetPlan, ...] = ()
    pair: int = 0
    pairs: tuple[int, ...] = ()
    win: int = 0
    position: int = 0
    tsumo: bool = False
    seat: Wind = Wind.E
    round: Wind = Wind.E
    flags: frozenset[str] = frozenset()
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    red: frozenset[int] = frozenset()  # suits (0 m, 1 p, 2 s) whose red five is in the hand
    honba: int = 0
    sticks: int = 0
    kita: int = 0  # Norths set aside as dora (three-player tables)

    # -- what it makes ------------------------------------------------------------------------
    def to_win(self) -> Win | None:
        """The win this plan makes, or None when it is not a possible win (too many copies of
        a tile, flags that cannot go together ...)."""
        if len(self.dora) > 1 + self.kongs:  # one indicator, and one more for each kan
            return None
        try:
            win = self._build()
            win.validate()
        except (InputError, ValueError, IndexError):
            return None
        return win

    def _build(self) -> Win:
        groups: list[list[int]] = []  # the tiles formed in the hand, by group
        called: list[SetPlan] = []
        if self.form == STANDARD:
            for plan in self.sets:
                if plan.meld is None:
                    groups.append(list(plan.kinds))
                else:
                    called.append(plan)
            groups.append([self.pair, self.pair])
            chosen = groups[self.win % len(groups)]
            win_at = (self.win % len(groups), self.position % len(chosen))
        elif self.form == SEVEN_PAIRS:
            groups = [[k, k] for k in self.pairs]
            win_at = (self.win % len(groups), 1)
        else:
            groups = [[k] for k in ORPHANS] + [[self.pair]]
            win_at = (self.win % len(ORPHANS), 0)
        red_left = set(self.red)
        hand: list[list[Tile]] = []
        for kinds in groups:
            hand.append([self._tile(k, red_left) for k in kinds])
        melds = tuple(self._meld(plan, red_left) for plan in called)
        concealed = tuple(tile for group in hand for tile in group)
        win_tile = hand[win_at[0]][win_at[1]]
        flags = {name: name in self.flags for name in FLAGS}
        if flags["double_riichi"]:
            flags["riichi"] = True
        return Win(
            concealed=tuple(sorted(concealed, key=lambda t: (t.kind, t.red))),
            win_tile=win_tile, melds=melds, tsumo=self.tsumo, seat=self.seat,
            round=self.round, dora=tuple(Tile.of(k) for k in self.dora),
            ura=tuple(Tile.of(k) for k in self.ura), honba=self.honba, sticks=self.sticks,
            kita=self.kita, **flags)

    @staticmethod
    def _tile(kind: int, red_left: set[int]) -> Tile:
        suit = kind // 9
        if kind in RED_KINDS and suit in red_left:
            red_left.discard(suit)
            return Tile.of(kind, True)
        return Tile.of(kind)

    def _meld(self, plan: SetPlan, red_left: set[int]) -> Meld:
        tiles = tuple(self._tile(k, red_left) for k in plan.kinds)
        assert plan.meld is not None
        if plan.meld is MeldType.CLOSED_KAN:
            return Meld.make(plan.meld, tiles)
        source = Relative.LEFT if plan.meld is MeldType.CHI else plan.source
        return Meld.make(plan.meld, tiles, tiles[0], source)

    # -- how plain it is -----------------------------------------------------------------------
    @property
    def kongs(self) -> int:
        return sum(1 for plan in self.sets if plan.shape == KONG) if self.form == STANDARD \
            else 0

    @property
    def melds(self) -> int:
        return sum(1 for plan in self.sets if plan.meld is not None) if self.form == STANDARD \
            else 0

    def changes_from(self, other: Situation) -> int:
        """How many parts differ from ``other`` (each set, flag, indicator ... counts one)."""
        n = sum(1 for name in ("form", "pair", "pairs", "win", "position", "tsumo", "seat",
                               "round", "honba", "sticks", "kita")
                if getattr(self, name) != getattr(other, name))
        n += sum(1 for a, b in zip(self.sets, other.sets, strict=False) if a != b)
        n += abs(len(self.sets) - len(other.sets))
        n += len(self.flags ^ other.flags) + len(self.red ^ other.red)
        n += sum(1 for a, b in zip(self.dora, other.dora, strict=False) if a != b)
        n += abs(len(self.dora) - len(other.dora)) + abs(len(self.ura) - len(other.ura))
        return n

    def plainness(self) -> tuple[int, ...]:
        """What a smaller witness has less of, most important first: melds, flags, dora and
        ura indicators and red fives, honba and sticks, kongs, a tsumo, a non-East wind."""
        return (self.melds, len(self.flags), len(self.dora) + len(self.ura) + len(self.red),
                self.honba + self.sticks + self.kita, self.kongs, int(self.tsumo),
                int(self.seat is not Wind.E) + int(self.round is not Wind.E))


def compact(win: Win) -> dict[str, Any]:
    """The win as ``riichi score`` reads it, without the fields at their defaults."""
    out: dict[str, Any] = {"hand": format_tiles(win.concealed), "win": str(win.win_tile)}
    if win.melds:
        out["melds"] = [format_meld(m) for m in win.melds]
    if win.tsumo:
        out["tsumo"] = True
    out["seat"] = win.seat.value
    out["round"] = win.round.value
    for name in FLAGS:
        if getattr(win, name) and not (name == "riichi" and win.double_riichi):
            out[name] = True
    if win.dora:
        out["dora"] = [str(t) for t in win.dora]
    if win.ura:
        out["ura"] = [str(t) for t in win.ura]
    if win.honba:
        out["honba"] = win.honba
    if win.sticks:
        out["sticks"] = win.sticks
    if win.kita:
        out["kita"] = win.kita
    return out


# -- drawing and changing plans ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bias:
    """What the rules aimed at talk about: tile kinds worth drawing more often (the tiles they
    name, the kinds their tile properties hold for), and the flags and numbers they read."""

    kinds: tuple[int, ...] = ()
    flags: frozenset[str] = frozenset()
    numbers: frozenset[str] = frozenset()  # honba, sticks, kita ...

    def kind(self, rng: random.Random, among: Sequence[int] = KINDS) -> int:
        favoured = [k for k in self.kinds if k in among] if self.kinds else []
        if favoured and rng.random() < 0.6:
            return rng.choice(favoured)
        return rng.choice(among)


NO_BIAS = Bias()


def _set(rng: random.Random, bias: Bias, closed: bool) -> SetPlan:
    roll = rng.random()
    shape = CHOW if roll < 0.5 else PUNG if roll < 0.88 else KONG
    first = bias.kind(rng, CHOW_STARTS if shape == CHOW else KINDS)
    if shape == KONG:
        meld = MeldType.CLOSED_KAN if closed or rng.random() < 0.4 else rng.choice(
            (MeldType.DAIMINKAN, MeldType.ADDED_KAN))
    elif closed or rng.random() < 0.65:
        meld = None
    else:
        meld = _CALLED[shape][0]
    return SetPlan(shape, first, meld, rng.choice(_SOURCES))


def random_situation(rng: random.Random, bias: Bias = NO_BIAS) -> Situation:
    """A situation drawn at random (it may not make a possible win: see ``to_win``)."""
    roll = rng.random()
    if roll < 0.06:
        form = SEVEN_PAIRS
    elif roll < 0.09:
        form = THIRTEEN_ORPHANS
    else:
        form = STANDARD
    closed = rng.random() < 0.55
    sets: tuple[SetPlan, ...] = ()
    pairs: tuple[int, ...] = ()
    pair = bias.kind(rng)
    if form == STANDARD:
        sets = tuple(_set(rng, bias, closed) for _ in range(4))
    elif form == SEVEN_PAIRS:
        chosen: list[int] = []
        while len(chosen) < 7:
            k = bias.kind(rng)
            if k not in chosen:
                chosen.append(k)
        pairs = tuple(sorted(chosen))
    else:
        pair = rng.choice(ORPHANS)
    situation = Situation(
        form=form, sets=sets, pair=pair, pairs=pairs, win=rng.randrange(13),
        position=rng.randrange(3), tsumo=rng.random() < 0.45, seat=rng.choice(WINDS),
        round=rng.choice(WINDS[:2]) if rng.random() < 0.9 else rng.choice(WINDS))
    situation = _random_flags(rng, situation, bias)
    kans = sum(1 for plan in sets if plan.shape == KONG)
    dora = tuple(bias.kind(rng) for _ in range(1 + kans)) if rng.random() < 0.9 else ()
    ura = tuple(rng.choice(KINDS) for _ in dora) if "riichi" in situation.flags and \
        rng.random() < 0.7 else ()
    red = frozenset(s for s in range(3) if rng.random() < 0.3)
    honba = rng.choice((0, 0, 0, 1, 2)) if "honba" not in bias.numbers else rng.randrange(1, 4)
    sticks = rng.choice((0, 0, 0, 1)) if "sticks" not in bias.numbers else rng.randrange(1, 3)
    kita = rng.randrange(1, 3) if "kita" in bias.numbers and rng.random() < 0.6 else 0
    return replace(situation, dora=dora, ura=ura, red=red, honba=honba, sticks=sticks,
                   kita=kita)


def _random_flags(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    flags: set[str] = set()
    closed = all(plan.meld in (None, MeldType.CLOSED_KAN) for plan in s.sets)
    if closed and rng.random() < 0.5:
        flags.add("riichi")
        if rng.random() < 0.12:
            flags.add("double_riichi")
        if rng.random() < 0.2:
            flags.add("ippatsu")
    for name in FLAGS:
        chance = 0.35 if name in bias.flags else 0.03
        if name not in flags and rng.random() < chance:
            flags.add(name)
    return replace(s, flags=frozenset(flags))


Change = Callable[[random.Random, Situation, Bias], Situation]


def _with_set(s: Situation, i: int, plan: SetPlan) -> Situation:
    return replace(s, sets=(*s.sets[:i], plan, *s.sets[i + 1:]))


def _change_set(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    if s.form != STANDARD:
        return _change_pairs(rng, s, bias)
    i = rng.randrange(4)
    closed = all(plan.meld in (None, MeldType.CLOSED_KAN) for plan in s.sets)
    new = _set(rng, bias, closed and rng.random() < 0.7)
    return _with_set(s, i, new)


def _move_set(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    """A set's kind moved by one, to another suit (same number), or copied from another set."""
    if s.form != STANDARD:
        return _change_pairs(rng, s, bias)
    i = rng.randrange(4)
    plan = s.sets[i]
    roll = rng.random()
    if roll < 0.35:
        first = plan.first + rng.choice((-1, 1))
    elif roll < 0.7 and plan.first < 27:
        first = (rng.randrange(3) * 9) + plan.first % 9
    else:
        other = s.sets[rng.randrange(4)]
        first = other.first
        plan = replace(plan, shape=other.shape if rng.random() < 0.5 else plan.shape)
    if not 0 <= first < 34 or (plan.shape == CHOW and first not in CHOW_STARTS):
        return s
    return _with_set(s, i, replace(plan, first=first))


def _reshape(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    """A set made another way: called or formed in the hand, pung or kong, another meld type."""
    if s.form != STANDARD:
        return _change_pairs(rng, s, bias)
    i = rng.randrange(4)
    plan = s.sets[i]
    if plan.shape == CHOW:
        new = replace(plan, meld=None if plan.meld else MeldType.CHI)
    elif plan.shape == PUNG:
        roll = rng.random()
        if roll < 0.4:
            new = replace(plan, meld=None if plan.meld else MeldType.PON)
        else:
            new = replace(plan, shape=KONG, meld=rng.choice(_CALLED[KONG]))
    else:
        roll = rng.random()
        if roll < 0.5:
            new = replace(plan, meld=rng.choice(_CALLED[KONG]))
        else:
            new = replace(plan, shape=PUNG, meld=None if roll < 0.75 else MeldType.PON)
    new = replace(new, source=rng.choice(_SOURCES))
    return _with_set(s, i, new)


def _change_pair(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    if s.form == THIRTEEN_ORPHANS:
        return replace(s, pair=rng.choice(ORPHANS))
    if s.form == SEVEN_PAIRS:
        return _change_pairs(rng, s, bias)
    return replace(s, pair=bias.kind(rng))


def _change_pairs(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    if s.form != SEVEN_PAIRS:
        return _change_pair(rng, s, bias)
    i = rng.randrange(7)
    k = bias.kind(rng)
    if k in s.pairs:
        return s
    return replace(s, pairs=tuple(sorted((*s.pairs[:i], k, *s.pairs[i + 1:]))))


def _change_wait(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    return replace(s, win=rng.randrange(13), position=rng.randrange(3))


def _change_form(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    roll = rng.random()
    if roll < 0.4 and s.form != STANDARD:
        return replace(s, form=STANDARD, sets=s.sets or tuple(
            _set(rng, bias, True) for _ in range(4)))
    if roll < 0.75:
        kinds = sorted({*(k for plan in s.sets for k in plan.kinds), s.pair, *s.pairs})
        while len(kinds) < 7:
            k = bias.kind(rng)
            if k not in kinds:
                kinds.append(k)
        return replace(s, form=SEVEN_PAIRS, pairs=tuple(sorted(rng.sample(kinds, 7))))
    return replace(s, form=THIRTEEN_ORPHANS, pair=rng.choice(ORPHANS))


def _toggle_flag(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    pool = sorted(bias.flags) if bias.flags and rng.random() < 0.6 else FLAGS
    name = rng.choice(pool)
    return replace(s, flags=s.flags ^ {name})


def _change_win(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    roll = rng.random()
    if roll < 0.4:
        return replace(s, tsumo=not s.tsumo)
    if roll < 0.75:
        return replace(s, seat=rng.choice(WINDS))
    return replace(s, round=rng.choice(WINDS))


def _change_dora(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    roll = rng.random()
    held = [k for plan in s.sets for k in plan.kinds] + [s.pair, *s.pairs]
    pointing = [k for k in KINDS if _DORA_OF[k] in held]
    dora = list(s.dora)
    ura = list(s.ura)
    if roll < 0.3 and dora:
        dora.pop(rng.randrange(len(dora)))
        del ura[len(dora):]
    elif roll < 0.7 and pointing:
        if dora:
            dora[rng.randrange(len(dora))] = rng.choice(pointing)
        else:
            dora.append(rng.choice(pointing))
    elif roll < 0.85 and len(dora) < 1 + s.kongs:
        dora.append(rng.choice(pointing or list(KINDS)))
    elif dora:
        while len(ura) < len(dora):
            ura.append(rng.choice(KINDS))
        ura[rng.randrange(len(ura))] = rng.choice(pointing or list(KINDS))
    return replace(s, dora=tuple(dora), ura=tuple(ura))


def _change_red(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    return replace(s, red=s.red ^ {rng.randrange(3)})


def _change_counters(rng: random.Random, s: Situation, bias: Bias) -> Situation:
    if "kita" in bias.numbers and rng.random() < 0.3:
        return replace(s, kita=max(0, s.kita + rng.choice((-1, 1))))
    if rng.random() < 0.5:
        return replace(s, honba=max(0, s.honba + rng.choice((-1, 1))))
    return replace(s, sticks=max(0, s.sticks + rng.choice((-1, 1))))


_CHANGES: tuple[tuple[Change, float], ...] = (
    (_change_set, 3.0), (_move_set, 3.0), (_reshape, 1.5), (_change_pair, 1.5),
    (_change_wait, 1.5), (_change_form, 0.3), (_toggle_flag, 1.5), (_change_win, 1.2),
    (_change_dora, 1.5), (_change_red, 0.5), (_change_counters, 0.5),
)
_DORA_OF: tuple[int, ...] = tuple(dora_of(Tile.of(k)) for k in KINDS)  # what each indicates


def mutate(rng: random.Random, s: Situation, bias: Bias = NO_BIAS) -> Situation:
    """The situation with one part changed at random (sometimes two)."""
    changes, weights = zip(*_CHANGES, strict=True)
    out = s
    for _ in range(1 if rng.random() < 0.8 else 2):
        (change,) = rng.choices(changes, weights)
        out = change(rng, out, bias)
    return out


def simpler(s: Situation) -> Iterator[Situation]:
    """The situations a little plainer than ``s`` (one meld formed in the hand instead, a
    kong a pung, a flag, an indicator, a red five, a honba or stick less, a ron instead of a
    tsumo, East seat or round), most important first."""
    if s.form == STANDARD:
        for i, plan in enumerate(s.sets):
            if plan.meld is not None and plan.shape != KONG:
                yield _with_set(s, i, replace(plan, meld=None))
    for name in sorted(s.flags):
        yield replace(s, flags=s.flags - {name})
    if s.ura:
        yield replace(s, ura=s.ura[:-1])
    if s.dora:
        yield replace(s, dora=s.dora[:-1], ura=s.ura[:len(s.dora) - 1])
    for suit in sorted(s.red):
        yield replace(s, red=s.red - {suit})
    if s.honba:
        yield replace(s, honba=0)
    if s.sticks:
        yield replace(s, sticks=0)
    if s.kita:
        yield replace(s, kita=0)
    if s.form == STANDARD:
        for i, plan in enumerate(s.sets):
            if plan.shape == KONG:
                yield _with_set(s, i, replace(plan, shape=PUNG, meld=None))
    if s.tsumo:
        yield replace(s, tsumo=False)
    if s.seat is not Wind.E:
        yield replace(s, seat=Wind.E)
    if s.round is not Wind.E:
        yield replace(s, round=Wind.E)
