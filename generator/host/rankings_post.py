"""The rankings posts: one post model draft per ranking (render/post.py), rendered into every
flavour (Facebook, Discord, BGG, HTML) and the host's note by the shared renderers, and a
podium-and-table image. Pure: rankings in, posts and files out; the catch-up page rebuilds
the same posts from the same rankings."""

from __future__ import annotations

import io
from dataclasses import dataclass
from fractions import Fraction

from PIL import Image, ImageDraw

from generator.art.png_surface import draw_typed, load_font, typed_width
from generator.common.bidi import isolate
from generator.common.output_file import OutputFile
from generator.host.rankings import Award, Ranking, ScoreSpec, Standing
from generator.render.post import Block, Bold, Part, Per, PostDraft, item, line, para, typed
from generator.render.text import Post, PostImage

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


def _names(players: tuple[str, ...] | list[str]) -> list[Part]:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy": each name as typed (see `typed`)."""
    parts: list[Part] = []
    for index, player in enumerate(players):
        if index:
            parts.append(" and " if index == len(players) - 1 else ", ")
        parts.append(typed(player))
    return parts


def _award(award: Award) -> Block:
    each = " each" if len(award.players) > 1 else ""
    best = [p for p in award.players if p not in {r[0] for r in award.reached}]
    reached: list[Part] = []
    for player, count, ability in award.reached:
        reached += ["; ", typed(player), f" ties with {_count(count)} ({ability})"]
    return item(
        f"{award.title}: ",
        *_names(best),
        f" with {_count(award.count)}",
        *reached,
        f", +{award.points} points{each}",
        capital=False,
    )


# Where players send a missing score: Discord and BGG texts never speak of Facebook's
# comments; a catch-up page is read away from the thread.
SEND_IT = Per(
    facebook="Post it in the comments",
    discord="Post it in this channel",
    bgg="Post it in this thread",
    html="Send it to the host",
)


def _closing(ranking: Ranking) -> list[list[Part]]:
    """The words after the standings, one line each: best ship, titles, welcome, the end."""
    out: list[list[Part]] = []
    if ranking.final:
        winners = [s.player for s in ranking.standings if s.place == 1]
        if len(winners) == 1:
            out.append(["Congratulations, ", typed(winners[0]), ": the winner!"])
        elif winners:
            out.append([*_names(winners), " share first place. Congratulations!"])
        out.append(["Thank you all for flying. A score still missing? Post it and we update."])
    else:
        out.append(
            [
                "Missing a score or a wrong one? ",
                SEND_IT,
                " and it goes into the next rankings.",
            ]
        )
    return out


def _beat_the_bot(ranking: Ranking, spec: ScoreSpec) -> list[Part]:
    """Beat the bot: its score with the round's posts, and who matched or beat it."""
    label = spec.round_label(ranking.round)
    whose = "the game's" if label == "the game" else f"{label}'s"
    parts: list[Part] = [
        f"Beat the bot: playing {whose} posts ({spec.bot_played}), the bot scores {ranking.bot}. "
    ]
    if not ranking.beat_bot:
        return [*parts, "Nobody reached it this time."]
    bot = ranking.bot or 0
    said: list[Part] = []
    for verb, group in (
        ("beat it", [s for s in ranking.beat_bot if s.total > bot]),
        ("matched it", [s for s in ranking.beat_bot if s.total == bot]),
    ):
        if not group:
            continue
        if said:
            said.append(" and ")
        for index, standing in enumerate(group):
            if index:
                said.append(" and " if index == len(group) - 1 else ", ")
            said += [typed(standing.player), f" ({standing.total})"]
        said.append(f" {verb}")
    return [*parts, *said, "!"]


def body_blocks(ranking: Ranking, spec: ScoreSpec) -> list[Block]:
    """The post's parts: the standings (place in bold), then one paragraph with the round's
    best ship, the titles won, a welcome to late joiners and the closing words."""
    blocks = [
        line(
            Bold(f"{_place(s)}."),
            " ",
            typed(s.player),
            f": {s.total}{_rounds_note(s, spec)}",
        )
        for s in ranking.standings
    ]
    after: list[Block] = []
    if len(spec.rounds) > 1 and ranking.best_of_round:
        top = [s for s in ranking.best_of_round if s.place == 1]
        after.append(
            line(
                f"Best ship of round {ranking.round}: ",
                *_names([s.player for s in top]),
                f" ({top[0].total}).",
            )
        )
    if ranking.bot is not None:
        after.append(line(*_beat_the_bot(ranking, spec)))
    if ranking.awards:
        after.append(line(f"Titles won in round {ranking.round}:"))
        after += [_award(a) for a in ranking.awards]
    if ranking.newcomers:
        after.append(
            line(
                "Welcome aboard, ",
                *_names(ranking.newcomers),
                "! Late joiners are welcome: catch up with the posts at your own pace and post "
                "your score for every round you fly; it counts whenever it arrives.",
            )
        )
    for fixed in ranking.corrections:
        after.append(
            line(
                "Corrected: ",
                typed(fixed.player),
                f"'s score for {spec.round_label(fixed.round)} is {fixed.score} (was {fixed.was}).",
            )
        )
    after += [line(*parts) for parts in _closing(ranking)]
    if after and after[0].kind == "line":
        after[0] = para(*after[0].parts)  # a blank line after the standings
    return [*blocks, *after]


