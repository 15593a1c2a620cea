"""The package's version, as pyproject.toml gives it (tests/test_wheel.py keeps the two
equal): read by ``riichi --version`` and by the keys of what is kept between runs, without
the cost of ``importlib.metadata``."""

__version__ = "0.1.0"
