"""The Keep on Trucking flight engine, an extension of Galaxy Trucker's
(generator/games/galaxy_trucker/flight/): its builder, account, search, legality check,
fights and balance check subclass or call the base engine's, adding the expansion's tiles,
cards, cyan abilities and titles (engine.py), and the balance references
(reference-<ships>-<difficulty>.json) that `sheetgen game` compares a seed with."""
