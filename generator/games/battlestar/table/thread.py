"""`sheetgen digest` for a Battlestar game: the thread so far, from the log alone (entry n's
post is `public/NNN-command`; in a log begun under rules 3 or later, one post per phase of a
turn, `public/turn-TT-P-phase`), grouped by turn, after the choosing posts and the setup. The
log is replayed only to check that it still fits the game
file. `private/` and `moderator/` never reach a page: the thread is `public/`.

The fleet tracker and the player aid are the sheets to print: the same PDFs as `sheetgen
sheets --pack battlestar`, made from the game's pack (the folder keeps none)."""

from __future__ import annotations

import re
from pathlib import Path

from generator.common.output_file import OutputFile
from generator.games.battlestar import sheets
from generator.games.battlestar.content import Battlestar
from generator.games.battlestar.game import check_latest_post, replay
from generator.games.battlestar.log import read_log
from generator.games.battlestar.posts.setup import GAME, SETUP_KEY
from generator.games.battlestar.table.now import open_source
from generator.host.table_view import TableSource, TableThread, ThreadPost

PRIVATE = ("private/", "moderator/")
PAPERS = ("a4", "letter")
CHOOSING = re.compile(r"^choose-(\d+)\.html$")


def table_thread(source: TableSource) -> TableThread:
    table = open_source(source)
    log = read_log(table.folder)
    posts = [
        _post(f"public/choose-{k}", 0, "setup", f"Choosing characters ({k} chosen)",
              "Before the setup", phase="Choosing characters")
        for k in _choosing_posts(table.folder)
    ]  # fmt: skip
    if log.lines:
        replay(table)  # the log still fits the game file, or a clear error
        check_latest_post(table)
        posts.append(_post(f"public/{SETUP_KEY}", 0, "setup", "Setup", "Entry 0"))
    if table.phases is not None:
        # One post per phase of a turn (rules 3 on): on the page once its last entry is.
        for phase in table.phases.posts:
            first, last = phase.first, phase.last
            when = f"Entry {first}" if first == last else f"Entries {first}-{last}"
            posts.append(
                _post(phase.key, last, f"turn-{phase.turn}", phase.heading.partition(" · ")[2],
                      when)
            )  # fmt: skip
    turn = 1
    for line in log.lines[1:] if table.phases is None else []:
        n, command = int(line.entry["n"]), str(line.entry["cmd"])
        if command == "next":
            turn += 1  # the post of `next` opens the turn it names
        title = command.replace("-", " ").capitalize()
        posts.append(_post(f"public/{n:03d}-{command}", n, f"turn-{turn}", title, f"Entry {n}"))
    return TableThread(
        folder=table.folder,
        title=f"{GAME} · Game {table.game_id}",
        latest=int(log.lines[-1].entry["n"]) if log.lines else 0,
        grouped_by="turn",
        posts=tuple(posts),
        private=PRIVATE,
        sheets=tuple(_sheets(table.content)),
    )


def _post(key: str, entry: int, section: str, title: str, when: str, phase: str = "") -> ThreadPost:
    name = "Setup" if section == "setup" else section.replace("-", " ").capitalize()
    return ThreadPost(key, entry, section, name, phase, title, when)


def _choosing_posts(folder: Path) -> list[int]:
    """The numbers of the choosing posts the setup command wrote (one per stage of the
    choosing it was run at), in order."""
    public = folder / "public"
    if not public.is_dir() or public.is_symlink():
        return []
    found = [CHOOSING.match(p.name) for p in public.iterdir()]
    return sorted(int(m[1]) for m in found if m)


def _sheets(content: Battlestar) -> list[OutputFile]:
    return [
        OutputFile(f"sheets/{name}-{paper}.pdf", data)
        for paper in PAPERS
        for name, data in sheets.all_sheets(content, paper).items()
    ]
