"""The hostile and careless inputs of issue #15 (all but the rulebook generator's), each run
in a process of its own: each gives a clear error (or, where valid, the right answer), with
no traceback, within a second of CPU time and under 500 MB (a few, said where, within
three).

The time is the CPU time of the command itself (`riichi_rules.cli.main`, or the call named),
the imports of the process left out; the memory is the process's peak resident size (VmHWM; with
``--jobs 2``, the parent's: each worker replays one file)."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

SECONDS = 1.0
MEGABYTES = 500

# Runs one command, then writes its own measure as the last line of stderr.
DRIVER = """
import json, resource, sys, time
from pathlib import Path
from riichi_rules.cli import main
kind, args = sys.argv[1], json.loads(sys.argv[2])
start = time.process_time()
if kind == "cli":
    status = main(args)
else:
    from riichi_rules.conformance.cases import CaseFileError, load_file
    try:
        load_file(Path(args[0]), known_rulesets=(), known_yaku=())
        status = 0
    except CaseFileError as error:
        print(error.render())
        status = 1
spent = time.process_time() - start
try:  # this process's own peak: getrusage's ru_maxrss keeps, across exec, the peak of the
    # process it was forked from (pytest's, in a long run)
    own = Path("/proc/self/status").read_text()
    peak = int(own.split("VmHWM:")[1].split()[0]) / 1024
