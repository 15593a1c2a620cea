"""The rulebook build owns only the files it wrote (issue #15: "`docs build` writes only files
it owns (a manifest), never deletes others"; "`riichi docs build --out DIR` deletes the user's
own `*.md` files under `DIR/{rulesets,compare,source}` (through a symlink too)")."""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi_rules.cli import main
from riichi_rules.docs.owned import MANIFEST, OutputClash, owned_files, write_owned


def _user_files(root: Path) -> dict[Path, str]:
    """A user's own pages where the rulebook's go, and beside them."""
    files = {root / "rulesets" / "mine.md": "# my notes on our rules\n",
             root / "rulesets" / "ema-2016" / "ours.md": "# our club's page\n",
             root / "compare" / "thoughts.md": "# thoughts\n",
             root / "source" / "rulesets" / "draft.md": "# a draft\n",
             root / "notes.txt": "keep me\n"}
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return files


def _kept(files: dict[Path, str]) -> None:
    for path, text in files.items():
        assert path.read_text(encoding="utf-8") == text, path


def test_a_later_write_removes_only_the_files_the_earlier_one_wrote(tmp_path: Path) -> None:
    mine = _user_files(tmp_path)
    write_owned(tmp_path, {"rulesets/a/index.md": "a\n", "compare/a-vs-b.md": "ab\n"})
    assert owned_files(tmp_path) == {"rulesets/a/index.md", "compare/a-vs-b.md"}
    write_owned(tmp_path, {"rulesets/b/index.md": "b\n"})
    assert not (tmp_path / "rulesets/a/index.md").exists()
    assert not (tmp_path / "compare/a-vs-b.md").exists()
    assert not (tmp_path / "rulesets/a").exists()  # the folder it left empty
    assert (tmp_path / "rulesets/b/index.md").read_text(encoding="utf-8") == "b\n"
    assert owned_files(tmp_path) == {"rulesets/b/index.md"}
    _kept(mine)


def test_a_file_not_the_builds_where_a_page_goes_stops_it(tmp_path: Path) -> None:
    mine = _user_files(tmp_path)
    with pytest.raises(OutputClash) as raised:
        write_owned(tmp_path, {"index.md": "new\n", "rulesets/mine.md": "generated\n"})
    assert raised.value.clashes == ("rulesets/mine.md",)
    message = raised.value.message
    assert str(tmp_path / "rulesets/mine.md") in message
    assert "nothing was written" in message
    assert "Move it out of the way, or pick another output folder" in message
    assert not (tmp_path / "index.md").exists()
    assert not (tmp_path / MANIFEST).exists()
    _kept(mine)


def test_a_symlink_where_a_page_goes_is_never_written_through(tmp_path: Path) -> None:
    precious = tmp_path / "precious.md"
    precious.write_text("mine\n", encoding="utf-8")
    out = tmp_path / "out"
    write_owned(out, {"index.md": "v1\n"})
    (out / "index.md").unlink()
    (out / "index.md").symlink_to(precious)  # put there after the build: still not its own
    with pytest.raises(OutputClash):
        write_owned(out, {"index.md": "v2\n"})
    assert precious.read_text(encoding="utf-8") == "mine\n"


def test_pages_through_a_symlinked_folder_leave_its_other_files(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    mine = _user_files(theirs)
    out = tmp_path / "out"
    out.mkdir()
    (out / "rulesets").symlink_to(theirs / "rulesets")
    write_owned(out, {"rulesets/a/index.md": "a\n"})
    write_owned(out, {"rulesets/b/index.md": "b\n"})
    assert not (theirs / "rulesets/a/index.md").exists()
    _kept(mine)


def test_a_manifest_naming_files_outside_the_folder_removes_none(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("mine\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).write_text(f"../outside.md\n{outside}\n", encoding="utf-8")
    write_owned(out, {"index.md": "a\n"})
    assert outside.read_text(encoding="utf-8") == "mine\n"
    assert owned_files(out) == {"index.md"}


def test_a_file_already_as_the_build_writes_it_is_taken_over(tmp_path: Path) -> None:
    # the pages of a build made before the manifest existed: nothing of anyone's is lost
    (tmp_path / "index.md").write_text("same\n", encoding="utf-8")
    write_owned(tmp_path, {"index.md": "same\n"})
    assert owned_files(tmp_path) == {"index.md"}


def test_docs_build_keeps_the_users_files(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "book"
    mine = _user_files(out)
    theirs = _user_files(tmp_path / "elsewhere")
    (out / "linked").symlink_to(tmp_path / "elsewhere" / "compare")
    assert main(["docs", "build", "--out", str(out), "--ruleset", "ema-2016",
                 "--no-search", "--quiet"]) == 0
    assert (out / "rulesets/ema-2016/yaku.md").is_file()
    assert main(["docs", "build", "--out", str(out), "--ruleset", "tenhou",
                 "--no-search", "--quiet"]) == 0
    assert not (out / "rulesets/ema-2016/yaku.md").exists()  # the earlier build's page
    assert (out / "rulesets/tenhou/yaku.md").is_file()
    _kept(mine)
    _kept(theirs)
    capsys.readouterr()
    # a page of the user's where the build writes one: refused, not overwritten
    (out / "rulesets/tenhou/yaku.md").unlink()
    (out / "index.md").write_text("# my own home page\n", encoding="utf-8")
    (out / "rulesets/tenhou/yaku.md").write_text("# my yaku\n", encoding="utf-8")
    owned = (out / MANIFEST).read_text(encoding="utf-8")
    (out / MANIFEST).write_text(owned.replace("\nindex.md\n", "\n"), encoding="utf-8")
    assert main(["docs", "build", "--out", str(out), "--ruleset", "tenhou",
                 "--no-search", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"riichi docs: {out}: 1 file this build would write is not one" in err
    assert str(out / "index.md") in err and "pick another output folder" in err
    assert "Traceback" not in err
    assert (out / "index.md").read_text(encoding="utf-8") == "# my own home page\n"
    # nothing was written, not even over the pages the earlier build wrote
    assert (out / "rulesets/tenhou/yaku.md").read_text(encoding="utf-8") == "# my yaku\n"


def test_docs_build_site_keeps_the_users_files(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    mine = _user_files(site / "docs" / "generated")
    (site / "README.md").write_text("# our club's site\n", encoding="utf-8")
    mine[site / "README.md"] = "# our club's site\n"
    (site / "docs" / "index.md").write_text("# my home page\n", encoding="utf-8")
    assert main(["docs", "build", "--ruleset", "ema-2016", "--site", str(site),
                 "--no-search", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert str(site / "docs" / "index.md") in err and "nothing was written" in err
    assert not (site / "mkdocs.yml").exists()
    (site / "docs" / "index.md").unlink()
    assert main(["docs", "build", "--ruleset", "ema-2016", "--site", str(site),
                 "--no-search", "--quiet"]) == 0
    assert (site / "mkdocs.yml").is_file()
    assert "docs/generated/rulesets/ema-2016/yaku.md" in owned_files(site)
    _kept(mine)


def test_docs_build_into_a_file_is_a_usage_error(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "book.md"
    target.write_text("mine\n", encoding="utf-8")
    assert main(["docs", "build", "--out", str(target), "--ruleset", "ema-2016",
                 "--no-search"]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "mine\n"
