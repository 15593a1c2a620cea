"""`riichi docs pdf`: the printable rulebook of a ruleset that is not bundled (the example club
ruleset, examples/house-rules, which extends tenhou). Its pages are rendered to images
(pypdfium2, no browser) and each must show something; the table of contents names the
chapters, the yaku page among them, with their page numbers."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from riichi_rules import resources
from riichi_rules.cli import main

CLUB = resources.data_root() / "examples" / "house-rules"


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CLUB.is_dir():
        pytest.skip("examples/house-rules is not here: not a source checkout")
    out = tmp_path_factory.mktemp("pdf") / "club.pdf"
    assert main(["docs", "pdf", str(CLUB), "--out", str(out), "--quiet"]) == 0
    return out


_DARK = bytes(range(200))  # grey levels counted as ink


def _ink(page: object) -> float:
    """The share of a page's pixels (rendered at 40 dpi, grey) that are not white."""
    bitmap = page.render(scale=40 / 72, grayscale=True)  # type: ignore[attr-defined]
    data = bytes(bitmap.buffer)
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    pixels = b"".join(data[y * stride:y * stride + width] for y in range(height))
    return (len(pixels) - len(pixels.translate(None, _DARK))) / len(pixels)


def test_every_page_renders_and_shows_something(book: Path) -> None:
    pdf = pdfium.PdfDocument(str(book))
    assert len(pdf) > 10
    blank = [index + 1 for index in range(len(pdf)) if _ink(pdf[index]) < 0.002]
    assert not blank, f"blank pages: {blank}"


def test_the_table_of_contents_names_the_chapters_with_page_numbers(book: Path) -> None:
    pdf = pdfium.PdfDocument(str(book))
    contents = pdf[1].get_textpage().get_text_range()
    assert contents.startswith("Contents")
    name = "Our club's house rules (Tenhou rules with local yaku)"  # its ruleset.json "name"
    for chapter in (f"Yaku — {name}", f"Fu — {name}", f"Points table — {name}",
                    f"Furiten — {name}", "Tenhou and Our club's house rules", "Vocabulary"):
        line = next((x for x in contents.splitlines() if x.startswith(chapter)), None)
        assert line is not None, f"{chapter!r} is not in the contents"
        # a leader and the chapter's page number
        assert line.rstrip()[-1].isdigit(), line
    # the yaku chapter's sections: the yaku, the yakuman and the dora
    assert "Yakuman" in contents and "Dora" in contents


def test_the_yaku_chapter_shows_the_house_yaku_and_tile_pictures(book: Path) -> None:
    pdf = pdfium.PdfDocument(str(book))
    text = "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    # the three local yaku the club switches on (examples/house-rules/README.md)
    for yaku in ("Daisharin", "Sanrenkou", "Renhou"):
        assert yaku in text, yaku
    # the pictures: the yaku chapter's examples draw each hand with the tile SVGs, which
    # WeasyPrint embeds as images (a page of examples has far more ink than one of text)
    images = sum(1 for i in range(len(pdf)) for obj in pdf[i].get_objects()
                 if obj.type in (pdfium.raw.FPDF_PAGEOBJ_IMAGE, pdfium.raw.FPDF_PAGEOBJ_FORM))
    assert images > 100


def test_a_ruleset_that_does_not_load_is_said(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ruleset.json").write_text('{"id": "x", "extends": "no-such-ruleset"}',
                                           encoding="utf-8")
    assert main(["docs", "pdf", str(tmp_path), "--out", str(tmp_path / "x.pdf")]) == 1
    assert "no-such-ruleset" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_a_bundled_rulesets_book_renders(tmp_path: Path) -> None:
    # the other book: a bundled ruleset (ema-2016), every page with something on it
    out = tmp_path / "ema-2016.pdf"
    assert main(["docs", "pdf", "ema-2016", "--out", str(out), "--quiet"]) == 0
    pdf = pdfium.PdfDocument(out)
    assert len(pdf) >= 5
    assert all(_ink(pdf[k]) > 0.001 for k in range(len(pdf)))
