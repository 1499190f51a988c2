"""The moderator's table: each command by family (cards, checks, fleet, loyalty, moves,
space, turns) over the shared outcome and errors (common), the command table (commands),
the turn's phases and sequence, and what the host's commands read of it (now, thread)."""
