"""`sheetgen today`: what the host publishes now, in order, per platform, and what comes next.

The slot "now" is the latest slot whose time has come (so at 10:00 the morning posts are
still today's work until the afternoon slot). Texts are read from the game folder, so what
is printed is exactly what the files hold."""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.common.errors import SheetgenError, display_path
from generator.folder.corrections_log import Correction, read_corrections
from generator.host import post_steps
from generator.host.game_folder import GameFolder
from generator.host.post_steps import item_lines, post_items
from generator.host.posted import Posted
from generator.plan.moments import Slot, game_slots, game_zone, parse_day
from generator.plan.month import DIGEST, RANKINGS, REVEAL, HostTask
from generator.plan.schedule import when
from generator.render.host_tasks import task_heading, task_steps
from generator.render.reveal import REVEAL_KEY
from generator.render.text import Post

DIGEST_PAGE = "digest.html"  # the players' catch-up page (host/digest.py)


@dataclass(frozen=True)
class SlotWork:
    slot: Slot
    posts: list[Post]


def slots_with_posts(game: GameFolder) -> list[SlotWork]:
    """The slots that have posts, with them; from the game's outline when it has one
    (`today`, `posted`: host/outline.py)."""
    if game.outline is not None:
        posts = game.outline.posts
    else:
        from generator.host.game_posts import game_posts

        posts = game_posts(game)
    for post in posts:
        # A game written with --no-images has none to attach (its texts name none either).
        post.images = [im for im in post.images if (game.root / im.file).is_file()]
    work = [SlotWork(s, [p for p in posts if p.turn == s.turn]) for s in game_slots(game.shared)]
    return [w for w in work if w.posts]


def slot_at(work: list[SlotWork], at: dt.datetime) -> int | None:
    """Index of the latest slot whose time has come; None before the first."""
    current = None
    for index, item in enumerate(work):
        if item.slot.at is None:
            raise SheetgenError(
                "this game has no dates (no start date): ask for a day, `sheetgen today day N`"
            )
        if item.slot.at <= at:
            current = index
    return current


def slot_of_day(work: list[SlotWork], day: int, name: str | None) -> int:
    for index, item in enumerate(work):
        if item.slot.day == day and (name is None or item.slot.name == name):
            return index
    raise SheetgenError(f"no slot {name or ''} on day {day}".replace("  ", " "))


def read_written(root: Path, name: str) -> str:
    """A post file's text as written in the game folder (the console's Copy buttons)."""
    return post_steps.read_written(root, name)


def platform_steps(root: Path, post: Post, number: int, platform: str) -> list[str]:
    """One post's steps on one platform, numbered, as `today` prints them."""
    return [f"{number}. {post.title}", *item_lines(post_items(root, post, platform))]


def facebook_steps(root: Path, post: Post, number: int) -> list[str]:
    return platform_steps(root, post, number, "facebook")


def discord_steps(root: Path, post: Post, number: int) -> list[str]:
    return platform_steps(root, post, number, "discord")


def bgg_steps(root: Path, post: Post, number: int) -> list[str]:
    return platform_steps(root, post, number, "bgg")


PLATFORM_STEPS: dict[str, Callable[[Path, Post, int], list[str]]] = {
    "facebook": facebook_steps,
    "discord": discord_steps,
    "bgg": bgg_steps,
}


def on_platform(post: Post, platform: str) -> bool:
    """Whether the post goes to that platform: BGG only with its BGG text, Facebook only
    with a post or a comment there."""
    if platform == "bgg":
        return post.bgg is not None
    if platform == "facebook":
        return bool(post.facebook or post.facebook_comment)
    return True


def platform_heading(platform: str) -> str:
    return f"=== {platform.capitalize() if platform != 'bgg' else 'BGG'} ==="


