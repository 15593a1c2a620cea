"""Where the shared Tenhou corpus lives (``../shared`` beside the project, not part of the
repository), and the mark that skips a test, saying why, when it is not there."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TENHOU = SHARED / "data" / "tenhou"


def need_corpus(path: Path = TENHOU) -> pytest.MarkDecorator:
    """Skip unless ``path`` (a folder or file of the corpus) is there."""
    return pytest.mark.skipif(
        not path.exists(),
        reason=f"the Tenhou corpus is not here ({path}): it lives in the shared data folder "
        "beside the project (../shared), which is not part of the repository",
    )
