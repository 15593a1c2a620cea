"""--jobs and --cluster of `riichi replay` and `riichi compare --corpus`: the same output and
exit status from one process, from two processes and from a local Dask cluster, on a folder
where bad files lie among good ones; clear errors for a wrong --cluster, a scheduler that
cannot be reached and a missing Dask.

The folder is the records of tests/records/fixtures (good games, and files of the records
tests that are no game at all) with three bad files written here: a cut-off mjlog, a text that
is not JSON and an empty mjai log. Each bad file must give exactly one error of its own, in
every engine; what the fixtures give otherwise is the one process's output, which the other
engines must repeat exactly (the comparison is the test)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

FIXTURES = Path(__file__).parents[1] / "records" / "fixtures"
BAD = {
    "broken.xml": '<mjloggm ver="2.3"><GO type="169"/><INIT seed="0,0,0',
    "garbage.json": "not json {\n",
    "empty.mjson": "",
}
ENGINES = ([], ["--jobs", "2"], ["--cluster", "local", "--jobs", "2"])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("records") / "records"
    shutil.copytree(FIXTURES, root)
    for name, text in BAD.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def _same_from_every_engine(riichi_process: RunCli, *argv: str) -> Any:
    runs = [riichi_process(*argv, *engine) for engine in ENGINES]
    first = runs[0]
    for engine, run in zip(ENGINES[1:], runs[1:], strict=True):
        assert (run.status, run.out) == (first.status, first.out), engine
    return first


def test_replay_gives_the_same_report_from_every_engine(riichi_process: RunCli,
                                                        folder: Path) -> None:
    run = _same_from_every_engine(riichi_process, "replay", str(folder), "--json")
    report = run.json()
    assert run.status == 1  # unreadable files
    assert report["games"] > 0 and report["hands"] > 0
    errors = [e["source"] for e in report["errors"]]
    for name in BAD:  # one error for each bad file
        assert errors.count(str(folder / name)) == 1, name


def test_replay_text_report_is_the_same_from_every_engine(riichi_process: RunCli,
                                                          folder: Path) -> None:
    run = _same_from_every_engine(riichi_process, "replay", str(folder))
    for name in BAD:  # one line each, no traceback (the fixture checks stderr)
        assert sum(line.startswith(f"{folder / name}: ") for line in run.lines) == 1


def test_compare_corpus_gives_the_same_impact_from_every_engine(riichi_process: RunCli,
                                                                folder: Path) -> None:
    run = _same_from_every_engine(riichi_process, "compare", "tenhou", "ema-2016", "--corpus",
                                  str(folder), "--json")
    data = run.json()
    assert data["wins"]["read"] > 0
    assert run.status == 1  # files that could not be read at all


def test_a_cluster_that_is_not_one(riichi: RunCli, folder: Path) -> None:
    run = riichi("replay", str(folder), "--cluster", "localhost")
    assert run.status == 2
    assert "--cluster takes 'local' or a scheduler's address" in run.err
    assert riichi("replay", str(folder), "--jobs", "0").status == 2


def test_a_scheduler_that_cannot_be_reached(riichi_process: RunCli, folder: Path) -> None:
    # port 9 (discard) on this machine: nothing listens there
    run = riichi_process("replay", str(folder / "synthetic_game.xml"), "--cluster",
                         "tcp://127.0.0.1:9")
    assert run.status == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in run.err


def test_without_dask(riichi: RunCli, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    for argv in (["replay", str(folder)], ["compare", "tenhou", "ema-2016", "--corpus",
                                          str(folder)]):
        run = riichi(*argv, "--cluster", "local")
        assert run.status == 2
        assert "pip install 'riichi-rules[cluster]'" in run.err


def test_jobs_and_cluster_go_with_corpus(riichi: RunCli) -> None:
    assert riichi("compare", "tenhou", "ema-2016", "--jobs", "2").status == 2
    assert riichi("compare", "tenhou", "ema-2016", "--cluster", "local").status == 2
