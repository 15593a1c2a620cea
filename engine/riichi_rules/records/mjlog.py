"""Tenhou mjlog XML (``<mjloggm ver="2.3">``) to a :class:`~riichi_rules.records.events.GameRecord`.

The tags read (shared/data/tenhou/README.md and client-logs/FORMAT.md describe them):
``GO type`` (rule bits), ``UN n0..n3`` (URL-encoded names), ``TAIKYOKU``, ``INIT seed ten oya
hai0..hai3``, draws ``T U V W`` + tile id and discards ``D E F G`` + tile id (seats 0..3),
``N who m`` (a packed meld: :func:`decode_meld`), ``REACH who step`` (1 declared, 2 stick paid),
``DORA hai``, ``AGARI`` and ``RYUUKYOKU`` (with ``owari`` on the last one). ``SHUFFLE``, ``BYE``
and a reconnecting ``UN`` change nothing at the table and are skipped; any other tag is skipped
with a note in :attr:`GameRecord.errors`.

Tile ids are Tenhou's 0..135 (``id // 4`` = kind); ids 16, 52, 88 are the red fives when the
game has them. The reader translates the tags into the steps of the hand follower
(:mod:`riichi_rules.records.follower`), which follows every tile by its id: a tile drawn twice,
a discard or call of a tile the seat does not hold, a call of a tile that was not the last
discard, or a win whose hand differs from the one followed is a :class:`RecordError`, as is
text that is not a tag (a truncated file) and a file without ``</mjloggm>``. The packed values
(meld integer, ``GO`` bits) are read by :mod:`riichi_rules.records.mjlog_codes`.

Long because the format's reading is one piece: its tokens (runs of draws and discards taken
by one pattern, numbers by a look-up: issue 18's speed), the hand they follow and the game they
make share the tag tables at the top; what stands apart (the packed values) is in its own
module.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

from riichi_rules.errors import InputError
from riichi_rules.hand import MeldType
from riichi_rules.limits import RECORD_TAGS, RECORD_VALUES, cut, quoted, whole_number
from riichi_rules.records.dates import day_of_id
from riichi_rules.records.events import (
    GameRecord,
    HandRecord,
    RecordedWin,
    RecordError,
    WonHand,
)
from riichi_rules.records.follower import Fail, HandFollower, Release
from riichi_rules.records.mjlog_codes import PackedMeld, decode_meld, go_rules
from riichi_rules.records.tenhou_agari import TENHOU_YAKUMAN, tenhou_yaku, tile_from_136
from riichi_rules.records.text import at_most, load_text
from riichi_rules.tiles import WINDS, Tile, Wind

__all__ = ["PackedMeld", "decode_meld", "go_rules", "read_mjlog"]

_TAG = re.compile(r"<(/?)([A-Za-z]+)([0-9]{0,3})((?:\s+[\w:.-]+\s*=\s*\"[^\"]*\")*)\s*(/?)>")
_DECIMAL = re.compile(r"-?[0-9]{1,9}(?:\.[0-9]{1,9})?")
_WHOLE_LIST = re.compile(r"-?[0-9]{1,18}(?:,-?[0-9]{1,18})*")
"""Whole numbers as ``limits.whole_number`` reads them, separated by commas, nothing else."""
_NUMBERS = {str(n): n for n in range(-999, 1000)}
"""The small whole numbers as written plainly (most of an mjlog's: tile ids, scores in
hundreds, seats), read by a look-up; any other as :func:`~riichi_rules.limits.whole_number`
reads it."""
_SKIP = re.compile(r"\s+|<\?[^>]*\?>|<!--.*?-->", re.S)
_GAME_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")
_DRAW_KINDS: Mapping[str | None, str] = {
    None: "exhaustive",
    "yao9": "kyuushu_kyuuhai",
    "kaze4": "suufon_renda",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
    "nm": "nagashi_mangan",
}
_HAI = ("hai0", "hai1", "hai2", "hai3")
_CALLS = {t.value: t for t in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN)}
_QUIET = frozenset({"SHUFFLE", "BYE", "TAIKYOKU"})
_BY_ID = {red: tuple(tile_from_136(i, red) for i in range(136)) for red in (False, True)}
"""Each tile id's tile, without and with red fives (a look-up per tile, read per event)."""
_ORDER = {red: tuple(hash(tile) for tile in tiles) for red, tiles in _BY_ID.items()}
"""Each tile id's place in the order of tiles (``Tile.__hash__``: kind * 2 + red, the order of
(kind, red)), without and with red fives: ids sorted by it give the tiles in order."""
_RUN = re.compile(r"(?:<[TUVWDEFG][0-9]{1,3}/>)+")
"""Draw and discard tags one after another (most of a record), tokenised at once before the
general pattern is tried: each tag becomes its text between ``<`` and ``/>`` (``T12``). What it
matches, :data:`_TAG` reads alike (its number, too, is 0-3 ASCII digits)."""
_LETTERS = {**{c: (seat, True) for seat, c in enumerate("TUVW")},
            **{c: (seat, False) for seat, c in enumerate("DEFG")}}
