"""The wheel ships what setuptools finds: a package is a folder with __init__.py, and the data
files beside its modules (setup.py's `data_files_of`). A folder of modules without
__init__.py, or a data file in a folder that is no package, would be left out of every
installed sheetgen, as Keep on Trucking's flight engine once was. Fast guards here; the
packaging test (test_installed_wheel.py) compares the built wheel with the checkout."""

from __future__ import annotations

from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"


def _source_folders() -> list[Path]:
    return sorted(
        folder
        for folder in [GENERATOR, *GENERATOR.rglob("*")]
        if folder.is_dir() and "__pycache__" not in folder.parts
    )


def test_every_folder_of_modules_is_a_package() -> None:
    missing = [
        str(folder.relative_to(GENERATOR.parent))
        for folder in _source_folders()
        if any(folder.glob("*.py")) and not (folder / "__init__.py").is_file()
    ]
    assert missing == []


def test_every_data_file_is_in_a_package_folder() -> None:
    """setup.py ships the files beside a package's modules; a folder of data alone is a
    package only when setup.py names it (the fonts)."""
    declared = {GENERATOR / "art" / "fonts"}
    stranded = [
        str(path.relative_to(GENERATOR.parent))
        for folder in _source_folders()
        if not (folder / "__init__.py").is_file() and folder not in declared
        for path in folder.iterdir()
        if path.is_file()
    ]
    assert stranded == []
