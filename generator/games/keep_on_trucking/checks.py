"""Checks of Keep on Trucking's data that span files: the A ships exist and their hit rules
are whole, the set-aside leaves enough tiles for every round, every technology a text or a
tile kind names has its words, and every tile needing a partner can be joined to one."""

from __future__ import annotations

from generator.common.errors import ContentError, Problem, abridge
from generator.games.galaxy_trucker.content import GalaxyTrucker
from generator.games.galaxy_trucker.model import CONNECTORS, Board
from generator.games.keep_on_trucking.model import ExpansionFile
from generator.pack.document import Document
from generator.pack.load import Pack

SUMS = set(range(2, 13))


def _board_problems(name: str, board: Board) -> list[str]:
    found = []
    if board.hits == "labels":
        covered = [s for sums in board.labels.values() for s in sums]
        if sorted(covered) != sorted(SUMS):
            found.append("labels must name every 2d6 sum 2-12 exactly once")
        if set(board.labels) != set(board.rows) or set(board.labels) != set(board.columns):
            found.append("labels must name exactly the board's rows and columns")
    if board.hits == "wrap":
        for direction, table in board.wrap.items():
            for roll, to in table.items():
                if roll in board.columns:
                    found.append(f"wrap.{direction}.{roll}: column {roll} holds cells")
                if to.row not in board.rows:
                    found.append(f"wrap.{direction}.{roll}: row {to.row} holds no cell")
    if board.hits == "mirror":
        for row, columns in board.cells.items():
            if sorted(columns) != sorted(14 - c for c in columns):
                found.append(f"cells.{row}: not symmetric about column 7")
    return found


def check_expansion(pack: Pack, content: GalaxyTrucker) -> None:
    doc = pack.document("expansion")
    boards_doc = pack.document("boards")
    assert doc is not None and boards_doc is not None  # validated by load
    exp: ExpansionFile = content.extras["expansion"]
    problems: list[Problem] = []
    problems += _ships(doc, boards_doc, exp, content)
    rest = len(content.tiles) - exp.set_aside
    for rnd in content.rounds:
        need = rnd.build_turns * rnd.sets_per_turn * rnd.tiles_per_set
        if need > rest:
            problems.append(
                doc.problem(
                    ("set_aside",),
                    f"leaves {rest} tiles but round {rnd.round} draws {need} "
                    f"(expected at most {len(content.tiles) - need})",
                )
            )
    for kind, names in exp.card_technology.items():
        if kind not in content.kinds.cards:
            problems.append(
                doc.problem(("card_technology", kind), f"unknown card kind {abridge(repr(kind))}")
            )
        for i, name in enumerate(names):
            if name not in exp.technology:
                problems.append(
                    doc.problem(
                        ("card_technology", kind, i),
                        f"no technology {name!r} (expected one of: {', '.join(exp.technology)})",
                    )
                )
    tiles_doc = pack.document("tiles")
    assert tiles_doc is not None
    for i, tile in enumerate(content.tiles):
        tt = content.tile_type(tile)
        tile_kind = content.kinds.tile(tt.kind)
        partner = getattr(tile_kind, "partner", None)
        key = getattr(tile_kind, "technology", None)
        if key and key not in exp.technology:
            problems.append(
                doc.problem(("technology",), f"no words for the {tt.kind} kind (expected {key!r})")
            )
        joins = sum(1 for side in tile.sides.as_tuple() if side in CONNECTORS)
        if partner and joins < 2:
            problems.append(
                tiles_doc.problem(
                    ("tiles", i, "sides"),
                    f"a {tt.name} must be joined to a {partner}: it needs at least 2 "
                    f"connectors (got {joins})",
                )
            )
    if problems:
        raise ContentError(problems)


def _ships(
    doc: Document, boards_doc: Document, exp: ExpansionFile, content: GalaxyTrucker
) -> list[Problem]:
    problems = []
    rounds = {r.round for r in content.rounds}
    for number, ship in exp.ships_a.items():
        if number not in rounds:
            problems.append(doc.problem(("ships_a", number), f"no round {number}"))
        if ship not in content.boards:
            problems.append(
                doc.problem(
                    ("ships_a", number),
                    f"unknown ship {ship!r} (expected one of: {', '.join(content.boards)})",
                )
            )
        elif content.boards[ship].hits != "plain" and ship not in exp.ship_rules:
            problems.append(doc.problem(("ship_rules",), f"no words for Ship {ship}'s hits"))
    missing = rounds - set(exp.ships_a)
    if missing:
        problems.append(
            doc.problem(("ships_a",), f"no A ship for round {', '.join(map(str, sorted(missing)))}")
        )
    for name, board in content.boards.items():
        for message in _board_problems(name, board):
            problems.append(boards_doc.problem(("boards", name), message))
    return problems
