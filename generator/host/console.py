"""`sheetgen console`: the host's page of what to post now and next, as data for
render/console_html.py.

A scheduled game's slots come from `agenda` (host/today.py) and the posted record: the missed
slots first, then the slot due now, then the next `ahead` slots, by title and time only
unless the host asks for the preview. A table game's steps are its `TableHost.now`, as
`today` prints them: a private message is named by its file and recipient, never shown.
Every text is read from the file the game wrote, so a Copy button copies exactly what the
file holds; the steps per platform are `today`'s, in the posting guide's order."""

from __future__ import annotations

import base64
import datetime as dt
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.common.output_file import OutputFile
from generator.common.safe_read import UnreadableFile, read_regular_file
from generator.folder.corrections_log import Correction
from generator.host.corrections import correction_post, moment_words
from generator.host.digest import embed_image
from generator.host.facebook_week import facebook_week
from generator.host.game_folder import GameFolder
from generator.host.post_steps import post_items, read_written
from generator.host.posted import read_posted
from generator.host.table_today import check_written
from generator.host.table_view import PrivateSend, TableNow
from generator.host.today import (
    SlotWork,
    agenda,
    bgg_numbers_left_out,
    on_platform,
    slot_tasks,
    slots_with_posts,
    what_is_left,
)
from generator.plan.moments import game_zone
from generator.plan.month import RANKINGS, REVEAL, HostTask
from generator.plan.schedule import when
from generator.render.console_html import (
    Console,
    Item,
    Note,
    PasteText,
    Picture,
    Slot,
    Step,
    console_html,
)
from generator.render.host_tasks import task_heading, task_steps
from generator.render.reveal import REVEAL_KEY
from generator.render.text import Post

DIGEST_PAGE = "digest.html"
# The name says what the page holds: a host who sees it in a file list is warned.
CONSOLE_HTML = "console-HOST-ONLY-unposted-posts.html"
BANNER = (
    "HOST ONLY · holds posts players must not see yet: never post this page or send it to players"
)
TABLE_BANNER = (
    "HOST'S PAGE · for you alone: it names the private messages to send (never their "
    "text); never post it or send it to players"
)
# A picture up to this size is carried as written, so that Save gives the file itself; a
# larger one is scaled to a phone's width (host/digest.py `embed_image`).
MAX_PICTURE_BYTES = 1_500_000
MIME = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}


def post_steps(root: Path, post: Post, platform: str, prefix: str) -> Step:
    """What the host does for one post on one platform, in `today`'s order."""
    items = tuple(post_items(root, post, platform))
    return Step(f"{prefix}/{platform}/{post.key}", post.title, items)


def private_step(send: PrivateSend, prefix: str, platform: str) -> Step:
    """A private message, named by its file and recipient: its text is the player's alone."""
    items: list[Item] = [
        Note(
            f"Send by private message to {send.to}, never in the thread: paste {send.file} "
            f"from the game folder (its text is {send.to}'s alone: not shown here)"
        )
    ]
    items += [Note(f"Attach: {name} (from the game folder)") for name in send.attach]
    if send.attach and send.note:
        items.append(Note(f"Alt text: see {send.note}"))
    # Sent once, whichever platform's tab shows it: one tick for all of them.
    key = f"{prefix}/private/to-{send.to}/{send.file}"
    return Step(key, f"Private message to {send.to}", tuple(items), private=True)


def _platform_steps(
    root: Path, posts: list[Post], platforms: tuple[str, ...], prefix: str
) -> tuple[tuple[str, tuple[Step, ...]], ...]:
    found = []
    for platform in platforms:
        steps = tuple(
            post_steps(root, p, platform, prefix) for p in posts if on_platform(p, platform)
        )
        if steps:
            found.append((platform, steps))
    return tuple(found)


