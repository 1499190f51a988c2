"""The checks anyone at the table can run, without a game folder:

    sheetgen card-race trick [--trump X] [--json] CARD...   who wins a trick, which Boosters pay
    sheetgen card-race verify --round N --salt S --deck D --commitment C
        [--players A,B,C --dealer B --player A --hand I3,N]  a revealed round's deal

Both read the shipped card-race pack unless `--pack` names another (a host's edited copy, or
a game folder's pack/ copy). Posts published before these commands moved spell them through
the core (`sheetgen verify card-race --round ...`, `sheetgen trick card-race ...`): the core
hands those on here with `--pack card-race` (Capabilities.commands), so both keep working."""

from __future__ import annotations

import sys
from typing import Any

import click

from generator.common.errors import SheetgenError
from generator.games.card_race.content import CardRace
from generator.games.card_race.errors import in_language
from generator.kit.session import load_content

PACK = "card-race"
LANG = click.Choice(["en", "de"])


def pack_content(ref: str) -> tuple[Any, CardRace]:
    """The pack `ref` names and its content, refused unless it is a Galactic Card Race pack
    (another game's pack would fail later, with a message about the wrong thing)."""
    pack, _rules, content = load_content(ref)
    if not isinstance(content, CardRace):
        raise SheetgenError(f"the {pack.name} pack is not a Galactic Card Race pack")
    return pack, content


pack_option = click.option(
    "--pack",
    default=PACK,
    show_default=True,
    help="Pack name or folder path (a game folder's pack/ copy is the game's exact content).",
)
lang_option = click.option("--lang", type=LANG, default="en", help="[default: en]")


@click.command()
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--trump",
    type=click.Choice(["I", "P", "W", "G", "none"], case_sensitive=False),
    default="none",
    help="The trump suit [default: none]",
)
@lang_option
@click.option("--json", "as_json", is_flag=True, help='{"winner": POSITION, "bonus": [...]}')
@pack_option
def trick(cards: tuple[str, ...], trump: str, lang: str, as_json: bool, pack: str) -> None:
    """Judge a trick: CARDS in play order, the first one led (I1-G12, N, F, T, B, H)."""
    from generator.games.card_race.explain import judge_report

    _, content = pack_content(pack)
    with in_language(content, lang):
        report = judge_report(content, list(cards), trump, as_json, lang)
    click.echo(report, nl=False)


@click.command()
@click.option("--round", "round_number", type=int, default=None, help="The round to check.")
@click.option("--salt", default=None, help="The salt the round's standings post revealed.")
@click.option("--deck", default=None, help="The revealed deck, comma- or space-separated.")
@click.option(
    "--commitment",
    required=True,
    help="The round commitment of the round post (or the first 16 hex digits your hand "
    "message shows).",
)
@click.option("--players", default=None, help="With --player: the seat order, comma-separated.")
@click.option("--dealer", default=None, help="With --player: the round's dealer.")
@click.option("--player", default=None, help="Whose hand to check.")
@click.option("--hand", default=None, help="With --player: the cards, comma-separated.")
@lang_option
@pack_option
def verify(
    round_number: int | None,
    salt: str | None,
    deck: str | None,
    commitment: str,
    players: str | None,
    dealer: str | None,
    player: str | None,
    hand: str | None,
    lang: str,
    pack: str,
) -> None:
    """Check a round's revealed deal against its commitment and, with --player, a captain's
    hand against the deal (exit 1 on a mismatch). The standings post prints the command."""
    from generator.games.card_race.verify import RoundClaim, verify_round

    _, content = pack_content(pack)
    claim = RoundClaim(
        round=round_number,
        salt=salt,
        deck=deck,
        commitment=commitment,
        players=players,
        dealer=dealer,
        player=player,
        hand=hand,
    )
    with in_language(content, lang):
        verdict = verify_round(content, claim, lang)
    # A mismatch goes to stderr, as the core's seed check does: a script sees only OKs.
    click.echo(verdict.text, nl=False, err=not verdict.ok)
    if not verdict.ok:
        sys.exit(1)
