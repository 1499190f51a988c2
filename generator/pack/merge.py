"""How a pack that `extends:` another sees its files: the base's file with the pack's own
entries merged in, every value still pointing at the file and line it came from.

Rules (the same for every file and every game):
- a file only the base has is inherited whole; a pack never drops a base file;
- at the top of a file, a key the pack sets
  - on a list of entries with an `id` in both files: entries with a known id replace the
    base's entry in place, new ids are added at the end;
  - on a mapping in both files (tile types, goods, texts' card texts...): each of the
    pack's keys adds or replaces that one entry;
  - on anything else (a text, a list without ids such as the rounds): replaces it;
- an id the pack lists twice stays twice, so the duplicate check still reports it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from generator.pack.document import Document, PathKey


class _Index:
    """A document's located paths grouped by their first two steps, for moving whole
    entries (`cards[3]`, `tile_types.cabin`) between documents cheaply."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.groups: dict[PathKey, list[PathKey]] = defaultdict(list)
        for path in doc.lines:
            self.groups[path[:2]].append(path)

    def under(self, prefix: PathKey) -> list[PathKey]:
        if len(prefix) >= 2:
            return [p for p in self.groups.get(prefix[:2], []) if p[: len(prefix)] == prefix]
        return [
            p for key, paths in self.groups.items() if key[: len(prefix)] == prefix for p in paths
        ]


class _Merged:
    def __init__(self, base: Document, top: Document) -> None:
        self.base, self.top = _Index(base), _Index(top)
        self.lines: dict[PathKey, int] = {}
        self.sources: dict[PathKey, str] = {}
        self.renames: dict[PathKey, PathKey] = {}
        self.raw: dict[PathKey, str] = dict(base.raw)
        for path, line in base.lines.items():
            self.lines[path] = line
            self.sources[path] = base.file_of(path)
        for path, own in base.renames.items():
            self.renames[path] = own

    def drop(self, prefix: PathKey) -> None:
        for path in self.base.under(prefix):
            self.lines.pop(path, None)
            self.sources.pop(path, None)
            self.raw.pop(path, None)
        for path in [p for p in self.renames if p[: len(prefix)] == prefix]:
            del self.renames[path]

    def take(self, prefix: PathKey, target: PathKey) -> None:
        """The top document's paths under `prefix`, placed under `target`."""
        for path in self.top.under(prefix):
            moved = (*target, *path[len(prefix) :])
            self.lines[moved] = self.top.doc.lines[path]
            self.sources[moved] = self.top.doc.file_of(path)
            if path in self.top.doc.raw:
                self.raw[moved] = self.top.doc.raw[path]
        if target != prefix:
            self.renames[target] = self.top.doc.own_path(prefix)


def _entry_ids(items: Any) -> list[str] | None:
    if not isinstance(items, list) or not all(
        isinstance(item, dict) and isinstance(item.get("id"), str) for item in items
    ):
        return None
    return [item["id"] for item in items]


def merge_documents(base: Document, top: Document) -> Document:
    """`top` (the extending pack's file) merged over `base`."""
    if not isinstance(base.data, dict) or not isinstance(top.data, dict):
        return top
    merged = _Merged(base, top)
    data = dict(base.data)
    for key, value in top.data.items():
        old: Any = data.get(key)
        base_ids, top_ids = _entry_ids(old), _entry_ids(value)
        if key in data and base_ids is not None and top_ids is not None:
            items = list(old)
            where = {entry_id: i for i, entry_id in enumerate(base_ids)}
            seen: set[str] = set()
            for j, (entry_id, item) in enumerate(zip(top_ids, value, strict=True)):
                if entry_id in where and entry_id not in seen:
                    i = where[entry_id]
                    items[i] = item
                    merged.drop((key, i))
                else:
                    i = len(items)
                    items.append(item)
                seen.add(entry_id)
                merged.take((key, j), (key, i))
            data[key] = items
        elif isinstance(old, dict) and isinstance(value, dict):
            entries = dict(old)
            for sub, item in value.items():
                entries[sub] = item
                merged.drop((key, sub))
                merged.take((key, sub), (key, sub))
            data[key] = entries
        else:
            data[key] = value
            merged.drop((key,))
            merged.take((key,), (key,))
        # The key itself is now where the pack sets it.
        merged.lines[(key,)] = top.lines.get((key,), 1)
        merged.sources[(key,)] = top.file_of((key,))
    merged.lines[()] = top.lines.get((), 1)
    merged.sources[()] = top.file
    return Document(top.file, data, merged.lines, merged.raw, merged.sources, merged.renames)
