"""Which languages a Card Race table writes, and the file-name suffix of each."""

from __future__ import annotations


def languages(lang: str) -> list[tuple[str, str]]:
    """(language, file-name suffix): `both` writes NAME.en.* and NAME.de.*."""
    if lang == "both":
        return [("en", ".en"), ("de", ".de")]
    return [(lang, "")]
