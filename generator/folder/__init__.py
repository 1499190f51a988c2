"""A game folder on disk: written all or nothing, read once, the sheet cache beside it, and
the one append-only table log with its snapshots."""
