"""Finding a content pack and reading its YAML files, with every problem located.

A pack is a folder with a `pack.yaml` that names the rules module that knows its game
(`game: galaxy_trucker` -> `generator.games.galaxy_trucker`) and, for an expansion, the
pack it extends. The core never looks inside a game's data: it parses the files, computes
the content digest and hands the documents to the game module."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from generator.errors import ContentError, Problem, SheetgenError, display_path
from generator.validation import Strict, validate
from generator.yamlio import Document, load_document

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
PACK_FILE = "pack.yaml"
NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


class PackMeta(Strict):
    name: str = Field(pattern=NAME_PATTERN)
    title: str
    version: str
    game: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    extends: str | None = None
    edition: str | None = None
    notes: list[str] = Field(default_factory=list)


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
        return self.documents.get(stem)

    def chain(self) -> list[Pack]:
        """This pack and the packs it extends, the base first."""
        return [*(self.base.chain() if self.base else []), self]


def available_packs() -> list[str]:
    if not CONTENT_DIR.is_dir():
        return []
    return sorted(p.name for p in CONTENT_DIR.iterdir() if (p / PACK_FILE).is_file())


def resolve_pack_dir(ref: str) -> Path:
    """A pack folder path (a host's edited copy), else a pack name under content/."""
    as_path = Path(ref)
    if (as_path / PACK_FILE).is_file():
        return as_path
    if re.match(NAME_PATTERN, ref) and (CONTENT_DIR / ref / PACK_FILE).is_file():
        return CONTENT_DIR / ref
    known = ", ".join(available_packs()) or "none"
    raise SheetgenError(
        f"no pack {ref!r}: not a folder with {PACK_FILE}, nor a pack under content/ "
        f"(expected one of: {known}, or a folder path)"
    )


def load_pack(ref: str, _seen: tuple[Path, ...] = ()) -> Pack:
    """Parse every YAML file of a pack (and of the pack it extends). Raises ContentError
    with all parse problems; validation of the game's own data is the game module's job."""
    root = resolve_pack_dir(ref).resolve()
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
    if problems or meta is None:
        raise ContentError(problems)
    base = None
    if meta.extends:
        base = load_pack(meta.extends, (*_seen, root))
        digest.update(base.digest.encode())
    return Pack(
        root=root,
        meta=meta,
        documents=documents,
        meta_document=meta_doc,
        base=base,
        digest=digest.hexdigest(),
    )


def validate_files(
    pack: Pack, schemas: dict[str, type[BaseModel]]
) -> tuple[dict[str, tuple[Document, Any]], list[Problem]]:
    """Each of a game's files validated against its schema, with every problem located.
    A pack that extends another uses its own file where it has one, else the base pack's."""
    problems: list[Problem] = []
    models: dict[str, tuple[Document, Any]] = {}
    for stem, schema in schemas.items():
        doc = next((d for p in reversed(pack.chain()) if (d := p.document(stem))), None)
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


def snapshot(pack: Pack) -> list[tuple[str, bytes]]:
    """The pack's YAML files as they are now, to keep beside a game's output: a host can
    always re-render or verify the game exactly as it began (`--pack <game folder>/pack`),
    even after the shipped pack changes. An expansion's base is found by name as usual."""
    return [
        (f"{SNAPSHOT_DIR}/{path.name}", path.read_bytes())
        for path in sorted(pack.root.glob("*.yaml"))
    ]
