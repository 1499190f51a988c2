"""`sheetgen today` for a table game: where the table stands, who acts now, and what to post
and send now, in order, per platform, with the same paste-and-attach steps as a scheduled
game (host/today.py reads the written files and fences them).

A private message (a hand, a loyalty card) is named by its file and recipient only: its
text is the player's secret and is never printed here."""

from __future__ import annotations

from generator.common.errors import SheetgenError, display_path
from generator.host.table_view import MISSING, PrivateSend, Step, TableNow
from generator.host.today import PLATFORM_STEPS, on_platform, platform_heading
from generator.render.text import Post


def table_today_text(now: TableNow, platforms: tuple[str, ...]) -> str:
    lines = [now.title, now.where, "", "Now:", *(f"  - {line}" for line in now.act)]
    if now.steps:
        check_written(now)
        count = len(now.steps)
        lines += ["", f"Do now, {count} step{'s' if count != 1 else ''}, in this order:"]
        lines += [f"  {n}. {_summary(step)}" for n, step in enumerate(now.steps, 1)]
        for platform in platforms:
            relevant = [s for s in now.steps if _goes_to(s, platform)]
            if not relevant:
                continue
            lines += ["", platform_heading(platform)]
            for number, step in enumerate(relevant, 1):
                if isinstance(step, PrivateSend):
                    lines += _send_steps(step, number)
                else:
                    lines += PLATFORM_STEPS[platform](now.folder, step, number)
    else:
        lines += ["", "Nothing to post now."]
    if now.keep:
        lines += ["", "Keep to yourself (never post or send): " + ", ".join(now.keep)]
    if now.next:
        lines += ["", f"Next: {now.next}"]
    return "\n".join(lines) + "\n"


def _goes_to(step: Step, platform: str) -> bool:
    # A private message goes by the platform's own private messages, wherever the thread is.
    return isinstance(step, PrivateSend) or on_platform(step, platform)


def _summary(step: Step) -> str:
    if isinstance(step, PrivateSend):
        return f"Send privately to {step.to}: {step.file}"
    return f"Post {step.key}: {step.title}"


def _send_steps(send: PrivateSend, number: int) -> list[str]:
    lines = [
        f"{number}. Private message to {send.to} (never in the thread)",
        f"   Paste {send.file} (its text is {send.to}'s alone: not shown here)",
    ]
    lines += [f"   Attach: {name}" for name in send.attach]
    if send.attach and send.note:
        lines.append(f"     Alt text: see {send.note}")
    return lines


def check_written(now: TableNow) -> None:
    """Every file a step names is in the folder: one a stopped table command left unwritten
    is said as such (the game's next table command writes it), never as a game to write."""
    for step in now.steps:
        for name in _files_of(step):
            path = now.folder / name
            if path.is_symlink() or not path.is_file():
                raise SheetgenError(f"{display_path(path)} is missing: {MISSING}")


def _files_of(step: Step) -> list[str]:
    if isinstance(step, PrivateSend):
        return [step.file, *step.attach]
    return _post_files(step)


def _post_files(post: Post) -> list[str]:
    names = [f"{post.key}.facebook.txt"] if post.facebook is not None else []
    names += post.comment_files() if post.facebook_comments else []
    count = len(post.discord_messages())
    names += [f"{post.key}.discord{'' if n == 1 else f'-{n}'}.md" for n in range(1, count + 1)]
    names += [f"{post.key}.bgg.txt"] if post.bgg is not None else []
    return names
