"""The `sheetgen` program: Ctrl-C at any moment, even while the libraries load, while a
callback runs where Python cannot raise it, or while the program ends, ends with a short
line and exit code 130, never a traceback. (From the moment the package is imported: what
comes before it is the interpreter's own start, which no program can reach.)"""

from __future__ import annotations

import _thread
import gc
import os
import signal
import sys
from types import FrameType

import generator

# A command is one short process that builds its data once and keeps most of it to the end:
# the collector's default pace (a pass every 700 new objects, each promoting the survivors
# to be scanned again) spent 50 ms of a game and a tenth of a `turn N` finding almost
# nothing to free. Every 50,000 objects, it still frees what a long `balance` leaves behind.
GC_THRESHOLDS = (50_000, 20, 100)


def run() -> None:
    # What `_run` sets for the whole process (Ctrl-C's handler, the hook for errors Python
    # cannot raise, the collector's pace) belongs to the
    # `sheetgen` program alone: a program or a test that calls `run` gets its own back when
    # the command is over.
    as_program = generator.launched_as_program()
    before = (
        signal.getsignal(signal.SIGINT),
        sys.unraisablehook,
        gc.get_threshold(),
    )
    try:
        _run(as_program)
    except KeyboardInterrupt:
        # A Ctrl-C while the one below was being reported, or while a command's end was
        # being handled: the same one line.
        if as_program:
            _interrupted_at_exit(signal.SIGINT, None)
        raise SystemExit(130) from None
    finally:
        if as_program:
            # The command is over and the process ends next. As the interpreter ends, its
            # collector walks every object the command made, several times, looking for
            # cycles whose memory the process's end gives back anyway: 0.05 s of CPU after a
            # command that reads a pack, 0.2 s after a whole game (measured, exit handlers
            # included). Frozen, they are left to the process's end. Files are closed and
            # the cache kept by then (each write is closed where it is made; the cache's
            # exit handler still runs).
            gc.freeze()
        else:
            handler, hook, thresholds = before
            signal.signal(signal.SIGINT, handler)
            sys.unraisablehook = hook
            gc.set_threshold(*thresholds)


def _run(as_program: bool) -> None:
    """The command, ended as the program ends: with os._exit after a Ctrl-C or a closed
    pipe (see below). Called by another program (`as_program` False), it ends with a
    SystemExit of the same code instead, which that program may catch and go on."""
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        # From here on a Ctrl-C is Python's KeyboardInterrupt again, so that a command
        # can clean up its temporary files; it is reported below (see generator/__init__).
        sys.unraisablehook = _interrupt_not_lost
        signal.signal(signal.SIGINT, _on_ctrl_c)
        import click

        from generator.cli import main

        # Not click's standalone mode: it would turn a Ctrl-C that lands outside a command
        # (while click parses, or loads a game's command group) into "Aborted!" and exit 1.
        try:
            code = main(prog_name="sheetgen", standalone_mode=False)
        except click.Abort:
            raise KeyboardInterrupt from None
        except click.ClickException as exc:
            # click's own errors quote a value as typed: 10^5 digits are cut short, as the
            # project's errors are (common/errors.py; those cut their own lines).
            # Its message is final (click's types): the text it shows is cut instead.
            import io

            from generator.common.errors import MAX_MESSAGE_LINE, MAX_MESSAGE_LINES, capped

            shown = io.StringIO()
            exc.show(file=shown)
            lines = shown.getvalue().splitlines()
            click.echo("\n".join(capped(lines, MAX_MESSAGE_LINES, MAX_MESSAGE_LINE)), err=True)
            sys.exit(exc.exit_code)
        # A command returns None; --help, --version and ctx.exit() return their exit code.
        sys.exit(code if isinstance(code, int) else 0)
    except SystemExit as exc:
        if not as_program:
            raise  # the caller's own Ctrl-C handler is put back by `run`
        # The command is over (its files written or cleaned up): a Ctrl-C from here on,
        # while the interpreter runs its exit handlers, just ends it the same quiet way.
        signal.signal(signal.SIGINT, _interrupted_at_exit)
        if exc.code == 130:
            # Ctrl-C inside a command (its imports are lazy, see cli.py) was reported as
            # "interrupted"; leave the same way as below, for the same reason.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        raise
    except BrokenPipeError:
        if not as_program:
            raise SystemExit(141) from None
        _reader_went_away()
    except KeyboardInterrupt:
        if not as_program:
            sys.stderr.write("\ninterrupted\n")
            raise SystemExit(130) from None
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: already leaving
        sys.stderr.write("\ninterrupted\n")
        sys.stderr.flush()
        # os._exit, not sys.exit: an interrupt inside a module being imported leaves the
        # interpreter marked as interrupted, and its normal exit would then re-raise SIGINT.
        os._exit(130)


def main() -> None:
    """The `sheetgen` program as installed (its console script, `python -m generator`): it
    ends as `sys.exit` ends, so a program that calls it may catch SystemExit and go on."""
    run()


def _on_ctrl_c(signum: int, frame: FrameType | None) -> None:
    """Python's KeyboardInterrupt, but while the hook below runs: raised there it would be
    "ignored" once more, so it is sent again for once the hook has returned."""
    while frame is not None:
        if frame.f_code is _interrupt_not_lost.__code__:
            _interrupt_again()
            return
        frame = frame.f_back
    raise KeyboardInterrupt


def _interrupt_not_lost(unraisable: sys.UnraisableHookArgs) -> None:
    """A Ctrl-C that landed where Python cannot raise it (a callback of the import system,
    a finaliser) would print a traceback as "Exception ignored" and be lost: the command
    would go on. It is delivered again instead, at the next point the command can stop
    and clean up. Anything else is reported as Python reports it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        _interrupt_again()
        return
    sys.__unraisablehook__(unraisable)


def _interrupt_again() -> None:
    """The Ctrl-C once more, from another thread a moment later: by then this thread has
    left the place where it could not be raised (were it still there, it is sent again)."""
    import threading

    timer = threading.Timer(0.01, _thread.interrupt_main)
    timer.daemon = True
    timer.start()


def _interrupted_at_exit(signum: int, frame: object) -> None:
    """Ctrl-C once nothing is left to clean up: one line, exit code 130."""
    os.write(2, b"\ninterrupted\n")
    os._exit(130)


def _reader_went_away() -> None:
    """The program reading our output stopped (`sheetgen plan | head`): stop quietly, as
    other command-line tools do, with the shell's status for a closed pipe (128 + SIGPIPE).
    stdout points at /dev/null first, so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os._exit(141)


if __name__ == "__main__":  # pragma: no cover
    main()
