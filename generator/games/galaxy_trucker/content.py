"""Loading the Galaxy Trucker pack: validate each file, then check what spans files."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.common.errors import ContentError, Problem, abridge
from generator.games.galaxy_trucker import card_kinds, tile_kinds
from generator.games.galaxy_trucker.kinds import Kinds
from generator.games.galaxy_trucker.model import (
    SIDES,
    Board,
    BoardsFile,
    Card,
    Good,
    GoodsFile,
    Round,
    RoundsFile,
    TextsFile,
    Tile,
    TilesFile,
    TileType,
)
from generator.pack.document import Document
from generator.pack.load import Pack, validate_files
from generator.pack.validation import template_problem

# Galaxy Trucker's registry: the kinds a Galaxy Trucker pack may name. An expansion loads
# with its own registry built on this one (KINDS.extended), which leaves this one as it is.
KINDS = Kinds(tile_kinds.KINDS, card_kinds.KINDS)


def files(kinds: Kinds) -> dict[str, type]:
    return {
        "goods": GoodsFile,
        "tiles": TilesFile,
        "cards": kinds.cards_file_schema(),
        "boards": BoardsFile,
        "rounds": RoundsFile,
        "texts": TextsFile,
    }


# The placeholders each text may use; a typo in a placeholder is a content error.
TEXT_FIELDS: dict[str, set[str]] = {
    "before_day_one": {"game_id", "first_date", "print_files"},
    "game_start": {"game_id", "commitment", "days", "turns", "first_date"},
    "round_start": {
        "round",
        "ship",
        "sheet",
        "build_turns",
        "flight_turns",
        "cards",
        "stack_size",
        "peek_rule",
    },
    "peek_rule": {"stack_size"},
    "build_turn": {"round", "side_rule"},
    "side_rule": set(),
    "end_of_building": {"round", "lost_boxes"},
    "flight_turn": {"round", "first_event", "last_event", "rolls_where"},
    "end_of_flight": {"round", "pretty_ship", "lost_boxes", "reply"},
    "end_of_game": {"rounds", "reply"},
    "spoiler_warning": set(),
    "out_of_round": set(),
    "game_name": set(),
}


@dataclass(frozen=True)
class GalaxyTrucker:
    """The validated pack, indexed for the planner and the renderers."""

    pack_name: str
    pack_title: str
    pack_version: str
    pack_digest: str  # the content digest of the whole pack chain: keys pack-only outputs
    goods: dict[str, Good]
    tile_types: dict[str, TileType]
    starting_cabin: Tile
    tiles: tuple[Tile, ...]
    tiles_by_id: dict[str, Tile]
    cards: tuple[Card, ...]
    cards_by_id: dict[str, Card]
    boards: dict[str, Board]
    rounds: tuple[Round, ...]
    slots: tuple[str, ...]
    texts: TextsFile
    # The registry the pack was loaded with: every kind its tiles and cards name. Renderers
    # and the flight engine ask it, so they see the same kinds the pack was validated with.
    kinds: Kinds
    # Files an expansion's rules module validates on top of the game's (stem -> model).
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def turn_count(self) -> int:
        return sum(r.build_turns + r.flight_turns for r in self.rounds)

    def tile_type(self, tile: Tile) -> TileType:
        return self.tile_types[tile.type]

    def cards_of_level(self, level: int) -> list[Card]:
        return [c for c in self.cards if c.level == level]


def load(
    pack: Pack, extra_files: dict[str, type] | None = None, kinds: Kinds = KINDS
) -> GalaxyTrucker:
    """The validated pack; `extra_files` (an expansion's own files, stem -> schema) are
    validated with the rest and kept in `extras`. `kinds`: the game's registry (an
    expansion passes its own); the pack may name only its kinds."""
    extra_files = extra_files or {}
    models, problems = validate_files(
        pack, {**files(kinds), **extra_files}, kinds.validation_context()
    )
    # Cross-file checks run for every file that validated, so one run reports everything.
    get = models.get
    if "tiles" in models:
        problems += _check_tiles(*models["tiles"], kinds)
    if "cards" in models and "goods" in models:
        problems += _check_cards(*models["cards"], models["goods"][1], kinds)
    if "boards" in models:
        problems += _check_boards(*models["boards"], (get("tiles") or (None, None))[1])
    if "rounds" in models:
        boards, tiles, cards = ((get(k) or (None, None))[1] for k in ("boards", "tiles", "cards"))
        problems += _check_rounds(*models["rounds"], boards, tiles, cards)
    if "texts" in models:
        problems += _check_texts(*models["texts"], kinds, (get("cards") or (None, None))[1])
    if problems:
        raise ContentError(problems)
    goods, tiles, cards, boards, rounds, texts = (
        models[k][1] for k in ("goods", "tiles", "cards", "boards", "rounds", "texts")
    )
    return GalaxyTrucker(
        pack_name=pack.name,
        pack_title=pack.meta.title,
        pack_version=pack.meta.version,
        pack_digest=pack.digest,
        goods=dict(goods.goods),
        tile_types=dict(tiles.tile_types),
        starting_cabin=tiles.starting_cabin,
        tiles=tuple(tiles.tiles),
        tiles_by_id={t.id: t for t in tiles.tiles},
        cards=tuple(cards.cards),
        cards_by_id={c.id: c for c in cards.cards},
        boards=dict(boards.boards),
        rounds=tuple(rounds.rounds),
        slots=tuple(rounds.schedule.slots),
        texts=texts,
        kinds=kinds,
        extras={stem: models[stem][1] for stem in extra_files},
    )


def _check_tile(
    doc: Document, path: tuple[Any, ...], tile: Tile, types: dict[str, TileType], kinds: Kinds
) -> list[Problem]:
    tile_type = types.get(tile.type)
    if tile_type is None:
        return [
            doc.problem(
                (*path, "type"),
                f"unknown tile type {tile.type!r} (expected one of: {', '.join(types)})",
            )
        ]
    # Unrotated, a cannon's barrel faces the front (n) and an engine's exhaust the rear (s);
    # no other tile has a barrel or an exhaust. The kind says which, if any.
    expected = list(kinds.tile(tile_type.kind).marks())
    found = [
        (side, value)
        for side, value in zip(SIDES, tile.sides.as_tuple(), strict=True)
        if value in ("cannon", "engine")
    ]
    if found == expected:
        return []
    got = ", ".join(f"{value} on side {side}" for side, value in found) or "none"
    if expected:
        want = " and ".join(f"{value!r} on side {side}" for side, value in expected)
        want += " only, as printed unrotated"
    else:
        want = "no 'cannon' or 'engine' side on this kind of tile"
    where = found[0][0] if found else expected[0][0]
    return [doc.problem((*path, "sides", where), f"got {got} (expected {want})")]


def _check_tiles(doc: Document, tiles: TilesFile, kinds: Kinds) -> list[Problem]:
    problems = []
    start = tiles.starting_cabin
    problems += _check_tile(doc, ("starting_cabin",), start, tiles.tile_types, kinds)
    start_type = tiles.tile_types.get(start.type)
    starts = [name for name, kind in kinds.tiles.items() if kind.start]
    if start_type is not None and not kinds.tile(start_type.kind).start:
        problems.append(
            doc.problem(
                ("starting_cabin", "type"),
                f"{start.type!r} is a {start_type.kind} "
                f"(expected a tile type of kind {' or '.join(starts)})",
            )
        )
    seen: dict[str, int] = {start.id: -1}
    for i, tile in enumerate(tiles.tiles):
        if tile.id in seen:
            problems.append(doc.problem(("tiles", i, "id"), f"duplicate tile id {tile.id!r}"))
        seen[tile.id] = i
        problems += _check_tile(doc, ("tiles", i), tile, tiles.tile_types, kinds)
        kind = tiles.tile_types.get(tile.type)
        if kind is not None and kinds.tile(kind.kind).start:
            problems.append(
                doc.problem(
                    ("tiles", i, "type"),
                    "the starting cabin is printed on the sheet, never "
                    "drawn (expected another tile type)",
                )
            )
    return problems


def _check_cards(doc: Document, cards: Any, goods: GoodsFile, kinds: Kinds) -> list[Problem]:
    problems = []
    seen: set[str] = set()
    colours = ", ".join(goods.goods)
    for i, card in enumerate(cards.cards):
        if card.id in seen:
            problems.append(doc.problem(("cards", i, "id"), f"duplicate card id {card.id!r}"))
        seen.add(card.id)
        for sub, colour in kinds.card(card).goods(card):
            if colour not in goods.goods:
                problems.append(
                    doc.problem(
                        ("cards", i, *sub),
                        f"unknown goods colour {colour!r} (expected one of: {colours})",
                    )
                )
    return problems


def _check_boards(doc: Document, boards: BoardsFile, tiles: TilesFile | None) -> list[Problem]:
    problems = []
    for name, board in boards.boards.items():
        if tiles is not None and board.start.tile != tiles.starting_cabin.id:
            problems.append(
                doc.problem(
                    ("boards", name, "start", "tile"),
                    f"got {board.start.tile!r} (expected the starting cabin of tiles.yaml, "
                    f"{tiles.starting_cabin.id!r})",
                )
            )
        if not board.has_cell(board.start.row, board.start.column):
            problems.append(
                doc.problem(
                    ("boards", name, "start"),
                    f"row {board.start.row}, column {board.start.column} "
                    "is not a cell of this board (expected a cell)",
                )
            )
        for row, columns in board.cells.items():
            if len(set(columns)) != len(columns):
                problems.append(
                    doc.problem(("boards", name, "cells", row), "a column is listed twice")
                )
    return problems


def _check_rounds(
    doc: Document,
    rounds: RoundsFile,
    boards: BoardsFile | None,
    tiles: TilesFile | None,
    cards: Any,
) -> list[Problem]:
    """Checks against the other files run only for those files that validated."""
    problems = []
    for i, rnd in enumerate(rounds.rounds):
        path = ("rounds", i)
        if rnd.round != i + 1:
            problems.append(
                doc.problem(
                    (*path, "round"),
                    f"got {rnd.round} (expected {i + 1}: rounds are numbered in order from 1)",
                )
            )
        if boards is not None and rnd.ship not in boards.boards:
            problems.append(
                doc.problem(
                    (*path, "ship"),
                    f"unknown ship {rnd.ship!r} (expected one of: {', '.join(boards.boards)})",
                )
            )
        if sum(rnd.stack_mix.values()) != rnd.stack_size:
            problems.append(
                doc.problem(
                    (*path, "stack_mix"),
                    f"adds up to {sum(rnd.stack_mix.values())} cards "
                    f"(expected stack_size {rnd.stack_size})",
                )
            )
        flight_cards = rnd.stacks * rnd.stack_size
        if rnd.flight_turns * rnd.events_per_turn != flight_cards:
            problems.append(
                doc.problem(
                    (*path, "flight_turns"),
                    f"{rnd.flight_turns} turns x {rnd.events_per_turn} "
                    f"events = {rnd.flight_turns * rnd.events_per_turn} "
                    f"(expected {flight_cards}: {rnd.stacks} stacks of "
                    f"{rnd.stack_size})",
                )
            )
        if rnd.peekable_stacks > rnd.stacks:
            problems.append(
                doc.problem(
                    (*path, "peekable_stacks"),
                    f"got {rnd.peekable_stacks} (expected at most {rnd.stacks})",
                )
            )
        needed_tiles = rnd.build_turns * rnd.sets_per_turn * rnd.tiles_per_set
        if tiles is not None and needed_tiles > len(tiles.tiles):
            problems.append(
                doc.problem(
                    (*path, "build_turns"),
                    f"round {rnd.round} draws {needed_tiles} tiles but the "
                    f"pack has {len(tiles.tiles)} (expected at most "
                    f"{len(tiles.tiles) // (rnd.sets_per_turn * rnd.tiles_per_set)}"
                    " build turns)",
                )
            )
        for level, per_stack in rnd.stack_mix.items() if cards is not None else ():
            have = sum(1 for c in cards.cards if c.level == level)
            need = per_stack * rnd.stacks
            if need > have:
                problems.append(
                    doc.problem(
                        (*path, "stack_mix", level),
                        f"round {rnd.round} draws {need} level-{level} "
                        f"cards but the pack has {have} (expected a "
                        "bigger deck or a smaller stack)",
                    )
                )
    return problems


def _check_texts(doc: Document, texts: TextsFile, kinds: Kinds, cards: Any = None) -> list[Problem]:
    problems = []
    # Every kind the pack's cards use needs its words; a kind of the game's registry is not
    # asked of a pack that has none of its cards (an expansion's pack need not word every
    # base kind again). (Cards that did not validate are reported on their own.)
    used = {c.kind for c in cards.cards} if cards is not None else set()
    for name, allowed in TEXT_FIELDS.items():
        found = template_problem(doc, (name,), getattr(texts, name), allowed)
        if found:
            problems.append(found)
    allowed = kinds.card_text_fields()
    for kind in kinds.cards:
        if kind not in used:
            continue
        text = texts.cards.get(kind)
        if text is None:
            problems.append(doc.problem(("cards",), f"no text for card kind {kind!r}"))
            continue
        found = template_problem(doc, ("cards", kind, "resolve"), text.resolve, allowed)
        if found:
            problems.append(found)
    for kind in texts.cards:
        if kind not in kinds.cards:
            problems.append(
                doc.problem(
                    ("cards", kind),
                    f"unknown card kind {abridge(repr(kind))} "
                    f"(expected one of: {', '.join(kinds.cards)})",
                )
            )
    return problems