"""The tags of a draw (T U V W) and of a discard (D E F G): the seat, and whether it draws."""
_ACTS = {f"{c}{i}": (seat, draws, i) for c, (seat, draws) in _LETTERS.items() for i in range(136)}
"""Each draw or discard tag of a tile id written plainly (``T12``: 0..135, no leading zero): its
seat, whether it draws, the tile id (a look-up per tag instead of reading its number)."""


class _Token:
    """A tag other than a plain draw or discard (an ``__init__`` of its own: mypyc compiles
    it, not a dataclass's)."""

    __slots__ = ("attrs", "closing", "name", "number", "text")

    def __init__(self, name: str, number: int | None, attrs: Mapping[str, str], text: str,
                 closing: bool) -> None:
        self.name = name
        self.number = number
        self.attrs = attrs
        self.text = text
        self.closing = closing


def _tokens(text: str, name: str) -> list[_Token | str]:
    """The tags of ``text`` in order: a draw or discard as its text between ``<`` and ``/>``
    (:data:`_RUN`), any other as a :class:`_Token`."""
    out: list[_Token | str] = []
    pos = 0
    end = len(text)
    while pos < end:
        run = _RUN.match(text, pos)
        if run is not None:
            pos = run.end()
            out.extend(text[run.start() + 1 : pos - 2].split("/><"))
            continue
        skip = _SKIP.match(text, pos)
        if skip:
            pos = skip.end()
            continue
        m = _TAG.match(text, pos)
        if m is None:
            line = text.count("\n", 0, pos) + 1
            snippet = text[pos : pos + 40]
            if snippet.startswith("<!"):  # no DTD, no entity: nothing outside the file
                what = "a declaration (<!DOCTYPE, <!ENTITY: an mjlog has none, and none is read)"
            elif snippet.startswith("<") and ">" not in text[pos:pos + 4096]:
                what = "a cut-off tag (truncated file?)"
            else:
                what = "a tag an mjlog does not have" if snippet.startswith("<") else "text"
            raise RecordError(
                f"{name}: line {line}, offset {pos}: {what} where a tag was expected: "
                f"{quoted(snippet)}",
                name,
            )
        attrs = _attrs(m.group(4))
        number = int(m.group(3)) if m.group(3) else None
        out.append(_Token(m.group(2), number, attrs, m.group(0), bool(m.group(1))))
        pos = m.end()
    return out


def _attrs(text: str) -> dict[str, str]:
    """A tag's attributes, from their text as :data:`_TAG` matched it (``name="value"`` each,
    blanks before, around ``=``): cut at the quotes, a name before each value."""
    parts = text.split('"')
    attrs: dict[str, str] = {}
    for i in range(1, len(parts), 2):
        attrs[parts[i - 1].strip()[:-1].rstrip()] = parts[i]
    if "&" in text:
        return {k: html.unescape(v) for k, v in attrs.items()}
    return attrs


def _text(tok: _Token | str) -> str:
    """A tag as written (a draw or discard kept as its text between ``<`` and ``/>``)."""
    return f"<{tok}/>" if isinstance(tok, str) else tok.text


def _ints(value: str, what: str) -> list[int]:
    numbers: list[int] = []
    for text in value.split(","):  # most lists: small numbers and commas, each looked up
        number = _NUMBERS.get(text)
        if number is None:
            break
        numbers.append(number)
    else:
        return numbers
    if _WHOLE_LIST.fullmatch(value):  # other plain numbers and commas, read at once
        return list(map(int, value.split(",")))
    try:
        return [whole_number(v.strip()) for v in value.split(",")] if value.strip() else []
    except ValueError:
        raise Fail(f"{what} must be whole numbers separated by commas, not {quoted(value)}"
                    ) from None


