"""Facebook by the week: the span's Facebook posts as Facebook's own scheduler asks for
them (a group admin schedules a post with a date and a time, in the zone of the device that
schedules it), each with its text to Copy and its pictures to Save. Facebook schedules no
comment: a comment (the stacks' cards under their post, a reveal after a deadline) is marked
to post live, at its slot, and stays in the day's list of the console."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from generator.host.post_steps import read_written
from generator.host.today import SlotWork
from generator.render.console_html import Item, Note, PasteText, Picture, Step
from generator.render.text import Post

# Facebook's scheduler offers the times of the day in steps; a slot's time off the step is
# scheduled at the step before it would be early, so the step after it is named.
STEP_MINUTES = 15


def facebook_week(root: Path, work: list[SlotWork], zone: dt.tzinfo) -> tuple[Step, ...]:
    """One step per Facebook post and per live comment of `work`'s slots, in time order."""
    steps: list[Step] = []
    for item in work:
        moment = item.slot.at
        if moment is None:
            continue
        local = moment.astimezone(zone)
        for post in item.posts:
            if not (root / f"{post.key}.host.txt").is_file():
                continue  # a round not made yet: the day's list says so
            if post.facebook is not None:
                steps.append(_scheduled(root, post, local, zone))
            for index, name in enumerate(post.comment_files()):
                heading = post.comment_heading(index)
                items: list[Item] = [
                    Note(
                        f"LIVE: Facebook cannot schedule a comment. Post it yourself at "
                        f"{_words(local)}, once the post is out: it stays in that day's list."
                    ),
                    PasteText(
                        f"{heading}, text only: paste {name}", name, read_written(root, name)
                    ),
                ]
                steps.append(
                    Step(
                        f"week/facebook/{post.key}/comment-{index}", f"LIVE {heading}", tuple(items)
                    )
                )
    return tuple(steps)


def _scheduled(root: Path, post: Post, local: dt.datetime, zone: dt.tzinfo) -> Step:
    name = f"{post.key}.facebook.txt"
    at = _on_the_step(local)
    shift = "" if at == local else f" (the slot is {local:%H:%M}: the scheduler's next time)"
    items: list[Item] = [
        Note(
            f"Schedule for: date {at:%d/%m/%Y} ({at:%A} {at.day} {at:%B %Y}), time "
            f"{at:%H:%M}{shift}, in {zone} time: set this computer or phone to that zone "
            "when you schedule (Facebook takes the device's zone)."
        ),
        PasteText(f"Post text: paste {name}", name, read_written(root, name)),
    ]
    items += [Note(f"Add to the post: {f} (from the game folder)") for f in post.attachments]
    items += [Picture("Add to the post", im.file, im.alt) for im in post.facebook_images()]
    title = f"{_words(local)} · {post.title}"
    return Step(f"week/facebook/{post.key}", title, tuple(items))


def _on_the_step(local: dt.datetime) -> dt.datetime:
    late = local.minute % STEP_MINUTES
    if not late and not local.second:
        return local
    return (local + dt.timedelta(minutes=STEP_MINUTES - late)).replace(second=0, microsecond=0)


def _words(local: dt.datetime) -> str:
    return f"{local:%a} {local.day} {local:%b %Y}, {local:%H:%M %Z}"
