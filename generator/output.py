"""Writing a game's files: all or nothing, and never over another game.

Files are first written to a staging folder next to the target; only when every file is
ready are they moved into place one by one with os.replace (atomic per file). A failure
before that leaves the target untouched. A folder that holds another game (another pack,
seed, content or start date) is refused unless the user forces it."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from generator.errors import SheetgenError, display_path
from generator.games import OutputFile

PLAN_FILE = "plan.json"
MANIFEST_FILE = "manifest.json"
IDENTITY_KEYS = ("pack", "seed", "content_digest", "start")


def to_json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_existing_plan(root: Path) -> dict[str, Any] | None:
    path = root / PLAN_FILE
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SheetgenError(
            f"{display_path(path)}: cannot read it ({exc}); move the folder away or use --force"
        ) from exc
    return data if isinstance(data, dict) else None


def _describe(plan: dict[str, Any]) -> str:
    return f"pack {plan.get('pack')}, game {plan.get('game_id')}, start {plan.get('start')}"


def check_target(root: Path, plan: dict[str, Any], force: bool) -> dict[str, Any] | None:
    """Refuse to write one game over another. Returns the existing plan, if any."""
    if root.exists() and not root.is_dir():
        raise SheetgenError(f"{display_path(root)} exists and is not a folder")
    existing = read_existing_plan(root)
    if existing is None:
        if root.is_dir() and any(root.iterdir()) and not force:
            raise SheetgenError(
                f"{display_path(root)} is not empty and holds no sheetgen game; "
                "choose another folder with -o or use --force"
            )
        return None
    same = all(existing.get(k) == plan.get(k) for k in IDENTITY_KEYS)
    if not same and not force:
        differs = [k for k in IDENTITY_KEYS if existing.get(k) != plan.get(k)]
        hint = ""
        if differs == ["content_digest"]:
            hint = (
                f"; the {plan.get('pack')} content changed since this game was written (an "
                f"edit or an upgrade): to go on with the game as it began, add --pack "
                f"{display_path(root / 'pack')}"
            )
        raise SheetgenError(
            f"{display_path(root)} holds another game ({_describe(existing)}; differs in "
            f"{', '.join(differs)}){hint}; use --force to replace it or -o to write elsewhere"
        )
    return existing


def _safe_relative(path: str) -> PurePosixPath:
    rel = PurePosixPath(path)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise ValueError(f"unsafe output path {path!r}")
    return rel


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_game(
    root: Path, plan: dict[str, Any], files: list[OutputFile], force: bool
) -> list[Path]:
    """Write plan.json, the files and the manifest into root. Returns the paths written."""
    existing = check_target(root, plan, force)
    same_game = existing is not None and all(existing.get(k) == plan.get(k) for k in IDENTITY_KEYS)
    all_files = [OutputFile(PLAN_FILE, to_json(plan)), *files]
    try:
        return _write(root, plan, all_files, existing, same_game)
    except OSError as exc:
        # A full disk, a read-only or missing place: the user's machine, not a bug.
        raise SheetgenError(f"cannot write {display_path(root)}: {exc.strerror or exc}") from exc


def _write(
    root: Path,
    plan: dict[str, Any],
    all_files: list[OutputFile],
    existing: dict[str, Any] | None,
    same_game: bool,
) -> list[Path]:
    root.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{root.name}.", suffix=".tmp", dir=root.parent))
    try:
        staged: list[tuple[Path, PurePosixPath]] = []
        for item in all_files:
            rel = _safe_relative(item.path)
            target = staging / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(item.data)
            staged.append((target, rel))
        old_manifest = _read_manifest(root) if same_game else {}
        if existing is not None and not same_game:
            _remove_listed(root, _read_manifest(root))
        manifest = dict(old_manifest)
        manifest.update(
            {str(rel): _sha256(item.data) for (_, rel), item in zip(staged, all_files, strict=True)}
        )
        manifest_file = staging / MANIFEST_FILE
        manifest_file.write_bytes(
            to_json(
                {
                    "game_id": plan.get("game_id"),
                    "pack": plan.get("pack"),
                    "files": dict(sorted(manifest.items())),
                }
            )
        )
        staged.append((manifest_file, PurePosixPath(MANIFEST_FILE)))
        written = []
        for source, rel in staged:
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
            written.append(target)
        return written
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _read_manifest(root: Path) -> dict[str, str]:
    try:
        data = json.loads((root / MANIFEST_FILE).read_text(encoding="utf-8"))
        files = data.get("files", {})
        return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def _remove_listed(root: Path, manifest: dict[str, str]) -> None:
    """Forced replacement of another game: remove the files that game wrote, and no others."""
    for name in [*manifest, PLAN_FILE, MANIFEST_FILE]:
        try:
            target = root / _safe_relative(name)
        except ValueError:
            continue
        if target.is_file():
            target.unlink()
