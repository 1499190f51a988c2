"""The plan and the calendar: the typed plan and its JSON, named random streams, the seed,
turns to days and slots, the host's rhythm, and moments as a host types them."""