def scheduled_console(
    game: GameFolder,
    at: dt.datetime,
    days: int,
    platforms: tuple[str, ...],
) -> Console:
    """Every slot of the `days` from `at`'s day on (and the slots missed before it), each
    with its posts: the page's script works out from the device's clock which is due,
    missed and next. What the page shows without its script is the state at `at`."""
    work = slots_with_posts(game)
    if any(w.slot.at is None for w in work):
        # `today day N` takes a day; the console is the page of now, and needs dates.
        raise SheetgenError(
            "this game has no dates (it was made without a start date), and the console "
            "shows what is due by the clock: make the game again with a start date "
            "(`sheetgen game` with the same seed or game file and --start YYYY-MM-DD gives "
            "the same game, dated), or print one day's posts with `sheetgen today day N`"
        )
    posted = read_posted(game.root)
    day = agenda(game, work, at, posted)
    zone = game_zone(game.shared)
    start, end = span_of(at, days, zone)
    turns = max(w.slot.turn for w in work)
    slots: list[Slot] = []
    attachments: list[str] = []

    def slot(index: int, kind: str, heading: str) -> Slot:
        item = work[index]
        prefix = f"turn-{item.slot.turn}"
        tasks = slot_tasks(game, item.slot.turn)
        note = ""
        try:
            steps = _platform_steps(game.root, item.posts, platforms, prefix)
        except SheetgenError:
            # A round not made yet (`sheetgen round N` writes it): named, its texts to come.
            steps = ()
            note = (
                "Its posts are not written yet: make its round (sheetgen round N) and "
                "this page again"
            )
        if tasks:
            steps = tuple(
                (platform, (*found, *_task_steps(game, tasks, platform, prefix)))
                for platform, found in steps
            )
        titles = (*_titles(item), *(f"Then: {task_heading(t)}" for t in tasks))
        moment = item.slot.at
        assert moment is not None
        return Slot(
            kind,
            heading,
            _when(item, turns),
            titles,
            steps,
            note=note,
            at_ms=int(moment.timestamp() * 1000),
            day=moment.astimezone(zone).date().isoformat(),
            turn=item.slot.turn,
        )

    def add_correction(correction: Correction, heading: str) -> None:
        post = correction_post(game, correction)
        made = f"made {moment_words(game, correction.at)}"
        if not (game.root / f"{post.key}.facebook.txt").is_file():
            # A run cut short after its log line: the files follow from the log.
            mend = f"Its files are not written: sheetgen correct -o {display_path(game.root)}"
            slots.append(Slot("missed", heading, made, (post.title, mend)))
            return
        steps = _platform_steps(game.root, [post], platforms, f"correction-{correction.number}")
        slots.append(Slot("missed", heading, made, (post.title,), steps))

    def corrections_after(index: int) -> None:
        # A correction to a post not out yet follows that post.
        for correction in day.corrections_after(work, index):
            add_correction(
                correction, f"CORRECTION {correction.number}: post right after the post above"
            )

    for correction in day.corrections_first(work):
        add_correction(correction, f"CORRECTION {correction.number}: post first")
    for number, index in enumerate(day.missed, 1):
        heading = f"MISSED ({number} of {len(day.missed)}): post first"
        slots.append(slot(index, "missed", heading))
        corrections_after(index)
    if day.due is not None:
        slots.append(slot(day.due, "due", "Post now"))
        corrections_after(day.due)
    if day.open_tasks:
        # Rankings or a catch-up page of a slot already out, not written yet.
        tasks = list(day.open_tasks)
        steps = tuple((p, tuple(_task_steps(game, tasks, p, "open"))) for p in platforms)
        titles = tuple(task_heading(t) for t in tasks)
        slots.append(Slot("due", "Still to do, for slots already out", "", titles, steps))
    shown = {*day.missed, *([day.due] if day.due is not None else [])}
    # The span's slots not shown above, each with its moment (a slot without one is in no span).
    span = [
        (i, w.slot.at)
        for i, w in enumerate(work)
        if i not in shown
        and w.slot.at is not None
        and start <= w.slot.at < end
        and not posted.counts_as_posted(w.slot.turn, w.slot.at)
    ]
    for number, index in enumerate(i for i, moment in span if moment > at):
        slots.append(slot(index, "upcoming", "Next" if number == 0 else "Later"))
    for index in (i for i, moment in span if moment <= at):
        # Earlier today, in a folder that records nothing: out, unless its tick says not.
        slots.append(slot(index, "earlier", "Earlier (not marked posted)"))
    after = []
    if day.due is None and not day.missed and day.quiet:
        after.append(day.quiet)
    if day.upcoming is None:
        left = what_is_left(game)
        if left:
            after += ["No more slots. Left to do:", *(f"· {item}" for item in left)]
        else:
            after.append("The game is over: every post is out, the rankings and the reveal too.")
    local = at.astimezone(zone)
    game_id = game.shared.game_id
    last = (end - dt.timedelta(minutes=1)).astimezone(zone)
    folder = display_path(game.root)
    intro = (
        f"Now: {local:%a} {local.day} {local:%b %Y}, {local:%H:%M %Z}",
        "Tick each step as you post it, and the slot when all of it is out: the ticks stay "
        "on this device.",
        *bgg_numbers_left_out(game, platforms),
    )
    clock = {
        "zone": str(zone),
        "game": game_id,
        "start": int(start.timestamp() * 1000),
        "end": int(end.timestamp() * 1000),
        "span_words": f"This console covers {_day_words(start.astimezone(zone))} to "
        f"{_day_words(last)} ({days} day{'s' if days != 1 else ''}; times in {zone}).",
        "over_words": f"This console covers up to {_day_words(last)}, {last:%H:%M}; that time "
        f"is past: run `sheetgen console -o {folder}` again for the days after.",
        "posted": f"sheetgen posted --code CODE -o {folder}",
    }
    week = [work[i] for i in sorted({*day.missed, *shown, *(i for i, _ in span)})]
    week_steps = facebook_week(
        game.root, [w for w in week if w.slot.at and w.slot.at >= start], zone
    )
    # The files players print or open (the print pack, the builder page), whenever they were
    # posted: a player who asks again gets the same file.
    for item in work:
        for post in item.posts:
            attachments.extend(a for a in post.attachments if a not in attachments)
    saves = tuple(
        (f"{file.rpartition('/')[2]}", file)
        for file in [*attachments, DIGEST_PAGE, "digest.pdf"]
        if (game.root / file).is_file()
    )
    return Console(
        title=f"{game.title} · game {game_id}",
        game_id=game_id,
        banners=(BANNER,),
        intro=intro,
        slots=tuple(slots),
        after=tuple(after),
        platforms=tuple(p for p in platforms if any(p == q for s in slots for q, _ in s.platforms)),
        pictures=pictures_of(game.root, slots),
        footer=_footer(),
        clock=clock,
        saves=saves,
        week=week_steps if "facebook" in platforms else (),
    )


