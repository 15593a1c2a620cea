"""The engine's hot modules compiled by mypyc (:mod:`riichi_rules.native`, built by
hatch_build.py) give what their pure-Python source gives: a sample of scoring and of replay,
made in two processes, one running the compiled modules and one made to run their source
(``RIICHI_RULES_PURE_PYTHON=1``), compared as JSON; and each process reads what the other
pickled. Where the engine is not compiled these tests skip, saying how to build it; under CI
(``CI`` set: .ci/run builds the compiled form unless ``RIICHI_RULES_MYPYC=0``) they fail
instead."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import riichi_rules
from corpus_data import TENHOU
from riichi_rules import native
from riichi_rules.hand import Meld, Win
from riichi_rules.referee.game import HandEnd, HandStart
from riichi_rules.scoring.scorer import score
from riichi_rules.tiles import Tile, Wind

TESTS = Path(__file__).resolve().parent
FIXTURES = TESTS / "records" / "fixtures"  # a game or hand in each reader's format

# The sample: random wins (tests/oracle/generate.py, seeded) under two rulesets, each scored
# or refused with its message, and record files of every reader's format replayed (each
# game's report, scores and points): tests/records/fixtures, and the first files of each folder
# of the Tenhou corpus when it is here. Its pickled results are kept
# in PICKLES (argv[1]) and those of the other process (argv[2], if given) compared with them.
_SAMPLE = """
import json, pickle, sys
from importlib import import_module
from pathlib import Path
import riichi_rules
from oracle.generate import random_wins
from riichi_rules.errors import RiichiError
from riichi_rules.records.files import record_files
from riichi_rules.referee.replay import replay_file
from riichi_rules.rulesets.config import load_config
from riichi_rules.scoring.scorer import score

out, results = {"compiled": list(riichi_rules.compiled), "scores": [], "replay": []}, []
out["files"] = {m: Path(import_module(m).__file__).suffix for m in %(modules)r}
for ruleset in ("tenhou", "ema-2016"):
    for win in random_wins(18, 300, red_fives=True):
        try:
            result = score(win, ruleset)
        except RiichiError as error:
            out["scores"].append({"refused": str(error)})
        else:
            results.append(result)
            out["scores"].append(result.to_json())
# every reader's format: the fixtures of tests/records (an mjlog, a tenhou.net/6 log, mjai
# logs, a Riichi City log), and the first record files of each folder of the Tenhou corpus
files = list(record_files([Path(%(fixtures)r)]))
corpus = Path(%(corpus)r)
if corpus.is_dir():
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        files += list(record_files([folder]))[:4]
configs = [load_config(name) for name in ("tenhou", "riichi-city", "mahjong-soul")]
for path in files:
    for config in configs:  # the first ruleset whose rules the game was played by
        reports = replay_file(path, config)
        if not any(r.unsupported for r in reports):
            break
    for report in reports:
        line = report.to_json()
        out["replay"].append({**line, "source": str(line["source"]),
                              "final_scores": report.final_scores,
                              "final_points": report.final_points})
Path(sys.argv[1]).write_bytes(pickle.dumps(results))
if len(sys.argv) > 2:
    out["other_pickles_equal"] = pickle.loads(Path(sys.argv[2]).read_bytes()) == results
