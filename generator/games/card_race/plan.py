"""A Galactic Card Race game's plan as typed data (its JSON form: generator/plan/model.py):
the table it was dealt for and each round's deal, decided ahead by the seed. The posts, the
files and the table's modules read it as these types; plan.json is read into them once, where
a folder is opened (commands.open_folder, host/game_folder.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.plan.model import Plan


@dataclass(frozen=True)
class TableSettings:
    """The table the deal was made for (the game file's settings, rounds counted)."""

    players: tuple[str, ...]
    rounds: int
    bidding: str
    specials: bool
    lang: str
    days_per_round: int


@dataclass(frozen=True)
class TurnUp:
    """The card turned up for trump after the deal (planner.turn_up)."""

    card: str | None
    set_aside: tuple[str, ...]
    trump: str | None
    how: str


@dataclass(frozen=True)
class Deal:
    """One round's deal: the whole deck in order, each hand, the committed salt."""

    round: int
    dealer: str
    first: str
    deck: tuple[str, ...]
    hands: dict[str, tuple[str, ...]]
    turn_up: TurnUp
    salt: str
    commitment: str
    date: str | None


@dataclass(frozen=True)
class CardRacePlan(Plan):
    # Written only for a game dealt before salts had 128 bits (planner.OLD_SALT_BITS).
    salt_bits: int | None = field(default=None, kw_only=True)
    table: TableSettings
    first_dealer: str
    rounds: tuple[Deal, ...]