def span_of(at: dt.datetime, days: int, zone: dt.tzinfo) -> tuple[dt.datetime, dt.datetime]:
    """The span's first and last instants: from the start of `at`'s day in the game's zone,
    `days` whole days (a clock change makes one of them 23 or 25 hours)."""
    first = at.astimezone(zone).date()
    start = dt.datetime.combine(first, dt.time(), tzinfo=zone)
    end = dt.datetime.combine(first + dt.timedelta(days=days), dt.time(), tzinfo=zone)
    return start.astimezone(dt.UTC), end.astimezone(dt.UTC)


def _day_words(moment: dt.datetime) -> str:
    return f"{moment:%a} {moment.day} {moment:%b %Y}"


def _task_steps(
    game: GameFolder, tasks: list[HostTask], platform: str, prefix: str
) -> tuple[Step, ...]:
    """A slot's host tasks (rankings, a catch-up page, the reveal), after its posts, each
    with a tick; once a task's posts are written, their texts with Copy and pictures with
    Save, as for any post."""
    folder = display_path(game.root)
    return tuple(
        Step(
            f"{prefix}/{platform}/task-{task.key}",
            task_heading(task),
            (
                *(Note(step) for step in task_steps(task, folder)),
                *_task_posts(game.root, task, platform),
            ),
        )
        for task in tasks
    )


TASK_TEXTS = {"facebook": "facebook.txt", "discord": "discord.md", "bgg": "bgg.txt"}


def _task_posts(root: Path, task: HostTask, platform: str) -> list[Item]:
    """The written posts of a rankings or reveal task (the catch-up page is a file to Save,
    at the top of the page)."""
    if task.kind == RANKINGS:
        stem = task.files
    elif task.kind == REVEAL:
        stem = REVEAL_KEY
    else:
        return []
    name = f"{stem}.{TASK_TEXTS[platform]}"
    if not (root / name).is_file():
        return []
    items: list[Item] = [PasteText(f"Paste {name}", name, read_written(root, name))]
    picture = f"{stem}.png"
    if (root / picture).is_file():
        where = "Upload to your BGG gallery" if platform == "bgg" else "Attach"
        items.append(Picture(where, picture, _alt_of(root, stem)))
    return items


