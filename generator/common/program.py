"""Whether this process is the `sheetgen` program (`entry.run` says so): only then is
`today`'s outline kept and reused (host/outline.py, in common/cache.py). A test or a
program that imports the commands, and may patch what they call, always works it out."""

running = False