except (OSError, IndexError, ValueError):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
sys.stdout.flush()
print("@@" + json.dumps({"seconds": spent, "megabytes": peak}), file=sys.stderr)
sys.exit(status)
"""

PINFU = "22p234p123s456s789s"
HOUSE = {"id": "house", "name": "House", "source": {"rulebook": "house", "edition": "1"},
         "extends": "tenhou"}


@dataclass(frozen=True)
class Example:
    name: str
    argv: list[str]
    status: int
    says: str  # a fragment of the output (stdout and stderr)
    stdin: bytes = b""
    env: tuple[tuple[str, str], ...] = ()
    kind: str = "cli"
    seconds: float = SECONDS


# the folder _ids() names the examples in: nothing is written there
NOWHERE = Path("/nonexistent")


def _write(folder: Path, name: str, text: str | bytes) -> str:
    path = folder / name
    if folder.is_relative_to(NOWHERE):
        return str(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def _house(folder: Path, name: str, rules: str = "", **fields: object) -> str:
    data: dict[str, object] = {**HOUSE, **fields}
    if rules:
        _write(folder / name, "house.rules", rules)
        data["rules"] = ["house.rules"]
    _write(folder / name, "ruleset.json", json.dumps(data))
    return str(folder / name)


def _yaku(han: str, when: str = "closed") -> str:
    return f'yaku house "House" {{\n    han {han}\n    when {when}\n}}\n'


NOTEN_BY_ZERO = """override draw noten_payment "Noten payments" {
    when tenpai_count > 0
    gain 3000 / noten_count
    doc "Each tenpai player gains 3000 over the noten players."
    source "house"
}
"""


FIXTURES = Path(__file__).parents[1] / "records" / "fixtures"
XML = (FIXTURES / "synthetic_game.xml").read_text(encoding="utf-8")
TENHOU6 = (FIXTURES / "synthetic_game.json").read_text(encoding="utf-8")
MJSON = (FIXTURES / "synthetic_game.mjson").read_text(encoding="utf-8")
# Each fixture game has 2 hands and 2 wins, the mjai game's first win given only by its score
# changes; the mjlog and tenhou.net/6 games end after E1, which the rules play on from: one
# disagreement each (tests/records/test_mjlog.py, test_mjai.py, tests/cli/test_cli_replay.py).
GAMES = "3 games, 6 hands, 6 wins (1 checked only by their score changes): 2 disagreements, "


def _without_last_dahai() -> str:
    """The mjai fixture whose second hand ends in a ryukyoku right after a draw: its last
    win (a tsumo) replaced by a draw that no discard precedes (tests/records/test_mjai.py
    describes the fixture)."""
    lines = MJSON.splitlines()
    win = next(i for i, line in enumerate(lines) if line.startswith('{"type":"hora","actor":2'))
    lines[win] = '{"type":"ryukyoku","deltas":[0,0,0,0]}'
    return "\n".join(lines) + "\n"


def _folder_of_gzip(tmp: Path, name: str = "gz") -> str:
    for game in ("synthetic_game.xml", "synthetic_game.json", "synthetic_game.mjson"):
        _write(tmp / name, game + ".gz", gzip.compress((FIXTURES / game).read_bytes()))
    return str(tmp / name)


def _examples(tmp: Path) -> list[Callable[[], Example]]:
    """Each example, made (its files written under ``tmp``) when called: a test writes only
    its own (three are about 14 MB)."""
    win = json.dumps({"hand": PINFU, "win": "9s"}).encode()
    bomb = ["- id: bomb", "  a: &a [x,x,x,x,x,x,x,x,x]"] + [
        f"  {n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]" for n, p in zip("bcdefghi", "abcdefgh",
                                                                          strict=True)]
    return [
        # ---- score --batch
        lambda: Example("batch: a honba of 4,400 digits, then a good line",
                ["score", "--batch", "-", "--json"], 1, "2 lines: 1 scored, 1 could not be scored",
                b'{"hand": "' + PINFU.encode() + b'", "win": "9s", "honba": 1' + b"0" * 4400
                + b"}\n" + win.replace(b"}", b', "seat": "N"}') + b"\n"),
        lambda: Example("batch: a bare CR inside a line", ["score", "--batch", "-"], 0,
                "2: 3 han 30 fu, 5800", win.replace(b", ", b",\r ") + b"\n" + win + b"\n"),
        lambda: Example("batch: JSON nested 100,000 deep", ["score", "--batch", "-", "--json"], 1,
                "nest more than 64 deep", b"[" * 100_000 + b"\n" + win + b"\n"),
        lambda: Example("batch: an ASCII-only stdout", ["score", "--batch", "-"], 1, "\\xe9",
                json.dumps({"hand": "é", "win": "9s"}, ensure_ascii=False).encode() + b"\n",
                (("PYTHONIOENCODING", "ascii"),)),
        lambda: Example("batch: --jobs 2", ["score", "--batch", "-", "--jobs", "2", "--json"], 1,
                '"line": 2', win + b"\n{\n" + win + b"\n"),
        # ---- numbers and notations on the command line
        lambda: Example("--honba ٣", ["score", PINFU, "--honba", "٣"], 2, "not a whole number"),
        lambda: Example("--honba 1_0", ["score", PINFU, "--honba", "1_0"], 2, "not a whole number"),
        lambda: Example("5-555p as an added kan", ["score", "234m678p99m", "4-56s", "5-555p",
                                                   "--win", "8p", "--tsumo", "--rinshan"], 1,
                        "after the 3rd (555-5p)"),
        # ---- impossible wins (rulesets/base/situations.rules)
        lambda: Example("ippatsu with rinshan", ["score", "345p678p567s99s", "2222m", "--tsumo",
                                         "--riichi", "--ippatsu", "--rinshan", "--seat", "S"],
                1, "ippatsu and rinshan cannot both hold"),
        lambda: Example("tenhou with haitei", ["score", "123m456m789m123p99p", "--tsumo",
                                               "--tenhou", "--haitei"], 1,
                        "tenhou and haitei cannot both hold"),
        lambda: Example("chiihou with haitei", ["score", "123m456m789m123p99p", "--tsumo",
                                                "--chiihou", "--haitei", "--seat", "S"], 1,
                        "chiihou and haitei"),
        lambda: Example("renhou with houtei", ["score", "123m456m789m123p99p", "--renhou",
                                               "--houtei", "--seat", "S"], 1,
                        "renhou and houtei"),
        lambda: Example("renhou with chankan", ["score", "123m456m789m123p99p", "--win", "1p",
                                        "--renhou", "--chankan", "--seat", "S"], 1,
                "renhou and chankan"),
        lambda: Example("chankan of a held tile", ["score", "123m456m789m234p33p", "--win", "3p",
                                           "--chankan", "--seat", "S"], 1,
                "chankan with another copy"),
        lambda: Example("a first-turn win with two dora indicators",
                ["score", "123m456m789m123p99p", "--tsumo", "--tenhou", "--dora", "1z,2z"], 1,
                "tenhou with more than one dora indicator"),
        # ---- rule files
        lambda: Example("han 1 / 0", ["check", _write(tmp, "a/div.rules", _yaku("1 / 0"))], 1,
                "division by zero (1 / 0)"),
        lambda: Example("han 9^9^9^9", ["check", _write(tmp, "a/pow.rules", _yaku("9^9^9^9"))], 1,
                "an exponent above 64"),
        lambda: Example("han 2 ^ -1", ["check", _write(tmp, "a/neg.rules", _yaku("2 ^ -1"))], 1,
                "a negative exponent"),
        lambda: Example("han 2 ^ 100000",
                        ["check", _write(tmp, "a/big.rules", _yaku("2 ^ 100000"))], 1,
                        "an exponent above 64"),
        lambda: Example("500 'and'", ["check", _write(tmp, "a/and.rules", _yaku(
            "1", " and ".join(["closed"] * 500)))], 0, "ok: "),
        lambda: Example("3,000 '+'", ["check", _write(tmp, "a/plus.rules", _yaku(
            "+".join(["1"] * 3000)))], 1, "nests more than 100 deep"),
        lambda: Example("a string literal of 200,000 characters",
                ["check", _write(tmp, "a/str.rules", _yaku("1") + "# x\n" + _yaku(
                    "1").replace("house", "other").replace("}", f'doc "{"x" * 200_000}"\n}}'))],
                1, "a string of 200,000 characters"),
        lambda: Example("check A B C: a fault in B, and C is checked",
                ["check", _write(tmp, "a/one.rules", _yaku("1")), _write(
                    tmp, "a/two.rules", _yaku("1 / 0")), _write(tmp, "a/three.rules",
                                                                _yaku("2"))],
                1, "ok: " + str(tmp / "a" / "three.rules")),
        lambda: Example("14 / (count(tiles) - 14) at scoring",
                ["score", PINFU, "--win", "9s", "--ruleset", _house(
                    tmp, "fault", _yaku("14 / (count(tiles) - 14)"))], 1,
                "rule_fault: "),
        # the record gives no date, so it is replayed under each of the 4 eras of the new
        # house ruleset (it extends tenhou), each compiled first (about 0.1 s of CPU each: its
        # rules typed, the generated code written; the rule files are parsed once): 0.75-0.84 s
        # of CPU in all measured quiet (0.95 s beside other work), 0.4 s once the eras are kept
        # compiled
        lambda: Example("replay under a rule that divides by zero at scoring",
                ["replay", str(FIXTURES / "synthetic_game.xml"), "--ruleset", _house(
                    tmp, "fault2", _yaku("14 / (count(tiles) - 14)"))], 1,
                "division by zero (14 / 0)", seconds=2.0),
        # compare and conformance stop at the first case a rule has no value on (compare: the
        # first scoring case of the suite's second file, conformance/dora.yaml), loading no other
        # file: the ruleset compiled (about 0.15 s of CPU), each bundled ruleset's yaku ids
        # read from its kept program (the ids a case file may name), then two case files:
        # 0.44-0.49 s (compare) and 0.61-0.67 s (conformance) of CPU measured quiet, 0.77-0.78
        # s beside other work (the limits leave room for a loaded machine); they ran through
        # every case before (3.5-4.5 s, 200-odd "error rule_fault")
        lambda: Example("compare with a rule that divides by zero at scoring",
                ["compare", "tenhou", _house(tmp, "fault3", _yaku(
                    "14 / (count(tiles) - 14)"))], 1,
                "division by zero (14 / 0), met on case dora-indicator-nine-wraps-to-one",
                seconds=1.5),
        # noten_count is 0 where all four are tenpai at an exhaustive draw, which only the
        # referee cases meet, after every scoring case under both rulesets (about 1.3 s of
        # CPU): a referee case's fault was a traceback
        lambda: Example("compare with a table rule that divides by zero at a draw",
                ["compare", "tenhou", _house(tmp, "fault5", NOTEN_BY_ZERO)], 1,
                "division by zero (3000 / 0), met on case draw-exhaustive-all-tenpai",
                seconds=3.0),
        # conformance meets it earlier, in the first file (claims.yaml): a referee case whose
        # ron is allowed only with a yaku scores the closed hand (a fault there was taken for
        # "no yaku" before)
        lambda: Example("conformance with a rule that divides by zero at scoring",
                ["conformance", "--ruleset", _house(tmp, "fault4", _yaku(
                    "14 / (count(tiles) - 14)"))], 1,
                "division by zero (14 / 0), met on case claims-no-ron-without-a-yaku",
                seconds=1.5),
        # ---- rulesets
        lambda: Example("extends /proc/self/environ",
                ["check", _house(tmp, "leak", extends="/proc/self/environ")], 1,
                "is not a ruleset", env=(("RIICHI_SECRET", "hunter2"),)),
        lambda: Example("\"enabled\": false on riichi",
                ["check", _house(tmp, "noriichi", yaku={"riichi": {"enabled": False}})], 0,
                "ok: "),
        lambda: Example("\"enabled\": false on pinfu",
                ["check", _house(tmp, "nopinfu", yaku={"pinfu": {"enabled": False}})], 0,
                "ok: "),
        # ---- game records (riichi replay)
        lambda: Example("replay: a discard of tile id 136",
                ["replay", _write(tmp, "r/t136.xml", XML.replace("<E69/>", "<E136/>"))], 1,
                "tile id 136 is not 0..135"),
        lambda: Example("replay: an mjai log without the dahai before ryukyoku",
                ["replay", _write(tmp, "r/nodahai.mjson", _without_last_dahai())], 1,
                "1 disagreements"),
        lambda: Example("replay: JSON nested 1,000 deep",
                ["replay", _write(tmp, "r/deep.json", '{"log": ' + "[" * 1000 + "]" * 1000
                                  + "}")], 1, "nest more than 64 deep"),
        lambda: Example("replay: an integer of 4,400 digits",
                ["replay", _write(tmp, "r/digits.json", TENHOU6.replace(
                    "25000", "2" + "0" * 4400, 1))], 1, "a number of more than 4,300 digits"),
        lambda: Example("replay: a gzip bomb (about 100 KB for 100 MB)",
                ["replay", _write(tmp, "r/bomb.xml.gz", gzip.compress(b"\0" * (100 << 20)))],
                1, "more than 16 MB once decompressed"),
        # records within the 16 MB of a file, of tiny items: each is counted before it is
        # parsed (docs/limits.md); 60 MB of them took 131 s and 4.3 GB (mjlog), 38 s and 2 GB
        # (mjai) before
        lambda: Example("replay: an mjlog of 3,500,000 tags (about 14 MB)",
                ["replay", _write(tmp, "r/tags.xml", XML.replace(
                    "<E69/>", "<E69/>" + "<X/>" * 3_500_000, 1))], 1,
                "3,500,0"),
        lambda: Example("replay: an mjai log of 900,000 events (about 14 MB)",
                ["replay", _write(tmp, "r/events.mjson", MJSON + '{"type":"none"}\n'
                                  * 900_000)], 1,
                "more than the 50,000 a game record may hold"),
        lambda: Example("replay: a tenhou.net/6 log of 7,000,000 numbers (about 14 MB)",
                ["replay", _write(tmp, "r/numbers.json", TENHOU6.replace(
                    '"log":', '"pad":[' + "0," * 7_000_000 + '0],"log":', 1))], 1,
                "more than the 1,000,000 a game record may hold"),
        lambda: Example("replay: a folder's gzip records are read",
                ["replay", _folder_of_gzip(tmp)], 1, GAMES + "0 unreadable"),
        lambda: Example("replay: an AGARI whose ba (honba, sticks) was changed",
                ["replay", _write(tmp, "r/ba.xml", XML.replace('<AGARI ba="0,1"',
                                                               '<AGARI ba="5,1"'))], 1,
                "AGARI ba=5,1 (honba, riichi sticks) is not what is on the table"),
        lambda: Example("replay: a game without a hand",
                ["replay", _write(tmp, "r/empty.xml", XML[:XML.index("<INIT")]
                                  + "</mjloggm>\n")], 1, "the game has no hand"),
        lambda: Example("replay --jobs 2: good and bad files",
                ["replay", "--jobs", "2", _folder_of_gzip(tmp, "mixed"),
                 _write(tmp, "bad/bad.xml", XML.replace("<E69/>", "<E136/>"))], 1,
                GAMES + "1 unreadable"),
        lambda: Example("replay: billion laughs XML",
                ["replay", _write(tmp, "r/laughs.xml", '<?xml version="1.0"?><!DOCTYPE l ['
                                  '<!ENTITY a "aaaaaaaaaa">' + "".join(
                                      f'<!ENTITY {n} "{("&" + p + ";") * 10}">'
                                      for n, p in zip("bcdefghi", "abcdefgh", strict=True))
                                  + ']><mjloggm ver="2.3">&i;</mjloggm>')], 1, "laughs.xml: "),
        # ---- case files
        lambda: Example("a case file with a !!python tag",
                [_write(tmp, "c/python.yaml", "- id: x\n  a: !!python/object/apply:os.system "
                        "[echo pwned]\n")], 1, "python", kind="cases"),
        lambda: Example("a YAML alias bomb",
                        [_write(tmp, "c/bomb.yaml", "\n".join(bomb) + "\n")], 1,
                        "more than 200,000 values", kind="cases"),
        lambda: Example("a case file nested 100,000 deep, a bracket a line",
                [_write(tmp, "c/deep.yaml", "- x: " + "[\n" * 100_000)], 1,
                "lists and mappings nest more than 64 deep", kind="cases"),
        lambda: Example("a case file nested 100,000 deep on one line",
                [_write(tmp, "c/long.yaml", "- x: " + "[" * 100_000 + "\n")], 1,
                "a line of more than 4,000 characters", kind="cases"),
    ]


def _ids() -> list[str]:
    return [make().name for make in _examples(NOWHERE)]


@pytest.fixture(scope="module")
def _kept_programs() -> None:
    """The bundled rulesets, and tenhou in each of its eras, compiled into the tests' program
    cache (RIICHI_RULES_CACHE, tests/conftest.py), as after a first run: a case file is
    checked against the yaku the bundled rulesets declare, and a record without a date is
    replayed under each era of tenhou, which a command otherwise compiles first (about 3 s of
    CPU, once; the examples' times were those of whichever ran first)."""
    from riichi_rules.conformance.cases import known_yaku_ids
    from riichi_rules.rulesets.config import load_config
    from riichi_rules.scoring.scorer import program

    known_yaku_ids()
    tenhou = load_config("tenhou")
    for era in tenhou.eras():
        program(tenhou.at(era.day))


@pytest.mark.parametrize("index", range(len(_ids())), ids=_ids())
def test_a_hostile_input(tmp_path: Path, index: int, _kept_programs: None) -> None:
    example = _examples(tmp_path)[index]()
    env = {**os.environ, **dict(example.env), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", DRIVER, example.kind, json.dumps(example.argv)],
                          input=example.stdin, capture_output=True, timeout=120, check=False,
                          env=env)
    out = done.stdout.decode("utf-8", "replace")
    err, _, measure = done.stderr.decode("utf-8", "replace").rpartition("@@")
    assert "Traceback" not in out + err, err
    assert done.returncode == example.status, (out, err)
    assert example.says in out + err, (out, err)
    assert "hunter2" not in out + err
    spent = json.loads(measure)
    print(f"{example.name}: {spent['seconds']:.2f} s, {spent['megabytes']:.0f} MB")
    assert spent["seconds"] < example.seconds, spent
    assert spent["megabytes"] < MEGABYTES, spent
