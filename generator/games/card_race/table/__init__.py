"""The card table: bids, trump choices and plays replayed over the plan (replay), and what
the host's commands read of it (read, now, thread)."""
