"""Where two rulesets' referees decide differently, found by search: for every clause of the
table rules the two read differently (table_targets.py), an event sequence in the conformance
case format on which a verdict, a claim offered, furiten, how a hand ends, a payment, what
follows the hand, the end of the game or the standings differ (``riichi compare A B
--search``, its "Table rules" part).

The clauses of one rule that read the same differing parameters are searched together. For
each, a hill climb goes through scenarios (table_scenarios.py) drawn with the aspects of the
table the rule reads, each played out under both rulesets (table_driver.py), towards those
whose questions come nearer to the two rulesets answering differently. Where they do, the
candidate witnesses of the drive are played again under both rulesets; each whose outcome
differs is put down to its causes as search/table_causes.Panel names them (the fewest clauses
whose answers, taken from the other ruleset, give its outcome), and the shortest witness of
each clause is kept, made shorter still (an intent fewer, a plainer deal, a shorter wall)
while it still shows the clause, and checked as a case: loaded and run under both rulesets.

Long because the search of a group of clauses (:class:`_Search`: climb, play again, put
down to causes, shorten, check as a case) keeps one budget and one record of what it found.
"""

from __future__ import annotations

import dataclasses
import os
import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules import resources
from riichi_rules.conformance.cases import Case
from riichi_rules.conformance.events import Play, Step, play
from riichi_rules.errors import InputError
from riichi_rules.referee.shadow import SCORING, Part
from riichi_rules.rulesets.config import bundled_ids
from riichi_rules.rulesets.table import Table
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.search.causes import differing_parameters, outcome, reasons
from riichi_rules.search.climb import Budget
from riichi_rules.search.table_cases import case_text, checked, deal_of, events_of, expectation
from riichi_rules.search.table_causes import (
    Panel,
    outcome_of,
    part_origin,
    part_parameters,
    part_text,
)
from riichi_rules.search.table_driver import NEVER_ASKED, Asked, Drive, Driver
from riichi_rules.search.table_driver import outcome as decided
from riichi_rules.search.table_scenarios import (
    SEATS,
    Intent,
    Scenario,
    TableBias,
    aspects_of,
    mutate,
    random_scenario,
    simpler,
)
from riichi_rules.search.table_targets import TableClause, TablePair, differing_clauses

__all__ = ["TableCause", "TableDifferences", "TableFinding", "TableTarget", "label",
           "search_table"]

CHUNK = 4  # drives each climb takes in its turn
PATIENCE = 8  # drives without getting nearer before a climb starts afresh
FRESH = 0.3  # and the share of scenarios drawn afresh all along (nearer is not always near)
GATES = {"pao_payment": "pao"}
"""Kinds of rules the referee asks only once a rule of another kind holds (payments under
liability, once a liability rule holds): a clause of them never asked is aimed at through
the conditions of those rules."""
_CANDIDATES = 2  # candidates of one drive played again, at most
_CAUSES = 4  # clauses of one candidate tried as its cause, at most
_SHORTER = 16  # drives spent making one witness shorter, at most
ENDINGS = 3  # other endings tried after a drive whose clause answered differently to no avail


@dataclass(frozen=True, slots=True)
class TableCause:
    """A clause of the table rules (or the scoring of a win, ``part`` SCORING) behind a
    difference, as search/table_causes.Panel names it: its answers under each ruleset (``a``,
    ``b``), where it is written, the differing parameters it reads, and all that in words
    (``text``: "riichi_rule declare, allow: no vs yes")."""

    part: Part
    a: Any
    b: Any
    origin: str
    parameters: tuple[str, ...]
    text: str

    @property
    def label(self) -> str:
        return label(self.part)

    def __str__(self) -> str:
        params = f" [rule.{', rule.'.join(self.parameters)}]" if self.parameters else ""
        return f"{self.text} ({self.origin}){params}"

    def to_json(self) -> dict[str, Any]:
        return {"clause": self.label, "part": list(self.part), "origin": self.origin,
                "parameters": list(self.parameters), "answers": [_plain(self.a),
                                                                  _plain(self.b)],
                "text": self.text}


