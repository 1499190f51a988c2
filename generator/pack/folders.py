"""Folder names of a pack's copies, light (no YAML, no pydantic) for the commands that only
look for them: a game folder's pack copy and, inside a pack, the copies of its bases."""

SNAPSHOT_DIR = "pack"  # a game folder's copy of its pack (pack/load.py: snapshot)
BASES_DIR = "extends"  # copies of the packs a pack extends, inside the pack's folder
