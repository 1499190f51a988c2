"""Keep on Trucking's tile kinds, added to Galaxy Trucker's on this game's own registry
(keep_on_trucking/kinds.py).

Plating is a side kind (model.Side), not a tile kind: a plated cabin is still a cabin. The
kinds here are the new components; each says its partner (fancy wiring: the type it must be
joined to, or it falls off), its technology (the words in expansion.yaml) and its picture.
Cyan life support is Galaxy Trucker's life-support kind with `alien: cyan`."""

from __future__ import annotations

from typing import ClassVar

from generator.art.surface import Surface
from generator.games.galaxy_trucker.art import tiles as gt_art
from generator.games.galaxy_trucker.art.tiles import Frame
from generator.games.galaxy_trucker.kinds import SideMark, TileKind
from generator.games.galaxy_trucker.model import TileType
from generator.games.keep_on_trucking import art

SIDE_WORDS = {"n": "top", "e": "right", "s": "bottom", "w": "left"}


class _Wired(TileKind):
    """A component that works only joined to its partner type (fancy wiring)."""

    partner: ClassVar[str]
    technology: ClassVar[str]

    def wired_picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        """The pictogram; the wiring ring is drawn first, under it."""

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.wiring(surface, frame, self.partner)
        self.wired_picture(surface, frame, tt)


class _Booster(_Wired):
    required = ("boosts",)
    fill = (240, 240, 215)

    def label(self, tt: TileType) -> str:
        return "BOOST"

    def wired_picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.booster(surface, frame, tt)


class CannonBooster(_Booster):
    name = "cannon-booster"
    partner = "cannon"
    technology = "cannon-booster"


class EngineBooster(_Booster):
    name = "engine-booster"
    partner = "engine"
    technology = "engine-booster"


class ShieldBooster(_Booster):
    name = "shield-booster"
    partner = "shield"
    technology = "shield-booster"


class ReactorFurnace(_Wired):
    name = "reactor-furnace"
    partner = "battery"
    technology = "reactor-furnace"
    fill = (250, 225, 205)

    def label(self, tt: TileType) -> str:
        return "FURNACE"

    def wired_picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.furnace(surface, frame, tt)


class Catapult(_Wired):
    name = "catapult"
    required = ("arrows",)
    partner = "hold"
    technology = "catapult"
    fill = (235, 232, 215)

    def words(self, tt: TileType) -> str:
        arrows = ", ".join(SIDE_WORDS[s] for s in tt.arrows or ())
        return f"{tt.name}, arrows {arrows}"

    def label(self, tt: TileType) -> str:
        return "CATAPULT"

    def wired_picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.catapult(surface, frame, tt)


class StasisChamber(_Wired):
    name = "stasis-chamber"
    required = ("sleepers",)
    partner = "cabin"
    technology = "stasis-chamber"
    fill = (215, 228, 250)

    def words(self, tt: TileType) -> str:
        return f"{tt.name}, {tt.sleepers} sleepers"

    def label(self, tt: TileType) -> str:
        return "STASIS"

    def wired_picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.stasis(surface, frame, tt)


class CannonEngine(TileKind):
    """A single cannon and a single engine in one tile: barrel at the front, exhaust at the
    rear, both placement rules."""

    name = "cannon-engine"
    required = ("strength",)
    cannon = True
    engine = True
    technology = "combined"
    mark: ClassVar[tuple[str, SideMark] | None] = ("n", "cannon")
    fill = (235, 215, 225)

    def marks(self) -> tuple[tuple[str, SideMark], ...]:
        return (("n", "cannon"), ("s", "engine"))

    def label(self, tt: TileType) -> str:
        return "CAN+ENG"

    def under_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        gt_art.nozzles(surface, frame, tt.strength or 1)

    def over_panel(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        gt_art.barrels(surface, frame, tt.strength or 1)

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.cannon_engine(surface, frame, tt)


class HoldBattery(TileKind):
    name = "hold-battery"
    required = ("slots", "cells")
    hold = True
    battery = True
    technology = "combined"
    fill = (210, 232, 225)

    def label(self, tt: TileType) -> str:
        return "HOLD +\nBATTERY"  # two lines: "HOLD+BAT" had to shrink to 24 px

    def picture(self, surface: Surface, frame: Frame, tt: TileType) -> None:
        art.hold_battery(surface, frame, tt)


# The tile kinds this game adds to Galaxy Trucker's, in their registry order.
KINDS: tuple[type[TileKind], ...] = (
    CannonBooster,
    EngineBooster,
    ShieldBooster,
    ReactorFurnace,
    Catapult,
    StasisChamber,
    CannonEngine,
    HoldBattery,
)
