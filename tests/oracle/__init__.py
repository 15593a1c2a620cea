"""Differential testing against the ``mahjong`` package (PyPI), a test-only oracle."""
