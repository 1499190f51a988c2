"""`sheetgen digest`: the weekly catch-up page of a game folder.

Every post published up to a moment, grouped by round and phase, with its pictures, the
sheets to print and the hidden parts behind click-to-reveal spoilers: one HTML file that
carries what a player needs inside it (pictures and the print packs as data: URIs; the
other sheets are linked as the files beside it), its PDF twin, and with --fragment the same
content without the page shell, for a blog article. The posts
are rebuilt from the folder's plan and pack copy (pure, the same as the files written), the
rankings from its scores.csv as it is now (the same functions and post model as `sheetgen
rankings`); the posts' pictures and the sheets are read from the folder."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from generator.common.errors import SheetgenError, display_path
from generator.common.plural import counted
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.games import OutputFile
from generator.host.corrections import correction_post, moment_words, read_corrections
from generator.host.game_folder import GameFolder
from generator.host.game_posts import game_posts
from generator.host.rankings import SCORES_FILE
from generator.host.rankings_post import ranking_picture, ranking_post
from generator.host.scoreboard import game_rankings, game_title
from generator.plan.moments import Slot, game_slots, now, parse_at, parse_day
from generator.plan.schedule import when, with_eve
from generator.render.digest_pdf import digest_pdf
from generator.render.html import (
    Page,
    PageImage,
    PagePhase,
    PagePost,
    PageSection,
    PageSheet,
    page_fragment,
    page_html,
)
from generator.render.post import Block
from generator.render.reveal import REVEAL_KEY, reveal_post
from generator.render.text import Post

if TYPE_CHECKING:
    from generator.plan.shared import SharedPlan

DIGEST_HTML = "digest.html"
DIGEST_PDF = "digest.pdf"
DIGEST_FRAGMENT = "digest-fragment.html"
# The host's copy of a page that holds posts not yet due: never under the names players get.
HOST_DIGEST_HTML = "host-copy-digest.html"
HOST_DIGEST_PDF = "host-copy-digest.pdf"
HOST_DIGEST_FRAGMENT = "host-copy-digest-fragment.html"
HOST_BANNER = "HOST COPY — holds posts not yet published"
IMAGE_WIDTH = 720  # at most: a phone screen's worth
# A line drawing keeps its look in this many colours: a month's pictures stay near 1 MB.
IMAGE_COLOURS = 32
# The sheets a player prints once, which the page carries inside it; the others (the host's
# score pad, each sheet again on its own) are linked as the files beside the page.
PRINT_PACK = "print-pack-"
MAX_IMAGE_BYTES = 20_000_000
DATA_PNG = "data:image/png;base64,"
MAX_SHEET_BYTES = 5_000_000
MAX_TEXT_BYTES = 1_000_000


@dataclass(frozen=True)
class Cutoff:
    """Posts up to here: a moment, or a day (and optionally a slot of it)."""

    at: dt.datetime | None = None
    day: int | None = None
    slot: str | None = None
    everything: bool = False

    def includes(self, slot: Slot, slot_names: list[str]) -> bool:
        if self.everything:
            return True
        if self.day is not None:
            if slot.day != self.day:
                return slot.day < self.day
            return self.slot is None or slot_names.index(slot.name) <= slot_names.index(self.slot)
        if self.at is None or slot.at is None:
            raise SheetgenError(
                "this game has no dates (no start date): say how far with --until 'day N'"
            )
        return slot.at <= self.at


def digest_cutoff(plan: SharedPlan, until: str | None, everything: bool) -> Cutoff:
    """--until as typed: a day, a date (its whole day), a date and time; default now."""
    if everything:
        return Cutoff(everything=True)
    if until is None:
        return Cutoff(at=now())
    day = parse_day(tuple(until.split()), plan) if until.lower().startswith("day") else None
    if day is not None:
        return Cutoff(day=day[0], slot=day[1])
    return Cutoff(at=parse_at(until, plan, end_of_day=True))


def not_yet_due(game: GameFolder, posts: list[Post], cutoff: Cutoff) -> list[Post]:
    """The posts of a page whose moment has not come. A game without dates cannot tell: a
    page of `--until 'day N'` is the host's word for what is out, the whole game is not."""
    slots = game_slots(game.shared)
    moments = {s.turn: s.at for s in slots if s.at is not None}
    if len(moments) < len(slots):
        return posts if cutoff.everything else []
    moment = now()
    return [p for p in posts if moments[p.turn] > moment]


