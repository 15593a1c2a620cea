"""Readers of other programs' game records (Tenhou first)."""

from riichi_rules.records.tenhou_agari import (
    TENHOU_YAKU,
    TENHOU_YAKUMAN,
    RecordedScore,
    TenhouRecordError,
    meld_json,
    recorded_score,
    tenhou_yaku,
    tenhou_yakuman,
    tile_from_136,
    to_win,
    win_json,
)

__all__ = [
    "TENHOU_YAKU",
    "TENHOU_YAKUMAN",
    "RecordedScore",
    "TenhouRecordError",
    "meld_json",
    "recorded_score",
    "tenhou_yaku",
    "tenhou_yakuman",
    "tile_from_136",
    "to_win",
    "win_json",
]