def alt_text(ranking: Ranking, spec: ScoreSpec) -> str:
    """The picture in words: the rows its table shows, and how many more the post has."""
    shown = ranking.standings[: table_rows(ranking)]
    people = "; ".join(f"place {_place(s)}: {isolate(s.player)}, {s.total}" for s in shown)
    more = len(ranking.standings) - len(shown)
    tail = f"; and {more} more in the post" if more > 0 else ""
    return f"{heading(ranking, spec)}: a podium and a table. {people}{tail}."


def ranking_draft(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> PostDraft:
    """One rankings post as the post model's parts; every flavour is rendered from it."""
    stem = post_stem(ranking)
    return PostDraft(
        key=stem,
        title=heading(ranking, spec),
        turn=0,  # not in the posting schedule: published when the host has the scores
        position=0,
        headline=f"{game.name} · Game {game.game_id}",
        kicker=heading(ranking, spec),
        when="",
        blocks=body_blocks(ranking, spec),
        images=[PostImage(f"{stem}.png", alt_text(ranking, spec))],
    )


def ranking_post(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> Post:
    return ranking_draft(ranking, spec, game).render()


def facebook_text(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> str:
    text = ranking_post(ranking, spec, game).facebook
    assert text is not None  # a rankings post is a post of its own, never a comment
    return text


def ranking_files(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> list[OutputFile]:
    """The post's texts (Facebook, Discord in parts of at most 2,000 characters, BGG, HTML,
    the host's note) from the post model, and the podium image."""
    post = ranking_post(ranking, spec, game)
    out = [OutputFile(name, text.encode("utf-8")) for name, text in post.files().items()]
    out.append(OutputFile(f"{post.key}.png", ranking_image(ranking, spec, game)))
    return out


# --- the image --------------------------------------------------------------------------


def _fit(draw: ImageDraw.ImageDraw, text: str, font_name: str, size: int, width: float) -> str:
    font = load_font(font_name, size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _subtitle(draw: ImageDraw.ImageDraw, game: GameTitle, width: float) -> str:
    """The game's name and id on one line: a long name (Keep on Trucking's) is cut, never
    the game id, which players match with the thread's posts."""
    tail = f" · Game {game.game_id}"
    room = width - load_font("Vera", 30).getlength(tail)
    return _fit(draw, game.name, "Vera", 30, room) + tail


def _fit_name(name: str, font_name: str, size: int, width: float) -> str:
    """A player's name cut with "…" to fit, measured as drawn (art/typed.py)."""
    if typed_width(name, size, font_name) <= width:
        return name
    while name and typed_width(name + "…", size, font_name) > width:
        name = name[:-1]
    return name + "…"


HEADER_H, PODIUM_H, GAP, ROW_H = 146, 420, 30, 56
MORE_H = 50  # the "and N more in the post" line under a table that does not show everyone


def table_rows(ranking: Ranking) -> int:
    """How many standings the picture's table shows: at most TABLE_ROWS, and no more rows
    than fit in the safe area under the heading and the podium (9). The picture and its alt
    text both count from here, so "and N more" is the same number in both."""
    room = HEIGHT - 2 * MARGIN_Y - HEADER_H - PODIUM_H - GAP
    return min(len(ranking.standings), TABLE_ROWS, room // ROW_H)


def ranking_image(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> bytes:
    buffer = io.BytesIO()
    ranking_picture(ranking, spec, game).save(buffer, "PNG", optimize=False, compress_level=6)
    return buffer.getvalue()


def ranking_picture(ranking: Ranking, spec: ScoreSpec, game: GameTitle) -> Image.Image:
    """The podium and table, drawn (the catch-up page embeds it without a PNG round trip)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN_X
    room = HEIGHT - 2 * MARGIN_Y
    rows = table_rows(ranking)
    more = len(ranking.standings) > rows
    used = HEADER_H + PODIUM_H + GAP + ROW_H * rows + (MORE_H if more else 0)
    y = MARGIN_Y + max(0, (room - used) // 2)  # centred in the safe area
    draw.text(
        (WIDTH / 2, y), heading(ranking, spec), fill=INK, font=load_font("VeraBd", 56), anchor="mt"
    )
    subtitle = _subtitle(draw, game, inner)
    draw.text((WIDTH / 2, y + 76), subtitle, fill=MUTED, font=load_font("Vera", 30), anchor="mt")
    y = _podium(draw, ranking, y + HEADER_H, inner)
    _table(draw, ranking, spec, y + GAP, rows)
    return image


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
        ny = floor - h - 12 - 40 * (len(names) + (len(group) > 2))
        for name in names:
            text = _fit_name(name, "VeraBd", 32, step_w - 24)
            draw_typed(draw, (centre, ny), text, size=32, font="VeraBd", fill=INK, anchor="mt")
            ny += 40
        if len(group) > 2:
            more = f"+{len(group) - 2} more"
            draw.text((centre, ny), more, fill=INK, font=load_font("VeraBd", 32), anchor="mt")
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
        name = _fit_name(standing.player, "Vera", 30, name_room)
        draw_typed(draw, (x_name, mid), name, size=30, font="Vera", fill=INK, anchor="lm")
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
