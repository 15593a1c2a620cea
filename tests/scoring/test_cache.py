"""Programs kept on disk (riichi_rules.scoring.cache): read back, they score, answer table
questions and show their rules as the program just compiled; the key follows every file a
program is compiled from; a damaged, foreign or hostile file is never trusted; a command that
only scores reads none of the front end."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from riichi_rules.conformance.cases import load_suite
from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import RulesetConfig, load_config
from riichi_rules.scoring import cache
from riichi_rules.scoring.lowering import compile_program
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import score

HOUSE_SOURCE = {"rulebook": "house rules", "edition": "1"}
# 123m 456p 789s 234s 55z won on 5z by tsumo: menzen tsumo and a white dragon pair (no yaku
# of its own); a house yaku below scores the hand's honour pair
HOUSE_WIN = {"hand": "123m456p789s234s55z", "win": "5z", "tsumo": True}


def _house(folder: Path, condition: str) -> RulesetConfig:
    """A ruleset extending ema-2016 with one house yaku of this condition."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "house.rules").write_text(
        f'yaku honour_pair "Honour pair" {{\n    han 1 closed\n    when {condition}\n}}\n',
        encoding="utf-8")
    data = {"id": "house", "name": "House rules", "source": HOUSE_SOURCE,
            "extends": "ema-2016", "rules": ["house.rules"]}
    (folder / "ruleset.json").write_text(json.dumps(data), encoding="utf-8")
    return load_config(folder)


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder of kept programs."""
    folder = tmp_path / "programs"
    monkeypatch.setenv(cache.CACHE_VARIABLE, str(folder))
    monkeypatch.delenv("RIICHI_RULES_BACKEND", raising=False)
    return folder


def _results(program: ScoringProgram, wins: list[dict[str, Any]]) -> list[Any]:
    out = []
    for win in wins:
        try:
            out.append(score(win, program).to_json())
        except InputError as error:
            out.append(error.code)
    return out


def _case_wins() -> list[dict[str, Any]]:
    return [case.win for case in load_suite().cases if case.win is not None]


@pytest.mark.parametrize("ruleset", ["ema-2016", "tenhou"])
def test_a_kept_program_scores_as_the_compiled_one(ruleset: str, kept: Path) -> None:
    config = load_config(ruleset)
    made = cache.load_program(config)  # compiled, and kept
    assert len(list(kept.iterdir())) == 1
    again = cache.load_program(config)  # read back
    assert again is not made
    wins = _case_wins()
    assert len(wins) > 100
    assert _results(again, wins) == _results(compile_program(config, "closures"), wins)


def test_the_parts_read_later_are_those_of_the_compiled_program(kept: Path) -> None:
    config = load_config("tenhou")
    fresh = compile_program(config)
    cache.load_program(config)
    again = cache.load_program(config)
    assert "typed" not in again.__dict__ and "table" not in again.__dict__  # not read yet
    assert again.declared_ids() == frozenset(fresh.declarations)  # the ids, read from the rules
    assert "declarations" not in again.__dict__  # ... without the front end's part
    assert again.declarations == fresh.declarations
    assert again.typed == fresh.typed
    assert [r.declaration for r in again.yaku] == [r.declaration for r in fresh.yaku]
    assert again.fu.declaration == fresh.fu.declaration
    assert again.table.rules.keys() == fresh.table.rules.keys()
    assert len(again.generated) == 2


def test_a_kept_program_answers_the_referee_alike(kept: Path) -> None:
    from riichi_rules.conformance.events import play

    config = load_config("tenhou")
    cache.load_program(config)
    again = cache.load_program(config)
    fresh = compile_program(config, "closures")
    followed = 0
    for case in load_suite().cases:
        if case.deal is None or case.events is None or not case.plays(config):
            continue  # a hand with no deal, or dealt at a table of other players
        kept_play = play(case.deal, case.steps, again, name=case.id)
        fresh_play = play(case.deal, case.steps, fresh, name=case.id)
        assert _outcome(kept_play) == _outcome(fresh_play), case.id
        followed += 1
    assert followed > 100


def _outcome(followed: Any) -> str:
    return repr((followed.disagreements, followed.error, followed.error_step, followed.turned))


def test_the_key_follows_the_rule_files_and_where_they_are_shown(
        tmp_path: Path, kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = _house(tmp_path / "house", "pair is honour")
    key = cache.program_key(config)
    assert cache.program_key(config) == key  # the same files: the same key
    assert score(HOUSE_WIN, cache.load_program(config)).han == 2  # tsumo + the house yaku
    changed = _house(tmp_path / "house", "pair is dragon and closed")
    assert cache.program_key(changed) != key
    # the changed file is compiled again, never read from the old program
    assert score(HOUSE_WIN, cache.load_program(changed)).han == 2
    changed = _house(tmp_path / "house", "pair is wind")
    assert score(HOUSE_WIN, cache.load_program(changed)).han == 1  # only tsumo now
    # the origins of rules show their files relative to the working folder (here under it,
    # house/house.rules, where before it was the whole path): another key
    before = cache.program_key(changed)
    monkeypatch.chdir(tmp_path)
    assert cache.program_key(changed) != before


def test_the_key_follows_the_parameters(tmp_path: Path, kept: Path) -> None:
    assert cache.program_key(load_config("ema-2016")) != cache.program_key(
        load_config("ema-2025"))


@pytest.mark.parametrize("damage", ["truncated", "flipped", "foreign", "other_key", "empty"])
def test_a_damaged_or_foreign_file_is_ignored_and_written_again(damage: str, kept: Path) -> None:
    config = load_config("ema-2016")
    cache.load_program(config)
    (path,) = kept.iterdir()
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1:])
    elif damage == "foreign":
        path.write_bytes(b"#!/bin/sh\necho not a program\n")
    elif damage == "other_key":
        path.write_bytes(data.replace(path.stem.encode(), b"0" * 64, 1))
    else:
        path.write_bytes(b"")
    assert cache.read_program(path, path.stem, config) is None
    program = cache.load_program(config)
    assert score(HOUSE_WIN, program).han >= 1
    assert cache.read_program(path, path.stem, config) is not None  # written again, whole


def _pickled_call(module: str, name: str, argument: str) -> bytes:
    """A pickle calling ``module``'s ``name`` (which may be dotted) with ``argument``."""
    def text(value: str) -> bytes:
        return pickle.SHORT_BINUNICODE + bytes([len(value)]) + value.encode()

    return (pickle.PROTO + bytes([4]) + text(module) + text(name) + pickle.STACK_GLOBAL
            + text(argument) + pickle.TUPLE1 + pickle.REDUCE + pickle.STOP)


