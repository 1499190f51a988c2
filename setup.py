"""Packaging beyond what pyproject.toml can say: the game packs ship inside the package.

The repository keeps the packs in content/ (the source a pack author edits); an installed
sheetgen carries the same files as `generator/packs/`, so `sheetgen game` works in any
folder after `pip install` or `pipx install`, with no checkout."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["generator", "generator.*"]), "generator.packs"],
    package_dir={"generator.packs": "content"},
    package_data={
        # art/fonts: DejaVu Sans for the names players type, with its licence.
        "generator": [
            "py.typed",
            "games/galaxy_trucker/flight/*.json",
            "art/fonts/*.ttf",
            "art/fonts/*.txt",
        ],
        "generator.packs": ["*/*.yaml", "*/*.md"],
    },
)
