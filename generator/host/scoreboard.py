"""`sheetgen rankings`: a game folder's scores.csv in, the rankings posts out."""

from __future__ import annotations

from pathlib import Path

from generator.common.errors import SheetgenError
from generator.folder.write import write_game
from generator.games.capabilities import lacking
from generator.host.game_folder import GameFolder
from generator.host.rankings import SCORES_FILE, Ranking, ScoreSpec, rank, read_scores
from generator.host.rankings_post import GameTitle, facebook_text, ranking_files


def score_spec(game: GameFolder) -> ScoreSpec:
    scoring = game.rules.capabilities.scoring
    if scoring is None:
        raise lacking(game.title, "scoring", "`sheetgen rankings`")
    return scoring(game.content, game.typed)


def game_rankings(
    game: GameFolder, scores: Path | None, titles: str | None
) -> tuple[ScoreSpec, list[Ranking]]:
    """The rankings of the folder's scores.csv (or `scores`), as `sheetgen rankings` writes
    them and the catch-up page shows them."""
    spec = score_spec(game)
    path = scores or game.root / SCORES_FILE
    entries = read_scores(path, spec, game.root)
    # A game's own choice, among its game options (Keep on Trucking).
    options = game.shared.options
    dock_name = titles
    if dock_name is None and options is not None:
        dock_name = options.get("titles")
    dock = None
    if isinstance(dock_name, str) and dock_name != "none":
        if dock_name not in spec.title_rewards:
            allowed = ", ".join(spec.title_rewards) or "none: this game has no titles"
            raise SheetgenError(f"--titles {dock_name}: unknown (expected {allowed})")
        dock = spec.title_rewards[dock_name]
    return spec, rank(entries, spec, dock)


def game_title(game: GameFolder) -> GameTitle:
    return GameTitle(game.title, game.shared.game_id)


def write_rankings(
    game: GameFolder, scores: Path | None, titles: str | None
) -> tuple[list[Path], str]:
    """Writes the rankings posts; returns the files written and the latest post's text."""
    spec, rankings = game_rankings(game, scores, titles)
    if not rankings:
        raise SheetgenError(
            f"{scores or game.root / SCORES_FILE}: no scores yet (one line per player and round)"
        )
    title = game_title(game)
    files = [f for ranking in rankings for f in ranking_files(ranking, spec, title)]
    written = write_game(game.root, game.plan, files, force=False)
    return written, facebook_text(rankings[-1], spec, title)
