"""`sheetgen send`: what `today` asks to post now, sent to Discord by webhook (host/send.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.base import game_folder_option, report_errors
from generator.cli.group import main
from generator.cli.table_host import table_game_file_option
from generator.common.errors import SheetgenError, display_path

if TYPE_CHECKING:
    from generator.host.discord_webhook import Sender
    from generator.host.send import Batch

# A run that sent part and then failed for a while (no network, Discord down): the timer
# runs it again in a few minutes. Anything the host must see to is exit code 2.
TRY_AGAIN = 1


@main.command()
@game_folder_option
@click.option(
    "--dry-run", is_flag=True, help="Print what would be sent now, send and record nothing."
)
@click.option(
    "--webhook-file",
    default=None,
    type=click.Path(path_type=Path),
    help="A file holding the webhook's URL, readable by you alone (chmod 600) "
    "[default: SHEETGEN_DISCORD_WEBHOOK, else ~/.config/sheetgen/discord-webhook]",
)
@click.option(
    "--thread",
    "thread_id",
    default=None,
    metavar="ID",
    help="Post into this thread of the webhook's channel (a forum post's thread id).",
)
@click.option(
    "--timeout",
    default=30.0,
    type=click.FloatRange(0.1, 300),
    show_default=True,
    help="Seconds to wait for Discord's answer to a message.",
)
# Two plain flags rather than one destination with two flag values: click 8.2.0 (the lowest
# allowed) let the second flag's default overwrite the first's, so a run with neither flag
# read as settling the record.
@click.option(
    "--was-sent",
    is_flag=True,
    help="A stopped run left a message unsettled and it IS in the channel: record it as sent.",
)
@click.option(
    "--was-not-sent",
    is_flag=True,
    help="A stopped run left a message unsettled and it is NOT in the channel: the next run "
    "sends it.",
)
@click.option(
    "--mark/--no-mark",
    default=True,
    show_default=True,
    help="Mark each slot sent as posted (`sheetgen posted`). --no-mark when you also post "
    "the game elsewhere by hand: `today` keeps the slot for the other platforms until you "
    "mark it, and send never sends it again.",
)
@click.option(
    "--private-sent",
    is_flag=True,
    help="A table game: you have sent the private messages listed (hands, loyalty cards); "
    "the posts that wait for them go at this run.",
)
@table_game_file_option
@report_errors
def send(
    folder: Path | None,
    dry_run: bool,
    webhook_file: Path | None,
    thread_id: str | None,
    timeout: float,
    was_sent: bool,
    was_not_sent: bool,
    mark: bool,
    private_sent: bool,
    game_file: Path | None,
) -> None:
    """Send to Discord by webhook what `today` asks to post now (missed slots first), each
    message recorded in posted.jsonl; run it every few minutes from cron or a systemd timer.

    Never before a slot's time, never twice: a run stopped during a send says which message
    it cannot vouch for, and sends nothing until you say (--was-sent / --was-not-sent). The
    webhook's URL comes from SHEETGEN_DISCORD_WEBHOOK or a file only you can read, and is
    never written or printed."""
    if was_sent and was_not_sent:
        raise click.UsageError("--was-sent and --was-not-sent say opposite things: give one")
    settle_sent = True if was_sent else False if was_not_sent else None
    from generator.host.discord_webhook import Sender, load_webhook
    from generator.host.send import dry_run_lines, one_run_at_a_time, settle, unsettled_error
    from generator.host.send_record import read_send_record
    from generator.host.table_open import TableGame, open_host_game
    from generator.plan.moments import now

    if thread_id is not None and not thread_id.isdigit():
        raise click.BadParameter("a thread id is a number", param_hint="--thread")
    game = open_host_game(folder, game_file, outline=True)
    left: list[str] = []
    if isinstance(game, TableGame):
        from generator.host.send import check_batches
        from generator.host.table_send import record_private_sent, table_batches

        root, batches, left = table_batches(game)
        if private_sent and left and not dry_run:
            record_private_sent(
                root, [item.rpartition(": ")[2] for item in left], now().isoformat()
            )
            click.echo(f"Recorded as sent by you: {len(left)} private messages.")
            root, batches, left = table_batches(game)
        check_batches(batches)
    else:
        from generator.host.game_folder import require_schedule
        from generator.host.posted import read_posted
        from generator.host.send import check_batches, run_batches
        from generator.host.today import agenda, slots_with_posts

        require_schedule(game)
        root = game.root
        if settle_sent is None:
            work = slots_with_posts(game)
            day = agenda(game, work, now(), read_posted(root))
            batches = run_batches(game, work, day)
            check_batches(batches)
    if settle_sent is not None:
        said = settle(root, settle_sent, now())
        if not said:
            click.echo("Nothing was left unsettled: no run stopped during a send.")
        for what in said:
            click.echo(f"Recorded as {'sent' if settle_sent else 'not sent'}: {what}")
        return
    webhook = load_webhook(webhook_file, root, thread_id, required=not dry_run)
    record = read_send_record(root)
    if record.unsettled():
        raise unsettled_error(root, record)
    count = sum(1 for b in batches for m in b.messages if record.states.get(m.ident) != "sent")
    nothing = "Nothing to send before the private messages." if left else "Nothing to send now."
    if dry_run:
        where = "the thread" if (webhook and webhook.thread_id) else "the channel"
        if not count:
            click.echo(nothing)
        for line in dry_run_lines(batches, record, where):
            click.echo(line)
        if count:
            click.echo(f"Dry run: {count} message{'s' if count != 1 else ''} not sent.")
        _say_left(left)
        return
    assert webhook is not None
    if not count:
        click.echo(nothing)
        _say_left(left)
        return
    with one_run_at_a_time(root) as mine:
        if not mine:
            click.echo("Another `sheetgen send` is sending for this game now: nothing sent.")
            return
        _send_now(root, batches, Sender(webhook, timeout=timeout), mark)
    _say_left(left)


def _say_left(left: list[str]) -> None:
    """What a webhook cannot do (a private message): the host's, said every run, with what
    waits for it."""
    for item in left:
        click.echo(f"Not by webhook, send it yourself: {item}")
    if left:
        click.echo(
            "The posts after them wait: once these are sent, `sheetgen send --private-sent` "
            "(with the same -o / --game) sends them."
        )


def _send_now(root: Path, batches: list[Batch], sender: Sender, mark: bool) -> None:
    from generator.host.send import send_batches, unsettled_error
    from generator.host.send_record import read_send_record
    from generator.plan.moments import now

    # Read again under the lock: a run that held it a moment ago may have sent these.
    record = read_send_record(root)
    if record.unsettled():
        raise unsettled_error(root, record)
    result = send_batches(root, batches, sender.send, now, click.echo, mark)
    total = result.sent
    click.echo(f"{total} message{'s' if total != 1 else ''} sent to Discord.")
    failure = result.failure
    if failure is None:
        return
    if not failure.known:
        click.echo(f"error: {failure.reason}.", err=True)
        raise unsettled_error(root, read_send_record(root))
    if failure.lasting:
        raise SheetgenError(f"{failure.reason}. The rest was not sent.")
    click.echo(
        f"error: {failure.reason}. Not sent, and recorded so: the next run "
        f"(`sheetgen send -o {display_path(root)}`) sends it and the rest.",
        err=True,
    )
    raise SystemExit(TRY_AGAIN)
