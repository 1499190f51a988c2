"""Finding a content pack and reading its YAML files, with every problem located.

A pack is a folder with a `pack.yaml` that names the rules module that knows its game
(`game: some_game` -> `generator.games.some_game`) and, for an expansion, the pack it
extends (`extends: some-pack`, or a folder path relative to the pack's own folder). An
expansion inherits every file of its base, its own files adding or replacing entries by id
(packmerge.py). The core never looks inside a game's data: it parses the
files, computes the content digest over the whole chain and hands the merged documents to
the game module.

A pack folder may carry copies of its bases in `extends/<name>/`: a game folder's `pack/`
does, so a running game never depends on what content/ holds later."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from generator.errors import ContentError, Problem, SheetgenError, display_path
from generator.packmerge import merge_documents
from generator.validation import Strict, validate
from generator.yamlio import Document, load_document

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
PACK_FILE = "pack.yaml"
BASES_DIR = "extends"  # copies of the packs a pack extends, inside the pack's folder
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


class PackMeta(Strict):
    name: str = Field(pattern=NAME_PATTERN)
    title: str
    version: str
    game: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    extends: str | None = None
    edition: str | None = None
    notes: list[str] = Field(default_factory=list)
    # The pack commands use when none is named; one shipped pack says so.
    default: bool = False


@dataclass
class Pack:
    """One loaded pack: its metadata, its parsed documents and those of the pack it extends."""

    root: Path
    meta: PackMeta
    documents: dict[str, Document]
    meta_document: Document | None = None
    base: Pack | None = None
    digest: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.meta.name

    def document(self, stem: str) -> Document | None:
        """The file `stem` as the game sees it: the base's, with this pack's entries merged."""
        own = self.documents.get(stem)
        inherited = self.base.document(stem) if self.base else None
        if inherited is None or own is None:
            return own or inherited
        return merge_documents(inherited, own)

    def chain(self) -> list[Pack]:
        """This pack and the packs it extends, the base first."""
        return [*(self.base.chain() if self.base else []), self]


def available_packs() -> list[str]:
    if not CONTENT_DIR.is_dir():
        return []
    return sorted(p.name for p in CONTENT_DIR.iterdir() if (p / PACK_FILE).is_file())


def default_pack() -> str:
    """The shipped pack marked `default: true`, for commands run without --pack."""
    for name in available_packs():
        path = CONTENT_DIR / name / PACK_FILE
        doc, _ = load_document(path, display_path(path))
        if doc is not None and isinstance(doc.data, dict) and doc.data.get("default") is True:
            return name
    known = ", ".join(available_packs()) or "none"
    raise SheetgenError(f"no default pack under content/: name one (expected one of: {known})")


def resolve_pack_dir(ref: str, extended_by: Path | None = None) -> Path:
    """A pack folder path (a host's edited copy), else a pack name under content/.

    For the `extends:` of the pack in folder `extended_by`: a name is looked for in that
    pack's bundled copies (`extends/<name>/`) and then under content/; a path (anything
    that is not a plain name) is relative to that pack's folder, never to the shell's."""
    is_name = re.match(NAME_PATTERN, ref) is not None
    if extended_by is None:
        candidates = [Path(ref)]
    else:
        key = ref if is_name else (extended_by / ref).resolve().name
        candidates = [extended_by / BASES_DIR / key]
        if not is_name:
            candidates.append(extended_by / ref)
    if is_name:
        candidates.append(CONTENT_DIR / ref)
    for candidate in candidates:
        if (candidate / PACK_FILE).is_file():
            return candidate
    known = ", ".join(available_packs()) or "none"
    raise SheetgenError(
        f"no pack {ref!r}: not a folder with {PACK_FILE}, nor a pack under content/ "
        f"(expected one of: {known}, or a folder path)"
    )


def load_pack(ref: str, _seen: tuple[Path, ...] = (), _extended_by: Path | None = None) -> Pack:
    """Parse every YAML file of a pack (and of the packs it extends). Raises ContentError
    with all parse problems of the whole chain; validation of the game's own data is the
    game module's job."""
    root = resolve_pack_dir(ref, _extended_by).resolve()
    if root in _seen:
        chain = " -> ".join(p.name for p in (*_seen, root))
        raise SheetgenError(f"packs extend each other in a loop: {chain}")
    problems: list[Problem] = []
    documents: dict[str, Document] = {}
    digest = hashlib.sha256()
    for path in sorted(root.glob("*.yaml")):
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
        doc, found = load_document(path, display_path(path))
        problems += found
        if doc is not None:
            documents[path.stem] = doc
    meta_doc = documents.pop("pack", None)
    meta = None
    if meta_doc is not None:
        meta, found = validate(meta_doc, PackMeta)
        problems += found
    base = None
    if meta is not None and meta.extends:
        try:
            base = load_pack(meta.extends, (*_seen, root), root)
        except ContentError as exc:
            problems += exc.problems
        except SheetgenError as exc:
            assert meta_doc is not None
            problems.append(meta_doc.problem(("extends",), str(exc)))
        if base is not None and base.meta.game not in _games_of(meta.game):
            assert meta_doc is not None
            problems.append(
                meta_doc.problem(
                    ("game",),
                    f"got {meta.game!r} (expected {base.meta.game!r}, the game of the "
                    f"pack it extends, {base.name})",
                )
            )
        if base is not None:
            digest.update(base.digest.encode())
    if problems or meta is None:
        raise ContentError(problems)
    return Pack(
        root=root,
        meta=meta,
        documents=documents,
        meta_document=meta_doc,
        base=base,
        digest=digest.hexdigest(),
    )


def _games_of(game: str) -> tuple[str, ...]:
    """The game modules a pack of rules module `game` may extend: its own, and the one its
    module says it builds on (`BASE_GAME`: Keep on Trucking's rules extend Galaxy
    Trucker's)."""
    import importlib

    try:
        module = importlib.import_module(f"generator.games.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"generator.games.{game}":
            raise
        return (game,)
    base = getattr(module, "BASE_GAME", None)
    return (game, base) if isinstance(base, str) else (game,)


def validate_files(
    pack: Pack, schemas: dict[str, type[BaseModel]]
) -> tuple[dict[str, tuple[Document, Any]], list[Problem]]:
    """Each of a game's files validated against its schema, with every problem located.
    A pack that extends another sees the base's files with its own entries merged in."""
    problems: list[Problem] = []
    models: dict[str, tuple[Document, Any]] = {}
    for stem, schema in schemas.items():
        doc = pack.document(stem)
        if doc is None:
            shown = display_path(pack.root / f"{stem}.yaml")
            problems.append(Problem(shown, 0, "", "file is missing"))
            continue
        model, found = validate(doc, schema)
        problems += found
        if model is not None:
            models[stem] = (doc, model)
    return models, problems


SNAPSHOT_DIR = "pack"


def snapshot(pack: Pack, folder: str = SNAPSHOT_DIR) -> list[tuple[str, bytes]]:
    """The YAML files of the pack and of every pack it extends, as they are now, to keep
    beside a game's output: a host can always re-render or verify the game exactly as it
    began (`--pack <game folder>/pack`), even after the shipped packs change. The bases go
    to `extends/<name>/`, where `extends:` finds them first; the bytes are copied as they
    are, so the content digest of the copy is the digest of the game."""
    files = [
        (f"{folder}/{path.name}", path.read_bytes()) for path in sorted(pack.root.glob("*.yaml"))
    ]
    if pack.base is not None:
        files += snapshot(pack.base, f"{folder}/{BASES_DIR}/{pack.base.root.name}")
    return files
