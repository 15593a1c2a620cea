"""A witness of the table search as a conformance case (conformance/README.md, "A referee
case"): its deal and events in the compact YAML forms, and an expectation per ruleset stating
what the referee decided that differs; the case is loaded back and run under both rulesets
before it is shown (:func:`checked`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from riichi_rules.conformance.cases import Case, CaseFileError, load_text
from riichi_rules.conformance.events import Deal, Step
from riichi_rules.conformance.runner import run_case
from riichi_rules.hand import format_meld
from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.tiles import format_tiles

__all__ = ["case_text", "checked", "deal_of", "events_of", "expectation"]

_WIN_FIELDS = ("han", "fu", "yakuman", "points", "yaku")


def deal_of(deal: Deal, steps: Sequence[Step] = ()) -> dict[str, Any]:
    """A deal in the case format, stating only what differs from the usual (``next_draw``
    where the events do not say it, see :meth:`Deal.first_drawer`)."""
    out: dict[str, Any] = {"hands": [format_tiles(sorted(h)) for h in deal.hands],
                           "dora": str(deal.dora)}
    usual = Deal(deal.hands, deal.dora)
    for name, key in (("dealer", "dealer"), ("honba", "honba"), ("sticks", "sticks"),
                      ("wall", "wall"), ("rounds", "rounds")):
        if getattr(deal, name) != getattr(usual, name):
            out[key] = getattr(deal, name)
    if deal.round_wind != usual.round_wind:
        out["round"] = deal.round_wind.value
    if deal.scores != usual.scores:
        out["scores"] = list(deal.scores)
    if any(deal.discards):
        out["discards"] = [format_tiles(r) if r else "" for r in deal.discards]
    if deal.next_draw is not None:
        unstated = Deal(deal.hands, deal.dora, deal.dealer, wall=deal.wall,
                        discards=deal.discards)
        if unstated.first_drawer(steps) != deal.next_draw:
            out["next_draw"] = deal.next_draw
    return out


def _event(step: Step) -> dict[str, Any]:
    kind, seat = step.kind, step.seat
    if kind in ("draw", "discard"):
        return {kind: [seat, str(step.tile)]}
    if kind in ("riichi", "accept"):
        return {kind: seat}
    if kind == "new_dora":
        return {kind: str(step.tile)}
    out: dict[str, Any] = {}
    if seat >= 0:
        out["seat"] = seat
    if step.meld is not None:
        out["meld"] = format_meld(step.meld)
    if kind == "call":
        out["from"] = step.from_seat
    if kind == "added_kan" and step.tile is not None:
        out["tile"] = str(step.tile)
    if kind == "ron":
        out["from"] = step.from_seat
    if step.dora is not None:
        out["dora"] = str(step.dora)
    if kind == "draw_end":
        out = {"kind": step.end, **out}
        if step.shown is not None:
            out["shown"] = list(step.shown)
    return {kind: out}


def events_of(steps: Sequence[Step]) -> list[dict[str, Any]]:
    """The steps as case events, a draw and the discard that follows it by the same seat
    written as one ``turn``."""
    out: list[dict[str, Any]] = []
    index = 0
    while index < len(steps):
        step = steps[index]
        after = steps[index + 1] if index + 1 < len(steps) else None
        if (step.kind == "draw" and after is not None and after.kind == "discard"
                and after.seat == step.seat):
            thrown = [] if after.tile == step.tile else [str(after.tile)]
            out.append({"turn": [step.seat, str(step.tile), *thrown]})
            index += 2
            continue
        out.append(_event(step))
        index += 1
    return out


def expectation(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> dict[str, Any]:
    """What a case states for one ruleset (``mine``, an outcome of table_driver.outcome)
    where it differs from the other (``theirs``): the last event's verdict, the claims and
    furiten of the seats that differ, each win, and the other fields as they are."""
    out: dict[str, Any] = {}
    if mine["illegal"] != theirs["illegal"]:
        if mine["illegal"]:
            out["illegal"] = mine["illegal"][0]
        else:
            out["legal"] = True
    for name, value in mine.items():
        if name == "illegal" or value == theirs.get(name):
            continue
        if name in ("claims", "furiten"):
            other = theirs.get(name) or {}
            out[name] = {s: list(v) for s, v in value.items() if other.get(s) != v}
        elif name == "wins":
            out[name] = {s: {k: w[k] for k in _WIN_FIELDS if k in w and (k != "yakuman"
                                                                         or w[k])}
                         for s, w in value.items()}
        elif name == "next":
            other = theirs.get(name) or {}
            out[name] = {k: v for k, v in value.items() if other.get(k) != v} if other \
                else dict(value)
        elif value is not None:
            out[name] = value
    return out


def case_text(case_id: str, source: str, tags: Sequence[str], deal: Deal,
              steps: Sequence[Step], expect: Mapping[str, Mapping[str, Any]],
              rulesets: Sequence[str] = ()) -> str:
    """One case as YAML, ready to go into a file of conformance/."""
    case: dict[str, Any] = {"id": case_id, "source": source, "tags": list(tags)}
    if rulesets:
        case["rulesets"] = list(rulesets)
    case["deal"] = deal_of(deal, steps)
    case["events"] = events_of(steps)
    case["expect"] = {k: dict(v) for k, v in expect.items()}
    text: str = yaml.safe_dump([case], sort_keys=False, allow_unicode=True, width=96,
                               default_flow_style=None)
    return text


def checked(text: str, configs: Sequence[RulesetConfig], where: Path) -> Case | None:
    """The case of ``text`` if it loads and passes under each of ``configs`` (None if not)."""
    try:
        (case,) = load_text(text, where)
    except (CaseFileError, ValueError):
        return None
    for config in configs:
        if not run_case(case, config).passed:
            return None
    return case
