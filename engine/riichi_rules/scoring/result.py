"""The result of scoring a win: what scored, how much, who pays, and where each rule is
written."""

from __future__ import annotations

from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _text  # json.dumps's own, in C
from typing import Any

from riichi_rules.native import pickled_by_fields
from riichi_rules.readings import Reading
from riichi_rules.tiles import Tile, format_tiles


@dataclass(frozen=True, slots=True)
class ScoredYaku:
    """A yaku (or dora kind, or yakuman) that scored: han, or yakuman multiple."""

    id: str
    title: str
    han: int
    yakuman: int
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class FuItem:
    """One fu item; ``tiles`` is the group it counts, if it counts one."""

    label: str
    fu: int
    tiles: tuple[Tile, ...]
    origin: str

    @property
    def detail(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True, slots=True)
class Payment:
    """What one player pays the winner: ``payer`` is a seat wind or ``discarder``."""

    payer: str
    points: int
    honba: int


@dataclass(slots=True, unsafe_hash=True)
class Result:
    """The score of one win. Its yaku, fu items and payments are immutable and shared between
    results. The record itself (and its ``Reading``) is not frozen: a frozen dataclass is
    built one ``object.__setattr__`` at a time, 2.1 us of a 25 us scored hand, against 0.7 us
    (bench/README.md, issue 18's fifth pass). Nothing in the package changes a result once
    made, and it hashes by its fields, as it did frozen."""

    ruleset: str
    han: int
    fu: int
    fu_raw: int
    yakuman: int
    limit: str | None
    limit_origin: str
    basic: int
    yaku: tuple[ScoredYaku, ...]
    fu_items: tuple[FuItem, ...]
    payments: tuple[Payment, ...]
    sticks: int
    reading: Reading
    payments_origin: str
    notes: tuple[str, ...] = ()
    """What the scorer read otherwise than written (a red five under a ruleset without)."""

    @property
    def points(self) -> int:
        """The hand's points: what the winner receives before honba and riichi sticks."""
        return sum(p.points for p in self.payments)

    @property
    def honba_total(self) -> int:
        return sum(p.honba for p in self.payments)

    @property
    def winner_receives(self) -> int:
        return self.points + self.honba_total + self.sticks

    def to_json(self) -> dict[str, Any]:
        yaku = []
        for y in self.yaku:
            shown: dict[str, Any] = {"id": y.id, "han": y.han}
            if y.yakuman:
                shown["yakuman"] = y.yakuman
            yaku.append(shown)
        fu_items = []
        for f in self.fu_items:
            item: dict[str, Any] = {"label": f.label, "fu": f.fu}
            detail = f.detail
            if detail:
                item["detail"] = detail
            fu_items.append(item)
        payments = self.payments
        total = 0
        honba = 0
        paid = []
        for p in payments:
            total += p.points
            honba += p.honba
            paid.append({"from": p.payer, "points": p.points, "honba": p.honba})
        reading = self.reading
        return {
            "ruleset": self.ruleset,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "yaku": yaku,
            "fu_items": fu_items,
            "points": {
                "total": total,
                "payments": paid,
                "honba": honba,
                "sticks": self.sticks,
                "winner_receives": total + honba + self.sticks,
            },
            "reading": {
                "form": reading.form.value,
                "wait": reading.wait.value,
                "groups": [format_tiles(g.tiles) for g in reading.groups],
            },
            **({"notes": list(self.notes)} if self.notes else {}),
        }

    def json_text(self) -> str:
        """``json.dumps(self.to_json())``, written directly: the same text, a few times faster
        (what ``riichi score --batch --json`` writes for each line)."""
        yaku = ", ".join(
            f'{{"id": {_text(y.id)}, "han": {y.han}, "yakuman": {y.yakuman}}}' if y.yakuman
            else f'{{"id": {_text(y.id)}, "han": {y.han}}}' for y in self.yaku)
        items = []
        for f in self.fu_items:
            detail = f.detail
            items.append(f'{{"label": {_text(f.label)}, "fu": {f.fu}, "detail": {_text(detail)}}}'
                         if detail else f'{{"label": {_text(f.label)}, "fu": {f.fu}}}')
        total = 0
        honba = 0
        paid = []
        for p in self.payments:
            total += p.points
            honba += p.honba
            paid.append(f'{{"from": {_text(p.payer)}, "points": {p.points}, '
                        f'"honba": {p.honba}}}')
        reading = self.reading
        groups = ", ".join(_text(format_tiles(g.tiles)) for g in reading.groups)
        limit = "null" if self.limit is None else _text(self.limit)
        return (
            f'{{"ruleset": {_text(self.ruleset)}, "han": {self.han}, "fu": {self.fu}, '
            f'"yakuman": {self.yakuman}, "limit": {limit}, "yaku": [{yaku}], '
            f'"fu_items": [{", ".join(items)}], "points": {{"total": {total}, '
            f'"payments": [{", ".join(paid)}], "honba": {honba}, "sticks": {self.sticks}, '
            f'"winner_receives": {total + honba + self.sticks}}}, "reading": {{"form": '
            f'{_text(reading.form)}, "wait": {_text(reading.wait)}, '  # StrEnums: their text
            f'"groups": [{groups}]}}'
            + (f', "notes": [{", ".join(_text(n) for n in self.notes)}]' if self.notes else "")
            + "}"
        )

    def explain(self) -> str:
        """The result in words, each line with the rule it comes from."""
        lines = [f"Ruleset {self.ruleset}"]
        lines.append("Reading: " + " ".join(format_tiles(g.tiles) for g in self.reading.groups)
                     + f" ({self.reading.form.value}, {self.reading.wait.value} wait)")
        lines.append("Yaku:")
        for y in self.yaku:
            value = (f"yakuman x{y.yakuman}" if y.yakuman else f"{y.han} han")
            lines.append(f"  {y.title:<36} {value:>12}   {y.origin}")
        if not self.yakuman:
            lines.append(f"  {'total':<36} {str(self.han) + ' han':>12}")
            lines.append("Fu:")
            for f in self.fu_items:
                detail = f" ({f.detail})" if f.detail else ""
                lines.append(f"  {(f.label + detail):<36} {f.fu:>12}   {f.origin}")
            if self.fu != self.fu_raw:
                lines.append(f"  {'rounded up from ' + str(self.fu_raw):<36} {self.fu:>12}")
            else:
                lines.append(f"  {'total':<36} {self.fu:>12}")
        if self.limit:
            lines.append(f"Limit: {self.limit} ({self.basic} basic points)   {self.limit_origin}")
        else:
            lines.append(f"Basic points: {self.basic}")
        lines.append(f"Payments:   {self.payments_origin}")
        for p in self.payments:
            honba = f" + {p.honba} honba" if p.honba else ""
            lines.append(f"  {p.payer:<10} pays {p.points}{honba}")
        if self.sticks:
            lines.append(f"  riichi sticks: {self.sticks}")
        lines.append(f"Total: {self.points} (winner receives {self.winner_receives})")
        lines.extend(f"Note: {note}" for note in self.notes)
        return "\n".join(lines)


pickled_by_fields(ScoredYaku, FuItem, Payment, Result)
