"""The `sheetgen` program: Ctrl-C at any moment, even while the libraries load, ends with a
short line and exit code 130, never a traceback."""

from __future__ import annotations

import gc
import os
import signal
import sys

from generator.common import program

HELP = (["--help"], ["-h"])
# A command is one short process that builds its data once and keeps most of it to the end:
# the collector's default pace (a pass every 700 new objects, each promoting the survivors
# to be scanned again) spent 50 ms of a game and a tenth of a `turn N` finding almost
# nothing to free. Every 50,000 objects, it still frees what a long `balance` leaves behind.
GC_THRESHOLDS = (50_000, 20, 100)


def run() -> None:
    program.running = True
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        # From here on a Ctrl-C is Python's KeyboardInterrupt again, so that a command
        # can clean up its temporary files; it is reported below (see generator/__init__).
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if sys.argv[1:] in HELP:
            _help()
        import click

        from generator.cli import main

        # Not click's standalone mode: it would turn a Ctrl-C that lands outside a command
        # (while click parses, or loads a game's command group) into "Aborted!" and exit 1.
        try:
            code = main(prog_name="sheetgen", standalone_mode=False)
        except click.Abort:
            raise KeyboardInterrupt from None
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        # A command returns None; --help, --version and ctx.exit() return their exit code.
        sys.exit(code if isinstance(code, int) else 0)
    except SystemExit as exc:
        if exc.code == 130:
            # Ctrl-C inside a command (its imports are lazy, see cli.py) was reported as
            # "interrupted"; leave the same way as below, for the same reason.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        raise
    except BrokenPipeError:
        _reader_went_away()
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.stderr.flush()
        # os._exit, not sys.exit: an interrupt inside a module being imported leaves the
        # interpreter marked as interrupted, and its normal exit would then re-raise SIGINT.
        os._exit(130)


def main() -> None:
    """The `sheetgen` program as installed (its console script, `python -m generator`):
    `run`, then leave as Python's own exit would, less the teardown. Python's exit runs the
    exit handlers (the kept pictures, the cache's trim, multiprocessing's), flushes the
    standard streams, and then frees every object the command made, one by one: for a whole
    game (its plan, content, pictures and fonts) that last part was 0.1 s of CPU, work
    nobody sees the result of. The first two are done here and the process ends there. A
    command leaves no file open: every file is written whole and closed as it goes."""
    try:
        run()
    except SystemExit as exc:
        _leave(exc.code)


def _leave(code: object) -> None:
    """End the process with `code` as `sys.exit(code)` would end it."""
    status = 0
    if isinstance(code, int):
        status = code
    elif code is not None:  # sys.exit("message"): the message on stderr, status 1
        sys.stderr.write(f"{code}\n")
        status = 1
    import atexit

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_went_away()
    sys.stderr.flush()
    os._exit(status)


def _help_key() -> list[str]:
    """What `sheetgen --help` prints depends on, besides the code and the libraries: the
    width click formats it to (the terminal's, at most 80) and the language settings a
    translation would follow."""
    import shutil

    width = min(shutil.get_terminal_size().columns, 80)
    words = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    return [*sys.argv[1:], str(width), *words]


def _help() -> None:
    """`sheetgen --help` as the last such run printed it (kept in the host's cache,
    common/memo.py), without loading click and every command. Else click prints it, and
    what it printed is kept for the next run. Exits either way."""
    import contextlib
    import io

    from generator.common.memo import keep, recall

    key = _help_key()
    kept = recall("help", key)
    if kept is not None and isinstance(kept[0].get("text"), str):
        sys.stdout.write(kept[0]["text"])
        sys.stdout.flush()
        sys.exit(0)

    from generator.cli import main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(prog_name="sheetgen", standalone_mode=False)
    text = printed.getvalue()
    sys.stdout.write(text)
    sys.stdout.flush()
    if code == 0 and text:
        keep("help", key, {"text": text})
    sys.exit(code if isinstance(code, int) else 0)


def _reader_went_away() -> None:
    """The program reading our output stopped (`sheetgen plan | head`): stop quietly, as
    other command-line tools do, with the shell's status for a closed pipe (128 + SIGPIPE).
    stdout points at /dev/null first, so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os._exit(141)


if __name__ == "__main__":  # pragma: no cover
    main()
