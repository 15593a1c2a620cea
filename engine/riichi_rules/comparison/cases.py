"""The conformance cases under several rulesets: the scoring cases scored and the referee cases
followed under each (at the case's date), those on which they do not all agree with each
outcome in a few words, and the reasons: the rules whose versions part, where they are
written, and the differing parameters they read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi_rules.comparison.parts import differing
from riichi_rules.errors import InputError, RuleFault, RulesetFault
from riichi_rules.referee.shadow import SCORING, Scored
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import score
from riichi_rules.search.causes import Reason, outcome, reasons
from riichi_rules.search.table_causes import (
    Cause,
    Panel,
    cells,
    part_origin,
    part_parameters,
    part_text,
    programs_on,
)

# A case on which the rulesets do not all agree: the case, each ruleset's outcome in a few
# words, and each ruleset's reasons against the first (none where it agrees with the first).
Found = tuple[Any, list[str], tuple[tuple["Reason", ...], ...]]


@dataclass(frozen=True, slots=True)
class CaseDifference:
    case: str
    location: str
    a: str  # short outcome
    b: str
    why: tuple[Reason, ...]  # the rules and parameters behind the difference
    source: str = ""  # the case's own source (rulebook section, worked example)
    kind: str = "scoring"  # "scoring" (a win to score) or "referee" (a deal and events)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Each reason as one line: ``limit none vs mangan (file:line) [rule.kiriage]``."""
        return tuple(str(r) for r in self.why)


def by_kind(kinds: Sequence[str], compared: int, referee: int) -> dict[str, tuple[int, int]]:
    """For "scoring" and "referee": (how many of ``kinds`` are of it, how many cases of it
    were compared, of ``compared`` cases in all, ``referee`` of them referee cases)."""
    return {kind: (kinds.count(kind), n)
            for kind, n in (("scoring", compared - referee), ("referee", referee))}


def _run(case: Any, prog: ScoringProgram) -> tuple[Result | None, str]:
    try:
        return score(case.win, prog), ""
    except RuleFault as fault:
        raise RulesetFault(prog.config.label, case.id, case.location, fault) from None
    except InputError as error:
        return None, error.code


def scoring_differences(
    progs: Sequence[ScoringProgram], suite: Sequence[Any]
) -> tuple[int, list[Found]]:
    """How many scoring cases were scored under every ruleset, and those on which the
    rulesets do not all agree (the score, or the yaku that make it): each with its outcomes
    in a few words and, for each ruleset, the reasons it differs from the first (none where it
    does not). Raises :class:`RulesetFault` at the first case a rule has no value on."""
    out = []
    compared = 0
    for case in suite:
        if case.win is None or not _played_by_all(case, progs):
            continue
        compared += 1
        dated = programs_on(case, progs)
        runs = [_run(case, p) for p in dated]
        seen = [(outcome(r, e), _yaku_set(r)) for r, e in runs]
        if all(s == seen[0] for s in seen):
            continue
        why = tuple(() if seen[k] == seen[0] else reasons(case.win, dated[0], dated[k])
                    for k in range(len(progs)))
        out.append((case, [shown for shown, _ in seen], why))
    return compared, out


def suite_differences(
    progs: Sequence[ScoringProgram], suite: Sequence[Any] | None, cases_root: Path | None = None
) -> tuple[int, list[Found], Sequence[Any]]:
    """:func:`scoring_differences` on ``suite``, or else on the conformance suite under
    ``cases_root`` (default: the bundled one) read file by file, so that a rule with no value
    on a case stops it before a later file is read; with the cases (to follow the referee
    cases of)."""
    if suite is not None:
        return (*scoring_differences(progs, suite), suite)
    from riichi_rules.conformance.cases import suite_parts

    compared, found, loaded = 0, [], []
    for part in suite_parts(cases_root):
        counted, more = scoring_differences(progs, part.cases)
        compared += counted
        found += more
        loaded += part.cases
    return compared, found, loaded


def referee_differences(
    progs: Sequence[ScoringProgram], suite: Sequence[Any]
) -> tuple[int, list[Found]]:
    """How many referee cases were followed under every ruleset, and those on which the
    rulesets do not all agree: each with its outcomes in a few words and, for each ruleset,
    the reasons it differs from the first (none where it does not)."""
    panels: dict[tuple[int, ...], Panel] = {}
    out = []
    compared = 0
    for case in suite:
        if case.events is None or case.deal is None or not _played_by_all(case, progs):
            continue
        compared += 1
        dated = programs_on(case, progs)  # the programs at the case's date
        key = tuple(map(id, dated))
        panel = panels.get(key) or panels.setdefault(key, Panel(dated))
        outcomes = panel.outcomes(case)
        if all(o == outcomes[0] for o in outcomes):
            continue
        why = tuple(() if outcomes[k] == outcomes[0] else
                    _referee_reasons(panel.causes(case, outcomes, 0, k), dated[0], dated[k],
                                     differing(dated[0], dated[k]))
                    for k in range(len(dated)))
        out.append((case, cells(outcomes), why))
    return compared, out


def _played_by_all(case: Any, progs: Sequence[ScoringProgram]) -> bool:
    """Whether every ruleset plays the case: as many players as it is for (a three-player case
    is compared under three-player rulesets only, a four-player one under four-player ones)."""
    plays = getattr(case, "plays", None)
    return plays is None or all(plays(p.config) for p in progs)


def case_source(case: Any) -> str:
    """A case's source on one line."""
    return " ".join(str(case.source).split())


def _referee_reasons(
    causes: Sequence[Cause], a: ScoringProgram, b: ScoringProgram, differing: set[str],
) -> tuple[Reason, ...]:
    """Each cause as reasons: a clause of a table rule, where it is written and the differing
    parameters it reads; a scoring, as :func:`reasons`, but where the scorer refuses the win
    under one ruleset, the refusal (and the yaku only if it is for want of a yaku)."""
    out: list[Reason] = []
    for cause in causes:
        if cause.part != SCORING:
            params = (part_parameters(a, cause.part) | part_parameters(b, cause.part)) & differing
            out.append(Reason(part_text(a if part_origin(a, cause.part) else b, cause),
                              part_origin(a, cause.part) or part_origin(b, cause.part),
                              tuple(sorted(params))))
            continue
        errors = [s for s in (cause.a, cause.b) if isinstance(s, InputError)]
        if errors:
            out.append(Reason(
                f"the win: {_scored_text(cause.a)} vs {_scored_text(cause.b)}", "the scorer"))
        if all(e.code == "no_yaku" for e in errors) and cause.win is not None:
            out.extend(reasons(cause.win, a, b))
    return tuple(dict.fromkeys(out))


def _scored_text(scored: Scored) -> str:
    if isinstance(scored, InputError):
        return f"error {scored.code} ({scored.message})"
    return outcome(scored)


def _yaku_set(result: Result | None) -> frozenset[tuple[str, int, int]]:
    if result is None:
        return frozenset()
    return frozenset((y.id, y.han, y.yakuman) for y in result.yaku)


