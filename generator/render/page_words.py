"""The catch-up page's own words (its frame, not the posts), per language: a German table's
page is German around its German posts. A language without its own words gets English."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageWords:
    sheets: str
    sheets_inside: str
    sheets_beside: str
    pdf_hidden_note: str
    pdf_sheets_inside: str  # {names}
    pdf_sheets_beside: str  # {names}
    spoilers: str
    # A table game's page (host/table_digest.py).
    catch_up: str  # {title}
    table_told: str  # {upto} {latest} {grouped}
    table_latest: str
    grouped: dict[str, str]  # what a section is ("round") as the told line says it
    table_nothing: str
    table_private: str
    footer: str  # {title}


WORDS = {
    "en": PageWords(
        sheets="Sheets to print",
        sheets_inside="Inside this page (tap one to save it):",
        sheets_beside=(
            "Each sheet on its own, and the host’s: the files beside this page in the game "
            "folder’s sheets/ (the print pack holds what a player prints):"
        ),
        pdf_hidden_note=(
            "On paper nothing can stay hidden until tapped: each hidden roll, stack or "
            "picture is a numbered spoiler printed at the back. Look one up only when you "
            "reach it."
        ),
        pdf_sheets_inside="Sheets to print (in the HTML page): {names}.",
        pdf_sheets_beside="In the game folder: {names}.",
        spoilers="Spoilers",
        catch_up="{title}: catch-up",
        table_told="Every post of the thread through table entry {upto}{latest}, in order, "
        "grouped by {grouped}.",
        table_latest=" (the latest)",
        grouped={"round": "round", "turn": "turn"},
        table_nothing="Nothing is posted yet: the thread starts with the game's first post.",
        table_private="Print the sheets below. Hands and private messages are never on this "
        "page: they stay with the players they were sent to.",
        footer="{title} · made with sheetgen from the game's folder; works offline.",
    ),
    "de": PageWords(
        sheets="Bögen zum Ausdrucken",
        sheets_inside="In dieser Seite (antippen zum Speichern):",
        sheets_beside=(
            "Jeder Bogen einzeln, auch die des Gastgebers: die Dateien neben dieser Seite im "
            "Ordner sheets/ der Partie (das Druckpaket enthält, was ein Spieler druckt):"
        ),
        pdf_hidden_note=(
            "Auf Papier bleibt nichts verborgen, bis man es antippt: jeder verdeckte Wurf, "
            "Stapel oder jedes verdeckte Bild ist ein nummerierter Spoiler hinten im "
            "Dokument. Schlage ihn erst nach, wenn du dort angekommen bist."
        ),
        pdf_sheets_inside="Bögen zum Ausdrucken (in der HTML-Seite): {names}.",
        pdf_sheets_beside="Im Ordner der Partie: {names}.",
        spoilers="Spoiler",
        catch_up="{title}: zum Nachlesen",
        table_told="Jeder Post des Threads bis Tisch-Eintrag {upto}{latest}, der Reihe nach, "
        "nach {grouped} geordnet.",
        table_latest=" (dem neuesten)",
        grouped={"round": "Runden", "turn": "Zügen"},
        table_nothing="Noch ist nichts gepostet: der Thread beginnt mit dem ersten Post der "
        "Partie.",
        table_private="Drucke die Bögen unten. Karten auf der Hand und private Nachrichten "
        "stehen nie auf dieser Seite: sie bleiben bei den Spielern, denen sie geschickt "
        "wurden.",
        footer="{title} · mit sheetgen aus dem Ordner der Partie gemacht; funktioniert offline.",
    ),
}


def page_words(lang: str) -> PageWords:
    return WORDS.get(lang, WORDS["en"])
