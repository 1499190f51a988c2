"""The platforms a host posts to, in the order every guide and command lists them."""

from typing import Literal

Platform = Literal["facebook", "discord", "bgg"]
PLATFORMS: tuple[Platform, ...] = ("facebook", "discord", "bgg")
