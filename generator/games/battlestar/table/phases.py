"""The thread of a game begun under rules 3 or later: one public post per phase of a turn the
players must see, not one per table command (a forum moderator posts 1-3 times a turn).

The log keeps one entry per command (undo works per entry); the public post is a document
of its phase that each entry of the phase extends, regenerated from the log:

1. the turn's start: Receive Skills, movement, action (and a turn with no Crisis step);
2. the Crisis card, up to the moment players must answer it (the skill check opened);
3. the Crisis resolved (the check's result), activation, jump preparation, the end of the
   turn and who is next.

A post is ready to post once the table has gone on to another phase, or once the table waits
for the players' answer in the thread (a skill check just opened, an event's choice, the end
of the game): the next entry then begins a post of its own, so a post marked posted is never
written again. Only the latest post can still grow."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.battlestar.pictures import BoardView, board_view
from generator.games.battlestar.posts.post import TableBlock, TablePost, b, para
from generator.games.battlestar.posts.setup import title
from generator.games.battlestar.state import POSTS_IN_ORDER, TableState

START, CRISIS, END = 1, 2, 3
PHASE_NAMES = {START: "start", CRISIS: "crisis", END: "end"}
PHASE_TITLES = {
    START: "Receive Skills, movement, action",
    CRISIS: "Crisis",
    END: "Crisis resolved, activation, jump preparation, end of the turn",
}


def phase_of(state: TableState) -> int:
    """The phase of the turn the table is in."""
    crisis = state.crisis
    if crisis is None:
        return START
    check = state.check
    if check is not None and not check.added:
        return CRISIS  # players add cards now: the check, opened, is the crisis post's end
    if check is None and "resolve" in crisis.open_steps() and not crisis.checked:
        return CRISIS
    return END


def waits_for_players(state: TableState) -> bool:
    """The table waits for the players' answer in the thread: what is written so far must be
    posted. The answers players give by private message (their cards for a skill check, a
    discard, the Admiral's destination) need no post in between."""
    if state.over:
        return True
    check = state.check
    if check is not None:
        return not check.added  # just opened: everyone must see it to add cards
    crisis = state.crisis
    # An event waits for the current player's choice; a check card waits for the moderator
    # to open its check, and an attack for the ships it places (the same post).
    return crisis is not None and crisis.kind == "event" and "resolve" in crisis.open_steps()


@dataclass
class PhasePost:
    """One post of the thread: the entries of one phase, in log order."""

    key: str
    turn: int
    phase: int
    game_id: str
    parts: list[tuple[int, str, tuple[TableBlock, ...]]] = field(default_factory=list)
    queue: tuple[str, ...] = ()
    board: BoardView | None = None
    closed: bool = False  # ready to post: nothing joins it any more
    # Rules 4 on: the entries logged in the turn before its Receive Skills (after `next`),
    # said so in the post; whether an entry of the post has left the skills received.
    early: set[int] = field(default_factory=set)
    skills_seen: bool = False

    @property
    def first(self) -> int:
        return self.parts[0][0]

    @property
    def last(self) -> int:
        return self.parts[-1][0]

    @property
    def entries(self) -> list[int]:
        return [n for n, _, _ in self.parts]

    @property
    def heading(self) -> str:
        return f"Turn {self.turn} · {PHASE_TITLES[self.phase]}"

    def post(self) -> TablePost:
        blocks: list[TableBlock] = []
        for n, what, body in self.parts:
            # The entry's number: a correction or an undo names the entry it concerns.
            when = ", before Receive Skills" if n in self.early else ""
            blocks.append(para(b(what), f" (entry {n}{when})"))
            blocks += body
        return TablePost(
            self.key, title(self.game_id, self.heading), tuple(blocks), self.queue, self.board
        )


@dataclass
class PhaseThread:
    """The thread's phase posts so far, built entry by entry as the log replays."""

    game_id: str
    posts: list[PhasePost] = field(default_factory=list)

    def add(
        self,
        n: int,
        where: tuple[int, int],
        what: str,
        blocks: tuple[TableBlock, ...],
        state: TableState,
        ends_turn: bool = False,
    ) -> PhasePost:
        """Entry n, of phase `where` (turn, phase), leaving `state`: into the latest post if
        it is of that phase and not ready yet, else into a new one. `ends_turn`: the entry
        hands the turn on, and the next player waits for the post to act."""
        turn, phase = where
        last = self.posts[-1] if self.posts else None
        if last is not None and last.closed and (last.turn, last.phase) == (turn, CRISIS):
            # The Crisis post went out for the players' answer: what follows is its
            # resolution, the turn's last post.
            where = turn, phase = turn, max(phase, END)
        if last is None or last.closed or (last.turn, last.phase) != where:
            if last is not None:
                last.closed = True
            key = f"public/turn-{turn:02d}-{phase}-{PHASE_NAMES[phase]}"
            taken = sum(1 for p in self.posts if p.key.startswith(key))
            if taken:
                key += f"-{taken + 1}"
            last = PhasePost(key, turn, phase, self.game_id)
            self.posts.append(last)
        last.parts.append((n, what, blocks))
        if state.rules >= POSTS_IN_ORDER:
            # The turn's start post reads Receive Skills first; what came before it (the
            # rules have no step between turns: it is in the new player's turn) says so.
            before_skills = not (last.skills_seen or state.skills_received)
            if last.phase == START and before_skills and not ends_turn:
                last.early.add(n)
            last.skills_seen = last.skills_seen or state.skills_received
        last.queue = tuple(state.queue())
        last.board = board_view(state)
        if ends_turn or state.over or (last.phase == CRISIS and waits_for_players(state)):
            last.closed = True
        return last


def entry_phase(before: tuple[int, int], command: str, after: TableState) -> tuple[int, int]:
    """The (turn, phase) an entry belongs to: `next` ends the turn it was taken in; every
    other entry is where it leaves the table."""
    if command == "next":
        return before
    return after.turn, phase_of(after)


def where_now(state: TableState) -> tuple[int, int]:
    return state.turn, phase_of(state)
