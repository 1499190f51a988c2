"""The `sheetgen` program: Ctrl-C at any moment, even while the libraries load, ends with a
short line and exit code 130, never a traceback."""

from __future__ import annotations

import os
import sys


def run() -> None:
    try:
        from generator.cli import main

        main(prog_name="sheetgen")
    except SystemExit as exc:
        if exc.code == 130:
            # Ctrl-C inside a command (its imports are lazy, see cli.py) was reported as
            # "interrupted"; leave the same way as below, for the same reason.
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        raise
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.stderr.flush()
        # os._exit, not sys.exit: an interrupt inside a module being imported leaves the
        # interpreter marked as interrupted, and its normal exit would then re-raise SIGINT.
        os._exit(130)


if __name__ == "__main__":  # pragma: no cover
    run()
