"""The tile kinds of Galaxy Trucker Roll'n'Write, one object each in the game's registry.

A tile type in tiles.yaml names its kind; the kind says which fields the type needs, where
its barrel or exhaust sits, the word printed on it, its panel colour and its pictogram.
Adding a kind (an expansion's plated sides, boosters...) is one more class here or in the
expansion's own module, listed in its module's `KINDS` (the registry's order)."""

from __future__ import annotations

from typing import ClassVar

from generator.art.surface import Color, Surface
from generator.games.galaxy_trucker.art import tiles as art
from generator.games.galaxy_trucker.art.tiles import Frame
from generator.games.galaxy_trucker.kinds import SideMark, TileKind
from generator.games.galaxy_trucker.model import TileType


class StartingCabin(TileKind):
    name = "starting-cabin"
    start = True
    crew = True
    fill = (250, 225, 150)

    def label(self, tt: TileType) -> str:
        return "START"

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.starting_cabin(surface, frame, tt)


class Cabin(TileKind):
    name = "cabin"
    crew = True
    alien_berth = True
    fill = (205, 222, 245)

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.cabin(surface, frame, tt)


class _Armed(TileKind):
    """Cannons and engines: single or double, named by their strength."""

    required = ("strength",)

    def label(self, tt: TileType) -> str:
        # The word says which ("DOUBLE" alone read the same on both at phone size); a double
        # carries a big "2×" on its body (art.tiles.double_mark), so the word stays 28 px.
        return self.name.upper()


class Cannon(_Armed):
    name = "cannon"
    cannon = True
    mark: ClassVar[tuple[str, SideMark] | None] = ("n", "cannon")
    fill = (225, 210, 240)

    def over_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        # Over the panel's edge, so barrel and panel read as one piece.
        art.barrels(surface, frame, tt.strength or 1)

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.cannon(surface, frame, tt)


class Engine(_Armed):
    name = "engine"
    engine = True
    mark: ClassVar[tuple[str, SideMark] | None] = ("s", "engine")
    fill = (245, 220, 195)

    def under_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.nozzles(surface, frame, tt.strength or 1)

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.engine(surface, frame, tt)


class Battery(TileKind):
    name = "battery"
    battery = True
    required = ("cells",)
    fill = (205, 235, 205)

    def legend_label(self, tt: TileType) -> str:
        return "battery"

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.battery(surface, frame, tt)


class Cargo(TileKind):
    name = "cargo"
    hold = True
    required = ("slots",)
    fill = (215, 225, 235)
    hazard_fill: Color = (250, 210, 205)

    def label(self, tt: TileType) -> str:
        return "HAZARD" if tt.hazardous else "CARGO"

    def legend_label(self, tt: TileType) -> str:
        return "hazardous hold" if tt.hazardous else "cargo hold"

    def panel_fill(self, tt: TileType) -> Color:
        return self.hazard_fill if tt.hazardous else self.fill

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.cargo(surface, frame, tt)


class Shield(TileKind):
    name = "shield"
    shield = True
    fill = (200, 240, 230)
    # The relaunch shield covers the top and right sides as printed; rotating turns them.
    covers = ("top", "right")

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.shield(surface, frame, tt)


class Structural(TileKind):
    name = "structural"
    plain = True
    fill = (215, 215, 215)

    def label(self, tt: TileType) -> str:
        return "STRUCT."

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.structural(surface, frame, tt)


class LifeSupport(TileKind):
    name = "life-support"
    life_support = True
    required = ("alien",)

    def label(self, tt: TileType) -> str:
        return (tt.alien or "").upper()

    def panel_fill(self, tt: TileType) -> Color:
        return art.tint(art.ALIEN.get(tt.alien or "", ((200, 200, 200), ""))[0])

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.life_support(surface, frame, tt)


# Galaxy Trucker's tile kinds, in the order its registry lists them (content.KINDS).
KINDS: tuple[type[TileKind], ...] = (
    StartingCabin,
    Cabin,
    Cannon,
    Engine,
    Battery,
    Cargo,
    Shield,
    Structural,
    LifeSupport,
)
