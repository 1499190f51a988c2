"""Battlestar's posting guide: written by the setup into the game folder, as every game's
`posting-guide.md` is, naming the order of the setup posts and messages (each message's
file and its player) and how a table command gives the next post; never what a message
says, and the same bytes when set up again."""

from __future__ import annotations

from pathlib import Path

from bsg_helpers import FOUR, BsgGame


def test_the_setup_writes_the_guide(tmp_path: Path) -> None:
    game = BsgGame(tmp_path)
    result = game.run("setup")
    guide = game.folder / "posting-guide.md"
    assert "Posting guide (start here): " in result.output
    text = guide.read_text(encoding="utf-8")
    assert text.startswith(f"# Battlestar Galactica · Game {game.state().game_id}: posting guide")
    setup = text.index("## Setup, in this order")
    sends = [text.index(f"`private/000-setup/seat-{s}.txt` → {n}") for s, (n, _, _) in
             enumerate(FOUR, 1)]  # fmt: skip
    post = text.index("Then post `public/000-setup.*`")
    assert setup < min(sends) and max(sends) < post  # the messages first, then the post
    assert "`public/turn-TT-P-phase.*`" in text and "sheetgen bsg posted game.yaml" in text
    assert "`private/NNN-command/seat-N.txt`" in text
    assert "never post it" in text and "sheetgen today --game game.yaml" in text
    assert "sheetgen bsg reveal game.yaml" in text
    for message in game.files("private").values():
        assert message.splitlines()[2] not in text  # "Your character: ..."
    before = guide.stat().st_mtime_ns
    game.run("setup")  # set up again: the guide is as it was, not rewritten
    assert guide.stat().st_mtime_ns == before and guide.read_text(encoding="utf-8") == text


def test_the_guide_is_there_while_characters_are_chosen(tmp_path: Path) -> None:
    game = BsgGame(tmp_path, players=[(n, None, None) for n, _, _ in FOUR])
    game.run("setup")
    text = (game.folder / "posting-guide.md").read_text(encoding="utf-8")
    assert "`public/choose-N.*`" in text
