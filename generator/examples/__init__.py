"""Commented example game files, one per shipped pack, that `sheetgen new PACK` fills with a
fresh secret seed and a start date and writes for the host to edit (game_file.py). They ship
with the package: an installed sheetgen has no checkout and no seeds/ folder."""
