"""`riichi score --batch` (riichi_rules.cli.batch): one answer per input line, numbered right,
whatever the line holds; the same output with --jobs; a summary that counts the errors.

Scores come from tests/cli/test_cli_score.py's derivations (EMA 2016): RON (22p 234p 123s
456s 789s won on 9s by the dealer, pinfu + ittsu, 3 han 30 fu) is 5800; GOOD (the same hand,
a non-dealer's tsumo, 4 han 20 fu) is 5200.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from riichi_rules import limits
from riichi_rules.cli import batch

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py
COMMAND = [sys.executable, "-c", "import sys; from riichi_rules.cli import main; "
           "sys.exit(main())"]

HAND = "22p234p123s456s789s"
RON = {"hand": HAND, "win": "9s"}  # 5800
GOOD = {"hand": HAND, "win": "9s", "tsumo": True, "seat": "S"}  # 5200


def _lines(data: bytes) -> list[batch.Line]:
    return list(batch.read_lines(io.BytesIO(data)))


# ---------------------------------------------------------------- lines


def test_lines_end_at_newline_only() -> None:
    # "\r" alone, U+2028 and U+0085 are not line ends; "\r\n" is one, its "\r" dropped
    data = b'a\rb\n' + "c\u2028d\x85e".encode() + b"\r\nf"
    assert [(line.number, line.data) for line in _lines(data)] == [
        (1, b"a\rb"), (2, "c\u2028d\x85e".encode()), (3, b"f")]


def test_a_final_newline_makes_no_line() -> None:
    assert [line.data for line in _lines(b"x\n")] == [b"x"]
    assert [line.data for line in _lines(b"x\n\n")] == [b"x", b""]
    assert _lines(b"") == []


def test_lines_across_reads() -> None:
    # a line longer than one read of the stream is kept whole
    long = b"y" * 200_000
    assert [line.data for line in _lines(long + b"\nz")] == [long, b"z"]


def test_a_text_stream() -> None:
    lines = list(batch.read_lines(io.StringIO("é\r\nx")))
    assert [line.data for line in lines] == ["é".encode(), b"x"]


def test_a_line_too_long() -> None:
    too_long = b"[" * (limits.BATCH_LINE_BYTES + 1)
    lines = _lines(too_long + b"\n" + json.dumps(RON).encode())
    assert [(line.number, line.too_long, line.data) for line in lines] == [
        (1, True, b""), (2, False, json.dumps(RON).encode())]


# ---------------------------------------------------------------- the command

def test_a_bare_cr_shifts_nothing(riichi: RunCli) -> None:
    lines = [
        json.dumps(RON).replace(", ", ",\r"),  # CR between tokens: JSON whitespace (RFC 8259 §2)
        json.dumps({"hand": HAND + "\r", "win": "9s"}),  # escaped in JSON: a character of hand
        '{"hand": "22p234p123s456s789s\r", "win": "9s"}',  # raw CR in a string: not JSON
        json.dumps({"hand": HAND + "\u2028", "win": "9s"}, ensure_ascii=False),
        json.dumps(GOOD),
    ]
    run = riichi("score", "--batch", "-", "--json", stdin="\n".join(lines) + "\r\n")
    out = run.json_lines()
    assert len(out) == 5
    assert out[0]["points"]["total"] == 5800
    assert [o["error"]["code"] for o in out[1:4]] == ["bad_notation", "bad_json", "bad_notation"]
    assert [o["line"] for o in out[1:4]] == [2, 3, 4]
    assert out[4]["points"]["total"] == 5200
    assert run.status == 1
    assert run.err == "riichi score: 5 lines: 2 scored, 3 could not be scored\n"


def test_text_answers_stay_on_their_line(riichi: RunCli) -> None:
    # a message quoting the line's own U+2028 writes it as an escape: one output line each
    stdin = json.dumps({"hand": HAND + "\u2028", "win": "9s"}, ensure_ascii=False) + "\n" \
        + json.dumps(RON) + "\n"
    run = riichi("score", "--batch", "-", stdin=stdin)
    assert len(run.out.splitlines()) == 2
    assert run.lines[0].startswith("1: error: bad_notation: ")
    assert "\\u2028" in run.lines[0]
    assert run.lines[1].startswith("2: 3 han 30 fu, 5800: ")


def test_huge_numbers(riichi: RunCli) -> None:
    lines = [
        '{"hand": "22p234p123s456s789s", "win": "9s", "honba": 1' + "0" * 4400 + "}",
        '{"hand": "22p234p123s456s789s", "win": "9s", "honba": 1' + "0" * 4000 + "}",
        '{"hand": "22p234p123s456s789s", "win": "9s", "sticks": 1000}',
        json.dumps({**RON, "honba": 999}),
    ]
    run = riichi("score", "--batch", "-", "--json", stdin="\n".join(lines))
    out = run.json_lines()
    assert out[0]["error"]["code"] == "bad_json"  # Python reads no more than 4,300 digits
    assert "4,300" in out[0]["error"]["message"]
    assert out[1]["error"] == {"code": "bad_field", "message": "'honba' must be a whole number "
                               "from 0 to 999, not a number of about 4,001 digits"}
    assert out[2]["error"]["code"] == "bad_field"
    # 999 honba on a ron: 300 each (EMA 2016 §4 and the module docstring of test_cli_score)
    assert out[3]["points"]["honba"] == 999 * 300
    assert run.status == 1


def test_deep_json_is_a_line_error(riichi: RunCli) -> None:
    run = riichi("score", "--batch", "-", "--json",
                 stdin="[" * 100_000 + "\n" + json.dumps(RON) + "\n")
    out = run.json_lines()
    assert out[0]["error"]["code"] == "bad_json"
    assert f"nest more than {limits.JSON_DEPTH} deep at column {limits.JSON_DEPTH + 1}" in \
        out[0]["error"]["message"]
    assert out[1]["points"]["total"] == 5800


def test_a_line_too_long_is_answered(riichi: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(b" " * (limits.BATCH_LINE_BYTES + 10) + b"\n" + json.dumps(RON).encode())
    out = riichi("score", "--batch", str(path), "--json").json_lines()
    assert out[0]["error"]["code"] == "line_too_long"
    assert out[0]["line"] == 1
    assert out[1]["points"]["total"] == 5800


def test_jobs_print_what_one_process_prints(riichi: RunCli) -> None:
    # more lines than a worker's chunk, good and bad mixed, so that chunks come back in turn
    base = [json.dumps(RON), "{bad", "", json.dumps(GOOD), json.dumps({**RON, "honba": -2})]
    lines = base * 60  # 300 lines: a worker's chunk is 250
    stdin = "\n".join(lines) + "\n"
    one = riichi("score", "--batch", "-", "--json", stdin=stdin)
    two = riichi("score", "--batch", "-", "--json", "--jobs", "2", stdin=stdin)
    assert two.out == one.out
    assert (two.status, two.err) == (one.status, one.err) == (
        1, "riichi score: 300 lines: 120 scored, 180 could not be scored\n")
    numbered = [o.get("line") for o in two.json_lines()]
    assert numbered[1::5] == list(range(2, 301, 5))  # each "{bad" answered on its own line
    text_one = riichi("score", "--batch", "-", stdin=stdin)
    text_two = riichi("score", "--batch", "-", "--jobs", "3", stdin=stdin)
    assert text_two.out == text_one.out


def _dying_worker(task: batch.Task) -> batch.Answer:
    """A worker that dies (as if killed) on a line holding "die"."""
    if b"die" in task[2].data:
        os._exit(1)
    return batch.score_line(task)


def test_a_dead_worker_loses_one_line() -> None:
    data = [json.dumps(RON)] * 400
    data[270] = '"die"'  # in the second chunk of 250
    written: list[str] = []
    tally = batch.run_parallel(batch.read_lines(io.BytesIO("\n".join(data).encode())),
                               ("ema-2016", None), True, written.append, 2, _dying_worker)
    out = [json.loads(line) for line in written]
    assert len(out) == 400
    assert out[270]["error"]["code"] == "internal_error"
    assert out[270]["line"] == 271
    assert "worker process" in out[270]["error"]["message"]
    assert all(o["points"]["total"] == 5800 for i, o in enumerate(out) if i != 270)
    assert (tally.scored, tally.bad, tally.internal, tally.status) == (399, 0, 1, 3)


def test_an_output_that_cannot_show_a_character(tmp_path: Path) -> None:
    # PYTHONIOENCODING=ascii: the 'é' of a message is written as an escape, nothing crashes
    stdin = json.dumps({"hand": "22p234p123s45é6s789s", "win": "9s"}, ensure_ascii=False)
    done = subprocess.run([*COMMAND, "score", "--batch", "-"], input=stdin.encode(),
                          capture_output=True, timeout=120, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    assert done.stdout.decode("ascii").startswith("1: error: bad_notation: ")
    assert "\\xe9" in done.stdout.decode("ascii")
    single = subprocess.run([*COMMAND, "score", "22p234p123s45é6s789s", "--win", "9s"],
                            capture_output=True, timeout=120, check=False,
                            env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert single.returncode == 1
    assert b"Traceback" not in single.stderr and b"\\xe9" in single.stderr