@dataclass(frozen=True)
class Agenda:
    """What `today` tells the host at a moment (indexes into the game's slots)."""

    missed: list[int]  # due, not marked posted (a tracked folder only), oldest first
    due: int | None  # the slot due now: today's latest whose time has come, not yet marked
    quiet: str | None  # why nothing is due now ("No posts today (a rest day (Sunday))")
    upcoming: int | None  # the next slot after the moment
    # Corrections made and not marked posted (in a folder that records nothing: today's).
    corrections: tuple[Correction, ...] = ()
    # Tasks of slots already out (rankings, a catch-up page) whose files are not written.
    open_tasks: tuple[HostTask, ...] = ()

    def shown(self) -> list[int]:
        """The slots to post now, in order: the missed ones, then the one due."""
        return [*self.missed, *([self.due] if self.due is not None else [])]

    def corrections_first(self, work: list[SlotWork]) -> list[Correction]:
        """Corrections to posts already out: they go first."""
        unposted = {work[i].slot.turn for i in self.shown()}
        return [c for c in self.corrections if c.turn not in unposted]

    def corrections_after(self, work: list[SlotWork], index: int) -> list[Correction]:
        """Corrections to a post of a slot shown now (missed, or due): the post itself goes
        out first, its correction right after it (a correction of a post players never saw
        would come first otherwise)."""
        return [c for c in self.corrections if c.turn == work[index].slot.turn]


def agenda(game: GameFolder, work: list[SlotWork], at: dt.datetime, posted: Posted) -> Agenda:
    """The slots to post now. Only today's slot is due now: a slot of an earlier day is not
    posted again by accident (a rest day, a skipped date, an early morning). In a folder that
    records what was posted, a due slot not marked is missed and comes back until marked."""
    moments = [w.slot.at for w in work if w.slot.at is not None]
    if len(moments) < len(work):
        raise SheetgenError(
            "this game has no dates (no start date): ask for a day, `sheetgen today day N`"
        )
    zone = game_zone(game.shared)
    today = at.astimezone(zone).date()
    came = [i for i, moment in enumerate(moments) if moment <= at]
    todays = [i for i in came if moments[i].astimezone(zone).date() == today]
    due = todays[-1] if todays else None
    if due is not None and posted.counts_as_posted(work[due].slot.turn, work[due].slot.at):
        due = None
    missed = (
        [
            i
            for i in came
            if i != due and not posted.counts_as_posted(work[i].slot.turn, work[i].slot.at)
        ]
        if posted.tracked
        else []
    )
    upcoming = next((i for i, moment in enumerate(moments) if moment > at), None)
    quiet = None
    if due is None and not missed:
        following = moments[upcoming] if upcoming is not None else None
        quiet = _quiet_reason(game, work, todays, upcoming, following, today, posted)
    pending = pending_corrections(game, at, posted)
    shown = {work[i].slot.turn for i in [*missed, *([due] if due is not None else [])]}
    out = {work[i].slot.turn for i in came} - shown
    open_tasks = [
        t for t in game_tasks(game) if t.after_turn in out and not task_done(game, work, t)
    ]
    # A later catch-up page holds the earlier weeks too: only the latest one is asked for.
    pages = [t for t in open_tasks if t.kind == DIGEST]
    if any(t.kind == DIGEST and t.after_turn in shown for t in game_tasks(game)):
        pages = []  # a slot shown now asks for the page itself
    tasks = tuple(t for t in open_tasks if t.kind != DIGEST or (pages and t is pages[-1]))
    return Agenda(missed, due, quiet, upcoming, pending, tasks)


def task_done(game: GameFolder, work: list[SlotWork], task: HostTask) -> bool:
    """Whether a task of a slot already out is done: a round's rankings when their posts are
    written; a week's catch-up page when the players' page holds that slot's posts. The
    tasks after the last post are `what_is_left`'s."""
    if task.after_the_end or task.kind == REVEAL:
        return True
    if task.kind == RANKINGS:
        return (game.root / f"{task.files}.facebook.txt").is_file()
    if task.kind == DIGEST:
        posts = [p for w in work if w.slot.turn == task.after_turn for p in w.posts]
        return not posts or _page_holds(game.root / DIGEST_PAGE, posts[-1].key.replace("/", "-"))
    return True


