"""What a rule difference does to real play: every recorded win rescored under two rulesets,
by cause (wins.py, on the wins corpus.py reads), and whole games settled under two rulesets,
with the final standings of each (standings.py)."""
