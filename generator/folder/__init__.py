"""A game folder on disk: written all or nothing and one run at a time, the sheet cache
beside it, the one append-only table log, and pages written beside a table under its
locks."""
