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


def test_a_scheduler_that_cannot_be_reached(riichi_process: RunCli, folder: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # port 9 (discard) on this machine: nothing listens there; Dask tries again until its
    # connect timeout, set through its documented environment variable (docs/cli.md)
    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT", "1s")
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


# ---------------------------------------------------------------- a bug or a death in one file

# Planted in every process of the command (sitecustomize.py on PYTHONPATH is imported at the
# start of each, Dask's workers and pool processes included): following the game of a file
# named planted-bug.* raises (a bug of riichi-rules, as far as the command can tell), and of
# planted-death.* kills the worker process following it (as the machine running out of memory
# would); in the command's own process, which it would kill, it raises too.
PLANTED = '''
import os

os.environ.setdefault("RIICHI_TEST_FIRST_PID", str(os.getpid()))


def _fault(source):
    name = os.path.basename(str(source))
    if not name.startswith("planted-"):
        return
    if name.startswith("planted-death") and os.environ["RIICHI_TEST_FIRST_PID"] != str(
            os.getpid()):
        os._exit(1)
    raise RuntimeError("a planted fault")


def _planted(module, name, source_of):
    real = getattr(module, name)

    def planted(*args, **kwargs):
        _fault(source_of(args))
        return real(*args, **kwargs)

    setattr(module, name, planted)


import riichi_rules.impact.corpus as corpus
import riichi_rules.referee.replay as replay

_planted(replay, "replay_dated", lambda args: args[0].source)
_planted(corpus, "replay_game", lambda args: args[0].source)
'''
GOOD = ("synthetic_game.xml", "synthetic_game.json")
PLANTED_FILES = ("planted-bug.xml", "planted-death.xml")


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder of good games and the two planted files (each a copy of a good game), and the
    environment that plants the faults."""
    import os

    root = tmp_path_factory.mktemp("planted")
    (root / "site").mkdir()
    (root / "site" / "sitecustomize.py").write_text(PLANTED, encoding="utf-8")
    folder = root / "records"
    folder.mkdir()
    for name in GOOD:
        shutil.copy(FIXTURES / name, folder / name)
    for name in PLANTED_FILES:
        shutil.copy(FIXTURES / "synthetic_game.xml", folder / name)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root / "site"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return folder, env


def _run_planted(env: dict[str, str], *argv: str) -> Any:
    import subprocess

    from tests.cli.conftest import COMMAND, Run

    done = subprocess.run([*COMMAND, *argv], capture_output=True, text=True, env=env,
                          timeout=300, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    return Run(done.returncode, done.stdout, done.stderr)


@pytest.mark.parametrize("engine", ENGINES, ids=["one process", "jobs", "cluster"])
def test_replay_a_bug_or_a_death_costs_its_file_alone(planted: tuple[Path, dict[str, str]],
                                                      engine: list[str]) -> None:
    folder, env = planted
    good = _run_planted(env, "replay", *(str(folder / name) for name in sorted(GOOD)))
    run = _run_planted(env, "replay", str(folder), *engine)
    assert run.status == 1  # some input could not be replayed
    for name in PLANTED_FILES:  # one line each, saying what happened
        (line,) = [line for line in run.lines if line.startswith(f"{folder / name}: ")]
        if name == "planted-death.xml" and engine:
            assert line.endswith("the process replaying this file died (the machine ran out "
                                 "of memory, or a bug of riichi-rules; please report it with "
                                 "this file)")
        else:
            assert "internal error replaying this record (RuntimeError: a planted fault): " \
                   "a bug of riichi-rules" in line
    # the good files give what they give alone; the summary counts the two as unreadable
    assert [line for line in run.lines[:-1] if not line.startswith(str(folder / "planted-"))] \
        == good.lines[:-1]
    assert run.lines[-1].replace(", 2 unreadable,", ", 0 unreadable,") == good.lines[-1]


@pytest.mark.parametrize("engine", ENGINES, ids=["one process", "jobs", "cluster"])
def test_compare_corpus_a_bug_or_a_death_costs_its_file_alone(
        planted: tuple[Path, dict[str, str]], engine: list[str]) -> None:
    folder, env = planted
    good = _run_planted(env, "compare", "tenhou", "ema-2016", "--corpus",
                        *(str(folder / name) for name in GOOD), "--json")
    run = _run_planted(env, "compare", "tenhou", "ema-2016", "--corpus", str(folder), "--json",
                       *engine)
    assert run.status == 1  # files that could not be read
    data, alone = run.json(), good.json()
    assert data["wins"] == alone["wins"]  # every win of the good files, and no other
    assert data["files_unreadable"]["total"] == 2
    text = _run_planted(env, "compare", "tenhou", "ema-2016", "--corpus", str(folder), *engine)
    for name in PLANTED_FILES:  # one line each
        (line,) = [line for line in text.lines if line.strip().startswith(f"{folder / name}")]
        assert ("died" if name == "planted-death.xml" and engine else "internal error") in line
