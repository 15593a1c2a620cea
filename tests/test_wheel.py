"""The built wheel works on its own: build it, install it in a fresh venv, and run the
installed `riichi` from outside the source tree (so the grammar and the rulesets must come
from the wheel, riichi_rules/_data, not from the checkout).

Slow (a wheel build, a venv, an install: ~15-60 s) but run by default: the wheel is what
users get. Deselect with ``-m "not slow"``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def _run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PYTHONNOUSERSITE"] = "1"
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)
    return done


def _build_wheel(out: Path) -> Path:
    command = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
    if importlib.util.find_spec("hatchling") is not None:
        command.append("--no-isolation")  # the backend is here: no download, faster
    done = _run(command, ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = out.glob("riichi_rules-*.whl")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (its dependencies from the package index);
    returns the venv's bin folder."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed (pip install -e '.[test]')")
    tmp = tmp_path_factory.mktemp("wheel")
    wheel = _build_wheel(tmp / "dist")
    names = zipfile.ZipFile(wheel).namelist()
    assert "riichi_rules/_data/grammar/riichi.lark" in names
    assert "riichi_rules/_data/rulesets/ema-2016/ruleset.json" in names
    assert "riichi_rules/_data/rulesets/base/yaku.rules" in names
    assert "riichi_rules/_data/rulesets/schema/ruleset.schema.json" in names
    venv = tmp / "venv"
    done = _run([sys.executable, "-m", "venv", str(venv)], tmp)
    assert done.returncode == 0, done.stderr
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    done = _run([str(bin_dir / "python"), "-m", "pip", "install", "-q",
                 "--disable-pip-version-check", str(wheel)], tmp)
    assert done.returncode == 0, done.stdout + done.stderr
    return bin_dir


def test_installed_package_is_the_wheel(installed: Path, tmp_path: Path) -> None:
    code = ("import riichi_rules, riichi_rules.resources as r; "
            "print(riichi_rules.__file__); print(r.data_root())")
    done = _run([str(installed / "python"), "-c", code], tmp_path)
    assert done.returncode == 0, done.stderr
    module_file, data_root = done.stdout.splitlines()
    venv = installed.parent.resolve()
    assert Path(module_file).resolve().is_relative_to(venv)
    assert Path(data_root).resolve().is_relative_to(venv)
    assert Path(data_root).name == "_data"


def test_installed_riichi_score(installed: Path, tmp_path: Path) -> None:
    # 22p 234p 123s 456s 789s, tsumo on 9s by the south seat (non-dealer), EMA 2016:
    #   menzen tsumo 1 + pinfu 1 (all chows, 2p pair, 7-8s two-sided) + ittsu closed 2
    #   (123s 456s 789s) = 4 han; pinfu tsumo = 20 fu (no self-draw fu with pinfu).
    #   basic = 20 x 2^(4+2) = 1280; the dealer pays 2 x 1280 = 2560 -> 2600, the two other
    #   non-dealers 1280 -> 1300 each: 2600 + 1300 + 1300 = 5200 (EMA 2016 §4 scoring
    #   table: 4 han 20 fu, non-dealer tsumo 1300/2600).
    done = _run([str(installed / "riichi"), "score", "22p234p123s456s789s", "--win", "9s",
                 "--tsumo", "--seat", "S", "--json"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout)
    assert (result["han"], result["fu"], result["yakuman"], result["limit"]) == (4, 20, 0, None)
    assert {y["id"]: y["han"] for y in result["yaku"]} == {
        "menzen_tsumo": 1, "pinfu": 1, "ittsu": 2}
    points = result["points"]
    assert points["total"] == 5200
    assert sorted((p["from"], p["points"]) for p in points["payments"]) == [
        ("E", 2600), ("N", 1300), ("W", 1300)]


def test_installed_riichi_check(installed: Path, tmp_path: Path) -> None:
    done = _run([str(installed / "riichi"), "check", "ema-2016"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("ok: ema-2016: ")
    # a rule file with a mistake, checked by the installed command
    (tmp_path / "house.rules").write_text(
        'yaku all_chows "All chows" {\n    han 1 closed\n    when every set is chwo\n}\n',
        encoding="utf-8")
    done = _run([str(installed / "riichi"), "check", "house.rules"], tmp_path)
    assert done.returncode == 1
    assert "house.rules:3:23: unknown name 'chwo'" in done.stdout
    assert "hint: did you mean 'chow'?" in done.stdout
    assert "Traceback" not in done.stderr


def test_the_version_is_pyprojects() -> None:
    """riichi_rules.version (read without importlib.metadata) says what pyproject.toml says."""
    import tomllib

    from riichi_rules.version import __version__

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text("utf-8"))
    assert __version__ == project["project"]["version"]