@pytest.mark.parametrize("global_", [("os", "system"),
                                     # through a module of the package that imports os
                                     ("riichi_rules.scoring.cache", "os.system")])
def test_a_hostile_file_cannot_run_anything(kept: Path, tmp_path: Path,
                                            global_: tuple[str, str]) -> None:
    """A file with a valid header and digest whose pickle asks for os.system is refused
    (the unpickler makes only the package's classes, by plain name, and a few plain
    ones)."""
    import hashlib
    import marshal

    config = load_config("ema-2016")
    cache.load_program(config)
    (path,) = kept.iterdir()
    marker = tmp_path / "ran"
    codes, _, later = marshal.loads(path.read_bytes().split(b"\n", 3)[3])
    payload = marshal.dumps((codes, _pickled_call(*global_, f"touch {marker}"), later))
    header = cache._MAGIC + path.stem.encode() + b"\n"
    path.write_bytes(header + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    assert cache.read_program(path, path.stem, config) is None
    assert not marker.exists()


def test_a_folder_others_may_write_to_is_not_read(kept: Path) -> None:
    """A kept program's code is run, so it is read only from a folder no one else may write
    to (as ssh asks of its keys)."""
    config = load_config("ema-2016")
    cache.load_program(config)
    (path,) = kept.iterdir()
    assert cache.read_program(path, path.stem, config) is not None
    kept.chmod(0o777)
    assert cache.read_program(path, path.stem, config) is None
    kept.chmod(0o755)
    assert cache.read_program(path, path.stem, config) is not None


def test_nothing_is_kept_when_the_cache_is_off(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv(cache.CACHE_VARIABLE, "off")
    assert cache.cache_dir() is None
    program = cache.load_program(load_config("ema-2016"))
    assert program.backend == "generated"


def test_closures_are_not_kept(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_RULES_BACKEND", "closures")
    program = cache.load_program(load_config("ema-2016"))
    assert program.backend == "closures"
    assert not kept.exists() or not list(kept.iterdir())
    assert not cache.write_program(kept / "x.program", "x", program)


def test_a_cache_that_cannot_be_written_is_no_obstacle(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    monkeypatch.setenv(cache.CACHE_VARIABLE, str(blocked / "programs"))
    assert score(HOUSE_WIN, cache.load_program(load_config("ema-2016"))).han >= 1


def test_scoring_from_a_kept_program_reads_none_of_the_front_end(kept: Path) -> None:
    """The second run of a command that scores a hand finds its program kept, and imports
    neither the parser (nor Lark), nor the typer, nor the generator, nor the closures."""
    script = (
        "import sys\n"
        "from riichi_rules.scoring.scorer import score\n"
        f"print(score({HOUSE_WIN!r}, 'tenhou').han)\n"
        "front = ['lark', 'riichi_rules.language.parser', 'riichi_rules.language.typed',\n"
        "         'riichi_rules.language.ast', 'riichi_rules.language.codegen',\n"
        "         'riichi_rules.language.compiler', 'riichi_rules.language.closures',\n"
        "         'riichi_rules.language.rules']\n"
        "print(sorted(m for m in front if m in sys.modules))\n")
    env = {**os.environ, cache.CACHE_VARIABLE: str(kept)}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=env, check=True)
    second = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=env, check=True)
    # menzen tsumo alone: the white dragon pair is no yaku (Tenhou)
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0] == "1"
    assert "lark" in first.stdout  # compiled the first time
    assert second.stdout.splitlines()[1] == "[]"
