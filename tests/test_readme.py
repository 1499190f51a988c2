"""The README as a newcomer reads it (issue 43, item 8): short, every command it shows is a
real one, every `make` target it names exists, and every page and picture it links is there
(the pictures small enough for the repository)."""

from __future__ import annotations

import re
from pathlib import Path

import click

from generator.cli.group import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PICTURE_LIMIT = 150_000  # bytes: a committed picture stays small


def readme_text() -> str:
    return README.read_text(encoding="utf-8")


def commands_shown(text: str) -> list[list[str]]:
    """The words after each `sheetgen` in the README's shell blocks and inline code."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    inline = re.findall(r"`(sheetgen [^`]+)`", text)
    lines = [line for block in blocks for line in block.splitlines()] + inline
    shown = []
    for line in lines:
        for part in re.split(r"&&|;", line.split("#", 1)[0]):
            words = part.split()
            if words and words[0] == "sheetgen":
                shown.append(words[1:])
    return shown


def test_the_readme_is_short() -> None:
    assert len(readme_text().splitlines()) <= 300


def test_every_command_the_readme_shows_exists() -> None:
    shown = commands_shown(readme_text())
    assert len(shown) >= 10
    context = click.Context(main)
    for words in shown:
        words = [w for w in words if w not in {"--strict", "COMMAND", "..."}]
        if not words:  # `sheetgen --strict COMMAND`: the option alone
            continue
        command = main.get_command(context, words[0])
        assert command is not None, f"README shows `sheetgen {' '.join(words)}`: no such command"
        if isinstance(command, click.Group) and len(words) > 1:
            assert command.get_command(click.Context(command), words[1]) is not None, words


def test_every_make_target_the_readme_names_exists() -> None:
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.M))
    named = set(re.findall(r"(?:^|`)make ([a-z][a-z-]*)", readme_text(), re.M))
    assert {"game", "check", "test"} <= named
    assert named <= targets, named - targets


def test_every_page_and_picture_the_readme_links_is_there() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", readme_text())
    local = [link for link in links if "://" not in link]
    assert any(link.endswith(".png") for link in local)
    for link in local:
        assert (ROOT / link).is_file(), f"README links {link}: missing"
    for picture in (ROOT / "docs" / "screenshots").glob("*.png"):
        assert picture.stat().st_size < PICTURE_LIMIT, (
            f"{picture.name} is {picture.stat().st_size} bytes"
        )


def test_the_license_is_the_one_pyproject_names() -> None:
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert 'license = "MIT AND Bitstream-Vera"' in (ROOT / "pyproject.toml").read_text()
    assert "belong to their publishers" in " ".join(readme_text().split())
