"""The rankings posts: text in every flavour (Facebook, Discord, BGG), a podium-and-table
image, and a host note with the image's alt text. Pure: rankings in, files out."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from generator.art.png_surface import load_font
from generator.output_file import OutputFile
from generator.rankings import Award, Ranking, ScoreSpec, Standing
from generator.render.text import DISCORD_LIMIT, bgg_safe, split_message

WIDTH, HEIGHT = 1080, 1350
MARGIN_X, MARGIN_Y = 108, 120  # the ~10 % safe margin feeds and phones crop into
TABLE_ROWS = 10
INK = (20, 24, 40)
MUTED = (90, 96, 120)
GOLD, SILVER, BRONZE = (232, 190, 60), (190, 196, 206), (205, 140, 80)
PANEL = (240, 242, 248)


@dataclass(frozen=True)
class GameTitle:
    name: str  # the game's name, as its pack calls it
    game_id: str


def post_stem(ranking: Ranking) -> str:
    return "rankings/final" if ranking.final else f"rankings/round-{ranking.round}"


def heading(ranking: Ranking, spec: ScoreSpec) -> str:
    if ranking.final:
        return "Final rankings"
    return f"Rankings after round {ranking.round} of {len(spec.rounds)}"


def _count(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _place(standing: Standing) -> str:
    return f"={standing.place}" if standing.shared else str(standing.place)


def _rounds_note(standing: Standing, spec: ScoreSpec) -> str:
    if len(spec.rounds) == 1:
        return ""
    played = " + ".join(str(v) for v in standing.per_round.values())
    note = f" ({played})" if len(standing.per_round) > 1 else ""
    if standing.missing:
        rounds = ", ".join(standing.missing)
        note += f" · no score yet for round{'s' if len(standing.missing) > 1 else ''} {rounds}"
    return note


def _names(players: tuple[str, ...] | list[str]) -> str:
    items = list(players)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _award_line(award: Award) -> str:
    each = " each" if len(award.players) > 1 else ""
    return (
        f"{award.title}: {_names(award.players)} with {_count(award.count)}, "
        f"+{award.points} points{each}"
    )


def body_lines(ranking: Ranking, spec: ScoreSpec, escape: bool = False) -> list[str]:
    """The post's lines, shared by every flavour (markup added by the caller)."""

    def name(text: str) -> str:
        return _discord_escape(text) if escape else text

    lines = []
    for standing in ranking.standings:
        lines.append(
            f"{_place(standing)}. {name(standing.player)}: {standing.total}"
            f"{_rounds_note(standing, spec)}"
        )
    extra = []
    if len(spec.rounds) > 1 and ranking.best_of_round:
        top = [s for s in ranking.best_of_round if s.place == 1]
        extra.append(
            f"Best ship of round {ranking.round}: "
            f"{_names([name(s.player) for s in top])} ({top[0].total})."
        )
    if ranking.awards:
        extra.append(f"Titles won in round {ranking.round}:")
        extra += [
            "- "
            + _award_line(Award(a.title, a.round, a.count, tuple(map(name, a.players)), a.points))
            for a in ranking.awards
        ]
    if ranking.newcomers:
        extra.append(
            f"Welcome aboard, {_names([name(p) for p in ranking.newcomers])}! Late joiners are "
            "welcome: catch up with the posts at your own pace and post your score for every "
            "round you fly; it counts whenever it arrives."
        )
    if ranking.final:
        winners = [s for s in ranking.standings if s.place == 1]
        if winners:
            if len(winners) == 1:
                extra.append(f"Congratulations, {name(winners[0].player)}: the winner!")
            else:
                extra.append(
                    f"{_names([name(s.player) for s in winners])} share first place. "
                    "Congratulations!"
                )
        extra.append("Thank you all for flying. A score still missing? Post it and we update.")
    else:
        extra.append(
            "Missing a score or a wrong one? Post it in the comments and it goes into the "
            "next rankings."
        )
    return [*lines, "", *extra]


def _discord_escape(text: str) -> str:
    return re.sub(r"([\\*_`~|>#\[\]()-])", r"\\\1", text)


