"""The `sheetgen` program: Ctrl-C at any moment, even while the libraries load, ends with a
short line and exit code 130, never a traceback."""

from __future__ import annotations

import sys


def run() -> None:
    try:
        from generator.cli import main

        main(prog_name="sheetgen")
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    run()
