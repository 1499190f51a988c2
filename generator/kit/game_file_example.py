"""The example game files `sheetgen new` writes (generator/examples/PACK.yaml): the pack's
commented template with its seed, start date and file name filled in."""

from __future__ import annotations

import datetime as dt
from importlib import resources
from pathlib import Path
from string import Template

from generator.common.errors import SheetgenError, display_path

EXAMPLES = "generator.examples"


def example_packs() -> list[str]:
    """The packs an example game file ships for: one template each."""
    folder = resources.files(EXAMPLES)
    return sorted(
        f.name.removesuffix(".yaml") for f in folder.iterdir() if f.name.endswith(".yaml")
    )


def example_game_file(pack: str, file: str, seed: str | None, start: dt.date | None) -> str:
    """The example for PACK with a new secret seed (or `seed`) and day 1 tomorrow (or
    `start`); `file` is how its comments name it in the commands they show."""
    from generator.plan.seeds import choose_seed, normalise_seed

    known = example_packs()
    if pack not in known:
        raise SheetgenError(
            f"no example game file for {pack!r} (expected one of: {', '.join(known)})"
        )
    if seed is not None:
        try:
            normalise_seed(seed)
        except ValueError as exc:
            raise SheetgenError(f"--seed: {exc}") from None
    template = resources.files(EXAMPLES).joinpath(f"{pack}.yaml").read_text(encoding="utf-8")
    day_one = start if start is not None else dt.date.today() + dt.timedelta(days=1)
    return Template(template).substitute(
        seed=_yaml_text(seed if seed is not None else choose_seed()),
        start=day_one.isoformat(),
        file=file,
    )


def start_command(pack: str, file: Path) -> str:
    """The command that starts a game from its game file: the game's own (a card table, a
    moderator's setup) or `sheetgen game --game FILE`."""
    from generator.kit.session import load_content

    _, rules, _ = load_content(pack)
    shown = display_path(file)
    command = rules.capabilities.game_file_command
    return command.format(file=shown) if command else f"sheetgen game --game {shown}"


def _yaml_text(text: str) -> str:
    """A seed as YAML reads it back as the same text (quoted when YAML would read a
    number, a date or a word like `yes` instead)."""
    import yaml

    plain = yaml.safe_load(text) if text.strip() == text else None
    if isinstance(plain, str) and plain == text and "#" not in text and ": " not in text:
        return text
    return "'" + text.replace("'", "''") + "'"
