"""sheetgen: YAML card and tile definitions in, everything a by-post host needs out."""

__version__ = "0.1.0"


def launched_as_program() -> bool:
    """Whether this process was started as the `sheetgen` program (its console script, or
    `python -m generator`) rather than by another program or a test that imports it."""
    import os
    import sys

    main = sys.modules.get("__main__")
    script = getattr(main, "__file__", None) or ""
    # `python -m generator`: while Python locates the package to run, argv[0] is "-m" (and
    # once it runs, __main__ is the package's own __main__.py).
    if sys.argv[:1] == ["-m"] or script.endswith(os.path.join("generator", "__main__.py")):
        return True
    return os.path.basename(script).removesuffix(".exe") == "sheetgen"


def _quiet_interrupt_until_run() -> None:
    """When this package is imported by the `sheetgen` program (or `python -m generator`),
    a Ctrl-C before `entry.run` takes over (while the program's own modules load) ends with
    one short line and exit code 130, as it does afterwards; `entry.run` puts Python's
    handler back. A library import (tests, another program) changes nothing."""
    import os

    if not launched_as_program():
        return
    # _signal, not signal: the latter imports enum, itself long enough to be interrupted.
    import _signal  # type: ignore[import-not-found]  # CPython's C module: typeshed has no stub

    def interrupted(signum: int, frame: object) -> None:
        os.write(2, b"\ninterrupted\n")
        os._exit(130)

    _signal.signal(_signal.SIGINT, interrupted)


_quiet_interrupt_until_run()
