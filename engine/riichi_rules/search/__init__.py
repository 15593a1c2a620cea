"""Differences found, not only listed: where two rulesets score or referee differently
(differences.py, table_differences.py), why (causes.py, table_causes.py), and a witness for
every rule (witness.py, table_witness.py)."""