def _alt_of(root: Path, stem: str) -> str:
    """The picture's alt text as its host note gives it ("Alt text ...: TEXT")."""
    note = root / f"{stem}.host.txt"
    if note.is_file():
        for line in read_written(root, note.name).splitlines():
            if line.startswith("Alt text") and ": " in line:
                return line.split(": ", 1)[1]
    return f"(see {stem}.host.txt)"


def _when(item: SlotWork, turns: int) -> str:
    turn = f" · turn {item.slot.turn} of {turns}" if item.slot.turn else ""
    count = len(item.posts)
    return f"{when(item.slot.entry)}{turn} · {count} post{'s' if count != 1 else ''}"


def _titles(item: SlotWork) -> tuple[str, ...]:
    return tuple(p.title for p in item.posts)


def table_console(now: TableNow, platforms: tuple[str, ...]) -> Console:
    """The table after its latest entry: who acts, and the posts and private messages due."""
    slots: list[Slot] = []
    if now.steps:
        check_written(now)
        prefix = f"entry-{now.entry}"
        found = []
        for platform in platforms:
            steps = tuple(
                private_step(s, prefix, platform)
                if isinstance(s, PrivateSend)
                else post_steps(now.folder, _present(now.folder, s), platform, prefix)
                for s in now.steps
                if isinstance(s, PrivateSend) or on_platform(s, platform)
            )
            if steps:
                found.append((platform, steps))
        titles = tuple(
            f"Send privately to {s.to}: {s.file}" if isinstance(s, PrivateSend) else s.title
            for s in now.steps
        )
        slots.append(Slot("due", "Do now", now.where, titles, tuple(found)))
    after = [] if now.steps else ["Nothing to post now."]
    if now.keep:
        after.append("Keep to yourself (never post or send): " + ", ".join(now.keep))
    if now.next:
        after.append(f"Next: {now.next}")
    return Console(
        title=now.title,
        game_id=now.title.rpartition(" · game ")[2] or now.title,
        banners=(TABLE_BANNER,),
        intro=(now.where, *(f"Now: {line}" for line in now.act)),
        slots=tuple(slots),
        after=tuple(after),
        platforms=tuple(p for p in platforms if any(p == q for s in slots for q, _ in s.platforms)),
        pictures=pictures_of(now.folder, slots),
        footer=_footer(),
    )


def _present(root: Path, post: Post) -> Post:
    """The post with only the pictures the folder holds (a game written with --no-images
    has none to attach)."""
    post.images = [im for im in post.images if (root / im.file).is_file()]
    return post


def pictures_of(root: Path, slots: list[Slot]) -> dict[str, str]:
    """Every picture the page shows, once, as a data: URI."""
    files = {
        item.file
        for slot in slots
        for _, steps in slot.platforms
        for step in steps
        for item in step.items
        if isinstance(item, Picture) and not step.private
    }
    found = {}
    for file in sorted(files):
        uri = picture_uri(root / file)
        if uri is not None:
            found[file] = uri
    return found


def picture_uri(path: Path) -> str | None:
    """The picture as written when it is small enough, else scaled to a phone's width."""
    if path.is_symlink() or not path.is_file():
        return None
    mime = MIME.get(path.suffix.lower())
    if mime is not None and path.stat().st_size <= MAX_PICTURE_BYTES:
        try:
            # The file opened, not the name: a pipe or a bigger file swapped in is not read.
            data = read_regular_file(path, MAX_PICTURE_BYTES)
        except UnreadableFile:
            return None
        return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
    return embed_image(path)


def _footer() -> str:
    return (
        "Made with sheetgen from the game's folder; works offline. After posting, record it "
        "(sheetgen posted) and make the page again (sheetgen console) to move on."
    )


def console_file(page: Console) -> OutputFile:
    return OutputFile(CONSOLE_HTML, console_html(page).encode("utf-8"))
