"""The one pipeline: a pack, a seed and a start date become a session; a scope of it becomes
files (posts per platform, guide, calendar, sheets) through the one assembler."""
