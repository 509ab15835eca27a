"""The classroom's pages, one module per subject; access.py holds the lookups they all start from."""