def _page_holds(page: Path, anchor: str) -> bool:
    """Whether the catch-up page has the post with this anchor (read in pieces: a page with
    its pictures is megabytes)."""
    wanted = f'id="{anchor}"'.encode()
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(page, flags)
    except OSError:
        return False
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False  # a FIFO or a device is no page
        tail = b""
        while chunk := handle.read(1 << 20):
            if wanted in tail + chunk:
                return True
            tail = chunk[-len(wanted) :]
    return False


def pending_corrections(
    game: GameFolder, at: dt.datetime, posted: Posted
) -> tuple[Correction, ...]:
    """Corrections made by `at` and not marked posted; in a folder that records nothing,
    those made that day."""
    zone = game_zone(game.shared)
    made = [c for c in read_corrections(game.root) if c.at <= at]
    if posted.tracked:
        return tuple(c for c in made if c.number not in posted.corrections)
    day = at.astimezone(zone).date()
    return tuple(c for c in made if c.at.astimezone(zone).date() == day)


def correction_lines(
    game: GameFolder,
    correction: Correction,
    platforms: tuple[str, ...],
    after_its_post: bool = False,
) -> list[str]:
    """A correction's steps; `after_its_post`: the post it corrects is not out yet and is
    shown just above (the correction follows it)."""
    # The post renderer is loaded only for a game that has corrections.
    from generator.host.corrections import correction_post, moment_words

    post = correction_post(game, correction)
    if not (game.root / f"{post.key}.facebook.txt").is_file():
        return [
            f"CORRECTION {correction.number}: its files are not written (a run was cut short): "
            f"`sheetgen correct -o {display_path(game.root)}` writes them from the log"
        ]
    made = f"made {moment_words(game, correction.at)}"
    if after_its_post:
        heading = (
            f"CORRECTION {correction.number}, post right after “{correction.title}” above: "
            f"it corrects that post ({made})"
        )
    else:
        heading = f"CORRECTION {correction.number}, post first: to “{correction.title}” ({made})"
    lines = [heading]
    for platform in platforms:
        lines += ["", platform_heading(platform)]
        lines += PLATFORM_STEPS[platform](game.root, post, 1)
    return lines


def _quiet_reason(
    game: GameFolder,
    work: list[SlotWork],
    todays: list[int],
    upcoming: int | None,
    following: dt.datetime | None,
    today: dt.date,
    posted: Posted,
) -> str:
    zone = game_zone(game.shared)
    if todays:
        # Today's slots so far are marked; a later one today, if any, is the next below.
        return "Everything due so far today is out (marked posted)."
    if following is None:
        return "No posts today: the game's last post is out."
    following = following.astimezone(zone)
    if following.date() == today:
        return f"Nothing to post yet today: the first post is at {following:%H:%M}."
    if upcoming == 0:
        return "Nothing to post yet: the game has not begun."
    # The rhythm's schema and rules (plan/rhythm.py) are loaded only on a day without posts.
    from generator.kit.session import recorded_rhythm
    from generator.plan.rhythm import why_no_posts

    rhythm = recorded_rhythm(game.shared.rhythm)
    slots = list(dict.fromkeys(w.slot.name for w in work if w.slot.day >= 1))
    why = why_no_posts(rhythm, today, slots) if rhythm is not None else None
    return f"No posts today: {why or 'the rhythm has none on this date'}."


def game_tasks(game: GameFolder) -> list[HostTask]:
    """The month's rankings, catch-up pages and reveal (plan/month.py)."""
    from generator.games import ScheduledGame

    if game.outline is not None:
        return game.outline.tasks
    rules = game.rules
    return rules.host_tasks(game.content, game.typed) if isinstance(rules, ScheduledGame) else []


