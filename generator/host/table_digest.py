"""`sheetgen digest` for a table game: the thread so far as the catch-up page (digest.html
with its pictures and sheets inside it, and its PDF twin), built by the same renderer as a
scheduled game's page.

The posts are the thread's, in log order, each read back from the HTML flavour it was
written in (render/post_read.py): what was published, without replaying the game post by
post. A post is on the page only once due (the game says which entry made it due), and
nothing under the game's private folders ever is: not a post, not a picture."""

from __future__ import annotations

import re
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.output_file import OutputFile
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.host.digest import MAX_TEXT_BYTES, embed_image, page_files, page_sheet, sheets
from generator.host.table_view import MISSING, TableThread, ThreadPost
from generator.render.html import Page, PageImage, PagePhase, PagePost, PageSection
from generator.render.page_words import page_words
from generator.render.post_read import ReadPost, read_post_html

UNTIL = re.compile(r"\s*entry\s+(\d{1,9})\s*", re.IGNORECASE)


def table_until(until: str | None, thread: TableThread) -> int:
    """The last entry the page shows: --until 'entry N', by default the latest."""
    if until is None:
        return thread.latest
    found = UNTIL.fullmatch(until)
    if found is None:
        raise SheetgenError(
            f"--until {until!r}: a table game's posts follow the players' moves, not a "
            "calendar, so it has no dates or days; say how far with --until 'entry N' "
            f"(the latest entry is {thread.latest})"
        )
    number = int(found[1])
    if number > thread.latest:
        raise SheetgenError(
            f"--until 'entry {number}': the log holds entries up to {thread.latest}; the "
            "posts after it are not written yet (they follow the players' moves)"
        )
    return number


def table_digest_files(
    thread: TableThread, upto: int, fragment: bool = False
) -> tuple[list[OutputFile], int, int]:
    """digest.html and digest.pdf through entry `upto` (with `fragment` digest-fragment.html
    too); the number of posts and of pictures missing from the folder."""
    posts = [p for p in thread.posts if p.entry <= upto]
    page, missing = table_page(thread, posts, upto)
    return page_files(page, fragment=fragment), len(posts), missing


def table_page(thread: TableThread, posts: list[ThreadPost], upto: int) -> tuple[Page, int]:
    sections: list[PageSection] = []
    index: dict[str, PageSection] = {}
    missing = 0
    for post in posts:
        section = index.get(post.section)
        if section is None:
            section = index[post.section] = PageSection(post.section, post.section_name)
            sections.append(section)
        if not section.phases or section.phases[-1].name != post.phase:
            section.phases.append(PagePhase(post.phase))
        page_post, lost = _page_post(thread, post)
        missing += lost
        section.phases[-1].posts.append(page_post)
    words = page_words(thread.lang)
    latest = words.table_latest if upto == thread.latest else ""
    if posts:
        grouped = words.grouped.get(thread.grouped_by, thread.grouped_by)
        told = words.table_told.format(upto=upto, latest=latest, grouped=grouped)
    else:
        told = words.table_nothing
    intro = [told, words.table_private]
    offered = sheets(thread.folder) + [page_sheet(f.path, f.data) for f in thread.sheets]
    footer = words.footer.format(title=thread.title)
    title = words.catch_up.format(title=thread.title)
    return Page(title, intro, offered, sections, footer, lang=thread.lang), missing


def _page_post(thread: TableThread, post: ThreadPost) -> tuple[PagePost, int]:
    """The post as written, and how many of its pictures the folder lacks."""
    _refuse_private(thread, post.key)
    read = _read(thread.folder, post.key)
    images = []
    missing = 0
    for image in read.images:
        _refuse_private(thread, image.file)
        src = embed_image(thread.folder / image.file) if _inside(image.file) else None
        if src is None:
            missing += 1
            continue
        images.append(PageImage(src, image.alt, False))
    # What the headline says beyond the game and its id (the page's title), and beyond the
    # post's own title ("Standings after round 1" is both).
    headline = read.headline.removeprefix(f"{thread.title} · ")
    headline = "" if headline in (thread.title, post.title) else headline
    page_post = PagePost(
        anchor=post.key.replace("/", "-"),
        title=post.title,
        when=post.when,
        blocks=tuple(read.blocks),
        kicker=read.kicker,
        headline=headline,
        images=tuple(images),
    )
    return page_post, missing


def _refuse_private(thread: TableThread, name: str) -> None:
    """The page goes to every player: a file under a private folder is never read into it."""
    if any(name.startswith(folder) for folder in thread.private):
        raise SheetgenError(
            f"{name}: a private file, never on the catch-up page (a post that names it was "
            "edited by hand?)"
        )


def _inside(name: str) -> bool:
    """A plain relative path inside the game folder (a picture a post names)."""
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and all(p not in ("", ".", "..") for p in parts)


def _read(folder: Path, key: str) -> ReadPost:
    path = folder / f"{key}.html"
    if path.is_symlink() or not path.is_file():
        raise SheetgenError(f"{display_path(path)} is missing: {MISSING}")
    try:
        # The file opened, not the name: a pipe or a bigger file swapped in is not read.
        data = read_regular_file(path, MAX_TEXT_BYTES)
    except UnreadableFile as exc:
        raise SheetgenError(f"{display_path(path)}: {exc}") from None
    return read_post_html(data.decode("utf-8", errors="replace"))
