"""The scripted five-player Battlestar game of the board and thread tests: 24 turns through
the CLI with Cylon attacks (raiders, a basestar, heavy raiders and their centurions), vipers
launched, damaged and destroyed, civilian ships lost, Galactica damage, movement with its
discard, the Brig, a Cylon reveal, jumps. test_battlestar_thread.py reads the game after 21
turns, test_battlestar_board.py after 24: one game played once per test process
(`battlestar_script` in conftest.py) stands at both points, the same folder the script
leaves whether it stops at 21 or goes on to 24."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

from bsg_helpers import FIVE, FIVE_DRAWS, FIVE_SEED, BsgGame, settle

from generator.games.battlestar.board import AREAS, LAUNCH_AREAS, ship_of
from generator.games.battlestar.game import open_table, replay
from generator.games.battlestar.state import TableState

THREAD_TURNS = 21
BOARD_TURNS = 24

# The Crisis card of each turn, as a moderator reads it: kind, icon, jump icon.
CRISES = [
    ("attack", "raiders", False),
    ("check", "basestars", True),
    ("event", "launch-raiders", True),
    ("attack", "heavy-raiders", False),
    ("check", "raiders", True),
    ("event", "heavy-raiders", True),
]


# The last table each game file's log replayed to, with the bytes it was replayed from.
_REPLAYED: dict[Path, tuple[bytes, TableState]] = {}


def fast_state(game: BsgGame) -> TableState:
    """The table as the game file and its log leave it. The script asks after nearly every
    step, most often of a log no command has changed since: a table is replayed again only
    when those bytes changed (a whole replay each time was two fifths of the script's time).
    Read it, never change it: the next call may hand back the same table."""
    read = game.file.read_bytes() + b"\0" + (game.folder / "table-log.jsonl").read_bytes()
    kept = _REPLAYED.get(game.file)
    if kept is not None and kept[0] == read:
        return kept[1]
    table = replay(open_table(game.file))
    assert table.state is not None
    _REPLAYED[game.file] = (read, table.state)
    return table.state


def skills_for(state: TableState) -> list[str]:
    player = state.player(state.current_seat)
    character = state.content.character(player.character)
    if player.revealed:
        return ["tactics=2"]
    if state.board.positions.get(player.seat) == "sickbay":
        return [f"{character.skills[0].types[0]}=1"]
    return FIVE_DRAWS.get(player.character, [])


def lowest(state: TableState, seat: int) -> str | None:
    cards = [c for d, c in state.player(seat).hand if d.startswith("skill:")]
    return min(cards, key=lambda c: (int(c.partition(":")[2]), c)) if cards else None


def keep_alive(game: BsgGame, seen: Counter[str]) -> None:
    """The script plays for length, not to lose: low dials are topped up, Galactica repaired,
    a centurion near the end fought in the Armory."""
    state = fast_state(game)
    low = [f"{k}=3" for k, v in state.resources.items() if v <= 4]
    if low:
        game.run("fleet", *low)
    state = fast_state(game)
    for location in sorted(state.board.damaged_locations())[
        : len(state.board.galactica_damage) - 1
    ]:
        game.run("repair", location)
    state = fast_state(game)
    areas = state.board.areas
    crowded = max(AREAS, key=lambda a: areas[a].raiders)
    if areas[crowded].raiders > 4:  # a card destroys raiders: the attacks stay survivable
        game.run("destroy", "raider", crowded, "--count", str(areas[crowded].raiders - 2))
    if state.board.vipers_damaged:
        game.run("repair", "viper")
        seen["viper repaired"] += 1
    if state.board.centurions and max(fast_state(game).board.centurions) >= 2:
        game.run("attack", "armory", "centurion", "--extra", "Boarding party (a card)")
        seen["armory"] += 1
        if fast_state(game).board.centurions and max(fast_state(game).board.centurions) >= 2:
            game.run("destroy", "centurion")


def play_turn(game: BsgGame, turn: int, seen: Counter[str]) -> None:
    state = fast_state(game)
    seat = state.current_seat
    me = state.player(seat)
    game.run("skills", me.name, *skills_for(state))
    if turn == 18:  # a card destroys a viper if the dice have not; a civilian ship likewise
        state = fast_state(game)
        if not state.board.vipers_destroyed:
            area = next((a for a in AREAS if state.board.areas[a].vipers), None)
            if area is None:
                game.run("launch", "lower-aft", "--extra", "a Crisis card")
                area = "lower-aft"
            game.run("destroy", "viper", area)
        if not state.board.civilians_lost:
            game.run("place", "aft", "civilian=1")
            game.run("destroy", "civilian", "aft")
    state = fast_state(game)
    # Movement: a pilot to the next area; aboard, between Galactica and Colonial One with
    # the discard that costs; a character at the Hangar Deck launches a viper instead.
    where = state.board.positions.get(seat, "")
    pilot = any("piloting" in e.types for e in state.content.character(me.character).skills)
    acted = False
    if turn >= 12 and me.holds_cylon_card() and not any(p.revealed for p in state.players):
        game.run("cylon", me.name)  # the turn's action
        seen["reveal"] += 1
        acted = True
    elif state.board.pilot_area(seat) is not None:
        area = state.board.pilot_area(seat)
        to = AREAS[(AREAS.index(area) + 1) % len(AREAS)]
        game.run("move", me.name, to)
        seen["pilot moved"] += 1
    elif where == "hangar-deck" and state.reserves["vipers"] and pilot and not me.revealed:
        game.run("launch", LAUNCH_AREAS[turn % 2], "--pilot", me.name)  # the turn's action
        seen["launched"] += 1
        acted = True
    elif not me.brig and not me.revealed and ship_of(where) in ("galactica", "colonial-one"):
        card = lowest(state, seat)
        to = "press-room" if ship_of(where) == "galactica" else "command"
        if card is not None and to not in state.board.damaged_locations():
            game.run("move", me.name, to, "--discard", card)
            seen["moved with a discard"] += 1
    # Action: a pilot attacks a raider in its area.
    state = fast_state(game)
    area = state.board.pilot_area(seat)
    if area is not None and state.board.areas[area].raiders and not acted:
        game.run("attack", "viper", "raider", area)
        seen["viper attack"] += 1
    if turn == 6:  # the Brig, for a player who is not the current one
        other = state.player((seat + 2) % 5)
        game.run("brig", other.name)
        seen["brig"] += 1
    if turn == 14:
        brigged = [p for p in state.players if p.brig]
        for p in brigged:
            game.run("release", p.name)
    state = fast_state(game)
    if state.no_crisis_step():
        seen["no crisis step"] += 1
        settle(game)
        game.run("next")
        return
    kind, icon, jump = CRISES[turn % len(CRISES)]
    game.run("draw", "crisis", "--kind", kind, "--icon", icon, *(["--jump"] if jump else []))
    if kind == "attack":
        if turn % 3 == 0:
            game.run("place", "fore", "basestar=1", "raider=2")
        else:
            game.run("place", "upper-fore", "heavy-raider=1", "raider=2")
            game.run("place", "aft", "civilian=2")
        game.run("resolved")
    elif kind == "check":
        game.run(
            "check-open", "--types", "tactics,piloting", "--difficulty", "5",
            "--name", f"turn {turn}",
        )  # fmt: skip
        check = fast_state(game).check
        assert check is not None
        for s in check.order:
            state = fast_state(game)
            card = lowest(state, s)
            player = state.player(s)
            game.run("check-add", player.name, *([card] if card and (s + turn) % 2 else []))
        game.run("check-resolve")
    else:
        game.run("fleet", "morale=-1")
        game.run("resolved")
    if icon != "none":
        game.run("activate", icon)
    if jump:
        game.run("prep")
    state = fast_state(game)
    if state.jump_due:
        game.run("draw", "destination", "2")
        admiral = state.holder("admiral")
        assert admiral is not None
        held = [c for d, c in fast_state(game).player(admiral).hand if d == "destination"]
        game.run("jump", "2", "--destination", held[0])
        seen["jump"] += 1
        if fast_state(game).sleeper_due():
            game.run("sleeper")
    if turn == 16 and not seen["boarded"]:  # a card's extra activation, if none landed yet
        game.run("place", "lower-aft", "heavy-raider=1")
        game.run("activate", "heavy-raiders", "--extra", "Crisis: heavy raiders (a card)")
        game.run("activate", "heavy-raiders", "--extra", "Crisis: heavy raiders (a card)")
    if fast_state(game).board.centurions:
        seen["boarded"] += 1
    keep_alive(game, seen)
    settle(game)
    game.run("next")


def play_script(base: Path) -> dict[int, tuple[BsgGame, Counter[str]]]:
    """The script played from the setup to BOARD_TURNS, the folder copied aside after
    THREAD_TURNS: each stop's game (read it, or work on a copy) and what the script saw."""
    game = BsgGame(base / "five", seed=FIVE_SEED, players=FIVE)
    game.run("setup")
    seen: Counter[str] = Counter()
    stops: dict[int, tuple[BsgGame, Counter[str]]] = {}
    for turn in range(1, BOARD_TURNS + 1):
        assert fast_state(game).turn == turn
        play_turn(game, turn, seen)
        assert not fast_state(game).over, (turn, fast_state(game).end_reason)
        if turn == THREAD_TURNS:
            kept = BsgGame(base / f"after-{turn}", seed=FIVE_SEED, players=FIVE)
            shutil.copytree(game.folder, kept.folder)
            stops[turn] = (kept, Counter(seen))
    stops[BOARD_TURNS] = (game, seen)
    return stops