@dataclass(slots=True)
class TableFinding:
    """A witness: the events on which the two referees decide differently (``outcomes``:
    what each decided, see table_driver.outcome), its causes (the first the clause it
    witnesses), and the case (``text``: YAML, checked)."""

    part: Part
    scenario: Scenario
    steps: tuple[Step, ...]
    outcomes: tuple[dict[str, Any], dict[str, Any]]
    causes: tuple[TableCause, ...]
    text: str = ""
    count: int = 1  # drives whose candidates showed it

    @property
    def expect(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """What the case states under each ruleset: what differs."""
        a, b = self.outcomes
        return expectation(a, b), expectation(b, a)

    @property
    def parts(self) -> tuple[Part, ...]:
        """The table clauses it shows (its causes, once named)."""
        return tuple(c.part for c in self.causes if c.part != SCORING)

    @property
    def shows(self) -> tuple[Part, ...]:
        """The clauses it is known to show: its causes, or before they are named, the clause
        it was found for."""
        return self.parts or (self.part,)

    @property
    def parameters(self) -> frozenset[str]:
        return frozenset(p for c in self.causes for p in c.parameters)

    def case(self) -> dict[str, Any]:
        """The deal and the events, in the case format."""
        return {"deal": deal_of(self.scenario.deal(), self.steps),
                "events": events_of(self.steps)}


@dataclass(slots=True)
class TableTarget:
    """A clause the two rulesets read differently, and what the search found for it: a
    finding whose causes name it, or why there is none (``note``)."""

    pair: TablePair
    parameters: tuple[str, ...]
    finding: TableFinding | None = None
    note: str = ""
    nearest: float = 3.0
    parted: int = 0  # drives in which its answers parted


@dataclass(slots=True)
class TableDifferences:
    """What the table search found: for each differing clause a witness, or a note."""

    rulesets: tuple[str, str]
    searched: int
    targets: list[TableTarget]
    findings: list[TableFinding]
    seed: int = 0

    def found_for(self, parameter: str) -> list[TableFinding]:
        return [f for f in self.findings if parameter in f.parameters]

    @property
    def parameters(self) -> frozenset[str]:
        """The differing parameters the witnesses' causes read."""
        return frozenset(p for f in self.findings for p in f.parameters)

    @property
    def unwitnessed(self) -> list[TableTarget]:
        return [t for t in self.targets if t.finding is None]

    def to_json(self) -> list[dict[str, Any]]:
        """Each witness: its cause (the clause it witnesses), the other causes it shows, the
        case (deal and events), what each ruleset decided that differs, and the case as
        YAML."""
        a, b = self.rulesets
        out: list[dict[str, Any]] = []
        for f in self.findings:
            ea, eb = f.expect
            out.append({"cause": f.causes[0].to_json(),
                        "also": [c.to_json() for c in f.causes[1:]],
                        "case": f.case(), "outcomes": {a: ea, b: eb}, "yaml": f.text})
        return out

    def unwitnessed_json(self) -> list[dict[str, Any]]:
        return [{"clause": label(t.pair.part), "part": list(t.pair.part),
                 "origin": t.pair.origin, "parameters": list(t.parameters), "note": t.note}
                for t in self.unwitnessed]


def _plain(value: Any) -> Any:
    """An answer as plain data: a truth value, a number, or a scoring in a few words."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, InputError):
        return f"error {value.code}"
    if isinstance(value, Result):
        return outcome(value)
    return str(value)


def label(part: Part) -> str:
    """"riichi_rule declare, allow"; "the scoring of a win"."""
    if part == SCORING:
        return "the scoring of a win"
    kind, name, clause = part
    return f"{kind} {name}, {clause.replace('_', ' ')}"


class _Group:
    """The differing clauses of one rule that read the same differing parameters, searched
    together by one climb."""

    def __init__(self, search: _Search, pairs: list[TablePair], seed: str) -> None:
        self.search = search
        self.pairs = pairs
        self.parts = {p.part for p in pairs}
        kind, name, _ = pairs[0].part
        reads = frozenset().union(*(p.reads for p in pairs))
        differs = frozenset().union(*(p.differs for p in pairs))
        gates: list[TableClause] = []
        if kind in GATES:
            gates = [c for table in search.clauses for part, c in table.items()
                     if part[0] == GATES[kind] and part[2] == "when"]
            reads |= frozenset().union(*(c.reads for c in gates))
            differs |= frozenset().union(*(c.reads for c in gates))
        themes = tuple(dict.fromkeys([*(t for p in pairs for t in p.themes),
                                      *(t for c in gates for t in c.themes)]))
        if len(themes) > 1:  # the kinds the rules name, together
            themes = (*themes, tuple(sorted({k for theme in themes for k in theme})))
        clauses = [p.part[2] for p in pairs]
        self.bias = TableBias(aspects_of(reads, kind, name, clauses, differs), themes)
        self.driver = Driver(search.a, search.b, pairs, gates, GATES.get(kind, ""),
                             search.samples)
        self.rng = random.Random(seed)
        self.current: Scenario | None = None
        self.best = float("inf")
        self.stale = 0

    @property
    def done(self) -> bool:
        return any(self.search.found.get(part) is not None for part in self.parts)

    def step(self, budget: Budget) -> None:
        """Play one scenario (by each clause's driver in turn), keep it if it comes no further
        from the clauses answering differently, and play again its candidates."""
        budget.spend()
        # a flat measure (nothing near) is left sooner than one that is getting near, and a
        # scenario whose clause answered differently, to no avail yet, later still
        patience = (PATIENCE * 3 if self.best == 0 else PATIENCE if self.best < 1.0
                    else PATIENCE // 4)
        fresh = (self.current is None or self.stale > patience
                 or (self.best > 0 and self.rng.random() < FRESH))
        scenario = random_scenario(self.rng, self.bias) if fresh or self.current is None \
            else mutate(self.rng, self.current, self.bias)
        driver = self.driver
        drive = driver.run(scenario)
        for part, near in drive.near.items():
            target = self.search.targets[part]
            target.nearest = min(target.nearest, near)
        if drive.zero_part is not None:
            self.search.targets[drive.zero_part].parted += 1
            if not self.search.witness(drive, scenario, drive.zero_part):
                self.endings(budget, drive.zero_intent, scenario, driver)
        elif drive.gated is not None and drive.gated >= 0:
            self.endings(budget, drive.gated, scenario, driver)
        d = drive.nearest
        if fresh or d <= self.best:
            self.stale = 0 if fresh or d < self.best else self.stale + 1
            self.current, self.best = scenario, d
        else:
            self.stale += 1


    def endings(self, budget: Budget, at: int | None, scenario: Scenario, driver: Driver
                ) -> None:
        """The clause answered differently but no decision changed with it (or a rule that
        gates it held, but it was not asked): the hand ended otherwise right after the
        intent ``at`` (a win by self-draw or on a discard, by every seat that may, the wall
        run down, an abortive draw), a few of these."""
        intents = scenario.intents
        at = len(intents) - 1 if at is None else at
        seat = intents[at].seat if 0 <= at < len(intents) else -1
        # the hand ended there (the clause was asked of how it ended): end it otherwise, the
        # tile that was fed for the win thrown afresh
        while 0 <= at < len(intents) and (intents[at].what in ("ron", "tsumo", "exhaust",
                                                                "abort")
                                          or (intents[at].what == "feed"
                                              and intents[at].arg == "win")):
            seat = intents[at].seat if intents[at].seat >= 0 else seat
            at -= 1
        pick = self.rng.randrange(8)
        options = [[Intent("tsumo", seat, pick=pick)], [Intent("ron", -1, "all")],
                   [Intent("feed", seat, "win", pick), Intent("ron", -1, "all")],
                   [Intent("exhaust")],
                   *([Intent("abort", -1, kind)] for kind in self.bias.aborts)]
        for ending in self.rng.sample(options, min(ENDINGS, len(options))):
            if not budget.left():
                return
            budget.spend()
            # the seat's own calls and kans that follow still made, the rest of the plan not
            rest = tuple(i for i in intents[at + 1:] if i.seat == seat and seat >= 0
                         and (i.what in ("call", "kan") or (i.what == "feed"
                                                             and i.arg == "call")))
            tried = dataclasses.replace(scenario, intents=(*intents[:at + 1], *rest, *ending))
            again = driver.run(tried)
            if again.zero_part is not None and self.search.witness(again, tried,
                                                                   again.zero_part):
                return


class _Search:
    def __init__(self, a: ScoringProgram, b: ScoringProgram, seed: int,
                 budget: Budget, parts: Collection[Part] | None = None,
                 samples: dict[Part, Asked] | None = None) -> None:
        self.a, self.b = a, b
        self.budget = budget
        self.seed = seed
        self.samples = samples
        self.differing = differing_parameters(a, b)
        self.pairs = [p for p in differing_clauses(a, b) if parts is None or p.part in parts]
        from riichi_rules.search.table_targets import table_clauses

        self.clauses = (table_clauses(a), table_clauses(b))
        self.targets = {p.part: TableTarget(p, tuple(sorted(p.parameters & self.differing)))
                        for p in self.pairs}
        self.found: dict[Part, TableFinding] = {}
        self.panel = Panel([a, b])
        self.cases = 0
        self.played: set[tuple[Any, ...]] = set()  # candidates played again, and for what
        groups: dict[tuple[str, str, tuple[str, ...]], list[TablePair]] = {}
        for pair in self.pairs:
            kind, name, _ = pair.part
            groups.setdefault((kind, name, self.targets[pair.part].parameters), []).append(pair)
        self.groups = [_Group(self, pairs, f"{seed}:{key}") for key, pairs in groups.items()]

    def covered(self, group: _Group) -> bool:
        """Whether witnesses found already show every differing parameter the group's
        clauses read (the group then waits until the others are done)."""
        shown = {p for f in self.found.values() for p in f.parameters}
        params = {p for part in group.parts for p in self.targets[part].parameters}
        return bool(params) and params <= shown

    def run(self) -> None:
        """Climb each group in turn, those whose parameters no witness shows yet first."""
        while self.budget.left():
            active = [g for g in self.groups if not g.done]
            if not active:
                return
            first = [g for g in active if not self.covered(g)]
            for group in first or active:
                for _ in range(CHUNK):
                    if not self.budget.left() or group.done:
                        break
                    group.step(self.budget)

    # ---- candidates ------------------------------------------------------------------------
    def witness(self, drive: Drive, scenario: Scenario, aimed: Part) -> bool:
        """Play again the drive's candidates met once the aimed-at clause had answered
        differently (the shortest first); record each that shows a difference. True if one
        showed the aimed-at clause."""
        tried = 0
        seen: set[tuple[Step, ...]] = set()
        shown = False
        for candidate in sorted(drive.candidates, key=lambda c: len(c.steps)):
            key = (scenario.deal(), candidate.steps, aimed)
            if not candidate.parted or candidate.steps in seen or key in self.played:
                continue
            seen.add(candidate.steps)
            self.played.add(key)
            tried += 1
            if tried > _CANDIDATES:
                break
            finding = self.confirm(scenario, candidate.steps, aimed)
            if finding is not None and self.record(finding):
                shown |= aimed in self.found
        return shown

    def outcomes(self, scenario: Scenario, steps: Sequence[Step]
                 ) -> tuple[tuple[dict[str, Any], dict[str, Any]], tuple[Play, Play]] | None:
        """Both rulesets' outcomes of the events, where they differ, and the events as each
        followed them (None: they agree, or the case is not a valid one)."""
        plays = (play(scenario.deal(), steps, self.a), play(scenario.deal(), steps, self.b))
        oa, ob = (decided(p) for p in plays)
        if oa is None or ob is None or oa == ob:
            return None
        return (oa, ob), plays

    def confirm(self, scenario: Scenario, steps: Sequence[Step], aimed: Part
                ) -> TableFinding | None:
        """A finding if the events show a difference that the answers of a clause make: of
        the clauses that answered differently (the aimed-at one first, then those without a
        witness yet), the first whose answer alone, taken from the other ruleset, changes
        the outcome (search/table_causes.Panel.matters; the causes are named once the witness
        is final). A clause one of the rulesets lacks cannot be answered otherwise: the
        causes are named at once."""
        differ = self.outcomes(scenario, steps)
        if differ is None:
            return None
        found, plays = differ
        self.cases += 1
        case = self._case(scenario, steps, found)
        if part_origin(self.a, aimed) and part_origin(self.b, aimed):
            outcomes = [outcome_of(case, p) for p in plays]  # as the panel has them
            if self.panel.matters(case, outcomes, [aimed]):
                return TableFinding(aimed, scenario, tuple(steps), found, ())
            parted = self.panel.parted(case, 0, 1)
            rule = [p for p in parted if p[:2] == aimed[:2]]  # its rule's clauses together
            tried: list[tuple[Part, list[Part]]] = [(aimed, rule)] if len(rule) > 1 else []
            tried += [(p, [p]) for p in parted if p != aimed and p not in self.found
                      and p in self.targets and part_origin(self.a, p)
                      and part_origin(self.b, p)]
            for part, swapped in tried[:_CAUSES - 1]:
                if self.panel.matters(case, outcomes, swapped):
                    return TableFinding(part, scenario, tuple(steps), found, ())
            if not any(p in self.targets and not (part_origin(self.a, p)
                                                   and part_origin(self.b, p))
                       for p in parted):
                return None
        causes = self.causes(scenario, steps, found)
        table = [c for c in causes if c.part != SCORING]
        if not table:
            return None
        first = next((c for c in table if c.part == aimed), table[0])
        return TableFinding(first.part, scenario, tuple(steps), found,
                            (first, *(c for c in causes if c is not first)))

    def named(self, finding: TableFinding) -> TableFinding:
        """The finding with its causes named (the clause it was found for first, if named)."""
        if finding.causes:
            return finding
        causes = self.causes(finding.scenario, finding.steps, finding.outcomes)
        first = next((c for c in causes if c.part == finding.part),
                     next((c for c in causes if c.part != SCORING), None))
        if first is None:
            return finding
        return dataclasses.replace(finding, causes=(first, *(c for c in causes
                                                             if c is not first)))

    def causes(self, scenario: Scenario, steps: Sequence[Step],
               outcomes: tuple[dict[str, Any], dict[str, Any]]) -> tuple[TableCause, ...]:
        """The clauses behind the difference, as search/table_causes.Panel names them."""
        self.cases += 1
        case = self._case(scenario, steps, outcomes)
        out: list[TableCause] = []
        for cause in self.panel.causes(case, self.panel.outcomes(case), 0, 1):
            if cause.part == SCORING:
                why = reasons(cause.win, self.a, self.b) if cause.win is not None else ()
                out.append(TableCause(
                    SCORING, cause.a, cause.b, "the scorer",
                    tuple(sorted({p for r in why for p in r.parameters})),
                    f"the scoring of a win: {_plain(cause.a)} vs {_plain(cause.b)}"))
                continue
            params = (part_parameters(self.a, cause.part)
                      | part_parameters(self.b, cause.part)) & self.differing
            program = self.a if part_origin(self.a, cause.part) else self.b
            origins = (part_origin(self.a, cause.part), part_origin(self.b, cause.part))
            out.append(TableCause(cause.part, cause.a, cause.b,
                                  " / ".join(dict.fromkeys(o for o in origins if o)),
                                  tuple(sorted(params)), part_text(program, cause)))
        return tuple(out)

    def _case(self, scenario: Scenario, steps: Sequence[Step],
              outcomes: tuple[dict[str, Any], dict[str, Any]]) -> Case:
        """The events as a case stating every field of both outcomes (so that naming its
        causes sees every field an answer changes, not only those that differ)."""
        ida, idb = self.a.config.id, self.b.config.id
        expect = {ida: _every_field(outcomes[0]), idb: _every_field(outcomes[1])}
        return Case(f"search-{self.cases}", "", (), None, (), expect, "",
                    Path("search"), self.cases, scenario.deal(), tuple(steps))

    def record(self, finding: TableFinding) -> bool:
        """Keep a finding for the clauses it shows: the first for a clause once its causes,
        named (search/table_causes.Panel.causes), include that clause; each later one counted
        (the shortest is made at the end, see :meth:`shorter`). True if it showed a clause
        with no witness yet."""
        new = [part for part in finding.shows if part not in self.found]
        for part in finding.shows:
            if part in self.found:
                self.found[part].count += 1
        if not new:
            return False
        finding = self.named(finding)
        kept = [part for part in finding.parts if part not in self.found]
        for part in kept:
            self.found[part] = finding
        return bool(kept)

    # ---- shorter witnesses ---------------------------------------------------------------
    def shorter(self, finding: TableFinding, part: Part) -> TableFinding:
        """The witness made shorter and plainer, a step of the scenario at a time, while it
        still shows ``part`` (checked by naming its causes again)."""
        driver = next((g.driver for g in self.groups if part in g.parts), None)
        if driver is None:
            return finding
        current = finding
        tries = _SHORTER
        improved = True
        while improved and tries > 0 and not self._late():
            improved = False
            for scenario in simpler(current.scenario):
                if tries <= 0 or self._late():
                    break
                if not scenario.valid:
                    continue
                tries -= 1
                drive = driver.run(scenario)
                if drive.zero is None:
                    continue
                best = None
                for candidate in sorted(drive.candidates, key=lambda c: len(c.steps)):
                    if not candidate.parted or len(candidate.steps) > len(current.steps):
                        continue
                    made = self.confirm(scenario, candidate.steps, part)
                    if made is not None and part in made.shows and _rank(made) < _rank(current):
                        best = made
                        break
                if best is not None:
                    best.count = current.count
                    current = best
                    improved = True
                    break
        return current

    def _late(self) -> bool:
        deadline = self.budget.deadline
        return deadline is not None and time.monotonic() > deadline


def _every_field(outcome: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in outcome.items()
            if name != "illegal" and value is not None}


def _rank(f: TableFinding) -> tuple[Any, ...]:
    """Smaller is plainer: fewer events, a plainer scenario."""
    return (len(f.steps), f.scenario.plainness())


def search_table(a: ScoringProgram, b: ScoringProgram, budget: Budget, seed: int = 0,
                 parts: Collection[Part] | None = None,
                 samples: dict[Part, Asked] | None = None) -> TableDifferences:
    """Search for event sequences on which ``a``'s and ``b``'s referees decide differently,
    within ``budget`` (each scenario played out counts as one): for the differing clauses
    ``parts`` only, if given; ``samples`` keeps the questions each clause was asked."""
    unplayed = _unplayed(a, b)
    if unplayed:
        differing = differing_parameters(a, b)
        targets = [TableTarget(p, tuple(sorted(p.parameters & differing)), note=unplayed)
                   for p in differing_clauses(a, b) if parts is None or p.part in parts]
        return TableDifferences((a.config.id, b.config.id), 0, targets, [], seed)
    search = _Search(a, b, seed, budget, parts, samples)
    search.run()
    shortened: dict[int, TableFinding] = {}
    for part in sorted(search.found, key=lambda p: search.targets[p].pair.either.span.line
                       if p in search.targets else 0):
        finding = search.found[part]
        known = shortened.get(id(finding))
        if known is None or part not in known.shows:  # shortened for another of its clauses
            known = search.named(search.shorter(finding, part))
            if part not in known.parts:  # not what the shorter witness is put down to
                known = search.named(finding)
            shortened.setdefault(id(finding), known)
        search.found[part] = known
    search.found = {p: f for p, f in search.found.items() if p in f.parts}
    findings = _checked(search, list({id(f): f for f in search.found.values()}.values()),
                        seed)
    by_part = {p: f for f in findings for p in f.parts}
    targets = list(search.targets.values())
    for target in targets:
        target.finding = by_part.get(target.pair.part)
        if target.finding is None:
            target.note = _note(target, by_part)
    return TableDifferences((a.config.id, b.config.id), budget.tried, targets, findings,
                            seed)


def _unplayed(a: ScoringProgram, b: ScoringProgram) -> str:
    """Why the search cannot play the two rulesets' tables, or "": its scenarios deal the
    whole four-player set to four seats (table_scenarios.py), which a table of other
    players (``rule.players``) or with tiles taken out (``rule.removed_tiles``) never
    deals."""
    for config in (a.config, b.config):
        table = Table.of(config)
        if table.players != SEATS or table.removed:
            return (f"not searched: the table search deals the four-player set to {SEATS} "
                    f"seats, and {config.id} is played by {table.players} players"
                    + (f" without {len(table.removed)} kinds of tile" if table.removed else "")
                    + " (rule.players, rule.removed_tiles)")
    return ""


def _checked(search: _Search, findings: list[TableFinding], seed: int
             ) -> list[TableFinding]:
    """The findings whose case loads and passes under both rulesets, each with its text."""
    a, b = search.a.config, search.b.config
    out = []
    for finding in sorted(findings, key=lambda f: (f.causes[0].origin, f.part)):
        first = finding.causes[0]
        slug = "-".join(x.replace("_", "-") for x in first.part if x).replace(" ", "-")
        source = (f"found by riichi compare {a.id} {b.id} --search (seed {seed}): {first}. "
                  "Derive the expected outcomes from the rulebooks before adding it.")
        ea, eb = finding.expect
        home = resources.conformance_dir()
        own = [os.path.relpath(c.path.parent, home) for c in (a, b)
               if c.id not in bundled_ids()]
        text = case_text(f"search-{a.id}-{b.id}-{slug}", source,
                         ["search", first.part[0].replace("_", "-")],
                         finding.scenario.deal(), finding.steps, {a.id: ea, b.id: eb}, own)
        if checked(text, [a, b], home / "search.yaml") is None:
            continue
        finding.text = text
        out.append(finding)
    return out


def _note(target: TableTarget, by_part: dict[Part, TableFinding]) -> str:
    """Why a clause has no witness of its own."""
    same = [f for f in by_part.values() if set(target.parameters) & f.parameters
            and any(p[:2] == target.pair.part[:2] for p in f.parts)]
    if same:
        return (f"no witness of its own; the witness of {label(same[0].part)} shows the same "
                "rule and parameters")
    if target.parted:
        return (f"its answers parted in {target.parted} scenarios, but no decision of the "
                "referee changed with them")
    if target.nearest >= NEVER_ASKED:
        return "never asked in the scenarios searched"
    return f"no scenario reached it (nearest {target.nearest:.2f})"
