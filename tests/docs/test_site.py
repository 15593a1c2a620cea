"""The documentation site: `mkdocs build --strict` passes with the generated pages, and the
built pages look right in a browser (headless Chromium: a screenshot that is not blank, tile
pictures in the HTML). The site is built without the searched sections (RIICHI_DOCS_NO_SEARCH:
they cost two minutes of CPU); the rulebook of tests/docs/conftest.py has them, and the tests
of tests/docs read it.

Chromium is the Debian package `chromium` (`apt-get install -y chromium`, which .ci/run does);
without it the browser tests are skipped, and in CI (CI=true) they fail: a skipped check is not
a passed one. Set RIICHI_SCREENSHOT_DIR to keep the screenshots."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from built_once import built_once
from riichi_rules import resources

ROOT = resources.data_root()
MKDOCS = Path(sys.executable).with_name("mkdocs")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (ROOT / "mkdocs.yml").is_file():
        pytest.skip("no mkdocs.yml: not a source checkout")
    if not MKDOCS.exists():
        pytest.skip(f"mkdocs is not installed next to {sys.executable} (pip install -e '.[test]')")

    def build(out: Path) -> None:
        run = subprocess.run(
            [str(MKDOCS), "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
             "--site-dir", str(out)],
            cwd=ROOT, capture_output=True, text=True, timeout=600,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "RIICHI_DOCS_NO_SEARCH": "1"},
        )
        assert run.returncode == 0, run.stdout + run.stderr

    return built_once(tmp_path_factory, "site", build)


def test_mkdocs_build_strict_passes(site: Path) -> None:
    for page in ("index.html", "language.html", "generated/index.html",
                 "generated/rulesets/ema-2016/yaku.html", "generated/compare/index.html",
                 "generated/compare/ema-2016-vs-ema-2025.html",
                 "generated/rulesets/tenhou/points.html"):
        assert (site / page).is_file(), page


def test_the_yaku_page_shows_tile_pictures(site: Path) -> None:
    html = (site / "generated/rulesets/ema-2016/yaku.html").read_text(encoding="utf-8")
    assert 'class="tile"' in html and 'src="../../tiles/' in html
    assert (site / "generated/tiles/1m.svg").is_file()
    assert "the pair is not a value tile, and the wait is two-sided" in html


def _png_pixels(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB/RGBA PNG (unfiltered)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + b) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def _screenshot(page: Path, shot: Path) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        why = "headless Chromium is not installed (Debian: apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}: .ci/run installs it")
        pytest.skip(why)
    # no background connections (the machine has no network) and a profile of its own
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={shot.parent / 'chromium-profile'}",
         f"--screenshot={shot}", "--window-size=1280,2000", page.as_uri()],
        capture_output=True, timeout=120, check=False,
    )
    assert shot.is_file(), f"no screenshot of {page}"
    keep = os.environ.get("RIICHI_SCREENSHOT_DIR")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)


def _assert_not_blank(shot: Path) -> None:
    width, height, rows = _png_pixels(shot)
    assert (width, height) == (1280, 2000)
    # the most common pixel is the background; a rendered page has plenty of others
    sample = [row[x:x + 3] for row in rows[::8] for x in range(0, len(row), 3 * 8)]
    background = max(set(sample), key=sample.count)
    other = sum(1 for p in sample if p != background) / len(sample)
    assert other > 0.03, f"{shot.name}: {other:.1%} of the pixels differ from the background"


def test_a_pair_page_and_a_table_rule_page_are_built(site: Path) -> None:
    pair = (site / "generated/compare/ema-2016-vs-ema-2025.html").read_text(encoding="utf-8")
    # conformance/limits.yaml: 3 han 60 fu, 7700 without kiriage (EMA 2016), 8000 with it
    # (EMA 2025, variants.md #12)
    assert "limit-3-han-60-fu-kiriage" in pair and "3 han 60 fu: 8000" in pair
    claims = (site / "generated/rulesets/ema-2016/claims.html").read_text(encoding="utf-8")
    # EMA 2016 §3.3.3: a chow only from the player on the left
    assert "the tile comes from the player on the left" in claims


@pytest.mark.parametrize("page", ["generated/rulesets/ema-2016/yaku.html",
                                  "generated/compare/index.html",
                                  "generated/compare/ema-2016-vs-ema-2025.html",
                                  "generated/rulesets/ema-2016/claims.html"])
def test_pages_render_in_a_browser(site: Path, tmp_path: Path, page: str) -> None:
    shot = tmp_path / (page.replace("/", "_").replace(".html", ".png"))
    _screenshot(site / page, shot)
    _assert_not_blank(shot)
