"""sheetgen: YAML card and tile definitions in, everything a by-post host needs out."""

__version__ = "0.1.0"
