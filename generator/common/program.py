"""Whether this process is the `sheetgen` program (`entry.run` says so): only then do
commands keep and reuse what they worked out (common/memo.py). A test or a program that
imports the commands, and may patch what they call, always works everything out."""

running = False
