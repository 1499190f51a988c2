"""A pack validated before is read back from the host's cache (generator/pack/kept_content.py):
the same content as validating it, for the five packs and a game folder's copy; a process
that reads it parses no YAML; an edited file, a damaged or forged entry is read and
validated again, and says its problems every time."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from hashlib import sha256
from pathlib import Path

import pytest

from generator.common import memo
from generator.common.errors import ContentError
from generator.kit.session import load_content
from generator.pack import load
from generator.pack.load import CONTENT_DIR

PACKS = ("galaxy-trucker", "keep-on-trucking", "moon-drop", "card-race", "battlestar")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SHEETGEN_CACHE", str(folder))
    monkeypatch.setattr(memo, "_enabled", True)
    return folder


def refuse_validating(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("validated again")

    monkeypatch.setattr(load, "validate", refused)


@pytest.mark.parametrize("pack", PACKS)
def test_a_kept_pack_is_the_validated_one(
    pack: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh_pack, _, fresh = load_content(pack)
    assert fresh_pack.kept_models is None
    with monkeypatch.context() as warm:
        refuse_validating(warm)
        kept_pack, _, kept = load_content(pack)
    assert kept_pack.kept_models is not None
    assert kept == fresh and type(kept) is type(fresh)
    assert kept_pack.digest == fresh_pack.digest and kept_pack.files == fresh_pack.files
    assert kept_pack.meta == fresh_pack.meta


@pytest.mark.e2e
def test_a_game_folders_copy_with_its_bases_is_kept_too(tmp_path: Path, cache: Path) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "keep-on-trucking", copy)
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", copy / "extends" / "galaxy-trucker")
    _, _, fresh = load_content(str(copy))
    kept_pack, _, kept = load_content(str(copy))
    assert kept_pack.kept_models is not None and kept == fresh
    assert kept_pack.base is not None and kept_pack.base.root == copy / "extends" / "galaxy-trucker"


def test_an_edited_file_is_validated_again_and_says_its_problem(
    tmp_path: Path, cache: Path
) -> None:
    copy = tmp_path / "pack"
    shutil.copytree(CONTENT_DIR / "galaxy-trucker", copy)
    load_content(str(copy))
    goods = copy / "goods.yaml"
    text = goods.read_text(encoding="utf-8")
    goods.write_text(text.replace("value: 4", "value: 400", 1), encoding="utf-8")
    assert "value: 400" in goods.read_text(encoding="utf-8")
    for _ in range(2):  # a pack with a problem is never kept
        with pytest.raises(ContentError) as bad:
            load_content(str(copy))
        assert "goods.yaml" in str(bad.value) and "less than or equal to 99" in str(bad.value)
    goods.write_text(text, encoding="utf-8")
    assert load_content(str(copy))[0].kept_models is not None  # as kept before the edit


def test_damaged_or_forged_entries_are_validated_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, _, fresh = load_content("galaxy-trucker")
    (models,) = sorted((cache / memo.FOLDER).glob("pack-models.*"))
    kept = models.read_bytes()
    _checksum, _, rest = kept[len(memo.MAGIC) :].partition(b"\n")
    meta_line, _, blobs = rest.partition(b"\n")
    meta = json.loads(meta_line)

    def forged(change: object) -> bytes:
        body = json.dumps(change, ensure_ascii=True).encode() + b"\n" + blobs
        return memo.MAGIC + sha256(body).hexdigest().encode() + b"\n" + body

    goods = meta["stems"]["goods"]["model"]
    other_class = json.loads(json.dumps(meta))
    other_class["stems"]["goods"]["model"]["§"] = "os:system"  # no content model
    missing = json.loads(json.dumps(meta))
    del missing["stems"]["goods"]["model"]["f"]["goods"]  # a field short
    wrong_schema = json.loads(json.dumps(meta))
    wrong_schema["stems"]["goods"]["schema"] = "generator.games.galaxy_trucker.model:TextsFile"
    assert goods["§"].endswith(":GoodsFile")
    for damaged in (
        kept[:-7],
        b"",
        forged(other_class),
        forged(missing),
        forged(wrong_schema),
        forged({"stems": []}),
    ):
        models.write_bytes(damaged)
        _, _, again = load_content("galaxy-trucker")
        assert again == fresh
        with monkeypatch.context() as warm:  # the entry was kept whole again
            refuse_validating(warm)
            assert load_content("galaxy-trucker")[0].kept_models is not None


@pytest.mark.e2e
def test_a_process_reading_a_kept_pack_parses_no_yaml(
    tmp_path: Path,
) -> None:
    code = (
        "import sys; from generator.common import memo; memo.enable(); "
        "from generator.kit.session import load_content; "
        "pack, _, content = load_content(sys.argv[1]); "
        "print(pack.kept_models is not None, 'yaml' in sys.modules)"
    )
    env = dict(os.environ, SHEETGEN_CACHE=str(tmp_path / "cache"))
    for pack in ("galaxy-trucker", "keep-on-trucking"):
        said = [
            subprocess.run(
                [sys.executable, "-c", code, pack], env=env, capture_output=True, text=True
            ).stdout.split()
            for _ in range(2)
        ]
        # The first load reads the YAML and validates it. The second reads the kept models
        # back.
        assert said == [["False", "True"], ["True", "False"]], pack
