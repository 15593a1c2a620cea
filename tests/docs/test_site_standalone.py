"""`riichi docs build --ruleset PATH --site DIR`: a complete standalone site for a ruleset that
is not bundled (examples/house-rules, which extends tenhou), built by `mkdocs build --strict
-f DIR/mkdocs.yml` without a warning."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from riichi_rules import resources
from riichi_rules.cli import main

CLUB = resources.data_root() / "examples" / "house-rules"
MKDOCS = Path(sys.executable).with_name("mkdocs")


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CLUB.is_dir():
        pytest.skip("examples/house-rules is not here: not a source checkout")
    site = tmp_path_factory.mktemp("club") / "club-site"
    assert main(["docs", "build", "--ruleset", str(CLUB), "--site", str(site), "--no-search",
                 "--quiet"]) == 0
    return site


def test_the_site_has_its_own_config_and_pages(club_site: Path) -> None:
    text = (club_site / "mkdocs.yml").read_text(encoding="utf-8")
    config = json.loads(text.split("\n", 1)[1])  # after the comment line: JSON is YAML
    assert config["site_name"] == "Our club's house rules (Tenhou rules with local yaku)"
    docs = club_site / "docs"
    for page in ("index.md", "generated/rulesets/house-rules/yaku.md",
                 "generated/rulesets/house-rules/points.md",
                 "generated/rulesets/house-rules/furiten.md",
                 "generated/compare/tenhou-vs-house-rules.md", "generated/tiles/1m.svg",
                 "assets/riichi.css"):
        assert (docs / page).is_file(), page
    # the comparison with the ruleset it extends: the uma it changes (its ruleset.json:
    # 30/10/-10/-30 in place of tenhou's 20/10/-10/-20, rulesets/tenhou/ruleset.json)
    pair = (docs / "generated/compare/tenhou-vs-house-rules.md").read_text(encoding="utf-8")
    assert "| Uma <br>`uma` | 20, 10, -10, -20 | 30, 10, -10, -30 |" in pair


def test_mkdocs_build_strict_is_clean(club_site: Path, tmp_path: Path) -> None:
    if not MKDOCS.exists():
        pytest.skip(f"mkdocs is not installed next to {sys.executable} (pip install -e '.[test]')")
    run = subprocess.run(
        [str(MKDOCS), "build", "--strict", "-f", str(club_site / "mkdocs.yml"),
         "--site-dir", str(tmp_path / "html")],
        capture_output=True, text=True, timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stderr, run.stderr
    yaku = (tmp_path / "html/generated/rulesets/house-rules/yaku.html").read_text(
        encoding="utf-8")
    assert 'class="tile"' in yaku and "Daisharin" in yaku


def test_site_needs_one_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "build", "--site", str(tmp_path / "s")]) == 2
    assert "--site writes the site of one ruleset" in capsys.readouterr().err
