"""Long drawing is reported the same way for every game: the assembler shows one bar for a
scope's pictures when the host is at a terminal (RenderOptions.progress), and nothing else
changes."""

from __future__ import annotations

import pytest

from generator.common.output_file import OutputFile
from generator.games import RenderOptions, Scope
from generator.kit.assemble import Drawing, drawn
from generator.kit.session import open_game


def test_a_drawing_is_read_in_order_with_or_without_the_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    files = [OutputFile(f"p{n}.png", bytes([n])) for n in range(3)]
    assert drawn(Drawing(3, iter(files)), progress=False) == files
    assert capsys.readouterr().err == ""
    assert drawn(Drawing(3, iter(files)), progress=True) == files
    assert "Drawing images" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("pack", "scope"), [("moon-drop", Scope("turn", 2)), ("galaxy-trucker", Scope("turn", 2))]
)
def test_every_game_reports_its_pictures_through_the_assembler(
    pack: str, scope: Scope, capsys: pytest.CaptureFixture[str]
) -> None:
    game = open_game(pack, "progress-seed-0123456789", None)
    quiet = game.rules.outputs(game.content, game.plan, scope, RenderOptions())
    assert capsys.readouterr().err == ""
    shown = game.rules.outputs(game.content, game.plan, scope, RenderOptions(progress=True))
    assert "Drawing images" in capsys.readouterr().err
    assert [(f.path, f.data) for f in shown] == [(f.path, f.data) for f in quiet]
    assert any(f.path.endswith(".png") for f in quiet)
