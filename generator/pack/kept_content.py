"""A pack as validated before, from the host's cache (common/memo.py): a command that opens
a pack whose files and code are exactly those of a pack it validated earlier reads the
validated models back (pack/record_data.py) instead of parsing the YAML and validating it,
so it imports neither PyYAML nor pydantic.

What is kept, per pack of a chain, is its pack.yaml's metadata (keyed by that file's bytes),
which names the game and the pack it extends; and, per chain, every file's validated model
(keyed by the content digest of every file of the chain, and the game). Only a pack whose
load succeeded is kept: a pack with any problem is read and validated every time, and says
its problems every time. Its documents are parsed only if a check reads one (to locate a
problem, which a valid pack does not have). Anything unreadable, missing or not as kept is
simply loaded the usual way: the cache never fails a run, and never changes what it gives."""

from __future__ import annotations

import hashlib
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.memo import enabled, keep, recall
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.pack.document import MAX_FILE_BYTES, Document, LazyDocument
from generator.pack.load import (
    MAX_PACK_FILES,
    PACK_FILE,
    Pack,
    PackMeta,
    content_digest,
    resolve_pack_dir,
)
from generator.pack.record_data import Unkept, encoded, read_back, record_name
from generator.pack.validation import Strict

META = "pack-meta"
MODELS = "pack-models"


def kept_pack(ref: str) -> Pack | None:
    """The pack `ref` names, with its validated models, if the host's cache has them for
    its files as they are now; else None."""
    if not enabled():
        return None
    pack = _pack(ref, (), None)
    if pack is None:
        return None
    found = recall(MODELS, [pack.digest, pack.meta.game])
    if found is None or not isinstance(found[0].get("stems"), dict):
        return None
    pack.kept_models = found[0]["stems"]
    return pack


def keep_pack(pack: Pack) -> None:
    """Keep what a successful load of `pack` validated, with what it read back as kept
    (nothing, if any of it cannot be kept). A kept pack that read everything back keeps
    nothing new; one whose entry was damaged keeps it whole again."""
    if not enabled() or (pack.kept_models is not None and not pack.validated):
        return
    try:
        stems = dict(pack.kept_models or {})
        for stem, (schema, model) in pack.validated.items():
            if not (isinstance(schema, type) and issubclass(schema, Strict)):
                return  # a schema of pydantic's own: validated every time
            stems[stem] = {"schema": record_name(schema), "model": encoded(model)}
        metas = [(p.files.get(PACK_FILE), encoded(p.meta)) for p in pack.chain()]
    except Unkept:
        return
    for data, meta in metas:
        if data is not None:
            keep(META, [hashlib.sha256(data).hexdigest()], {"meta": meta})
    keep(MODELS, [pack.digest, pack.meta.game], {"stems": stems})


def _pack(ref: str, seen: tuple[Path, ...], extended_by: Path | None) -> Pack | None:
    """The pack (and the packs it extends) as load_pack reads it, its metadata from the
    cache and its documents unparsed; None if anything is not as kept."""
    try:
        root = resolve_pack_dir(ref, extended_by).resolve()
    except (SheetgenError, OSError):
        return None
    if root in seen:
        return None
    files = _files(root)
    if files is None or PACK_FILE not in files:
        return None
    found = recall(META, [hashlib.sha256(files[PACK_FILE]).hexdigest()])
    if found is None:
        return None
    meta = read_back(found[0].get("meta"), PackMeta)
    if meta is None:
        return None
    base = None
    if meta.extends:
        base = _pack(meta.extends, (*seen, root), root)
        if base is None:
            return None
    documents: dict[str, Document] = {
        Path(name).stem: _lazy(root / name, data)  # type: ignore[misc]
        for name, data in files.items()
        if name != PACK_FILE
    }
    return Pack(
        root=root,
        meta=meta,
        documents=documents,
        meta_document=_lazy(root / PACK_FILE, files[PACK_FILE]),  # type: ignore[arg-type]
        base=base,
        digest=content_digest(files, base),
        files=files,
    )


def _files(root: Path) -> dict[str, bytes] | None:
    """Every YAML file of a pack folder by name, in load_pack's order; None if load_pack
    would find a problem reading them."""
    try:
        paths = sorted(root.glob("*.yaml"))
        if len(paths) > MAX_PACK_FILES:
            return None
        return {p.name: read_regular_file(p, MAX_FILE_BYTES, within=root) for p in paths}
    except (UnreadableFile, OSError):
        return None


def _lazy(path: Path, data: bytes) -> LazyDocument:
    def parse() -> Document:
        from generator.pack.yamlio import parse_bytes

        doc, problems = parse_bytes(data, display_path(path))
        if doc is None:  # bytes a kept pack had parsed: cannot happen short of a code bug
            raise SheetgenError(f"{display_path(path)}: cannot be read again ({problems})")
        return doc

    return LazyDocument(parse)
