"""The basics every layer uses: error types, counted warnings, the platform list, and
reading or replacing one file without trusting or tearing it."""
