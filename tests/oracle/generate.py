"""Random complete winning hands in the JSON win form of DESIGN.md, from a seeded generator.

Used by the differential test (tests/oracle/test_differential.py) and the benchmark
(bench/bench_scoring.py). It does not import riichi-rules: a hand is built from tile kinds
(0..33 as in docs/architecture.md: 1m..9m = 0..8, 1p..9p = 9..17, 1s..9s = 18..26,
1z..7z = 27..33) and written out in mpsz notation by this module.

What a generated hand respects, so that every hand is a possible win:

* four sets and a pair (chows, pungs, kongs), seven distinct pairs, or thirteen orphans;
* at most 4 copies of a kind across the hand, the melds and the dora/ura indicators, and at
  most one red five per suit (red fives only when ``red_fives`` is set);
* melds: ``chi`` only from the left, ``pon``/``daiminkan``/``kakan`` from any other seat, with
  the called tile one of the meld's tiles; ``ankan`` has neither; a kong is always a meld;
* riichi (and double riichi, ippatsu, ura indicators) only in a closed hand (closed kans allowed);
* rinshan only with a kong and tsumo, and not with ippatsu (any kan ends it); haitei only
  tsumo; houtei only ron; chankan only ron, not with houtei or rinshan, and only when no other
  copy of the winning tile is in sight (the robbed kong holds the other three);
  tenhou/chiihou/renhou only with no meld and no riichi;
* one dora indicator plus one per kong (at most 5), a first-turn win only one (no kan came
  before it: rulesets/base/situations.rules); ura indicators at most as many.

The draw is biased towards hands with yaku ("themes": all simples, a value pung, flushes,
all pungs, outside hands, straights, triple chows, pure double chows, honours, all green, nine
gates, four concealed pungs, several kongs) and riichi/tsumo are frequent; hands with no yaku
still occur (an open hand of random sets), and both scorers must then refuse them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "THEMES",
    "kind_name",
    "perturb",
    "random_win",
    "random_wins",
    "tiles_of",
]

SUIT_LETTERS = "mpsz"
RED_KINDS = (4, 13, 22)  # 5m 5p 5s
YAOCHUU = (0, 8, 9, 17, 18, 26, *range(27, 34))
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))
HONOURS = tuple(range(27, 34))
DRAGONS = (31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s 6z
WIND_NAMES = ("E", "S", "W", "N")
DIRECTIONS = ("left", "across", "right")


def kind_name(kind: int, red: bool = False) -> str:
    """``0`` -> ``1m``, ``4, red`` -> ``0m``, ``27`` -> ``1z``."""
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if red else kind % 9 + 1}{SUIT_LETTERS[kind // 9]}"


def tiles_of(text: str) -> list[tuple[int, bool]]:
    """Parse mpsz notation (``"2340p11z"``) into ``(kind, red)`` pairs."""
    out: list[tuple[int, bool]] = []
    pending: list[int] = []
    for ch in text:
        if ch.isdigit():
            pending.append(int(ch))
            continue
        suit = SUIT_LETTERS.index(ch)
        for n in pending:
            if suit == 3:
                out.append((27 + n - 1, False))
            elif n == 0:
                out.append((suit * 9 + 4, True))
            else:
                out.append((suit * 9 + n - 1, False))
        pending.clear()
    if pending:
        raise ValueError(f"no suit letter after the numbers in {text!r}")
    return out


def _format(tiles: list[tuple[int, bool]]) -> str:
    """mpsz notation, sorted, one suit letter per run: ``123m0p11z``."""
    out = []
    ordered = sorted(tiles, key=lambda t: (t[0], not t[1]))
    for suit in range(4):
        digits = [kind_name(k, r)[0] for k, r in ordered if k // 9 == suit]
        if digits:
            out.append("".join(digits) + SUIT_LETTERS[suit])
    return "".join(out)


def _indicator_of(kind: int) -> int:
    """The indicator that makes ``kind`` a dora (the tile before it in its cycle)."""
    if kind < 27:
        return kind - 1 if kind % 9 else kind + 8
    if kind <= 30:
        return 27 + (kind - 27 - 1) % 4
    return 31 + (kind - 31 - 1) % 3


@dataclass
class _Group:
    shape: str  # chow, pung, kong, pair, single (thirteen orphans)
    kinds: list[int]
    meld: str | None = None  # chi, pon, daiminkan, kakan, ankan; None when concealed
    called_at: int = 0  # index in kinds of the called tile
    source: str = "left"
    red: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.red = [False] * len(self.kinds)


class _Retry(Exception):
    """The draw ran out of tiles for this shape: start the hand again."""


class _Pool:
    def __init__(self) -> None:
        self.counts = [4] * 34

    def take(self, kind: int, n: int = 1) -> None:
        if self.counts[kind] < n:
            raise _Retry
        self.counts[kind] -= n

    def has(self, kind: int, n: int = 1) -> bool:
        return self.counts[kind] >= n

    def chow(self, start: int) -> _Group:
        for k in range(start, start + 3):
            if not self.has(k):
                raise _Retry
        for k in range(start, start + 3):
            self.take(k)
        return _Group("chow", [start, start + 1, start + 2])

    def pung(self, kind: int) -> _Group:
        self.take(kind, 3)
        return _Group("pung", [kind] * 3)

    def pair(self, kind: int) -> _Group:
        self.take(kind, 2)
        return _Group("pair", [kind] * 2)


def _chow_starts(kinds: Iterable[int]) -> list[int]:
    allowed = set(kinds)
    return [k for k in range(27) if k % 9 <= 6 and {k, k + 1, k + 2} <= allowed]


def _sets(
    rng: random.Random,
    pool: _Pool,
    n: int,
    chow_starts: list[int],
    pung_kinds: list[int] | tuple[int, ...],
    p_chow: float,
) -> list[_Group]:
    out: list[_Group] = []
    for _ in range(n):
        for _attempt in range(30):
            try:
                if chow_starts and (not pung_kinds or rng.random() < p_chow):
                    out.append(pool.chow(rng.choice(chow_starts)))
                else:
                    out.append(pool.pung(rng.choice(list(pung_kinds))))
                break
            except _Retry:
                continue
        else:
            raise _Retry
    return out


def _pair(rng: random.Random, pool: _Pool, kinds: list[int] | tuple[int, ...]) -> _Group:
    choices = [k for k in kinds if pool.has(k, 2)]
    if not choices:
        raise _Retry
    return pool.pair(rng.choice(choices))


# ---------------------------------------------------------------------------- themes

@dataclass(frozen=True)
class _Ctx:
    seat: int  # 0..3 = E S W N
    round: int

    @property
    def value_kinds(self) -> list[int]:
        return sorted({*DRAGONS, 27 + self.seat, 27 + self.round})


def _suit_kinds(suit: int) -> list[int]:
    return list(range(suit * 9, suit * 9 + 9))


def _theme_any(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    allk = list(range(34))
    return [*_sets(rng, pool, 4, _chow_starts(allk), allk, 0.6), _pair(rng, pool, allk)]


def _theme_pinfu(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    non_value = [k for k in range(34) if k not in ctx.value_kinds]
    return [*_sets(rng, pool, 4, _chow_starts(range(27)), [], 1.0), _pair(rng, pool, non_value)]


def _theme_tanyao(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    return [*_sets(rng, pool, 4, _chow_starts(SIMPLES), SIMPLES, 0.65), _pair(rng, pool, SIMPLES)]


def _theme_yakuhai(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    first = _sets(rng, pool, 1, [], ctx.value_kinds, 0.0)
    allk = list(range(34))
    return [*first, *_sets(rng, pool, 3, _chow_starts(allk), allk, 0.6), _pair(rng, pool, allk)]


def _theme_honitsu(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    kinds = _suit_kinds(rng.randrange(3)) + list(HONOURS)
    return [*_sets(rng, pool, 4, _chow_starts(kinds), kinds, 0.5), _pair(rng, pool, kinds)]


def _theme_chinitsu(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    kinds = _suit_kinds(rng.randrange(3))
    return [*_sets(rng, pool, 4, _chow_starts(kinds), kinds, 0.65), _pair(rng, pool, kinds)]


def _theme_toitoi(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    allk = list(range(34))
    return [*_sets(rng, pool, 4, [], allk, 0.0), _pair(rng, pool, allk)]


def _theme_chanta(rng: random.Random, pool: _Pool, ctx: _Ctx, honours: bool = True) -> list[_Group]:
    starts = [s * 9 + n for s in range(3) for n in (0, 6)]
    kinds = [k for k in YAOCHUU if honours or k < 27]
    return [*_sets(rng, pool, 4, starts, kinds, 0.6), _pair(rng, pool, kinds)]


def _theme_junchan(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    return _theme_chanta(rng, pool, ctx, honours=False)


def _theme_sanshoku(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    n = rng.randrange(7)
    groups = [pool.chow(s * 9 + n) for s in range(3)]
    allk = list(range(34))
    return [*groups, *_sets(rng, pool, 1, _chow_starts(allk), allk, 0.6), _pair(rng, pool, allk)]


def _theme_ittsu(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    s = rng.randrange(3) * 9
    groups = [pool.chow(s), pool.chow(s + 3), pool.chow(s + 6)]
    allk = list(range(34))
    return [*groups, *_sets(rng, pool, 1, _chow_starts(allk), allk, 0.6), _pair(rng, pool, allk)]


def _theme_iipeikou(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    start = rng.choice(_chow_starts(range(27)))
    groups = [pool.chow(start), pool.chow(start)]
    allk = list(range(34))
    p_chow = 0.85
    return [*groups, *_sets(rng, pool, 2, _chow_starts(allk), allk, p_chow), _pair(rng, pool, allk)]


def _theme_honours(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    kinds = list(HONOURS) * 3 + list(YAOCHUU)
    return [*_sets(rng, pool, 4, [], kinds, 0.0), _pair(rng, pool, kinds)]


def _theme_terminals(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    kinds = [k for k in YAOCHUU if k < 27] * 2 + list(HONOURS)
    return [*_sets(rng, pool, 4, [], kinds, 0.0), _pair(rng, pool, kinds)]


def _theme_green(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    return [*_sets(rng, pool, 4, [19], GREEN, 0.4), _pair(rng, pool, GREEN)]


def _theme_chuuren(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    # 1112345678999 + one more tile of the suit, read as plain groups would not fit: the
    # caller writes such a hand as "singles" (all concealed), which is all a scorer sees.
    s = rng.randrange(3) * 9
    kinds = [s] * 3 + [s + n for n in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
    for k in kinds:
        pool.take(k)
    return [_Group("single", [k]) for k in kinds]


def _theme_suuankou(rng: random.Random, pool: _Pool, ctx: _Ctx) -> list[_Group]:
    allk = list(range(34))
    return [*_sets(rng, pool, 4, [], allk, 0.0), _pair(rng, pool, allk)]


THEMES: dict[str, tuple[int, Any, str]] = {
    # name: (weight, builder, openness: "any" | "closed")
    "any": (24, _theme_any, "any"),
    "pinfu": (10, _theme_pinfu, "closed"),
    "tanyao": (12, _theme_tanyao, "any"),
    "yakuhai": (12, _theme_yakuhai, "any"),
    "honitsu": (8, _theme_honitsu, "any"),
    "chinitsu": (5, _theme_chinitsu, "any"),
    "toitoi": (6, _theme_toitoi, "any"),
    "chanta": (4, _theme_chanta, "any"),
    "junchan": (3, _theme_junchan, "any"),
    "sanshoku": (3, _theme_sanshoku, "any"),
    "ittsu": (3, _theme_ittsu, "any"),
    "iipeikou": (3, _theme_iipeikou, "closed"),
    "honours": (3, _theme_honours, "any"),
    "terminals": (2, _theme_terminals, "any"),
    "green": (1, _theme_green, "any"),
    "chuuren": (1, _theme_chuuren, "closed"),
    "suuankou": (2, _theme_suuankou, "closed"),
    "kans": (2, _theme_toitoi, "kans"),
}
"""Themes for four-sets-and-a-pair hands, with their relative weights."""


def _seven_pairs(rng: random.Random, pool: _Pool) -> list[_Group]:
    choice = rng.random()
    if choice < 0.55:
        kinds = list(range(34))
    elif choice < 0.7:
        kinds = list(SIMPLES)
    elif choice < 0.85:
        kinds = _suit_kinds(rng.randrange(3)) + list(HONOURS)
    elif choice < 0.93:
        kinds = _suit_kinds(rng.randrange(3))
    else:
        kinds = list(YAOCHUU)
    picked = rng.sample(kinds, 7)
    return [pool.pair(k) for k in picked]


def _thirteen_orphans(rng: random.Random, pool: _Pool) -> list[_Group]:
    extra = rng.choice(YAOCHUU)
    groups = []
    for k in YAOCHUU:
        pool.take(k)
        groups.append(_Group("single", [k]))
    pool.take(extra)
    groups.append(_Group("single", [extra]))
    return groups


# ------------------------------------------------------------------------- the hand

def _weighted_theme(rng: random.Random) -> str:
    names = list(THEMES)
    return rng.choices(names, weights=[THEMES[n][0] for n in names])[0]


def _make_melds(rng: random.Random, pool: _Pool, groups: list[_Group], openness: str) -> None:
    """Turn some sets into melds (and some pungs into kongs, which are always melds)."""
    want_open = openness == "any" and rng.random() < 0.45
    if openness == "kans":
        want_open = rng.random() < 0.6
    p_kong = 0.7 if openness == "kans" else 0.07
    if openness == "closed":
        p_kong = 0.05
    for g in groups:
        if g.shape == "pung" and pool.has(g.kinds[0]) and rng.random() < p_kong:
            pool.take(g.kinds[0])
            g.shape = "kong"
            g.kinds.append(g.kinds[0])
            g.red = [False] * 4
            g.meld = rng.choice(("ankan", "daiminkan", "kakan")) if want_open else "ankan"
        elif want_open and g.shape in ("chow", "pung") and rng.random() < 0.55:
            g.meld = "chi" if g.shape == "chow" else "pon"
    if want_open and not any(g.meld in ("chi", "pon", "daiminkan", "kakan") for g in groups):
        callable_groups = [g for g in groups if g.shape in ("chow", "pung") and g.meld is None]
        if callable_groups:
            g = rng.choice(callable_groups)
            g.meld = "chi" if g.shape == "chow" else "pon"
    for g in groups:
        if g.meld is None or g.meld == "ankan":
            continue
        g.called_at = rng.randrange(len(g.kinds))
        g.source = "left" if g.meld == "chi" else rng.choice(DIRECTIONS)


def _draw_indicators(
    rng: random.Random, pool: _Pool, n: int, hand_kinds: list[int]
) -> list[int]:
    out = []
    for _ in range(n):
        if rng.random() < 0.35:
            target = _indicator_of(rng.choice(hand_kinds))
            if pool.has(target):
                pool.take(target)
                out.append(target)
                continue
        available = [k for k in range(34) if pool.has(k)]
        k = rng.choice(available)
        pool.take(k)
        out.append(k)
    return out


def random_win(rng: random.Random, red_fives: bool = False) -> dict[str, Any]:
    """One random complete winning hand in the JSON win form (DESIGN.md)."""
    while True:
        try:
            return _random_win(rng, red_fives)
        except _Retry:
            continue


def _random_win(rng: random.Random, red_fives: bool) -> dict[str, Any]:
    pool = _Pool()
    seat = rng.randrange(4)
    round_ = rng.choices(range(4), weights=(50, 35, 10, 5))[0]
    ctx = _Ctx(seat, round_)
    form = rng.random()
    if form < 0.03:
        groups = _thirteen_orphans(rng, pool)
    elif form < 0.15:
        groups = _seven_pairs(rng, pool)
    else:
        theme = _weighted_theme(rng)
        _, builder, openness = THEMES[theme]
        groups = builder(rng, pool, ctx)
        _make_melds(rng, pool, groups, openness)

    concealed = [(gi, ti) for gi, g in enumerate(groups) if g.meld is None
                 for ti in range(len(g.kinds))]
    win_gi, win_ti = rng.choice(concealed)
    win_kind = groups[win_gi].kinds[win_ti]
    opened = any(g.meld not in (None, "ankan") for g in groups)
    has_meld = any(g.meld is not None for g in groups)
    kongs = sum(g.shape == "kong" for g in groups)

    tsumo = rng.random() < 0.45
    flags: dict[str, bool] = {}
    riichi = not opened and rng.random() < 0.55
    if riichi:
        flags["riichi"] = True
        if rng.random() < 0.06:
            flags["double_riichi"] = True
        if rng.random() < 0.2:
            flags["ippatsu"] = True
    first_turn = not has_meld and not riichi and rng.random() < 0.03
    if first_turn:
        if seat == 0 and tsumo:
            flags["tenhou"] = True
        elif seat != 0 and tsumo:
            flags["chiihou"] = True
        elif seat != 0:
            flags["renhou"] = True
    else:
        if tsumo and kongs and rng.random() < 0.25 and not flags.get("ippatsu"):
            flags["rinshan"] = True
        if tsumo and not flags.get("rinshan") and rng.random() < 0.05:
            flags["haitei"] = True
        if not tsumo and rng.random() < 0.05:
            flags["houtei"] = True

    hand_kinds = [k for g in groups for k in g.kinds]
    extra = rng.random() < 0.1 and not first_turn
    n_dora = min(5, 1 + kongs + (1 if extra else 0))
    if rng.random() < 0.03:
        n_dora = 0
    dora = _draw_indicators(rng, pool, n_dora, hand_kinds)
    ura: list[int] = []
    if riichi and rng.random() < 0.85:
        ura = _draw_indicators(rng, pool, n_dora, hand_kinds)

    if (not tsumo and not first_turn and not flags.get("houtei") and rng.random() < 0.06
            and pool.counts[win_kind] == 3 and hand_kinds.count(win_kind) == 1):
        flags["chankan"] = True

    # Red fives: the red copy is among the c copies in sight with probability c/4.
    dora_red = [False] * len(dora)
    ura_red = [False] * len(ura)
    if red_fives:
        for rk in RED_KINDS:
            slots: list[tuple[str, int, int]] = []
            for gi, g in enumerate(groups):
                slots += [("g", gi, ti) for ti, k in enumerate(g.kinds) if k == rk]
            slots += [("d", i, 0) for i, k in enumerate(dora) if k == rk]
            slots += [("u", i, 0) for i, k in enumerate(ura) if k == rk]
            if slots and rng.random() < len(slots) / 4:
                where, i, j = rng.choice(slots)
                if where == "g":
                    groups[i].red[j] = True
                elif where == "d":
                    dora_red[i] = True
                else:
                    ura_red[i] = True

    hand_tiles = [(g.kinds[ti], g.red[ti]) for gi, g in enumerate(groups) if g.meld is None
                  for ti in range(len(g.kinds))]
    melds = []
    for g in groups:
        if g.meld is None:
            continue
        tiles = _format(list(zip(g.kinds, g.red, strict=True)))
        if g.meld == "ankan":
            melds.append({"type": "ankan", "tiles": tiles})
        else:
            called = kind_name(g.kinds[g.called_at], g.red[g.called_at])
            melds.append({"type": g.meld, "tiles": tiles, "called": called, "from": g.source})

    win: dict[str, Any] = {
        "hand": _format(hand_tiles),
        "win": kind_name(win_kind, groups[win_gi].red[win_ti]),
        "tsumo": tsumo,
        "melds": melds,
        "seat": WIND_NAMES[seat],
        "round": WIND_NAMES[round_],
        **flags,
        "dora": [kind_name(k, r) for k, r in zip(dora, dora_red, strict=True)],
        "ura": [kind_name(k, r) for k, r in zip(ura, ura_red, strict=True)],
        "honba": 0 if rng.random() < 0.6 else rng.randint(1, 4),
        "sticks": 0 if rng.random() < 0.6 else rng.randint(1, 3),
    }
    return win


def perturb(win: dict[str, Any], rng: random.Random, red_fives: bool = False) -> dict[str, Any]:
    """The same situation with one concealed tile (not the winning tile) swapped for another
    kind that still has a copy left: usually no longer a complete hand. With red fives, the
    new five is the red one when the three in sight are all plain."""
    hand = tiles_of(win["hand"])
    win_tile = tiles_of(win["win"])[0]
    counts = [0] * 34
    seen = [*hand]
    for m in win.get("melds", []):
        seen += tiles_of(m["tiles"])
    for key in ("dora", "ura"):
        for t in win.get(key, []):
            seen += tiles_of(t)
    reds = {k for k, r in seen if r}
    for k, _ in seen:
        counts[k] += 1
    positions = [i for i, t in enumerate(hand) if t != win_tile]
    if not positions:
        return dict(win)
    i = rng.choice(positions)
    choices = [k for k in range(34) if counts[k] < 4 and k != hand[i][0]]
    new = rng.choice(choices)
    red = red_fives and new in RED_KINDS and counts[new] == 3 and new not in reds
    hand[i] = (new, red)
    out = dict(win)
    out["hand"] = _format(hand)
    out.pop("chankan", None)  # the robbed-kong condition no longer holds for sure
    return out


def random_wins(seed: int, count: int, red_fives: bool = False) -> list[dict[str, Any]]:
    """``count`` random wins from ``random.Random(seed)``: the same list for the same seed."""
    rng = random.Random(seed)
    return [random_win(rng, red_fives) for _ in range(count)]


def iter_wins(seed: int, red_fives: bool = False) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    while True:
        yield random_win(rng, red_fives)
