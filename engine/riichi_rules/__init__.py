"""riichi-rules: the rules of Japanese Riichi Mahjong as data."""

__version__ = "0.1.0"
