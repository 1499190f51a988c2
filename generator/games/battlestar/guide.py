"""The moderator's posting guide (`posting-guide.md` in the game folder, never posted): the
order of the setup posts and messages, and how each table command gives the next post.

Like every game's guide it is for the host alone and names files, never what a private
message says. It depends on the game file's players only (names and seats), so setting up
again writes the same bytes."""

from __future__ import annotations

from generator.games.battlestar.gamefile import GameSpec
from generator.games.battlestar.posts.setup import GAME, SETUP_KEY

GUIDE_FILE = "posting-guide.md"
FLAVOURS = "`.facebook.txt` (Facebook), `.discord.md` (Discord), `.bgg.txt` (BGG)"


def posting_guide(spec: GameSpec, game_id: str) -> str:
    file = spec.path.name
    seats = ", ".join(
        f"`private/{SETUP_KEY}/seat-{seat + 1}.txt` → {name}"
        for seat, name in enumerate(spec.names)
    )
    lines = [
        f"# {GAME} · Game {game_id}: posting guide for the moderator",
        "",
        "Keep this folder to yourself: `private/` holds every player's private messages "
        "(characters, Loyalty cards, hands) and `moderator/` your own records. Post only "
        f"what is under `public/`, each file as it is: {FLAVOURS}; each post's `.host.txt` "
        "says where its texts go.",
        "",
        "## Setup, in this order",
        "",
        f"1. While players choose characters, each `sheetgen bsg setup {file}` writes the "
        "choosing post `public/choose-N.*`: post it. The player it names chooses next: "
        "write their character into the game file, then run setup again.",
        f"2. Once every character is chosen, `sheetgen bsg setup {file}` deals the game. "
        f"Send each private message by direct message first: {seats}.",
        f"3. Then post `public/{SETUP_KEY}.*`: it lists each message's commitment and the "
        "seed's, and ends with the action queue (who the table waits for).",
        "",
        "## The table",
        "",
        f"Each move is a table command (`sheetgen bsg skills|draw|check-open|check-add|"
        f"check-resolve|fleet|prep|jump|sleeper|next|... {file} ...`): it is checked, logged "
        "in `table-log.jsonl` as entry NNN, and adds its part to the post of the turn's "
        "phase, `public/turn-TT-P-phase.*`: 1 start (Receive Skills, movement, action), 2 "
        "crisis (the Crisis card, up to the skill check opened), 3 end (the Crisis resolved, "
        "activation, jump preparation, the next player): at most 3 posts a turn, each with "
        "one board picture. Send its private messages at once "
        "(`private/NNN-command/seat-N.txt`, each to the player of that seat). A phase's post "
        "is ready once the table moves on or the players must answer (a skill check, an "
        "event's choice): post it then, never before (its phase still adds to it). "
        "`moderator/NNN-command/record.txt` is your record (who added which card to a skill "
        "check): never post it. Every post ends with the action queue.",
        "",
        f"`sheetgen today --game {file}` prints who acts, and every post ready since the "
        "last you marked, in order, each after its private messages; once they are out, "
        f"`sheetgen bsg posted {file}` marks them (and the messages so far as sent); "
        f"`sheetgen digest --game {file}` writes the catch-up page (digest.html and .pdf) of "
        "the thread so far, for players who fell behind.",
        "",
        "## The end",
        "",
        f"`sheetgen bsg end {file} humans|cylons` writes the last post. Then `sheetgen bsg "
        f"reveal {file}` prints every private message and record with its salt, and the "
        "seed: post it, so every player can check each commitment of the thread.",
    ]
    return "\n".join(lines) + "\n"
