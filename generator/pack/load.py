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
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from generator.common.errors import ContentError, Problem, SheetgenError, abridge, display_path
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.pack.document import MAX_FILE_BYTES, Document
from generator.pack.folders import BASES_DIR as BASES_DIR
from generator.pack.folders import NAME_PATTERN as NAME_PATTERN
from generator.pack.folders import SNAPSHOT_DIR as SNAPSHOT_DIR
from generator.pack.merge import merge_documents

if TYPE_CHECKING:
    from generator.pack.meta import PackMeta


def _shipped_packs() -> Path:
    """Where the game packs are: content/ of a checkout (the packs' source, edited there), or
    the copy an installed sheetgen carries as generator/packs/ (setup.py puts it there)."""
    here = Path(__file__).resolve().parents[1]  # the generator package
    source = here.parent / "content"
    if (here.parent / "pyproject.toml").is_file() and source.is_dir():
        return source
    return here / "packs"


CONTENT_DIR = _shipped_packs()
PACK_FILE = "pack.yaml"
MAX_PACK_FILES = 100


@dataclass
class Pack:
    """One loaded pack: its metadata, its parsed documents and those of the pack it extends."""

    root: Path
    meta: PackMeta
    documents: dict[str, Document]
    meta_document: Document | None = None
    base: Pack | None = None
    digest: str = ""
    # Problems found while reading the files (syntax, unreadable files). They are reported
    # together with the game's own checks of the files that could be read.
    problems: list[Problem] = field(default_factory=list)
    unreadable: frozenset[str] = frozenset()
    # The bytes of every YAML file as read (the digest and the game folder's copy use them).
    files: dict[str, bytes] = field(default_factory=dict)

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

    def all_problems(self) -> list[Problem]:
        return [p for pack in self.chain() for p in pack.problems]


def available_packs() -> list[str]:
    if not CONTENT_DIR.is_dir():
        return []
    return sorted(p.name for p in CONTENT_DIR.iterdir() if (p / PACK_FILE).is_file())


def default_pack() -> str:
    """The shipped pack marked `default: true`, for commands run without --pack."""
    from generator.pack.yamlio import parse_bytes

    for name in available_packs():
        path = CONTENT_DIR / name / PACK_FILE
        try:
            doc, _ = parse_bytes(read_regular_file(path, MAX_FILE_BYTES), display_path(path))
        except UnreadableFile:
            continue
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
    try:
        if extended_by is None:
            candidates = [Path(ref)]
        else:
            key = ref if is_name else (extended_by / ref).resolve().name
            candidates = [extended_by / BASES_DIR / key]
            if not is_name:
                candidates.append(extended_by / ref)
        for candidate in candidates:
            if candidate.is_dir() and os.path.lexists(candidate / PACK_FILE):
                return candidate  # a pack.yaml that is no regular file is reported when read
        if is_name and (CONTENT_DIR / ref / PACK_FILE).is_file():
            return CONTENT_DIR / ref
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        pass
    known = ", ".join(available_packs()) or "none"
    raise SheetgenError(
        f"no pack {abridge(repr(ref), 80)}: not a folder with {PACK_FILE}, nor a pack under "
        f"content/ (expected one of: {known}, or a folder path)"
    )


def check_pack_named(doc: Document, ref: str) -> None:
    """A game file's `pack:` (`ref`, a path already taken from the game file's folder) that
    names no pack: a problem at that line of the file, not a line with neither."""
    try:
        resolve_pack_dir(ref)
    except SheetgenError as exc:
        raise ContentError([doc.problem(("pack",), exc.message)]) from None


