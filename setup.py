"""Packaging beyond what pyproject.toml can say: the game packs ship inside the package, and
so do the fonts that draw players' names (generator/art/fonts/).

The repository keeps the packs in content/ (the source a pack author edits); an installed
sheetgen carries the same files as `generator/packs/`, so `sheetgen game` works in any
folder after `pip install` or `pipx install`, with no checkout."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["generator", "generator.*"]),
        "generator.packs",
        "generator.art.fonts",  # DejaVu Sans for the names players type, with its licence
    ],
    package_dir={"generator.packs": "content"},
    package_data={
        "generator": ["py.typed", "games/galaxy_trucker/flight/*.json"],
        "generator.packs": ["*/*.yaml", "*/*.md"],
        "generator.art.fonts": ["*.ttf", "*.txt"],
    },
)