print(json.dumps(out))
"""


def _need_compiled() -> None:
    if riichi_rules.compiled:
        return
    if os.environ.get("CI") and os.environ.get("RIICHI_RULES_MYPYC", "1").strip() != "0":
        pytest.fail("CI builds the compiled engine (.ci/run: RIICHI_RULES_MYPYC=1 pip install "
                    "-e '.[test]'), but this process runs pure Python")
    pytest.skip("the engine is not compiled here (pure Python): build it with "
                "RIICHI_RULES_MYPYC=1 pip install -e '.[test]'")


def _sample(pure: bool, pickles: Path, other: Path | None = None) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    if pure:
        env[native.PURE_VARIABLE] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
    code = _SAMPLE % {"modules": native.MODULES, "corpus": str(TENHOU), "fixtures": str(FIXTURES)}
    args = [sys.executable, "-c", code, str(pickles), *([str(other)] if other else [])]
    run = subprocess.run(args, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out: dict[str, Any] = json.loads(run.stdout)
    return out


def test_the_compiled_modules_give_what_their_source_gives(tmp_path: Path) -> None:
    _need_compiled()
    compiled = _sample(pure=False, pickles=tmp_path / "compiled.pickle")
    pure = _sample(pure=True, pickles=tmp_path / "pure.pickle", other=tmp_path / "compiled.pickle")
    assert compiled.pop("compiled") == list(native.MODULES)
    assert pure.pop("compiled") == []
    assert set(compiled.pop("files").values()) == {Path(EXTENSION_SUFFIXES[0]).suffix}
    assert set(pure.pop("files").values()) == {".py"}
    assert pure.pop("other_pickles_equal") is True  # the pure form reads the compiled pickles
    assert sum("han" in s for s in compiled["scores"]) > 100  # wins scored, not only refused
    # records of every format were followed, not only refused: games with hands, by source
    played = {(Path(r["source"]).suffix, r["ruleset"].split("@")[0])
              for r in compiled["replay"] if r["hands"] > 0}
    assert {(".xml", "tenhou"), (".json", "tenhou"), (".mjson", "tenhou"),
            (".json", "riichi-city")} <= played, played
    if TENHOU.is_dir():
        assert sum(r["hands"] for r in compiled["replay"]) > 50
    assert compiled == pure


def test_results_and_tiles_pickle_and_copy_in_either_form() -> None:
    """Frozen dataclasses pickle through their constructor (mypyc's own way, field by field
    on a new object, is refused by a frozen one); a tile comes back as the interned one."""
    result = score("22p234p123s456s789s", "tenhou", win="9s", tsumo=True, dora=["1p"])
    assert pickle.loads(pickle.dumps(result)) == result
    assert copy.deepcopy(result) == result
    red = Tile.of(4, red=True)
    assert pickle.loads(pickle.dumps(red)) is red
    assert copy.copy(red) is red
    assert sorted([Tile.of(5), red, Tile.of(4)]) == [Tile.of(4), red, Tile.of(5)]
    start = HandStart(0, Wind.E, 1, 0, (25000,) * 4)
    end = HandEnd(False, False, False, start)
    for value in (start, end):
        assert pickle.loads(pickle.dumps(value)) == value and copy.copy(value) == value


def _fake_build(root: Path, stamped: dict[str, bytes]) -> None:
    """Sources and (empty) compiled files of every module of MODULES under ``root``, and the
    stamp of the sources ``stamped`` gives (module -> the source's text when compiled)."""
    lines = []
    for module in native.MODULES:
        source = root.joinpath(*module.split(".")).with_suffix(".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(f"# {module}\n".encode())
        Path(str(source.with_suffix("")) + EXTENSION_SUFFIXES[0]).write_bytes(b"")
        compiled_text = stamped.get(module, source.read_bytes())
        lines.append(f"{module} {native.digest(compiled_text)}\n")
    (root / "riichi_rules" / native.STAMP).write_text("".join(lines))


@pytest.mark.parametrize(("stamped", "pure", "warned"), [
    ({}, "", None),
    ({}, "1", None),
    ({"riichi_rules.readings": b"# older\n"}, "", "riichi_rules.readings changed after"),
])
def test_the_compiled_form_runs_only_whole_and_up_to_date(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stamped: dict[str, bytes], pure: str,
        warned: str | None) -> None:
    """native.choose: every module compiled, or (asked for, or one changed since the build:
    with a warning) none, each then imported from its source by a finder put first."""
    _fake_build(tmp_path, stamped)
    monkeypatch.setattr(native, "_ROOT", str(tmp_path))
    monkeypatch.setenv(native.PURE_VARIABLE, pure)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        chosen = native.choose()
    assert [str(w.message) for w in caught if warned and warned in str(w.message)] or not warned
    assert len(caught) == (1 if warned else 0)
    if pure or warned:
        assert chosen == ()
        spec = sys.meta_path[0].find_spec("riichi_rules.waits")
        assert spec is not None and spec.origin == native.source_path("riichi_rules.waits")
        assert spec.origin.endswith(".py") and spec.origin.startswith(str(tmp_path))
    else:
        assert chosen == native.MODULES


def test_a_missing_compiled_module_means_none_runs_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_build(tmp_path, {})
    Path(native.extension_path("riichi_rules.tiles").replace(
        native._ROOT, str(tmp_path))).unlink()
    monkeypatch.setattr(native, "_ROOT", str(tmp_path))
    monkeypatch.delenv(native.PURE_VARIABLE, raising=False)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    count = len(native.MODULES)
    with pytest.warns(UserWarning, match=rf"not all of them are built \({count - 1} of {count}\)"):
        assert native.choose() == ()


def test_version_says_whether_compiled() -> None:
    code = "import sys; from riichi_rules.cli import main; sys.exit(main(['--version']))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    if riichi_rules.compiled:
        assert f"(compiled by mypyc: {len(native.MODULES)} modules)" in run.stdout
    else:
        assert "(pure Python)" in run.stdout


def test_type_hints_are_the_sources_in_either_form() -> None:
    """A dataclass compiled by mypyc keeps only the runtime class of each field (``tuple``);
    native.type_hints gives what the source writes (hand.py: ``concealed: tuple[Tile, ...]``,
    ``melds: tuple[Meld, ...]``), as typing.get_type_hints does for the source."""
    hints = native.type_hints(Win)
    assert hints["concealed"] == tuple[Tile, ...]
    assert hints["melds"] == tuple[Meld, ...]
    assert hints["tsumo"] is bool
