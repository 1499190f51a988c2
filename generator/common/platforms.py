"""The platforms a host posts to, in the order every guide and command lists them."""

PLATFORMS = ("facebook", "discord", "bgg")
