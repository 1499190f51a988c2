"""The `sheetgen` program: Ctrl-C at any moment, even while the libraries load, ends with a
short line and exit code 130, never a traceback."""

from __future__ import annotations

import gc
import os
import signal
import sys

from generator.common import program

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
    """The `sheetgen` program as installed (its console script, `python -m generator`): it
    ends as `sys.exit` ends, so a program that calls it may catch SystemExit and go on."""
    run()


def _reader_went_away() -> None:
    """The program reading our output stopped (`sheetgen plan | head`): stop quietly, as
    other command-line tools do, with the shell's status for a closed pipe (128 + SIGPIPE).
    stdout points at /dev/null first, so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os._exit(141)


if __name__ == "__main__":  # pragma: no cover
    main()
