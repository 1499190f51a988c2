"""The Keep on Trucking flight engine: Galaxy Trucker's flight with the expansion's tiles,
cards and titles (engine.py), its bot and balance check, and the balance references
(reference-<ships>-<difficulty>.json) that `sheetgen game` compares a seed with."""
