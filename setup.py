"""Packaging beyond what pyproject.toml can say: the game packs ship inside the package, and
so do the fonts that draw players' names (generator/art/fonts/).

The repository keeps the packs in content/ (the source a pack author edits); an installed
sheetgen carries the same files as `generator/packs/`, so `sheetgen game` works in any
folder after `pip install` or `pipx install`, with no checkout."""

from pathlib import Path

from setuptools import find_packages, setup

SOURCE_SUFFIXES = {".py", ".pyc"}


def data_files_of(package_dir: Path) -> list[str]:
    """Every file beside a package's modules that is not Python source or bytecode (a
    balance reference, a font, py.typed): shipped by walking the folder, so a data file
    added later is never left out of the wheel by a forgotten pattern."""
    return sorted(
        f.name
        for f in package_dir.iterdir()
        if f.is_file() and f.suffix not in SOURCE_SUFFIXES and not f.name.startswith(".")
    )


CODE_PACKAGES = find_packages(include=["generator", "generator.*"])

# A pack folder whose name is a Python identifier (battlestar) is a package in setuptools'
# eyes: declared, so that its data files are not "absent from packages" (the others, named
# with a hyphen, are data of generator.packs alone).
PACK_PACKAGES = [
    f"generator.packs.{d.name}"
    for d in sorted(Path("content").iterdir())
    if d.is_dir() and d.name.isidentifier()
]

setup(
    packages=[
        *CODE_PACKAGES,
        "generator.packs",
        *PACK_PACKAGES,
        "generator.art.fonts",  # DejaVu Sans for the names players type, with its licence
    ],
    package_dir={"generator.packs": "content"},
    package_data={
        **{
            name: files
            for name in [*CODE_PACKAGES, "generator.art.fonts"]
            if (files := data_files_of(Path(*name.split("."))))
        },
        "generator.packs": ["*/*.yaml", "*/*.md"],
        **{name: ["*.yaml", "*.md"] for name in PACK_PACKAGES},
    },
)
