"""The Moon Drop scorer: each rule on small hand-made grids whose results were worked out by
hand (the expected squares are in the comments), the choices the scorer makes, and the grid
file format's errors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.games.moon_drop.content import MoonDrop
from generator.games.moon_drop.grid import Board, GridError, Square, parse_grid
from generator.games.moon_drop.rules import (
    GOALS,
    Names,
    StepFn,
    Table,
    breach,
    check_routes,
    fire,
    fungus,
    plague,
    quake,
    reading_order,
    sabotage,
)
from generator.games.moon_drop.scoring import run_end
from generator.kit.session import load_content

CASES = Path(__file__).parent / "cases" / "moon-drop" / "grids"


@pytest.fixture(scope="module")
def content() -> MoonDrop:
    return load_content("moon-drop")[2]


@pytest.fixture(scope="module")
def names(content: MoonDrop) -> Names:
    return Names({m.id: m.name for m in content.modules})


def board(content: MoonDrop, text: str) -> Board:
    rows = [line.strip() for line in text.strip().splitlines()]
    return parse_grid("\n".join(rows), "test", len(rows), len(rows[0]), content.letters)


@dataclass(frozen=True)
class Opt:
    crossed: frozenset[Square]
    lines: tuple[str, ...]
    choice: str | None


def run(step: StepFn, table: Table, crossed: frozenset[Square], names: Names) -> list[Opt]:
    """Every option of a step (in reading order), with the squares crossed out after it."""
    choices = step(table, crossed, names, reading_order)
    picks = choices.all()
    assert len(picks) == choices.total  # the count the account prints is the real count
    return [
        Opt(
            crossed | frozenset(p),
            choices.describe(p),
            choices.choice(p) if choices.choice else None,
        )
        for p in picks
    ]


def sq(*names: str) -> frozenset[Square]:
    return frozenset((ord(n[0]) - ord("A"), int(n[1:]) - 1) for n in names)


# --- routes ------------------------------------------------------------------------------
def test_routes_run_along_corridors_and_stop_in_rooms(content: MoonDrop) -> None:
    b = board(content, "QCR\n..C")
    # A1 Quarters -> A2 Corridor -> A3 Research (a room: the way ends there), so B3 is cut off.
    assert Table(b).reachable(frozenset()) == set(sq("A1", "A2", "A3"))


def test_docks_join_across_empty_squares(content: MoonDrop) -> None:
    b = board(content, "QD...\n.....\n...DR")
    # D at A2 and D at C4 touch the same empty area; crew go on from C4 into C5.
    assert Table(b).reachable(frozenset()) == set(sq("A1", "A2", "C4", "C5"))


def test_docks_apart_when_no_empty_route(content: MoonDrop) -> None:
    b = board(content, "QD.R.\nRRRR.\n...DH")
    # A3 is walled in (A2 D, A4 R, B3 R); the D at C4 only touches C1-C3: no route.
    # From A1: B1 (room). From the Dock A2: B2 (room). Nothing else.
    assert Table(b).reachable(frozenset()) == set(sq("A1", "A2", "B1", "B2"))


def test_crossed_out_corridor_carries_no_crew(content: MoonDrop, names: Names) -> None:
    b = board(content, "QCCR")
    [option] = run(check_routes, Table(b), sq("A2"), names)
    assert option.crossed == sq("A2", "A3", "A4")


# --- crises ------------------------------------------------------------------------------
def test_fire_safe_and_failed(content: MoonDrop, names: Names) -> None:
    [safe] = run(fire, Table(board(content, "QLC..")), frozenset(), names)
    assert safe.crossed == frozenset() and safe.lines[0].startswith("Safe")
    options = run(fire, Table(board(content, "QLC.R")), frozenset(), names)
    # The lone Research is a building with no Life Support: every building loses 1 Quarters
    # and 1 other module. Building 1: A1 with A2 or A3; building 2: only A5.
    assert [o.crossed for o in options] == [sq("A1", "A2", "A5"), sq("A1", "A3", "A5")]
    assert all(o.choice for o in options)


def test_fire_ignores_buildings_with_nothing_standing(content: MoonDrop, names: Names) -> None:
    [safe] = run(fire, Table(board(content, "QLC.R")), sq("A5"), names)
    assert safe.crossed == sq("A5") and safe.lines[0].startswith("Safe")


def test_breach(content: MoonDrop, names: Names) -> None:
    [safe] = run(breach, Table(board(content, "QCQ\nCLC\nQCQ")), frozenset(), names)
    assert safe.lines[0].startswith("Safe")  # the grid's edge is not an empty square
    options = run(breach, Table(board(content, "QC.\n...\n.Q.")), frozenset(), names)
    # One open Corridor (A2): one Quarters of two, the player's choice.
    assert [o.crossed for o in options] == [sq("A1"), sq("C2")]
    [none_left] = run(breach, Table(board(content, "CCC\n...")), frozenset(), names)
    assert none_left.crossed == frozenset() and "no Quarters" in none_left.lines[0]


def test_breach_with_fewer_quarters_than_corridors(content: MoonDrop, names: Names) -> None:
    [option] = run(breach, Table(board(content, "QCC\n...")), frozenset(), names)
    assert option.crossed == sq("A1") and "only 1 Quarters left" in option.lines[0]


def test_plague(content: MoonDrop, names: Names) -> None:
    [option] = run(plague, Table(board(content, "QQ.Q\nQ...")), frozenset(), names)
    assert option.crossed == sq("A1", "A2", "B1")  # A4 has no Quarters beside it
    [safe] = run(plague, Table(board(content, "QCQ")), frozenset(), names)
    assert safe.lines[0].startswith("Safe")


def test_quake(content: MoonDrop, names: Names) -> None:
    b = board(content, "RCL.\n.CR.\n.D..")
    [option] = run(quake, Table(b), frozenset(), names)
    # A1 R has one neighbour (A2), C2 D one (B2); A3 L and B3 R have two; Corridors exempt.
    assert option.crossed == sq("A1", "C2")
    # A crossed-out neighbour gives no support: with B2 gone, B3 R is left with A3 only.
    [option] = run(quake, Table(b), sq("B2"), names)
    assert option.crossed == sq("B2", "A1", "B3", "C2")


def test_fungus(content: MoonDrop, names: Names) -> None:
    b = board(content, "HCL.\n....\nH.HL")
    [option] = run(fungus, Table(b), frozenset(), names)
    assert option.crossed == sq("C1")  # A1 joins A3 L through A2; C3 touches C4 L
    [option] = run(fungus, Table(b), sq("A2"), names)
    assert option.crossed == sq("A2", "A1", "C1")


def test_sabotage(content: MoonDrop, names: Names) -> None:
    options = run(sabotage, Table(board(content, "DRR.\n....\nQDHL")), frozenset(), names)
    # A1 D has no Quarters beside it. Two groups of 3 (A1-A3, C2-C4): the player chooses.
    assert [o.crossed for o in options] == [sq("A1", "A2", "A3"), sq("C2", "C3", "C4")]
    [option] = run(sabotage, Table(board(content, "DR..\n....\nQDHL")), frozenset(), names)
    assert option.crossed == sq("C2", "C3", "C4")  # the largest group, even the safe Dock's
    [safe] = run(sabotage, Table(board(content, "QR..\n....\nQCHL")), frozenset(), names)
    assert safe.lines[0].startswith("Safe")  # no Dock at all


# --- goals -------------------------------------------------------------------------------
def test_goals(content: MoonDrop) -> None:
    ring = Table(board(content, ".....\n.RRR.\n.R.R.\n.RRR.\n....."))
    assert GOALS["mining"](ring, frozenset())[0] == 1  # only C3 is walled in
    assert GOALS["mining"](ring, sq("B3"))[0] == 1  # a crossed-out module still walls it in
    assert GOALS["research"](ring, sq("B2", "B3"))[0] == 6
    corridors = Table(board(content, "CC.C\nC..C"))
    assert GOALS["efficiency"](corridors, frozenset())[0] == 3
    assert GOALS["efficiency"](corridors, sq("A1"))[0] == 2
    town = Table(board(content, "Q.Q.Q\n.....\nLL..."))
    assert GOALS["population"](town, sq("A3"))[0] == 2
    assert GOALS["security"](town, frozenset())[0] == 8  # 3 inhabited: 2 beyond the first
    assert GOALS["security"](town, sq("A3", "A5"))[0] == 0
    assert GOALS["security"](town, sq("A1", "A3", "A5"))[0] == 0


# --- whole end of the game and choices ---------------------------------------------------
CHOICE_GRID = "RQCQL\n..H.."


def test_safety_check_chooses_quarters_for_the_best_score(content: MoonDrop) -> None:
    # One building, 2 Quarters and 1 Hydroponics: one Quarters goes. Crossing A2 cuts off the
    # Research A1 (Research scores 0); crossing A4 cuts off the Life Support A5 but keeps A1.
    result = run_end(content, board(content, CHOICE_GRID), [], "research")
    assert result.score == 1
    assert result.crossed == sq("A4", "A5")
    assert any("Choice: cross out A4 Quarters" in line for line in result.lines)


def test_choice_looks_ahead_to_later_safety_checks(content: MoonDrop) -> None:
    # With a crisis after it, losing A5 Life Support would cost the last Quarters in the next
    # Safety Check. Both choices then score 0, and the scorer keeps the most modules standing:
    # crossing A2 leaves A3 A4 A5 B3 standing.
    result = run_end(content, board(content, CHOICE_GRID), ["plague"], "research")
    assert result.score == 0
    assert result.crossed == sq("A1", "A2")
    assert any("Choice: cross out A2 Quarters" in line for line in result.lines)


def test_cli_scores_a_full_grid(tmp_path: Path) -> None:
    # Seed moon-drop-example-27: Fire, then Plague, then Fungus; Goal Population.
    # By hand: the first Safety Check changes nothing (the Dock A4 links to E5, so E6 is
    # reached). Fire fails (the building E5-E6 has no Life Support): each building loses
    # 1 Quarters and 1 other module, 144 ways. Building G5-H6 must lose G5 (crossing G6 cuts
    # off G7 Life Support) and H5 (crossing H6 cuts off H5 and leaves G6 unfed); G6 then has
    # no Quarters beside it and survives Plague. Building A1-C2 keeps A3 (it holds the way to
    # the Dock) and loses A1 and a leaf; its leaves cost the same, and the scorer tries equal
    # squares in reading order, so B3; E5-E6 keeps its Dock. Plague and
    # Fungus are then safe. Population: A3 and G6 = 2.
    result = CliRunner().invoke(
        main,
        [
            "score",
            "moon-drop",
            str(CASES / "fire-plague-fungus.txt"),
            "--seed",
            "moon-drop-example-27",
        ],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Crises in the planned order: Fire, Plague, Fungus. Goal: Population." in out
    assert (
        "Choice: cross out A1 Quarters, B3 Hydroponics, E6 Research, G5 Quarters, "
        "H5 Hydroponics. Of 144 possible choices" in out
    )
    assert "Failed: cross out every Quarters next to another" not in out
    assert "  A q C Q D . . . . ." in out
    assert "  G . . . . q Q L . ." in out
    assert out.rstrip().splitlines()[-1].startswith("- ")  # the readings close the account
    assert "\nScore: 2\n" in out
    assert "sharper wording" in out  # the dock-route reading is printed


def test_scorer_is_deterministic() -> None:
    args = ["score", "moon-drop", str(CASES / "fire-plague-fungus.txt"), "--seed", "s-27"]
    first = CliRunner().invoke(main, args)
    second = CliRunner().invoke(main, args)
    assert first.exit_code == 0 and first.output == second.output


# --- malformed grid files ----------------------------------------------------------------
BAD = sorted(CASES.glob("bad-*.txt"))


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_grid_files(path: Path) -> None:
    expected = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# error: ")
    result = CliRunner().invoke(main, ["score", "moon-drop", str(path), "--seed", "any-seed"])
    assert result.exit_code == 2
    assert expected in result.stderr
    assert "Traceback" not in result.output
    assert result.stderr.startswith("error: ")


def test_missing_and_binary_grid_files(tmp_path: Path) -> None:
    missing = CliRunner().invoke(
        main, ["score", "moon-drop", str(tmp_path / "x.txt"), "--seed", "s"]
    )
    assert missing.exit_code == 2 and "no such grid file" in missing.stderr
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    result = CliRunner().invoke(main, ["score", "moon-drop", str(binary), "--seed", "s"])
    assert result.exit_code == 2 and "not UTF-8" in result.stderr


def test_grid_errors_name_every_bad_square(content: MoonDrop) -> None:
    with pytest.raises(GridError) as err:
        parse_grid("Q?Q\nxCC\n", "g.txt", 2, 3, content.letters)
    message = str(err.value.message)
    assert "g.txt: line 1, column 2: unknown square '?'" in message
    assert "g.txt: line 2, column 1: unknown square 'x'" in message


def test_search_cut_short_says_so_and_keeps_the_greedy_choice(content: MoonDrop) -> None:
    # With no budget the search keeps only its first ending: the greedy one, crossing out the
    # Quarters whose loss alone costs least (A4: it cuts off the Life Support, not the
    # Research). After Plague the Safety Check finds no Life Support: A2 goes, then nothing
    # is reached: every module is crossed out, 0. Proving that crossing out A2 first does no
    # better needs a second try, so the account must say the score is not proven.
    result = run_end(content, board(content, CHOICE_GRID), ["plague"], "research", budget=0)
    assert result.crossed == sq("A1", "A2", "A3", "A4", "A5", "B3") and result.score == 0
    assert not result.proven and result.greedy == 0
    assert any("a better one is not ruled out" in line for line in result.lines)
    full = run_end(content, board(content, CHOICE_GRID), ["plague"], "research")
    assert full.proven and full.standing_proven and full.crossed == sq("A1", "A2")


def test_core_has_no_moon_drop_branch() -> None:
    core = Path(__file__).parent.parent / "generator"
    for path in core.rglob("*.py"):
        if "moon_drop" not in path.parts:
            text = path.read_text(encoding="utf-8").lower()
            assert "moon" not in text, path


def random_sheet(content: MoonDrop, seed: str) -> Board:
    """The seven blocks of a seed's plan, placed at random where they fit."""
    from generator.games.moon_drop.planner import make_rounds
    from generator.games.moon_drop.shapes import rotations
    from generator.plan.rng import Stream

    stream = Stream(seed, "test-sheet")
    cells: dict[Square, str] = {}
    for rnd in make_rounds(content, seed):
        turned = rotations([(c.row, c.column) for c in rnd.block])
        for _ in range(100):
            form = turned[stream.below(len(turned))]
            top, left = stream.below(content.rows), stream.below(content.columns)
            squares = [(top + r, left + c) for r, c in form]
            if all(
                r < content.rows and c < content.columns and (r, c) not in cells for r, c in squares
            ):
                for square, cell in zip(squares, rnd.block, strict=True):
                    cells[square] = cell.modules[stream.below(len(cell.modules))]
                break
    return Board(content.rows, content.columns, cells)


@pytest.mark.parametrize("number", range(25))
def test_every_end_passes_its_own_safety_check(content: MoonDrop, number: int) -> None:
    """Whatever the sheet, the game ends on a Safety Check: what stands is reachable, every
    inhabited building has Life Support and no more Quarters than Hydroponics."""
    seed = f"random-sheet-{number}"
    b = random_sheet(content, seed)
    crises = [c.id for c in content.crises]
    order = [crises[(number + i) % len(crises)] for i in range(3)]
    goal = content.goals[number % len(content.goals)].id
    result = run_end(content, b, order, goal)
    assert result.crossed <= frozenset(b.cells)
    table = Table(b)
    standing = set(table.live(result.crossed))
    assert standing <= table.reachable(result.crossed)
    for group in table.buildings:
        kinds = [b.cells[s] for s in group if s in standing]
        if "quarters" in kinds:
            assert "life-support" in kinds
            assert kinds.count("quarters") <= kinds.count("hydroponics")
    assert result.score >= 0
    assert run_end(content, b, order, goal) == result