def facebook_text(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> str:
    head = [f"{game.name} · Game {game.game_id}", heading(ranking, spec), ""]
    return "\n".join([*head, *body_lines(ranking, spec)]) + "\n"


def discord_messages(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> list[str]:
    head = [f"## {heading(ranking, spec)}", f"*{game.name} · Game {game.game_id}*", ""]
    lines = body_lines(ranking, spec, escape=True)
    marked = [re.sub(r"^(=?\d+\.)", r"**\1**", line) for line in lines]
    return split_message("\n".join([*head, *marked]), DISCORD_LIMIT)


def bgg_text(ranking: Ranking, spec: ScoreSpec, game: GameTitle, image: str) -> str:
    head = [
        f"[b]{heading(ranking, spec)}[/b] · {game.name} · Game {game.game_id}",
        "",
        f"[ImageID=UPLOAD {image}]",
        "",
    ]
    return bgg_safe("\n".join([*head, *body_lines(ranking, spec)]) + "\n")


def alt_text(ranking: Ranking, spec: ScoreSpec) -> str:
    shown = ranking.standings[:TABLE_ROWS]
    people = "; ".join(f"place {_place(s)}: {s.player}, {s.total}" for s in shown)
    more = len(ranking.standings) - len(shown)
    tail = f"; and {more} more in the post" if more > 0 else ""
    return f"{heading(ranking, spec)}: a podium and a table. {people}{tail}."


def host_note(ranking: Ranking, spec: ScoreSpec, stem: str) -> str:
    return (
        "\n".join(
            [
                f"{heading(ranking, spec)}: how to post it",
                f"- Facebook: paste {stem}.facebook.txt and attach {stem}.png.",
                f"- Discord: paste {stem}.discord.md (then any -2, -3 parts), attach {stem}.png.",
                f"- BGG: upload {stem}.png to your gallery, then paste {stem}.bgg.txt and replace "
                "the [ImageID=...] placeholder with the image's id.",
                f"Image description (alt text): {alt_text(ranking, spec)}",
            ]
        )
        + "\n"
    )


def ranking_files(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> list[OutputFile]:
    stem = post_stem(ranking)
    files = {
        f"{stem}.facebook.txt": facebook_text(ranking, spec, game),
        f"{stem}.bgg.txt": bgg_text(ranking, spec, game, f"{stem}.png"),
        f"{stem}.host.txt": host_note(ranking, spec, stem),
    }
    for number, message in enumerate(discord_messages(ranking, spec, game), 1):
        files[f"{stem}.discord{'' if number == 1 else f'-{number}'}.md"] = message + "\n"
    out = [OutputFile(name, text.encode("utf-8")) for name, text in files.items()]
    out.append(OutputFile(f"{stem}.png", ranking_image(ranking, spec, game)))
    return out


# --- the image --------------------------------------------------------------------------


def _fit(draw: ImageDraw.ImageDraw, text: str, font_name: str, size: int, width: float) -> str:
    font = load_font(font_name, size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


HEADER_H, PODIUM_H, GAP, ROW_H = 146, 420, 30, 56


def ranking_image(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN_X
    room = HEIGHT - 2 * MARGIN_Y
    rows = min(len(ranking.standings), TABLE_ROWS, (room - HEADER_H - PODIUM_H - GAP) // ROW_H)
    more = len(ranking.standings) > rows
    used = HEADER_H + PODIUM_H + GAP + ROW_H * rows + (50 if more else 0)
    y = MARGIN_Y + max(0, (room - used) // 2)  # centred in the safe area
    draw.text(
        (WIDTH / 2, y), heading(ranking, spec), fill=INK, font=load_font("VeraBd", 56), anchor="mt"
    )
    subtitle = _fit(draw, f"{game.name} · Game {game.game_id}", "Vera", 30, inner)
    draw.text((WIDTH / 2, y + 76), subtitle, fill=MUTED, font=load_font("Vera", 30), anchor="mt")
    y = _podium(draw, ranking, y + HEADER_H, inner)
    _table(draw, ranking, spec, y + GAP, rows)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


# Podium steps by place: column (left to right), height, colour.
STEPS = {1: (1, 260, GOLD), 2: (0, 190, SILVER), 3: (2, 140, BRONZE)}


def _podium(draw: ImageDraw.ImageDraw, ranking: Ranking, top: int, inner: int) -> int:
    """Places 1-3 on three steps (second left, first centre, third right); players who
    share a place stand on the same step."""
    by_place: dict[int, list[Standing]] = {}
    for standing in ranking.standings:
        by_place.setdefault(standing.place, []).append(standing)
    step_w = inner // 3
    floor = top + PODIUM_H
    for place, group in by_place.items():
        if place not in STEPS:
            continue
        column, h, colour = STEPS[place]
        x0 = MARGIN_X + column * step_w
        centre = x0 + step_w / 2
        draw.rectangle([x0 + 8, floor - h, x0 + step_w - 8, floor], fill=colour)
        big, mid = load_font("VeraBd", 64), load_font("VeraBd", 40)
        draw.text((centre, floor - h + 24), _place(group[0]), fill=INK, font=big, anchor="mt")
        draw.text((centre, floor - h + 100), str(group[0].total), fill=INK, font=mid, anchor="mt")
        names = [s.player for s in group[:2]]
        if len(group) > 2:
            names.append(f"+{len(group) - 2} more")
        ny = floor - h - 12 - 40 * len(names)
        for name in names:
            text = _fit(draw, name, "VeraBd", 32, step_w - 24)
            draw.text((centre, ny), text, fill=INK, font=load_font("VeraBd", 32), anchor="mt")
            ny += 40
    return floor


def _table(
    draw: ImageDraw.ImageDraw, ranking: Ranking, spec: ScoreSpec, top: int, count: int
) -> None:
    row_h = ROW_H
    rows = ranking.standings[:count]
    font = load_font("Vera", 30)
    bold = load_font("VeraBd", 30)
    x_place, x_name, x_total = MARGIN_X + 10, MARGIN_X + 110, WIDTH - MARGIN_X - 10
    y = top
    for index, standing in enumerate(rows):
        if index % 2 == 0:
            draw.rectangle([MARGIN_X, y, WIDTH - MARGIN_X, y + row_h], fill=PANEL)
        mid = y + row_h / 2
        draw.text((x_place, mid), _place(standing), fill=INK, font=bold, anchor="lm")
        name_room = x_total - x_name - 200
        draw.text(
            (x_name, mid),
            _fit(draw, standing.player, "Vera", 30, name_room),
            fill=INK,
            font=font,
            anchor="lm",
        )
        if standing.missing and len(spec.rounds) > 1:
            gap = f"missing R{','.join(standing.missing)}"
            draw.text(
                (x_total - 100, mid), gap, fill=MUTED, font=load_font("Vera", 28), anchor="rm"
            )
        draw.text((x_total, mid), str(standing.total), fill=INK, font=bold, anchor="rm")
        y += row_h
    more = len(ranking.standings) - len(rows)
    if more > 0:
        draw.text(
            (WIDTH / 2, y + 10), f"and {more} more in the post", fill=MUTED, font=font, anchor="mt"
        )