def load_pack(
    ref: str, _seen: tuple[Path, ...] = (), collect: bool = False, _extended_by: Path | None = None
) -> Pack:
    """Parse every YAML file of a pack (and of the pack it extends). Raises ContentError
    with all parse problems, or with `collect` keeps them in Pack.problems so the game's
    checks of the other files run too (session.load_content); validation of the game's own
    data is the game module's job."""
    from generator.pack.meta import PackMeta
    from generator.pack.validation import validate
    from generator.pack.yamlio import parse_bytes

    root = resolve_pack_dir(ref, _extended_by).resolve()
    if root in _seen:
        chain = " -> ".join(p.name for p in (*_seen, root))
        raise SheetgenError(f"packs extend each other in a loop: {chain}")
    problems: list[Problem] = []
    documents: dict[str, Document] = {}
    files: dict[str, bytes] = {}
    unreadable: set[str] = set()
    paths = sorted(root.glob("*.yaml"))
    if len(paths) > MAX_PACK_FILES:
        raise SheetgenError(f"{display_path(root)}: more than {MAX_PACK_FILES} YAML files")
    for path in paths:
        shown = display_path(path)
        try:
            data = read_regular_file(path, MAX_FILE_BYTES, within=root)
        except UnreadableFile as exc:
            problems.append(Problem(shown, 0, "", str(exc)))
            unreadable.add(path.stem)
            continue
        files[path.name] = data
        doc, found = parse_bytes(data, shown)
        problems += found
        if doc is not None:
            documents[path.stem] = doc
        else:
            unreadable.add(path.stem)
    meta_doc = documents.pop("pack", None)
    meta = None
    if meta_doc is not None:
        meta, found = validate(meta_doc, PackMeta)
        problems += found
    if meta is None:
        # Without a valid pack.yaml the game is unknown, so its files cannot be checked.
        raise ContentError(problems)
    base = None
    if meta.extends:
        assert meta_doc is not None
        try:
            base = load_pack(meta.extends, (*_seen, root), collect, root)
        except ContentError as exc:
            problems += exc.problems
        except SheetgenError as exc:
            problems.append(meta_doc.problem(("extends",), str(exc)))
        if base is None and collect:
            raise ContentError(problems)  # no base: the game's files cannot be checked
    if problems and not collect:
        raise ContentError([*problems, *(base.all_problems() if base else [])])
    return Pack(
        root=root,
        meta=meta,
        documents=documents,
        meta_document=meta_doc,
        base=base,
        digest=content_digest(files, base),
        problems=problems,
        unreadable=frozenset(unreadable),
        files=files,
    )


def content_digest(files: dict[str, bytes], base: Pack | None) -> str:
    """The content digest of a pack: every file it read (name, size, bytes, in the order
    read) and its base's digest. It keys the pack's sheets and enters the commitment, so
    this one function computes it."""
    digest = hashlib.sha256()
    for name, data in files.items():
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    if base is not None:
        digest.update(base.digest.encode())
    return digest.hexdigest()


def validate_files(
    pack: Pack, schemas: Mapping[str, type[Any]], context: Mapping[str, Any] | None = None
) -> tuple[dict[str, tuple[Document, Any]], list[Problem]]:
    """Each of a game's files validated against its schema, with every problem located.
    A pack that extends another sees the base's files with its own entries merged in.
    `context` reaches the schemas' validators (the game's own registries)."""
    from generator.pack.validation import validate

    problems: list[Problem] = []
    models: dict[str, tuple[Document, Any]] = {}
    for stem, schema in schemas.items():
        if any(stem in p.unreadable for p in pack.chain()):
            # Its read or syntax problems (the same ones Pack.problems holds: reported once)
            # stand for it, so the game skips what depends on this file.
            problems += [p for p in pack.all_problems() if PurePath(p.file).name == f"{stem}.yaml"]
            continue
        doc = pack.document(stem)
        if doc is None:
            shown = display_path(pack.root / f"{stem}.yaml")
            problems.append(Problem(shown, 0, "", "file is missing"))
            continue
        model, found = validate(doc, schema, context)
        problems += found
        if model is not None:
            models[stem] = (doc, model)
    return models, problems


def snapshot(pack: Pack, folder: str = SNAPSHOT_DIR) -> list[tuple[str, bytes]]:
    """The YAML files of the pack and of every pack it extends, as they were read, to keep
    beside a game's output: a host can always re-render or verify the game exactly as it
    began (`--pack <game folder>/pack`), even after the shipped packs change. The bases go
    to `extends/<name>/`, where `extends:` finds them first; the bytes are copied as they
    are, so the content digest of the copy is the digest of the game."""
    files = [(f"{folder}/{name}", data) for name, data in sorted(pack.files.items())]
    if pack.base is not None:
        files += snapshot(pack.base, f"{folder}/{BASES_DIR}/{pack.base.root.name}")
    return files
