"""Which text of a pack is too long for its print sheets, located as every other content
problem is (file:line, field).

A sheet that does not fit its paper says only which page overflowed: its layout sees texts,
not the files they came from. So the pack's texts are shortened in a copy, longest first, and
laid out again: the text whose shortening makes the sheets fit is the one too long. The
copies are checked and laid out as `game` would, never kept (no cache entry, no file)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

from generator.common.errors import ContentError, Problem, SheetgenError, display_path
from generator.games import GameRules
from generator.pack.document import Document, PathKey
from generator.pack.load import Pack

# A word of letters and digits, as ids, kinds and other names the files refer to are
# written: shortened, it would name nothing, so it is taken as no text to print.
_NAME = re.compile(r"[a-z0-9_-]{0,24}")
# What a shortened text keeps: its placeholders and its punctuation (a `|` between a Card
# Race section's title and body, say), so the shortened pack is still a valid one.
_KEPT = re.compile(r"\{[^{}]*\}|[^\w\s]")

Place = tuple[int, str, PathKey]  # a pack's place in the chain, a file's stem, a path in it


def located_overflow(pack: Pack, rules: GameRules, error: SheetgenError) -> ContentError:
    """The layout's `error` as a problem at the text too long for the print sheets, or at
    the pack's folder when no one text is found to be."""
    why = error.format_message()
    found = _culprit(pack, rules)
    if found is None:
        where = display_path(pack.root)
        message = f"{why} (texts printed there are too long: shorten them)"
        return ContentError([Problem(where, 0, "", message)])
    depth, stem, path = found
    doc = pack.chain()[depth].documents[stem]
    return ContentError([doc.problem(path, f"too long for the print sheets ({why}): shorten it")])


def _culprit(pack: Pack, rules: GameRules) -> Place | None:
    """The text whose shortening makes the sheets fit, the longest ones shortened with it.
    Shortening more texts never makes a page longer, so a galloping search finds it in
    few layouts: a long text is usually the one."""
    printer = rules.capabilities.print_sheets
    if printer is None:
        return None
    chain = pack.chain()
    places = sorted(_texts(chain), key=lambda p: -len(_value(chain, p)))
    if not places:
        return None

    def fits(count: int) -> bool:
        # Each shortened text its own, so texts that must differ (two names) still do.
        cuts = {place: f"x{n}" for n, place in enumerate(places[:count])}
        try:
            printer(rules.load(_shortened(pack, len(chain) - 1, cuts)), keep=False)
        except SheetgenError:  # a shortened pack that is not valid, or still too long
            return False
        return True

    low, high = 0, 1  # the first `low` texts shortened do not fit; the first `high`?
    while high < len(places) and not fits(high):
        low, high = high, min(2 * high, len(places))
    if high == len(places) and not fits(high):
        return None
    while high - low > 1:  # the first `high` fit
        middle = (low + high) // 2
        low, high = (low, middle) if fits(middle) else (middle, high)
    return places[high - 1]


def _texts(chain: list[Pack]) -> Iterator[Place]:
    """Every text of the packs' files that may be printed: each string value (never a key),
    but names and references."""
    for depth, owner in enumerate(chain):
        for stem, doc in owner.documents.items():
            for path, value in _strings(doc.data, ()):
                if not _NAME.fullmatch(value):
                    yield depth, stem, path


def _strings(data: Any, path: PathKey) -> Iterator[tuple[PathKey, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))


def _value(chain: list[Pack], place: Place) -> str:
    depth, stem, path = place
    data: Any = chain[depth].documents[stem].data
    for part in path:
        data = data[part]
    return str(data)


def _shortened(pack: Pack, depth: int, cuts: dict[Place, str]) -> Pack:
    """A copy of the pack (at `depth` in its chain) and its bases with each text in `cuts`
    cut to its mark and what it must keep; the files on disk are untouched."""
    base = _shortened(pack.base, depth - 1, cuts) if pack.base is not None else None
    documents = {
        stem: _shortened_document(
            doc, {path: mark for (d, s, path), mark in cuts.items() if d == depth and s == stem}
        )
        for stem, doc in pack.documents.items()
    }
    # Another digest: nothing made from the copy is ever taken for the pack's own.
    return dataclasses.replace(
        pack, documents=documents, base=base, digest=f"{pack.digest}-shortened"
    )


def _shortened_document(doc: Document, cuts: dict[PathKey, str]) -> Document:
    if not cuts:
        return doc
    return dataclasses.replace(doc, data=_cut(doc.data, (), cuts))


def _cut(data: Any, path: PathKey, cuts: dict[PathKey, str]) -> Any:
    if isinstance(data, str):
        mark = cuts.get(path)
        return data if mark is None else mark + "".join(_KEPT.findall(data))
    if isinstance(data, dict):
        return {key: _cut(value, (*path, key), cuts) for key, value in data.items()}
    if isinstance(data, list):
        return [_cut(value, (*path, index), cuts) for index, value in enumerate(data)]
    return data
