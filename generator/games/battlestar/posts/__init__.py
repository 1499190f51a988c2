"""Battlestar's posts: a moderator post and its texts per platform (post), the setup's
posts and private messages (setup), and the reveal at the end of a game (reveal)."""