def _floats(value: str, what: str) -> list[float]:
    numbers = [v.strip() for v in value.split(",")] if value.strip() else []
    if not all(_DECIMAL.fullmatch(v) for v in numbers):
        raise Fail(f"{what} must be numbers (such as -19.1) separated by commas, not "
                    f"{quoted(value)}")
    return [float(v) for v in numbers]


def _attr(tok: _Token, key: str) -> str:
    if key not in tok.attrs:
        raise Fail(f"missing attribute '{key}'")
    return tok.attrs[key]


def _int_attr(tok: _Token, key: str) -> int:
    value = _attr(tok, key)
    number = _NUMBERS.get(value)
    if number is not None:
        return number
    if value.isascii() and value.isdigit() and len(value) <= 18:  # a meld's m: 0..65535
        return int(value)
    try:
        return whole_number(value.strip())
    except ValueError:
        raise Fail(f"attribute '{key}' must be a whole number, not {quoted(value)}") from None


class _Hand(HandFollower[int]):
    """One hand, its tags translated into the follower's steps; a tile is followed by its id."""

    def __init__(self, reader: _Reader, tok: _Token) -> None:
        players = reader.rules.players
        super().__init__(players)
        self.reader = reader
        seed = _ints(_attr(tok, "seed"), "INIT seed")
        if len(seed) != 6:
            raise Fail(f"INIT seed has 6 numbers (round, honba, sticks, dice, dice, dora), "
                       f"not {len(seed)}")
        round_, honba, sticks = seed[0], seed[1], seed[2]
        if not 0 <= round_ < 16 or honba < 0 or sticks < 0:
            raise Fail(f"INIT seed {seed[:3]} is not a round 0..15 with honba, sticks >= 0")
        ten = _ints(_attr(tok, "ten"), "INIT ten")
        if len(ten) < players:
            raise Fail(f"INIT ten has {len(ten)} scores for {players} players")
        dealer = _int_attr(tok, "oya")
        if not 0 <= dealer < players:
            raise Fail(f"INIT oya {dealer} is not a seat 0..{players - 1}")
        self.seen: set[int] = set()
        self.tiles = _BY_ID[reader.rules.red_fives]
        self.tile_of = self.tiles.__getitem__
        self.order = _ORDER[reader.rules.red_fives]
        dora = self.id(seed[5], "the dora indicator")
        hands: list[list[int]] = []
        for seat in range(players):
            key = _HAI[seat]
            ids = _ints(tok.attrs.get(key, ""), f"INIT {key}")
            if len(ids) != 13:
                raise Fail(f"INIT {key} has {len(ids)} tiles, not 13")
            hands.append([self.id(i, key) for i in ids])
        self.set_up(round_wind=WINDS[round_ // 4], kyoku=round_ % 4 + 1, honba=honba,
                    sticks=sticks, dealer=dealer, scores=tuple(t * 100 for t in ten[:players]),
                    hands=hands, dora=dora)
        self.meld_ids: list[list[tuple[int, ...]]] = [[] for _ in range(players)]

    # -- helpers --
    def id(self, value: int, what: str) -> int:
        if not 0 <= value <= 135:
            raise Fail(f"{what}: tile id {value} is not 0..135")
        if value in self.seen:
            raise Fail(f"{what}: tile id {value} ({self.as_tile(value)}) is already in play")
        self.seen.add(value)
        return value

    def as_tile(self, held: int) -> Tile:
        if not 0 <= held <= 135:
            raise Fail(f"tile id {held} is not 0..135")
        return self.tiles[held]

    def named(self, held: int) -> str:
        return f"tile id {held} ({self.as_tile(held)})"

    def not_held(self, seat: int, held: int, what: str) -> str:
        what = f"seat {seat} {what}"
        if not 0 <= held <= 135:
            return f"{what}: tile id {held} is not 0..135"
        return super().not_held(seat, held, what)

    def not_released(self, seat: int, held: int, from_seat: int | None,
                     rel: Release[int] | None) -> str:
        assert rel is not None  # see call
        return (f"seat {seat} calls tile id {held} from seat {from_seat}, but the last "
                f"discard is id {rel.held} ({self.as_tile(rel.held)}) by seat {rel.seat}")

    def sorted_tiles(self, held: Iterable[int]) -> tuple[Tile, ...]:
        order, tiles = self.order, self.tiles
        keys: list[int] = []  # sorted as plain numbers: no key call
        for i in held:
            if not 0 <= i <= 135:
                self.as_tile(i)  # raises
            keys.append(order[i] << 8 | i)
        keys.sort()
        return tuple([tiles[k & 255] for k in keys])

    def seat(self, tok: _Token, key: str = "who") -> int:
        seat = _int_attr(tok, key)
        if not 0 <= seat < self.players:
            raise Fail(f"{key}={seat} is not a seat 0..{self.players - 1}")
        return seat

    # -- tags --

    def on_call(self, tok: _Token) -> None:
        self.check_open()
        who = self.seat(tok)
        try:
            packed = decode_meld(_int_attr(tok, "m"))
        except ValueError as exc:
            raise Fail(str(exc)) from None
        self.last_actor = who
        if packed.type in ("chi", "pon", "daiminkan"):
            if packed.from_rel == 0:
                raise Fail(f"a {packed.type} must be called from another seat")
            from_seat = (who + packed.from_rel) % 4
            released = self.released
            if from_seat >= self.players or released is None or released[2] != "discard":
                raise Fail(f"a {packed.type} needs a discard to call")
            assert packed.called is not None
            self.claimed(who, packed.called, from_seat)
            own = [i for i in packed.ids if i != packed.called]
            self.call(who, from_seat, _CALLS[packed.type], packed.called, own, packed.type)
            self.meld_ids[who].append(packed.ids)
            return
        self.size(who, 2, f"declares a {packed.type}")
        if packed.type == "nukidora":
            tile_id = packed.ids[0]
            if tile_id // 4 != 30:
                raise Fail(f"nukidora of {self.as_tile(tile_id)}: only a North (4z) can be set "
                           "aside")
            self.nukidora(who, tile_id, "nukidora")
            return
        if packed.type == "ankan":
            self.closed_kan(who, packed.ids, "ankan")
            self.meld_ids[who].append(packed.ids)
            return
        # kakan
        assert packed.added is not None
        at = self.pon_of(who, packed.added)
        old = self.meld_ids[who][at]
        if set(old) | {packed.added} != set(packed.ids):
            raise Fail(f"the kakan's tiles {packed.ids} do not extend the pon {old}")
        self.added_kan(who, at, packed.added, "kakan")
        self.meld_ids[who][at] = packed.ids

    def reach(self, tok: _Token) -> None:
        self.check_open()
        who = self.seat(tok)
        step = _int_attr(tok, "step")
        if step == 1:
            self.declare_riichi(who)
        elif step == 2:
            self.accept_riichi(who)
        else:
            raise Fail(f"REACH step is 1 or 2, not {step}")

    def new_dora(self, tok: _Token) -> None:
        self.check_open()
        self.show_dora(self.id(_int_attr(tok, "hai"), "DORA"))

    def deltas(self, tok: _Token) -> tuple[int, ...]:
        sc = _ints(_attr(tok, "sc"), "sc")
        if len(sc) < 2 * self.players:
            raise Fail(f"sc has {len(sc)} numbers, not 2 per seat")
        return tuple(sc[2 * s + 1] * 100 for s in range(self.players))

    def agari(self, tok: _Token) -> None:
        if self.ended and not (self.events and isinstance(self.events[-1], WonHand)):
            raise Fail("a win after the hand's result")
        who = self.seat(tok)
        from_who = self.seat(tok, "fromWho")
        machi = _int_attr(tok, "machi")
        hai = _ints(_attr(tok, "hai"), "AGARI hai")
        second = self.ended
        if second:  # a second winner of a double ron
            prev = self.events[-1]
            assert isinstance(prev, WonHand)
            if prev.from_seat != from_who or from_who == who or who == prev.seat:
                raise Fail("a second win must be a ron on the same discard")
        if from_who == who:
            if self.last_draw[who] != machi:
                raise Fail(f"seat {who} wins by tsumo on tile id {machi}, "
                            f"which is not the tile it just drew")
            concealed = sorted(self.concealed[who])
        else:
            rel = self.release
            if (rel is None or rel.on not in ("discard", "added_kan")
                    or (rel.seat, rel.held) != (from_who, machi)):
                raise Fail(f"seat {who} wins on tile id {machi} of seat {from_who}, "
                            f"which is not that seat's last discard or added kan")
            concealed = sorted([*self.concealed[who], machi])
        if sorted(hai) != concealed:
            raise Fail(f"AGARI hai {sorted(hai)} is not seat {who}'s hand "
                        f"{concealed} as followed")
        packed = [decode_meld(m) for m in _ints(tok.attrs.get("m", ""), "AGARI m")]
        if sorted(p.ids for p in packed if p.type != "nukidora") != sorted(self.meld_ids[who]):
            raise Fail(f"AGARI m does not list seat {who}'s melds as followed")
        north = sum(p.type == "nukidora" for p in packed)
        if north != self.north[who]:
            raise Fail(f"AGARI m lists {north} norths, seat {who} set aside {self.north[who]}")
        ten = _ints(_attr(tok, "ten"), "AGARI ten")
        if len(ten) != 3:
            raise Fail(f"AGARI ten is fu,points,limit, not {ten}")
        yaku_nums = _ints(tok.attrs.get("yaku", ""), "AGARI yaku")
        if len(yaku_nums) % 2:
            raise Fail("AGARI yaku is pairs of id,han")
        pairs = list(zip(yaku_nums[::2], yaku_nums[1::2], strict=True))
        yakuman_ids = _ints(tok.attrs.get("yakuman", ""), "AGARI yakuman")
        try:
            yaku = tenhou_yaku(pairs)
        except InputError as exc:
            raise Fail(exc.message) from None
        yakuman: list[str] = []
        for y in yakuman_ids:
            if y not in TENHOU_YAKUMAN:
                raise Fail(f"unknown Tenhou yakuman id {y}")
            yakuman.append(TENHOU_YAKUMAN[y])
        han = 13 * len(yakuman) if yakuman else sum(h for _, h in pairs)
        ba = _ints(_attr(tok, "ba"), "AGARI ba")
        if len(ba) != 2:
            raise Fail(f"AGARI ba is honba,sticks, not {ba}")
        # the counters on the table: the INIT seed's, and the riichi sticks paid since; a
        # double ron's second AGARI repeats the honba with 0 sticks (tenhou_agari.py)
        table = (self.honba, self.sticks_won(not second))
        if tuple(ba) != table:
            since = "; a second winner of a double ron takes none" if second else ""
            raise Fail(f"AGARI ba={ba[0]},{ba[1]} (honba, riichi sticks) is not what is on "
                        f"the table: {table[0]} honba and {table[1]} sticks (the INIT seed's, "
                        f"and the riichi sticks paid since{since})")
        pao = self.seat(tok, "paoWho") if "paoWho" in tok.attrs else None
        dora_ids = _ints(_attr(tok, "doraHai"), "AGARI doraHai")
        if dora_ids != self.shown:
            raise Fail(f"AGARI doraHai {dora_ids} differs from the indicators shown "
                        f"{self.shown}")
        ura_ids = _ints(tok.attrs.get("doraHaiUra", ""), "AGARI doraHaiUra")
        for u in ura_ids:
            if not 0 <= u <= 135:
                raise Fail(f"doraHaiUra: tile id {u} is not 0..135")
        recorded = RecordedWin(
            han=han,
            fu=ten[0],
            points=ten[1],
            limit=ten[2],
            yaku=tuple(yaku.items()),
            yakuman=tuple(yakuman),
            deltas=self.deltas(tok),
            pao=pao,
            honba=ba[0],
            sticks=ba[1],
        )
        self.win(who, from_who, map(self.as_tile, concealed), self.as_tile(machi),
                 tuple(map(self.as_tile, ura_ids)), recorded)

    def ryuukyoku(self, tok: _Token) -> None:
        self.check_open()
        kind_attr = tok.attrs.get("type")
        if kind_attr not in _DRAW_KINDS:
            raise Fail(f"unknown RYUUKYOKU type {quoted(kind_attr)}")
        kind = _DRAW_KINDS[kind_attr]
        revealed: dict[int, tuple[Tile, ...]] = {}
        for seat in range(self.players):
            if f"hai{seat}" not in tok.attrs:
                continue
            ids = sorted(_ints(tok.attrs[f"hai{seat}"], f"RYUUKYOKU hai{seat}"))
            if ids != sorted(self.concealed[seat]):
                raise Fail(f"RYUUKYOKU hai{seat} is not seat {seat}'s hand as followed")
            revealed[seat] = self.sorted_tiles(ids)
        seat = self.last_actor
        if kind == "kyuushu_kyuuhai" and len(revealed) == 1:
            seat = next(iter(revealed))
        tenpai = tuple(sorted(revealed)) if kind in ("exhaustive", "nagashi_mangan") else ()
        self.drawn(seat, kind, tenpai, revealed, self.deltas(tok))


class _Reader:
    def __init__(self, name: str, game_id: str | None) -> None:
        self.name = name
        self.game_id = game_id
        self.rules = go_rules(0x1)
        self.go_seen = False
        self.players: list[str] = []
        self.hands: list[HandRecord] = []
        self.hand: _Hand | None = None
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.errors: list[str] = []
        # an unknown tag's name -> (the index of its note, how many, the first as written)
        self.unknown: dict[str, tuple[int, int, str]] = {}
        self.closed = False

    def where(self, tok: _Token | str) -> str:
        text = cut(_text(tok), 400)
        if self.hand is None:
            return f"{self.name}: {text}"
        return f"{self.name}: {self.hand.place(len(self.hands))} ({text})"

    def read(self, tokens: Sequence[_Token | str]) -> GameRecord:
        root = tokens[0] if tokens else None
        if not isinstance(root, _Token) or root.name != "mjloggm" or root.closing:
            raise RecordError(f"{self.name}: not an mjlog (no <mjloggm> root tag)", self.name)
        for tok in tokens[1:]:
            if self.closed:
                raise RecordError(f"{self.name}: {_text(tok)} after </mjloggm>", self.name)
            try:
                if isinstance(tok, str):  # a draw or discard, most of a record
                    act = _ACTS.get(tok)
                    if act is None:  # a leading zero, or a number past 135
                        seat, draws = _LETTERS[tok[0]]
                        act = (seat, draws, int(tok[1:]))
                    seat, draws, tile_id = act
                    self.play(seat, draws, tile_id)
                else:
                    self.step(tok)
            except RecordError:
                raise
            except (Fail, InputError) as exc:  # InputError: a tile or meld of the tag's
                raise RecordError(f"{self.where(tok)}: {exc}", self.name) from None
        if not self.closed:
            raise RecordError(f"{self.name}: truncated: the file ends without </mjloggm>",
                              self.name)
        self.finish_hand(None)
        if self.final_scores is None:
            self.errors.append("the game has no final result (owari)")
        if not self.go_seen:
            self.errors.append("no GO tag: rules assumed 4-player with red fives and kuitan")
        first = self.hands[0] if self.hands else None
        if first is not None and (first.dealer != 0 or first.round_wind is not Wind.E
                                  or first.kyoku != 1):
            self.errors.append(f"the record starts at {first.name}, dealer {first.dealer}")
        start = first.scores[0] if first is not None else 0
        players = self.players or [""] * self.rules.players
        return GameRecord(
            source=self.name,
            game_id=self.game_id,
            rules=self.rules,
            players=tuple(players),
            start_points=start,
            hands=tuple(self.hands),
            final_scores=self.final_scores,
            final_points=self.final_points,
            errors=tuple(self.errors),
        )

    def finish_hand(self, tok: _Token | None) -> None:
        hand = self.hand
        if hand is None:
            return
        if not hand.ended:
            where = f"hand {len(self.hands)}"
            raise RecordError(
                f"{self.name}: {where} has no result (no AGARI or RYUUKYOKU): truncated?",
                self.name,
            )
        self.hands.append(hand.record(len(self.hands)))
        self.hand = None

    def step(self, tok: _Token) -> None:
        name = tok.name
        if tok.closing:
            if name != "mjloggm":
                raise Fail(f"unexpected closing tag </{name}>")
            self.closed = True
            return
        number = tok.number
        if number is not None and name in _LETTERS:  # a draw or discard written otherwise
            seat, draws = _LETTERS[name]
            self.play(seat, draws, number)
            return
        if tok.number is not None:
            raise Fail(f"unknown tag {name}{tok.number}")
        if name == "GO":
            self.go(tok)
        elif name == "UN":
            self.un(tok)
        elif name == "INIT":
            self.finish_hand(tok)
            self.hand = _Hand(self, tok)
        elif name == "N":
            self.need_hand(tok).on_call(tok)
        elif name == "REACH":
            self.need_hand(tok).reach(tok)
        elif name == "DORA":
            self.need_hand(tok).new_dora(tok)
        elif name == "AGARI":
            self.need_hand(tok).agari(tok)
            self.owari(tok)
        elif name == "RYUUKYOKU":
            self.need_hand(tok).ryuukyoku(tok)
            self.owari(tok)
        elif name == "TAIKYOKU":
            if tok.attrs.get("oya", "0") != "0":
                self.errors.append(f"TAIKYOKU oya={tok.attrs['oya']}: seats are as recorded")
        elif name in _QUIET:
            pass
        elif name in self.unknown:  # one note a tag name, however often it comes
            index, count, first = self.unknown[name]
            self.unknown[name] = (index, count + 1, first)
            self.errors[index] = f"skipped {count + 1:,} unknown tags <{name}>, the first {first}"
        else:
            self.unknown[name] = (len(self.errors), 1, tok.text)
            self.errors.append(f"skipped an unknown tag {tok.text}")

    def play(self, seat: int, draws: bool, tile_id: int) -> None:
        """A draw (``draws``) or discard of ``tile_id`` by ``seat``."""
        hand = self.hand
        if hand is None:
            raise Fail("an event before the first INIT")
        if seat >= self.rules.players:
            raise Fail(f"seat {seat} does not play in a {self.rules.players}-player game")
        if hand.ended:
            hand.check_open()
        if not draws:
            hand.discard(seat, tile_id, hand.last_draw[seat] == tile_id, "discards")
        elif 0 <= tile_id <= 135 and tile_id not in hand.seen:  # drawn once only
            hand.seen.add(tile_id)
            hand.draw(seat, tile_id)
        else:
            hand.id(tile_id, f"seat {seat} draws")  # raises, saying why

    def need_hand(self, tok: _Token) -> _Hand:
        if self.hand is None:
            raise Fail("an event before the first INIT")
        return self.hand

    def go(self, tok: _Token) -> None:
        go_type = _int_attr(tok, "type")
        raw: dict[str, object] = dict(tok.attrs)
        raw["type"] = go_type
        self.rules = go_rules(go_type, raw)
        self.go_seen = True

    def un(self, tok: _Token) -> None:
        names = [k for k in ("n0", "n1", "n2", "n3") if k in tok.attrs]
        if len(names) == 1 and self.players:
            return  # a player reconnects
        self.players = [unquote(tok.attrs.get(f"n{s}", "")) for s in range(self.rules.players)]

    def owari(self, tok: _Token) -> None:
        if "owari" not in tok.attrs:
            return
        values = _floats(tok.attrs["owari"], "owari")
        players = self.rules.players
        if len(values) < 2 * players:
            raise Fail(f"owari has {len(values)} numbers, not 2 per seat")
        self.final_scores = tuple(round(values[2 * s] * 100) for s in range(players))
        self.final_points = tuple(values[2 * s + 1] for s in range(players))


def read_mjlog(
    path_or_text: str | Path | bytes, *, source: str | None = None, game_id: str | None = None
) -> GameRecord:
    """Read one Tenhou mjlog: a path, the XML text (a string starting with ``<``) or its bytes
    (gzip accepted). ``source`` names it in messages (default: the path); ``game_id`` defaults
    to a Tenhou log id found in the source name (``2019021004gm-00a9-0000-e2f6516d``).
    Raises :class:`RecordError`."""
    text, name, shown = load_text(path_or_text, source, "<")
    at_most(text, name, shown, "<", RECORD_TAGS, "tags")
    at_most(text, name, shown, "=", RECORD_VALUES, "attributes")
    if game_id is None:
        found = _GAME_ID.search(Path(name).name)
        game_id = found.group(0) if found else None
    try:
        record = _Reader(shown, game_id).read(_tokens(text, shown))
    except RecordError as exc:
        exc.source = name
        raise
    return replace(record, source=name, date=day_of_id(game_id))
