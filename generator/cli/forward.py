"""Core commands that hand what they do not know on to a game's own command.

Posts already published tell players to run a game's check through the core, as
`sheetgen verify PACK --round ...` or `sheetgen trick PACK ...`: spellings from before those
checks became commands of the game's own group (`sheetgen GROUP verify ...`). Those posts
cannot be edited, so the old spellings keep working, for any game: a `ForwardingCommand`
reads its arguments itself first. When they hold an option it does not know (or, with
`forward_all`, whenever a pack is named), it asks the pack's game for its command group
(`Capabilities.commands`) and runs that group's command of the same name with the other
arguments and `--pack PACK`, after a note on stderr that names the new spelling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click

from generator.common.errors import SheetgenError

# Where parse_args leaves a call to hand on, for invoke (the context's meta is shared down
# the chain of contexts, so the key names the command).
FORWARD = "sheetgen.forward.{name}"


@dataclass(frozen=True)
class Call:
    """The arguments as the core sees them without knowing the game's options."""

    pack: str | None  # the positional PACK or --pack, whichever was given
    args: list[str]  # every argument but a positional PACK, in order
    unknown: str | None  # the first option the core command does not know


def _known_options(command: click.Command, ctx: click.Context) -> dict[str, bool]:
    """Every option name of the command (help too), and whether it takes a value."""
    known: dict[str, bool] = {}
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            for name in [*param.opts, *param.secondary_opts]:
                known[name] = not (param.is_flag or param.count)
    return known


def read_call(command: click.Command, ctx: click.Context, args: list[str]) -> Call:
    """The pack, the other arguments and the first unknown option, read without the
    game's options. Until an unknown option the core's own options and their values are
    skipped, so the first other word is the positional PACK; after one, a word may be that
    option's value, so no later word is taken for the pack. `--pack` is read anywhere."""
    known = _known_options(command, ctx)
    takes_pack = any(isinstance(p, click.Argument) for p in command.params)
    pack: str | None = None
    named: str | None = None
    unknown: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        token = args[i]
        if token == "--":
            rest += args[i:]
            break
        name, eq, value = token.partition("=")
        if token.startswith("-") and len(token) > 1 and name in known:
            rest.append(token)
            if known[name] and not eq and i + 1 < len(args):
                i += 1
                value = args[i]
                rest.append(value)
            if name == "--pack":
                named = value
        elif token.startswith("-") and len(token) > 1:
            unknown = unknown or name
            rest.append(token)
        elif takes_pack and pack is None and unknown is None:
            pack = token  # the positional PACK: handed on as --pack
        else:
            rest.append(token)
        i += 1
    if pack is not None and named is not None and pack != named:
        raise click.UsageError(f"two packs named: {pack} and --pack {named}", ctx)
    if pack is not None and named is None:
        rest = ["--pack", pack, *rest]
    return Call(pack if pack is not None else named, rest, unknown)


class ForwardingCommand(click.Command):
    """A core command whose unknown options belong to a game's command of the same name
    (see the module's docstring). `forward_all`: it has no behaviour of its own, every call
    that names a pack is handed on."""

    def __init__(self, *args: Any, forward_all: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.forward_all = forward_all

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.resilient_parsing:  # shell completion: the core's own options only
            return super().parse_args(ctx, args)
        call = read_call(self, ctx, args)
        if call.unknown is None and not (self.forward_all and call.pack is not None):
            return super().parse_args(ctx, args)
        ctx.meta[FORWARD.format(name=self.name)] = call
        return []

    def invoke(self, ctx: click.Context) -> Any:
        call = ctx.meta.pop(FORWARD.format(name=self.name), None)
        if call is None:
            return super().invoke(ctx)
        from generator.cli.base import report_errors

        return report_errors(self._forward)(ctx, call)

    def _forward(self, ctx: click.Context, call: Call) -> Any:
        from generator.games import rules_for
        from generator.pack.load import default_pack, load_pack

        name = self.name or ""
        pack_ref = call.pack
        args = call.args
        if pack_ref is None:
            pack_param = next(p for p in self.params if isinstance(p, click.Argument))
            if pack_param.required:
                raise click.UsageError(f"name the pack first: sheetgen {name} PACK ...", ctx)
            pack_ref = default_pack()
            args = ["--pack", pack_ref, *args]
        pack = load_pack(pack_ref)
        group_name = rules_for(pack).capabilities.commands
        root = ctx.find_root()
        group = None
        if group_name is not None and isinstance(root.command, click.Group):
            group = root.command.get_command(root, group_name)
        target = group.get_command(root, name) if isinstance(group, click.Group) else None
        if group_name is None or not isinstance(group, click.Group) or target is None:
            raise SheetgenError(self._no_such_command(pack.name, group_name, call.unknown))
        click.echo(f"note: this is now `sheetgen {group_name} {name} ...`", err=True)
        # The group's own context under the root, so that its usage and error lines name
        # the new spelling (`sheetgen GROUP NAME`).
        with group.make_context(group_name, [name, *args], parent=root) as sub:
            return group.invoke(sub)

    def _no_such_command(self, pack: str, group: str | None, unknown: str | None) -> str:
        name = self.name or ""
        where = f" (`sheetgen {group}` has none)" if group is not None else ""
        text = f"the {pack} pack's game has no `{name}` command of its own{where}"
        if unknown is not None:
            own = sorted(o for o in _option_names(self) if o.startswith("--"))
            text += f", and `sheetgen {name}` has no option {unknown} (its own: {', '.join(own)})"
        return text


def _option_names(command: click.Command) -> list[str]:
    return [name for p in command.params if isinstance(p, click.Option) for name in p.opts]