def _due_words(task: HostTask) -> str:
    return f" (scores due by {task.deadline})" if task.kind == RANKINGS else ""


def what_is_left(game: GameFolder) -> list[str]:
    """After the last post: what a host still does, each until its files are in the folder."""
    final = {t.kind: t for t in game_tasks(game) if t.after_the_end}
    left = []
    rankings = final.get(RANKINGS)
    scores = (
        game.outline.scoring
        if game.outline is not None
        else game.rules.capabilities.scoring is not None
    )
    if scores and not (game.root / "rankings" / "final.facebook.txt").is_file():
        due = _due_words(rankings) if rankings is not None else ""
        left.append(
            f"the final rankings{due}: type the players' scores into scores.csv, then "
            "`sheetgen rankings` and post rankings/final"
        )
    if not (game.root / f"{REVEAL_KEY}.facebook.txt").is_file():
        left.append("the reveal: `sheetgen reveal`, then post game-end-reveal (the seed)")
    if not (game.root / DIGEST_PAGE).is_file():
        left.append("the last catch-up page: `sheetgen digest`, and share it")
    return left


def slot_tasks(game: GameFolder, turn: int) -> list[HostTask]:
    """The tasks that go out with a slot, after its posts."""
    return [t for t in game_tasks(game) if t.after_turn == turn and not t.after_the_end]


def task_lines(game: GameFolder, turn: int) -> list[str]:
    return _tasks_block(game, slot_tasks(game, turn), "Then, after these posts (every platform)")


def _tasks_block(
    game: GameFolder, tasks: list[HostTask] | tuple[HostTask, ...], title: str
) -> list[str]:
    if not tasks:
        return []
    lines = ["", f"=== {title} ==="]
    for number, task in enumerate(tasks, 1):
        lines.append(f"{number}. {task_heading(task)}")
        lines += [f"   - {step}" for step in task_steps(task, display_path(game.root))]
    return lines