def refuse_future(game: GameFolder, future: list[Post], cutoff: Cutoff) -> None:
    """A players' page never holds a post not yet due: say so, and how to get the host's copy."""
    if not future:
        return
    slots = {s.turn: s for s in with_eve(game.shared.schedule)}
    first = future[0]
    asked = "--all" if cutoff.everything else "--until"
    if any(s.at is None for s in game_slots(game.shared)):
        why = (
            f"{asked}: this game has no dates, so sheetgen cannot tell which of its "
            f"{counted(len(future), 'post')} are out"
        )
        instead = "say how far the thread is with --until 'day N'"
    else:
        why = (
            f"{asked}: the page would hold {counted(len(future), 'post')} not yet due (the first: "
            f"{first.title}, {when(slots[first.turn])}), so players would read the future"
        )
        instead = "leave out --all and --until for the posts so far"
    raise SheetgenError(
        f"{why}; {instead}, or add --host-copy for the host's own copy "
        f"({HOST_DIGEST_HTML}, never to be posted)"
    )


def published(game: GameFolder, cutoff: Cutoff) -> list[Post]:
    slots = {s.turn: s for s in game_slots(game.shared)}
    names = list(dict.fromkeys(s.name for s in slots.values()))
    return [p for p in game_posts(game) if cutoff.includes(slots[p.turn], names)]


def phase_of(game: GameFolder, post: Post) -> str:
    phase = game.rules.capabilities.phase_of
    return phase(post) if phase else ""


def section_of(post: Post, seen_round: bool) -> tuple[str, str]:
    folder = post.key.rpartition("/")[0]
    if folder.startswith("round-"):
        number = folder.removeprefix("round-")
        return folder, f"Round {number}"
    return ("end", "End of the game") if seen_round else ("start", "Before the first round")


def post_blocks(post: Post) -> tuple[Block, ...]:
    """The post model's parts: the page and its PDF render these, never one flavour's markup."""
    if not post.blocks:
        raise SheetgenError(f"{post.key}: this post was not built from the post model")
    return post.blocks


_EMBEDDED: dict[str, str] = {}  # a picture's data: URI, by the SHA-256 of its bytes


