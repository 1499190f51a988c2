"""A host's game file (seeds/*.yaml): the pack, seed, start date, output, paper, posting
rhythm and the game's own options, read and checked with file:line errors; and the game
that starts with its own command named when its file is given to another."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Annotated, Any, ClassVar, cast

import msgspec
from msgspec import Meta

from generator.common.errors import ContentError, Problem, SheetgenError, display_path
from generator.kit.session import load_content
from generator.pack.document import Document
from generator.pack.validation import Strict, field_keys, load_validated, validate
from generator.plan.rhythm import Rhythm
from generator.plan.seeds import normalise_seed


class GameFile(Strict, frozen=True, kw_only=True):
    """A host's small file per running game (seeds/*.yaml)."""

    pack: str | None = None  # the default pack if not given
    # Text as the host wrote it: `0042`, `yes` or `12:30` stay exactly that (see yamlio.raw).
    seed: str
    start: dt.date | None = None
    output: str | None = None
    paper: Annotated[str, Meta(pattern=r"^(a4|letter|both)\Z")] | None = None
    notes: str | None = None
    rhythm: Rhythm | None = None
    # The keys of the game's own options and their model (its `capabilities.options`), set
    # on the model made for that game (`game_file_model`). The options are checked by their
    # own model, whichever library it is written with (read_game_file).
    option_keys: ClassVar[tuple[str, ...]] = ()
    options_model: ClassVar[type[Any] | None] = None
    # The game's content, for the options' own checks (`validation_context()["content"]`:
    # how many rounds a list of one value per round needs).
    options_content: ClassVar[Any] = None

    def options(self) -> dict[str, Any]:
        found = {key: getattr(self, key) for key in self.option_keys}
        return {k: v for k, v in found.items() if v is not None}


def game_file_model(path: Path) -> type[GameFile]:
    """The schema of a game file: the core's keys and those of its game's options (the pack
    it names, else the default). A pack that does not load gives the core's keys only: its
    own problems are reported when a command opens it."""
    from generator.pack.load import default_pack
    from generator.pack.yamlio import load_document

    doc, _ = load_document(path, display_path(path))
    data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
    pack = data.get("pack")
    if not isinstance(pack, str) or not pack:
        pack = default_pack()
    elif "/" in pack or pack.startswith("."):
        pack = str(path.parent / pack)
    try:
        _, rules, content = load_content(pack)
    except SheetgenError:
        return GameFile
    options = rules.capabilities.options
    if options is None:
        return GameFile
    keys = field_keys(options)
    # The options' keys, any value: their own model checks them (read_game_file).
    fields = [(key, Any, None) for key in keys]
    made = msgspec.defstruct(
        f"GameFileWith{options.__name__}", fields, bases=(GameFile,), frozen=True, kw_only=True
    )
    model = cast(type[GameFile], made)  # defstruct says Struct; its base here is GameFile
    model.option_keys = keys
    model.options_model = options
    model.options_content = content
    return model


def read_game_file(path: Path) -> GameFile:
    try:
        model = game_file_model(path) if path.is_file() else GameFile
        try:
            doc, spec = load_validated(path, model)
        except ContentError as exc:
            raise ContentError([*exc.problems, *_options_checked(path, model)[1]]) from None
        checked, problems = _options_checked(path, model, doc, spec)
        if checked is None:
            raise ContentError(problems)
        spec = checked
    except ContentError:
        refuse_other_games_file(path)
        raise
    try:
        normalise_seed(spec.seed)
    except ValueError as exc:
        raise ContentError([doc.problem(("seed",), str(exc))]) from exc
    if spec.pack and ("/" in spec.pack or spec.pack.startswith(".")):
        # A pack path in a game file is relative to the game file, not to the shell.
        spec = msgspec.structs.replace(spec, pack=str(path.parent / spec.pack))
    if spec.pack:
        from generator.pack.load import check_pack_named

        check_pack_named(doc, spec.pack)
    return spec


def _options_checked(
    path: Path, model: type[GameFile], doc: Document | None = None, spec: GameFile | None = None
) -> tuple[GameFile | None, list[Problem]]:
    """The game file with its game's options checked by their model (`spec`'s values
    replaced by the model's), or the options' problems."""
    from generator.pack.yamlio import load_document

    if model.options_model is None:
        return spec, []
    if doc is None:
        doc, _ = load_document(path, display_path(path))
    if doc is None or not isinstance(doc.data, dict):
        return spec, []
    given = {key: value for key, value in doc.data.items() if key in model.option_keys}
    context = {"content": model.options_content} if model.options_content is not None else None
    options, problems = validate(dataclasses.replace(doc, data=given), model.options_model, context)
    if options is None or spec is None:
        return None, problems
    values = {key: getattr(options, key) for key in model.option_keys}
    return msgspec.structs.replace(spec, **values), []


def refuse_other_games_file(path: Path) -> None:
    """A game file of a game that starts with its own command (a card table, a moderator's
    setup) given to `round` or `turn`: name that command rather than list every key those
    commands do not know. Silent when the file names no such game."""
    found = own_start_command(path)
    if found is not None:
        title, command = found
        shown = display_path(path)
        raise SheetgenError(
            f"{shown}: a {title} game file; start that game with `{command.format(file=shown)}`"
        )


def own_start_command(path: Path) -> tuple[str, str] | None:
    """The game's title and the command (`sheetgen GROUP COMMAND {file}`) that starts the
    game a game file names, when that game starts with its own command (a card table, a
    moderator's setup); None for any other file, or one whose pack does not load (its
    problems are reported as they are)."""
    from generator.pack.yamlio import load_document

    doc, _ = load_document(path, display_path(path))
    pack = doc.data.get("pack") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(pack, str) or not pack:
        return None
    if "/" in pack or pack.startswith("."):
        pack = str(path.parent / pack)
    try:
        loaded, rules, _ = load_content(pack)
    except SheetgenError:
        return None  # the pack's own problems are for `check`
    command = rules.capabilities.game_file_command
    return (loaded.meta.title, command) if command else None
