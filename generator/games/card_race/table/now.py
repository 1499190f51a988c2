"""`sheetgen today` for a Galactic Card Race table: who acts now, and the posts and hands
due now, from the table as its latest entry left it.

Due now: the posts the latest entry wrote (its table post; after a round's last trick the
standings; after the last round the final post), and what came due with them: at a round's
end the next round's hands, sent privately, then its round post (written when the game
was dealt, due only now). Before any entry: round 1's hands and round post."""

from __future__ import annotations

import os
import shlex

from generator.common.errors import display_path
from generator.games.card_race.flavours import draft
from generator.games.card_race.posts import corrected_final, hand_stem
from generator.games.card_race.table.read import ReadTable, entry_words, read_table
from generator.games.card_race.table.replay import RoundState
from generator.host.table_view import PrivateSend, Step, TableNow, TableSource
from generator.render.post import PostDraft
from generator.render.text import Post


def table_now(source: TableSource) -> TableNow:
    table = read_table(source)
    entries = table.entries
    count = len(entries)
    steps: list[Step] = []
    act: list[str] = []
    if not entries:
        act.append("Start the race: send round 1's hands, then post round 1's round post.")
        steps += round_start(table, 1)
        where = f"Round 1 of {table.rounds} · nothing logged yet"
    else:
        number = int(entries[-1]["round"])
        steps += entry_steps(table, number, count)
        if entries[-1]["kind"] == "undo":
            # A correction may concern a round before this one: the table is where it is.
            number = table.state.rounds[-1].number
        last = f"{count} {'entry' if count == 1 else 'entries'} logged (the last: "
        last += f"{entry_words(table, entries[-1])})"
        if table.state.over and entries[-1]["kind"] == "undo":
            if corrected_final(table.state, count):
                act.append(
                    "The race is over and this correction changed its result: post the "
                    "correction, then the corrected final standings."
                )
            else:
                act.append("The race is over: post the correction (the result stands).")
            where = f"Round {number} of {table.rounds}, the last · {last}"
        elif table.state.over:
            act.append("The race is over: post the last standings, then the final post.")
            where = f"Round {number} of {table.rounds}, the last · {last}"
        elif table.round_finished(number):
            act.append(
                f"Round {number} is over: post the standings, then send round {number + 1}'s "
                "hands and post its round post."
            )
            steps += round_start(table, number + 1)
            where = f"Round {number} of {table.rounds} is over · {last}"
        else:
            where = f"Round {number} of {table.rounds} · {last}"
    to_act: tuple[str, ...] = ()
    if not table.state.over:
        act.append(waiting_for(table, table.state.current))
        to_act = acting(table, table.state.current)
    return TableNow(
        folder=table.folder,
        title=table.title(),
        where=where,
        act=tuple(act),
        steps=tuple(steps),
        entry=count,
        next=next_command(table),
        to_act=to_act,
    )


def entry_steps(table: ReadTable, number: int, serial: int) -> list[Step]:
    """The posts entry `serial` of round `number` wrote, as `card-race` wrote them: its
    table post, and at the round's end the standings (and at the game's end the final), in
    each language of the table. The table is as that entry left it, since it is the latest."""
    state = table.state
    posts: list[Step] = []
    words = entry_words(table, table.entries[-1])
    for code, suffix in table.codes():
        writer = table.writer(code)
        post = _post(table, draft(writer.table_post(state, number, serial), suffix))
        # Every table post's title is the round's: the host's list names the entry instead.
        post.title = f"Round {number} · entry {serial}: {words}"
        posts.append(post)
        # A correction's post says what changed, the standings too.
        if table.round_finished(number) and table.entries[-1]["kind"] != "undo":
            image = f"round-{number:02d}/standings{suffix}.png"
            standings = writer.standings_post(state, number, image)
            posts.append(_post(table, draft(standings, suffix)))
            if state.over:
                posts.append(_post(table, draft(writer.final_post(state), suffix)))
        elif corrected_final(state, serial):
            final = _post(table, draft(writer.final_post(state, corrected_by=serial), suffix))
            final.title = f"The final standings, corrected by entry {serial}"
            posts.append(final)
    return posts


def round_start(table: ReadTable, number: int) -> list[Step]:
    """A round's hands, each to its captain, then its round post: the hands go first, so no
    captain reads the round post before holding the cards."""
    sends: list[Step] = []
    posts: list[Step] = []
    for code, suffix in table.codes():
        for player in table.seats:
            stem = f"{hand_stem(number, player)}{suffix}"
            picture = f"{hand_stem(number, player)}{suffix}.png"
            attach = (picture,) if os.path.isfile(table.folder / picture) else ()
            sends.append(PrivateSend(f"{stem}.txt", player, attach, f"{stem}.host.txt"))
        post = _post(table, draft(table.writer(code).round_post(number), suffix))
        post.title = f"Round {number} of {table.rounds}: the round post"
        posts.append(post)
    return [*sends, *posts]


def _post(table: ReadTable, post_draft: PostDraft) -> Post:
    post = post_draft.render()
    # Pictures a game written with --no-images does not have are not attached.
    post.images = [im for im in post.images if (table.folder / im.file).is_file()]
    return post


def acting(table: ReadTable, rnd: RoundState) -> tuple[str, ...]:
    """Who the table waits for (as `waiting_for` says it): the dealer, the bidders, the
    player to play."""
    if rnd.trump_open:
        return (rnd.dealer,)
    if not rnd.bidding_done:
        waiting = rnd.waiting_bids()
        return (waiting[0],) if table.state.variant == "standard" else tuple(waiting)
    return (rnd.next_player(),)


def waiting_for(table: ReadTable, rnd: RoundState) -> str:
    if rnd.trump_open:
        return f"{rnd.dealer} (dealer) to choose trump."
    if not rnd.bidding_done:
        waiting = rnd.waiting_bids()
        if table.state.variant == "standard":
            return f"{waiting[0]} to bid."
        return f"Waiting for the bids (sent to you privately) of {', '.join(waiting)}."
    trick = len(rnd.tricks) + 1
    return f"{rnd.next_player()} to play (trick {trick} of {rnd.number})."


def next_command(table: ReadTable) -> str:
    """The command that records the move the table waits for."""
    if table.state.over:
        return "nothing: the race is over."
    rnd = table.state.current
    folder = shlex.quote(display_path(table.folder))
    if rnd.trump_open:
        what, command = "the dealer names trump", f"trump {folder} SUIT"
    elif not rnd.bidding_done:
        if table.state.variant == "standard":
            player = rnd.waiting_bids()[0]
            what, command = f"{player} bids", f"bid {folder} {shlex.quote(player)} N"
        else:
            what, command = "a bid comes in", f"bid {folder} PLAYER N"
    else:
        player = rnd.next_player()
        what, command = f"{player} plays", f"play {folder} {shlex.quote(player)} CARD"
    return (
        f"when {what}, record it with `sheetgen card-race {command}`: it writes the next "
        "post; then run today again."
    )
