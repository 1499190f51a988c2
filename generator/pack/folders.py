"""Names of packs and of a pack's copies, light (no YAML, no content models) for the commands that
only look for them: a game folder's pack copy and, inside a pack, the copies of its bases."""

SNAPSHOT_DIR = "pack"  # a game folder's copy of its pack (pack/load.py: snapshot)
BASES_DIR = "extends"  # copies of the packs a pack extends, inside the pack's folder
# A pack's name (pack.yaml's `name:`, the `--pack` a command is given). It goes into folder
# and file names; 64 leaves room within any file system's 255-byte limit for the rest.
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*\Z"
MAX_NAME_LENGTH = 64
