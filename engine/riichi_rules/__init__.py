"""riichi-rules: the rules of Japanese Riichi Mahjong as data.

The names below are the Python API (docs/api.md shows them at work); each is imported from
its module on first use, so that ``import riichi_rules`` (and the ``riichi`` command's start)
stays light::

    import riichi_rules as rr

    result = rr.score("22p234p123s456s789s", win="9s", tsumo=True, ruleset="tenhou")
    print(result.han, result.fu, result.points)
    print(result.explain())

    rr.compare("ema-2016", "wrc-2025").cases       # where two rulesets differ
    for game in rr.replay(["game.mjlog"], "tenhou"):  # game records checked
        print(game)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from riichi_rules import native as _native
from riichi_rules.version import __version__ as __version__

compiled: tuple[str, ...] = _native.choose()
"""The modules this process runs compiled by mypyc (``()``: all pure Python): see
:mod:`riichi_rules.native`."""

# name -> the module that defines it ("module:name" where the name there differs)
_API: dict[str, str] = {
    # scoring a win
    "score": "riichi_rules.scoring.scorer",
    "program": "riichi_rules.scoring.scorer",
    "Win": "riichi_rules.hand",
    "Meld": "riichi_rules.hand",
    "Result": "riichi_rules.scoring.result",
    "Tile": "riichi_rules.tiles",
    "parse_tiles": "riichi_rules.tiles",
    # rulesets
    "load_ruleset": "riichi_rules.rulesets.config:load_config",
    "bundled_ids": "riichi_rules.rulesets.config",
    "RulesetConfig": "riichi_rules.rulesets.config",
    "ScoringProgram": "riichi_rules.scoring.program",
    "compile_program": "riichi_rules.scoring.lowering",
    "check_rule_text": "riichi_rules.scoring.lowering",
    # comparing rulesets
    "compare": "riichi_rules.comparison.pair",
    "matrix": "riichi_rules.comparison.matrix",
    "search_differences": "riichi_rules.search.differences",
    "witness_report": "riichi_rules.search.witness",
    "Budget": "riichi_rules.search.climb",
    # game records and the referee
    "read_record": "riichi_rules.records.files",
    "replay": "riichi_rules.referee.replay:replay_files",
    "HandReferee": "riichi_rules.referee.hand",
    "GameReferee": "riichi_rules.referee.game",
    # the conformance suite
    "load_suite": "riichi_rules.conformance.cases",
    "run_case": "riichi_rules.conformance.runner",
    "run_suite": "riichi_rules.conformance.runner",
    # errors
    "RiichiError": "riichi_rules.errors",
    "InputError": "riichi_rules.errors",
    "RuleFault": "riichi_rules.errors",
    "RulesetFault": "riichi_rules.errors",
    "DiagnosticError": "riichi_rules.errors",
    "RuleError": "riichi_rules.errors",
    "ConfigError": "riichi_rules.errors",
    "Diagnostic": "riichi_rules.errors",
}

__all__ = [
    "Budget", "ConfigError", "Diagnostic", "DiagnosticError", "GameReferee", "HandReferee",
    "InputError", "Meld", "Result", "RiichiError", "RuleError", "RuleFault", "RulesetConfig",
    "RulesetFault", "ScoringProgram", "Tile", "Win", "bundled_ids", "check_rule_text",
    "compare", "compile_program", "load_ruleset", "load_suite", "matrix", "parse_tiles",
    "program", "read_record", "replay", "run_case", "run_suite", "score",
    "search_differences", "witness_report",
]


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'riichi_rules' has no attribute {name!r}")
    module, _, attribute = module.partition(":")
    value = getattr(import_module(module), attribute or name)
    globals()[name] = value  # the next look-up finds it at once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})


if TYPE_CHECKING:  # what a type checker sees of the lazy names
    from riichi_rules.comparison.matrix import matrix
    from riichi_rules.comparison.pair import compare
    from riichi_rules.conformance.cases import load_suite
    from riichi_rules.conformance.runner import run_case, run_suite
    from riichi_rules.errors import (
        ConfigError,
        Diagnostic,
        DiagnosticError,
        InputError,
        RiichiError,
        RuleError,
        RuleFault,
        RulesetFault,
    )
    from riichi_rules.hand import Meld, Win
    from riichi_rules.records.files import read_record
    from riichi_rules.referee.game import GameReferee
    from riichi_rules.referee.hand import HandReferee
    from riichi_rules.referee.replay import replay_files as replay
    from riichi_rules.rulesets.config import RulesetConfig, bundled_ids
    from riichi_rules.rulesets.config import load_config as load_ruleset
    from riichi_rules.scoring.lowering import check_rule_text, compile_program
    from riichi_rules.scoring.program import ScoringProgram
    from riichi_rules.scoring.result import Result
    from riichi_rules.scoring.scorer import program, score
    from riichi_rules.search.climb import Budget
    from riichi_rules.search.differences import search_differences
    from riichi_rules.search.witness import witness_report
    from riichi_rules.tiles import Tile, parse_tiles