def not_due_banner(item: SlotWork, clock: dt.datetime, zone: dt.tzinfo) -> list[str]:
    """What `today day N` prints above a slot whose time has not come: its texts are for
    the host to read, never to post yet."""
    assert item.slot.at is not None
    now = clock.astimezone(zone)
    minutes = int((item.slot.at - clock).total_seconds() // 60)
    days, hours = minutes // 1440, minutes % 1440 // 60
    wait = (
        f"{days} day{'s' if days != 1 else ''} {hours} h"
        if days
        else f"{hours} h {minutes % 60:02d} min"
    )
    rule = "!" * 78
    return [
        rule,
        "!!! NOT DUE YET: a preview for you, the host. Do not post any of this now.",
        f"!!! It is due {when(item.slot.entry)}, in {wait}",
        f"!!! (now: {now:%a} {now.day} {now:%b %Y}, {now:%H:%M %Z}). "
        "`sheetgen today` shows it then.",
        rule,
    ]


def _slot_lines(
    game: GameFolder, item: SlotWork, heading: str, platforms: tuple[str, ...], turns: int
) -> list[str]:
    count = len(item.posts)
    turn = f" · turn {item.slot.turn} of {turns}" if item.slot.turn else ""
    lines = [
        f"{heading}: {when(item.slot.entry)}{turn} · "
        f"{count} post{'s' if count != 1 else ''}, in this order:",
        *(f"  {n}. {p.title}" for n, p in enumerate(item.posts, 1)),
    ]
    for platform in platforms:
        relevant = [p for p in item.posts if on_platform(p, platform)]
        if not relevant:
            continue
        lines += ["", platform_heading(platform)]
        for number, post in enumerate(relevant, 1):
            lines += PLATFORM_STEPS[platform](game.root, post, number)
    return lines + task_lines(game, item.slot.turn)


def _corrections_after(
    game: GameFolder, work: list[SlotWork], day: Agenda, index: int, platforms: tuple[str, ...]
) -> list[str]:
    lines: list[str] = []
    for correction in day.corrections_after(work, index):
        lines += [*correction_lines(game, correction, platforms, after_its_post=True), ""]
    return lines


def today_text(
    game: GameFolder,
    work: list[SlotWork],
    plan_of_day: Agenda | int | None,
    at: dt.datetime | None,
    platforms: tuple[str, ...],
    posted: Posted | None = None,
    clock: dt.datetime | None = None,
) -> str:
    """`plan_of_day`: the agenda at a moment, or the index of a slot the host asked for by
    day (`today day 7`), shown whatever the clock says; `clock`, the moment it is asked at,
    puts a not-due-yet banner above a slot whose time has not come."""
    title = f"{game.title} · game {game.shared.game_id}"
    lines = [title]
    zone = game_zone(game.shared)
    turns = max(w.slot.turn for w in work)
    if at is not None:
        local = at.astimezone(zone)
        lines.append(f"Now: {local:%a} {local.day} {local:%b %Y}, {local:%H:%M %Z}")
    lines += bgg_numbers_left_out(game, platforms)
    early = False
    if isinstance(plan_of_day, Agenda):
        day = plan_of_day
    else:
        index = plan_of_day
        upcoming = index + 1 if index is not None and index + 1 < len(work) else None
        day = Agenda([], index, None if index is not None else "Nothing to post.", upcoming)
        slot_at = work[index].slot.at if index is not None else None
        early = clock is not None and slot_at is not None and slot_at > clock
        if early:
            assert clock is not None and index is not None
            lines += not_due_banner(work[index], clock, zone)
    for correction in day.corrections_first(work):
        lines += [*correction_lines(game, correction, platforms), ""]
    for number, index in enumerate(day.missed, 1):
        heading = f"MISSED ({number} of {len(day.missed)}), post first"
        lines += [*_slot_lines(game, work[index], heading, platforms, turns), ""]
        lines += _corrections_after(game, work, day, index, platforms)
    if day.due is not None:
        heading = "NOT DUE YET (a preview, do not post)" if early else "Post now"
        lines += _slot_lines(game, work[day.due], heading, platforms, turns)
        after = _corrections_after(game, work, day, day.due, platforms)
        lines += ["", *after[:-1]] if after else []
    elif day.quiet:
        lines.append(day.quiet)
    if (day.missed or day.due is not None or day.corrections) and not early:
        lines.append("")
        if posted is not None:
            shown = [work[i].slot.turn for i in day.shown()]
            # `now` marks the corrections made by now as well as the slots.
            plain = not posted.tracked and not day.corrections and shown
            done = " ".join(str(t) for t in shown) if plain else "now"
            lines.append(
                f"When they are out: `sheetgen posted {done} -o {display_path(game.root)}`"
                + ("" if posted.tracked else " (a slot you miss then comes back here)")
            )
    lines += _tasks_block(game, day.open_tasks, "Still to do, for slots already out")
    lines.append("")
    if day.upcoming is not None:
        following = work[day.upcoming]
        wait = ""
        if at is not None and following.slot.at is not None:
            minutes = int((following.slot.at - at).total_seconds() // 60)
            wait = f" (in {minutes // 60} h {minutes % 60:02d} min)" if minutes >= 0 else ""
        titles = ", ".join(p.title for p in following.posts)
        lines.append(f"Next: {when(following.slot.entry)}{wait}: {titles}")
    else:
        left = what_is_left(game)
        if left:
            lines.append("Next: no more slots. Left to do:")
            lines += [f"  - {item}" for item in left]
        else:
            lines.append("The game is over: every post is out, the rankings and the reveal too.")
    return "\n".join(lines) + "\n"


def bgg_numbers_left_out(game: GameFolder, platforms: tuple[str, ...]) -> list[str]:
    """Said once, above the posts: the folder's ImageIDs are another game's (one written
    into this folder before), so no BGG step below uses them."""
    if "bgg" not in platforms:
        return []
    from generator.folder.bgg_images import folder_left_out

    said = folder_left_out(game.root, game.plan)
    return [said] if said else []


_RANGE = re.compile(r"^(\d{1,4})(?:-(\d{1,4}))?$")


def posted_turns(
    game: GameFolder, what: tuple[str, ...], at: dt.datetime, early: bool = True
) -> tuple[list[int], str]:
    """The slots `sheetgen posted WHAT` names, by turn, and how to say them: `now` (every
    slot due by `at`), `N`, `N-M`, or `day N [SLOT]`. A slot not yet due at `at` is refused
    unless `early` (a typo would otherwise hide a post that is then never asked for)."""
    work = slots_with_posts(game)
    turns, said = _named_turns(game, work, what, at)
    if not early:
        refuse_not_due(game, work, turns, at)
    return turns, said


def refuse_not_due(
    game: GameFolder, work: list[SlotWork], turns: list[int], at: dt.datetime
) -> None:
    """An error naming the first of `turns` whose slot is not due yet, and when it is."""
    later = [w for w in work if w.slot.turn in turns and w.slot.at is not None and w.slot.at > at]
    if not later:
        return
    zone = game_zone(game.shared)
    first = later[0].slot
    named = (
        f"turn {first.turn} is not due yet: it is due"
        if len(later) == 1
        else f"turns {', '.join(str(w.slot.turn) for w in later)} are not due yet: the first is due"
    )
    now = at.astimezone(zone)
    raise SheetgenError(
        f"{named} {when(first.entry)}, and it is now "
        f"{now:%a} {now.day} {now:%b %Y}, {now:%H:%M %Z}. Nothing was marked. A typo? "
        "`sheetgen today` names the slots due now. If you did post it early, add --early"
    )


def _named_turns(
    game: GameFolder, work: list[SlotWork], what: tuple[str, ...], at: dt.datetime
) -> tuple[list[int], str]:
    turns = [w.slot.turn for w in work]
    if what and what[0].lower() == "day":
        day = parse_day(what, game.shared)
        assert day is not None
        item = work[slot_of_day(work, day[0], day[1])]
        chosen = [w.slot.turn for w in work if w.slot.day == day[0]] if day[1] is None else []
        chosen = chosen or [item.slot.turn]
        return chosen, f"day {day[0]}" + (f" {day[1]}" if day[1] else "") + _turns(chosen)
    if not what or (len(what) == 1 and what[0].lower() == "now"):
        chosen = [w.slot.turn for w in work if w.slot.at is not None and w.slot.at <= at]
        if not chosen:
            raise SheetgenError("nothing is due yet: no slot's time has come")
        return chosen, f"every slot due by now{_turns(chosen)}"
    match = _RANGE.match(" ".join(what).replace(" ", ""))
    if not match:
        raise SheetgenError(
            f"{' '.join(what)!r}: expected `now`, a turn `N`, a range `N-M` or `day N [SLOT]`"
        )
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if first > last or first not in turns or last not in turns:
        raise SheetgenError(
            f"{' '.join(what)}: not turns of this game (expected {min(turns)}-{max(turns)}, "
            "the lower first; turn 0 is the evening before day 1)"
        )
    chosen = [t for t in turns if first <= t <= last]
    return chosen, _turns(chosen).removeprefix(" (").removesuffix(")")


def _turns(turns: list[int]) -> str:
    if len(turns) == 1:
        return f" (turn {turns[0]})"
    return (
        f" (turns {turns[0]}-{turns[-1]})"
        if turns == list(range(turns[0], turns[-1] + 1))
        else (f" (turns {', '.join(map(str, turns))})")
    )