def embed_image(path: Path) -> str | None:
    """The picture file as a data: URI (see `embed_picture`). None when the file is missing."""
    if path.is_symlink() or not path.is_file():
        return None
    try:
        data = read_regular_file(path, MAX_IMAGE_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    # The console and every page of a run embed the same pictures again: each embedding is
    # made once a run, found by the picture's own bytes.
    name = hashlib.sha256(data).hexdigest()
    embedded = _EMBEDDED.get(name)
    if embedded is None:
        with Image.open(io.BytesIO(data)) as opened:
            embedded = _EMBEDDED[name] = embed_picture(opened)
    return embedded


def phone_factor(width: int) -> int:
    """The smallest whole number that brings a picture's width to IMAGE_WIDTH or less: a
    1080-pixel drawing becomes 540 pixels, each of its pixels a plain 2 x 2 average."""
    return max(1, -(-width // IMAGE_WIDTH))


def embed_picture(image: Image.Image) -> str:
    """A picture as a data: URI: scaled to a phone's width by a whole factor (sharper lines
    and fewer in-between colours than any other scale, so fewer bytes, and quick), reduced to
    a palette of IMAGE_COLOURS without dithering, a PNG. The game's drawings are flat colours
    and text: a month of them is about a megabyte, where JPEG or WebP of the same size smear
    the text."""
    image = image.convert("RGB")
    factor = phone_factor(image.width)
    if factor > 1:
        image = image.reduce(factor)
    small = image.quantize(
        colors=IMAGE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    # zlib's level 6: 8 % more bytes than level 8 in under half its time, and a month's
    # page stays well under 2 MB (tests/test_digest_month.py holds the largest seen).
    small.save(buffer, "PNG", compress_level=6)
    return DATA_PNG + base64.b64encode(buffer.getvalue()).decode("ascii")


def sheets(root: Path) -> list[PageSheet]:
    """The folder's sheets as the page offers them: the print packs inside the page (a player
    who gets the page alone still prints the game), the others linked as the files beside
    it. A folder without a print pack has all its sheets inside the page."""
    folder = root / "sheets"
    if not folder.is_dir() or folder.is_symlink():
        return []
    found = [
        path
        for path in sorted(folder.glob("*.pdf"))
        if not path.is_symlink() and path.is_file() and path.stat().st_size <= MAX_SHEET_BYTES
    ]
    packs = [path for path in found if path.name.startswith(PRINT_PACK)]
    result = [page_sheet(f"sheets/{path.name}", _sheet_bytes(path)) for path in packs or found]
    if packs:
        result += [page_sheet(f"sheets/{path.name}") for path in found if path not in packs]
    return result


def page_sheet(file: str, data: bytes | None = None) -> PageSheet:
    """A PDF as the page offers it: named from its file ("Score pad 3p (A4)"), inside it, or
    without `data` linked as the file at `file` beside the page."""
    stem = file.rpartition("/")[2].removesuffix(".pdf")
    name = stem.replace("-", " ")
    name = name[0].upper() + name[1:]
    for paper in ("a4", "letter"):
        if name.lower().endswith(f" {paper}"):
            name = f"{name[: -len(paper) - 1]} ({'A4' if paper == 'a4' else 'US Letter'})"
    if data is None:
        return PageSheet(name, file, file)
    href = "data:application/pdf;base64," + base64.b64encode(data).decode("ascii")
    return PageSheet(name, file, href)


def headline_words(post: Post, game_line: str) -> str:
    """What a post's headline says beyond the game's name and id, which the page's title
    already says: "" for most posts, "Print before day 1", or a stack's whole headline."""
    headline = post.headline or ""
    if headline == game_line:
        return ""
    return headline.removeprefix(f"{game_line} · ")


def build_page(
    game: GameFolder,
    posts: list[Post],
    cutoff_text: str,
    rankings: dict[str, PagePost] | None = None,
    host_copy: bool = False,
    cutoff: Cutoff | None = None,
) -> tuple[Page, int]:
    """The page, and how many pictures were missing from the folder. `rankings`: the rankings
    posts by key (`page_rankings`), shown after the rounds they follow."""
    game_line = f"{game.title} · Game {game.shared.game_id}"
    by_turn = {s.turn: s for s in with_eve(game.shared.schedule)}
    sections: list[PageSection] = []
    missing = 0
    seen_round = False
    index: dict[str, PageSection] = {}
    for post in posts:
        anchor, name = section_of(post, seen_round)
        seen_round = seen_round or anchor.startswith("round-")
        section = index.get(anchor)
        if section is None:
            section = index[anchor] = PageSection(anchor, name)
            sections.append(section)
        phase = phase_of(game, post)
        if not section.phases or section.phases[-1].name != phase:
            section.phases.append(PagePhase(phase))
        images = []
        for image in post.images:
            if not image.on_page:
                continue
            src = embed_image(game.root / image.file)
            if src is None:
                missing += 1
                continue
            images.append(PageImage(src, image.alt, image.hidden, image.title))
        section.phases[-1].posts.append(
            PagePost(
                anchor=post.key.replace("/", "-"),
                title=post.title,
                when=when(by_turn[post.turn]),
                blocks=post_blocks(post),
                kicker=post.kicker,
                headline=headline_words(post, game_line),
                images=tuple(images),
            )
        )
    _add_rankings(game, posts, sections, rankings or {})
    _add_corrections(game, sections, cutoff)
    _add_reveal(game, posts, sections)
    title = f"{game_line}: catch-up"
    if host_copy:
        title = f"HOST COPY · {title}"
    intro = [
        f"Every post up to {cutoff_text}, in order, grouped by round and phase.",
        "Dice and peeked stacks are hidden: tap “Show” only when you reach them (honesty "
        "system). Print the sheets below, then play the posts one by one.",
    ]
    footer = (
        f"{game.title} · game {game.shared.game_id} · made with sheetgen from the "
        "game's folder; works offline."
    )
    if host_copy:
        intro.insert(0, f"{HOST_BANNER}: for the host alone; never post or send it.")
    banner = HOST_BANNER if host_copy else None
    return Page(title, intro, sheets(game.root), sections, footer, banner), missing


def _add_rankings(
    game: GameFolder, posts: list[Post], sections: list[PageSection], rankings: dict[str, PagePost]
) -> None:
    """The rankings after each round the page shows in full, and the final ones once it shows
    the whole game."""
    if not rankings:
        return
    shown = {p.key for p in posts}
    every = game_posts(game)
    for section in sections:
        in_round = [p.key for p in every if p.key.startswith(f"{section.anchor}/")]
        post = rankings.get(f"rankings/{section.anchor}")
        if post is not None and in_round and all(k in shown for k in in_round):
            section.phases.append(PagePhase("Rankings", [post]))
    final = rankings.get("rankings/final")
    if final is not None and every and all(p.key in shown for p in every):
        sections.append(PageSection("final-rankings", "Final rankings", [PagePhase("", [final])]))


def _add_corrections(game: GameFolder, sections: list[PageSection], cutoff: Cutoff | None) -> None:
    """Each correction made by the page's moment, right after the post it corrects (a
    player catching up reads the fix where it matters)."""
    for correction in read_corrections(game.root):
        if cutoff is not None and cutoff.at is not None and correction.at > cutoff.at:
            continue
        anchor = correction.key.replace("/", "-")
        for section in sections:
            for phase in section.phases:
                found = [i for i, p in enumerate(phase.posts) if p.anchor == anchor]
                if not found:
                    continue
                after = found[0] + 1
                while after < len(phase.posts) and phase.posts[after].anchor.startswith(
                    "corrections-"
                ):
                    after += 1
                post = correction_post(game, correction)
                phase.posts.insert(
                    after,
                    PagePost(
                        anchor=post.key.replace("/", "-"),
                        title=post.title,
                        when=moment_words(game, correction.at),
                        blocks=post_blocks(post),
                    ),
                )


def _add_reveal(game: GameFolder, posts: list[Post], sections: list[PageSection]) -> None:
    """The seed, once the host has published it (`sheetgen reveal` wrote its post) and the
    page shows the whole game: rebuilt from the plan like every other post."""
    written = game.root / f"{REVEAL_KEY}.facebook.txt"
    if written.is_symlink() or not written.is_file():
        return
    shown = {p.key for p in posts}
    every = game_posts(game)
    if not every or not all(p.key in shown for p in every):
        return
    post = reveal_post(game.title, game.shared, game.shared.schedule[-1].turn)
    page_post = PagePost(
        anchor=REVEAL_KEY, title=post.title, when="After the last post", blocks=post_blocks(post)
    )
    sections.append(PageSection("seed", "The seed", [PagePhase("", [page_post])]))


@dataclass(frozen=True)
class PageRankings:
    """The rankings posts the page can show, and those whose written files (`sheetgen
    rankings`) are missing or differ: scores.csv changed since they were written."""

    posts: dict[str, PagePost]
    stale: list[str]


def page_rankings(game: GameFolder, titles: str | None = None) -> PageRankings:
    """The rankings posts rebuilt from the folder's scores.csv as it is now, with the same
    functions and the same post model as `sheetgen rankings`: the page shows the current
    standings even where the host has not rewritten the posts since the last scores came in.
    Nothing when the game has no scores or the folder no scores.csv; a bad scores.csv is the
    same clear error as for `sheetgen rankings`."""
    scores = game.root / SCORES_FILE
    if game.rules.capabilities.scoring is None or not (scores.exists() or scores.is_symlink()):
        return PageRankings({}, [])
    spec, rankings = game_rankings(game, None, titles)
    title = game_title(game)
    posts: dict[str, PagePost] = {}
    stale = []
    for ranking in rankings:
        post = ranking_post(ranking, spec, title)
        if _written_text(game.root / f"{post.key}.facebook.txt") != post.facebook:
            stale.append(post.key)
        # The picture drawn from the same rankings: the written PNG may be older.
        picture = embed_picture(ranking_picture(ranking, spec, title))
        posts[post.key] = PagePost(
            anchor=post.key.replace("/", "-"),
            title=post.title,
            when="After the last post" if ranking.final else "After the round's last post",
            blocks=post_blocks(post),
            images=tuple(PageImage(picture, image.alt, False) for image in post.images),
        )
    return PageRankings(posts, stale)


def _sheet_bytes(path: Path) -> bytes:
    try:
        return read_regular_file(path, MAX_SHEET_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None


def _written_text(path: Path) -> str | None:
    if path.is_symlink() or not path.is_file():
        return None
    try:
        # The file opened, not the name: a pipe or a bigger file swapped in is not read.
        return read_regular_file(path, MAX_TEXT_BYTES).decode("utf-8", errors="replace")
    except UnreadableFile:
        return None


def cutoff_words(game: GameFolder, posts: list[Post], cutoff: Cutoff) -> str:
    if not posts:
        return "the start (nothing posted yet)"
    last = {s.turn: s for s in with_eve(game.shared.schedule)}[posts[-1].turn]
    return when(last)


def digest_files(
    game: GameFolder,
    cutoff: Cutoff,
    titles: str | None = None,
    host_copy: bool = False,
    fragment: bool = False,
) -> tuple[list[OutputFile], int, int, list[str]]:
    """digest.html and digest.pdf, with `fragment` digest-fragment.html too (the host's copy:
    host-copy-digest.*); the number of posts, of missing pictures, and the rankings posts the
    page shows whose written files are missing or out of date. A players' page that would
    hold a post not yet due is refused."""
    posts = published(game, cutoff)
    if not host_copy:
        refuse_future(game, not_yet_due(game, posts, cutoff), cutoff)
    rankings = page_rankings(game, titles)
    words = cutoff_words(game, posts, cutoff)
    page, missing = build_page(game, posts, words, rankings.posts, host_copy, cutoff)
    shown = {p.anchor for s in page.sections for ph in s.phases for p in ph.posts}
    stale = [key for key in rankings.stale if key.replace("/", "-") in shown]
    return page_files(page, host_copy, fragment), len(posts), missing, stale


def page_files(page: Page, host_copy: bool = False, fragment: bool = False) -> list[OutputFile]:
    """The page's files: the HTML page and its PDF twin, and with `fragment` the page without
    its shell (the host's copy under the host's names)."""
    names = (HOST_DIGEST_HTML, HOST_DIGEST_PDF) if host_copy else (DIGEST_HTML, DIGEST_PDF)
    files = [
        OutputFile(names[0], page_html(page).encode("utf-8")),
        OutputFile(names[1], digest_pdf(page)),
    ]
    if fragment:
        name = HOST_DIGEST_FRAGMENT if host_copy else DIGEST_FRAGMENT
        files.append(OutputFile(name, page_fragment(page).encode("utf-8")))
    return files
