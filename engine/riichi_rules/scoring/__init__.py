"""Scoring a win: compile a ruleset's scoring rules, read the hand, keep the best result."""
