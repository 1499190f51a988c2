"""Post texts in several flavours, shared by every game.

A post is written once as a small structure and rendered per platform:
- Facebook: plain text; hidden information never in the post itself but in a separate
  comment text that opens with a spoiler warning and pushes the rest below the fold; never
  a picture of hidden information (a photo in a comment shows in full).
- Discord: markdown; hidden information inside ||spoilers||; one message stays under
  Discord's 2000-character limit.
- BGG: forum markup; images are uploaded to the user's gallery, so the text carries
  [ImageID=...] placeholders; a '<' followed by a non-space cuts a BGG post short."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.render.post import Block, PostDraft

# In a BGG text, where the host's link to the post's files goes (BGG attaches no files).
BGG_FILES_LINK = "LINK-TO-THE-FILES"
DISCORD_LIMIT = 2000
DISCORD_FILES = 10
# A picture's description (alt text) on Discord: at most this many characters.
DISCORD_ALT_LIMIT = 1024
DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def fill(template: str, **values: Any) -> str:
    """A pack text with its {placeholders} filled (the loader checked their names)."""
    return string.Formatter().vformat(template, (), values)


def die_face(value: int) -> str:
    return DICE_FACES[value - 1]


def roll_text(faces: list[int]) -> str:
    """'⚂ ⚄ = 8'"""
    return f"{' '.join(die_face(f) for f in faces)} = {sum(faces)}"


# A '<' with a non-space after it (`\S` is what `str.isspace` calls no space).
_BGG_CUT = re.compile(r"<(?=\S)")


def bgg_safe(text: str) -> str:
    """BGG stops a post at '<' followed by a non-space; a space after it keeps the rest."""
    return _BGG_CUT.sub("< ", text)


@dataclass(frozen=True)
class PostImage:
    """An image that goes with a post: its file (relative to the output folder) and alt text.

    The alt text is for the host to paste into the platform's image description; it never
    appears inside a post text. A hidden image (dice, peeked cards) is for Discord only, as a
    `SPOILER_` file: Facebook shows a photo in full, so there the same facts go as text.
    `title` names a hidden image in words that give nothing away ("event 8, meteor 2 dice
    (round 1)"): the catch-up page's button says "Show " and it, where the alt text would
    tell the secret. `on_page` False: the catch-up page leaves it out, because the post's
    words hold all it shows, behind spoilers of their own (a roll's dice)."""

    file: str
    alt: str
    hidden: bool = False
    title: str = ""
    on_page: bool = True

    @property
    def name(self) -> str:
        return self.file.rpartition("/")[2]

    def on_facebook(self) -> bool:
        return not self.hidden


@dataclass
class Post:
    """One post a host publishes, in every flavour the game writes.

    Files hold only what players read. Where a text goes, what to attach and the alt texts
    are host notes: `host_lines()` gives them to the posting guide and to `KEY.host.txt`."""

    key: str  # file stem relative to the game folder, e.g. "round-1/turn-03-build"
    title: str
    turn: int  # the turn it is published with (0: the day before day 1)
    position: int  # order within that slot: <0 before the turn post, 0 the turn, >0 after
    facebook: str | None  # None: on Facebook this post is only a comment (see comment_on)
    discord: str
    # The Facebook comments that hold the post's secrets, one per event (or other context),
    # so that reading one event's dice never shows the next event's; each opens with its
    # label ("Event 8") and a spoiler warning.
    facebook_comments: list[str] = field(default_factory=list)
    comment_labels: list[str] = field(default_factory=list)  # "" for an unlabelled comment
    images: list[PostImage] = field(default_factory=list)
    bgg: str | None = None  # BGG forum markup, for games that write it
    comment_on: str | None = None  # the post whose Facebook comments hold facebook_comments
    attachments: list[str] = field(default_factory=list)  # PDFs etc. attached on every platform
    html: str | None = None  # an <article> for a catch-up page (render/post.py)
    # The parts the flavours were rendered from (render/post.py), kept so that a catch-up
    # page and its PDF walk the same structure instead of re-reading one flavour's markup.
    headline: str | None = None
    kicker: str | None = None
    blocks: tuple[Block, ...] = ()
    # The draft it was rendered from, so that the month's lines (a day off next, when
    # scores are due) are added to the parts and every flavour is rendered again.
    draft: PostDraft | None = field(default=None, repr=False, compare=False)

    def amended(self, *blocks: Block) -> Post:
        """The post with blocks added at its end, in every flavour."""
        if self.draft is None:
            raise ValueError(f"{self.key}: not rendered from a draft")
        draft = replace(self.draft, blocks=[*self.draft.blocks, *blocks])
        return draft.render()

    @property
    def facebook_comment(self) -> str | None:
        """Every comment's text, one after the other (None when the post has no comment)."""
        return "\n".join(self.facebook_comments) if self.facebook_comments else None

    def comment_files(self) -> list[str]:
        """`KEY.facebook-comment.txt` for one comment; `-1`, `-2`, … in posting order for
        several."""
        count = len(self.facebook_comments)
        if count == 1:
            return [f"{self.key}.facebook-comment.txt"]
        return [f"{self.key}.facebook-comment-{n}.txt" for n in range(1, count + 1)]

    def comment_label(self, index: int) -> str:
        labels = self.comment_labels
        return labels[index] if index < len(labels) else ""

    def comment_heading(self, index: int) -> str:
        """'Comment 2 of 3 (meteor 2) under the Turn 9 post': which comment, and where."""
        count = len(self.facebook_comments)
        label = self.comment_label(index)
        which = f"Comment {index + 1} of {count}" if count > 1 else "Comment"
        which += f" ({label})" if label else ""
        under = f"the {self.comment_on} post" if self.comment_on else "that post"
        return f"{which} under {under}"

    def discord_files(self) -> list[str]:
        """The Discord text's files, one per message: KEY.discord.md, KEY.discord-2.md, ..."""
        count = len(self.discord_messages())
        return [f"{self.key}.discord{'' if n == 1 else f'-{n}'}.md" for n in range(1, count + 1)]

    def discord_messages(self) -> list[str]:
        """The Discord text as messages of at most DISCORD_LIMIT characters each."""
        return split_message(self.discord.rstrip("\n"), DISCORD_LIMIT)

    def facebook_images(self) -> list[PostImage]:
        return [im for im in self.images if im.on_facebook()]

    def facebook_steps(self) -> list[str]:
        """What the host does on Facebook for this post, in order."""
        steps = []
        if self.facebook is not None:
            step = f"New post: paste `{self.key}.facebook.txt`"
            shown = [f"`{f}`" for f in self.attachments]
            shown += [f"`{im.file}`" for im in self.facebook_images()]
            step += f"; attach {', '.join(shown)}." if shown else "; no picture."
            steps.append(step)
        for index, name in enumerate(self.comment_files()):
            steps.append(
                f"{self.comment_heading(index)}: paste `{name}`, text only "
                "(no picture: Facebook would show it in full)."
            )
        return steps

    def discord_attachments(self) -> list[list[tuple[str, str | None]]]:
        """The files to attach on Discord, with their alt texts (None for an attachment
        such as a PDF), in messages of at most 10: the first batch goes with the post's
        last text message, each further one in a message of its own with no text."""
        files: list[tuple[str, str | None]] = [(name, None) for name in self.attachments]
        files += [(image.file, image.alt) for image in self.images]
        return [files[i : i + DISCORD_FILES] for i in range(0, len(files), DISCORD_FILES)]

    def discord_steps(self) -> list[str]:
        steps = [f"Message: paste `{name}`" for name in self.discord_files()]
        # Discord takes at most 10 files a message; more go in a further message.
        chunks = [[f for f, _ in batch] for batch in self.discord_attachments()]
        for number, chunk in enumerate(chunks):
            names = ", ".join(f"`{f}`" for f in chunk)
            if number == 0:
                steps[-1] += f"; attach {names}"
            else:
                steps.append(f"Message with no text: attach {names}")
        return [f"{step}." for step in steps]

    def bgg_steps(self) -> list[str]:
        """The BGG steps, in the order that works there: the files shared and the pictures
        uploaded first, since the text names them (the files' link, each picture's
        [ImageID=…] tag); then the text pasted with those filled in."""
        if self.bgg is None:
            return []
        steps = []
        if self.attachments:
            names = ", ".join(f"`{name}`" for name in self.attachments)
            steps.append(
                f"BGG takes no files: share {names} (a file-sharing link: Google Drive, "
                f"Dropbox, your own site) and copy the link; it goes in place of "
                f"{BGG_FILES_LINK} in the text."
            )
        shown = self.facebook_images()
        placeholder = "[ImageID=…]" in self.bgg
        for image in shown:
            steps.append(
                f"Upload `{image.file}` to your BGG gallery and note the number BGG gives it"
                + (" (the next [ImageID=…] tag's number)." if placeholder else ".")
            )
        paste = f"Forum post: paste `{self.key}.bgg.txt`"
        if self.attachments:
            paste += f", with your link in place of {BGG_FILES_LINK}"
        if shown and placeholder:
            paste += ", each [ImageID=…] tag's … replaced by its picture's number"
        elif shown:
            paste += (
                ", and add each picture's image tag (ImageID= its number, in square "
                "brackets) at the end"
            )
        return [*steps, f"{paste}."]

    def alt_lines(self) -> list[str]:
        return [f"Alt text for `{im.file}`: {im.alt}" for im in self.images]

    def host_text(self) -> str:
        """The host's note beside the post: where each text goes, what to attach, alt texts."""
        lines = [f"{self.title}: how to post it", ""]
        for platform, steps in (
            ("Facebook", self.facebook_steps()),
            ("Discord", self.discord_steps()),
            ("BGG", self.bgg_steps()),
        ):
            if steps:
                lines += [f"{platform}:", *(f"{i}. {s}" for i, s in enumerate(steps, 1)), ""]
        if self.images:
            lines += [*self.alt_lines(), ""]
        return "\n".join(lines)

    def file_names(self) -> list[str]:
        """The names `files` gives, in its order, without writing the host's note (the
        calendar lists a post's files; their texts are written once, with the folder)."""
        names = [f"{self.key}.facebook.txt"] if self.facebook is not None else []
        names += self.comment_files()
        names += self.discord_files()
        names += [f"{self.key}.bgg.txt"] if self.bgg is not None else []
        names += [f"{self.key}.html"] if self.html is not None else []
        return [*names, f"{self.key}.host.txt"]

    def files(self) -> dict[str, str]:
        files: dict[str, str] = {}
        if self.facebook is not None:
            files[f"{self.key}.facebook.txt"] = self.facebook
        for name, comment in zip(self.comment_files(), self.facebook_comments, strict=True):
            files[name] = comment
        # A long post goes to Discord as several messages: .discord.md, .discord-2.md, ...
        for number, message in enumerate(self.discord_messages(), 1):
            suffix = "" if number == 1 else f"-{number}"
            files[f"{self.key}.discord{suffix}.md"] = message
        if self.bgg is not None:
            files[f"{self.key}.bgg.txt"] = self.bgg
        if self.html is not None:
            files[f"{self.key}.html"] = self.html
        files[f"{self.key}.host.txt"] = self.host_text()
        return {name: text.rstrip("\n") + "\n" for name, text in files.items()}


FENCE = "```"


def is_fence(line: str) -> bool:
    """A line that opens or closes a code block: a fence, or a hidden block's fence with its
    spoiler mark on Discord (the mark before the fence opens one, after it closes it)."""
    return line.strip("|").startswith(FENCE)


def _closing(opening: str) -> str:
    """The fence that closes a block opened by `opening` (a spoiler's mark included)."""
    return f"{FENCE}||" if opening.startswith("||") else FENCE


def _paragraphs(text: str) -> list[str]:
    """The text's paragraphs, a fenced code block (```) kept whole with the paragraph it is
    in: a block cut between two messages would no longer be the text it shows."""
    merged: list[str] = []
    open_fence = False
    for paragraph in text.split("\n\n"):
        if open_fence:
            merged[-1] += "\n\n" + paragraph
        else:
            merged.append(paragraph)
        fences = sum(1 for line in paragraph.split("\n") if is_fence(line))
        open_fence ^= fences % 2 == 1
    return merged


def split_message(text: str, limit: int) -> list[str]:
    """Cut a text into messages of at most `limit` characters, between paragraphs where
    possible, else between lines, so a spoiler or a list item is never cut in two. A code
    block too long for one message is closed at the cut and opened again in the next, so
    each message shows its lines as code (a round's reveal, read line by line); a hidden
    block (`||` around it) is closed and opened again with its spoiler marks, so each part
    is hidden and the two parts still read as one record."""
    messages: list[str] = []
    current = ""
    in_code = False  # the lines so far of `current` leave a code block open
    opening = FENCE  # the line that opened the block `current` leaves open
    for paragraph in _paragraphs(text):
        pieces = [paragraph] if len(paragraph) <= limit else paragraph.split("\n")
        joiner = "\n\n" if len(pieces) == 1 else "\n"
        for piece in pieces:
            candidate = f"{current}{joiner}{piece}" if current else piece
            flips = len(pieces) > 1 and is_fence(piece)
            opens = flips and not in_code
            # Inside a block, room is kept for the fence that closes it at a cut.
            closing = _closing(piece if opens else opening)
            room = limit - (len(closing) + 1 if in_code != flips else 0)
            if opens:
                opening = piece
            if len(candidate) <= room:
                current = candidate
                in_code ^= flips
                continue
            if current:
                messages.append(f"{current}\n{_closing(opening)}" if in_code else current)
            if in_code and not flips:
                piece = f"{opening}\n{piece}"
            in_code ^= flips
            # A single line longer than a message is cut hard; texts here never have one.
            while len(piece) > limit:
                messages.append(piece[:limit])
                piece = piece[limit:]
            current = piece
    if current or not messages:
        messages.append(current)
    return messages
