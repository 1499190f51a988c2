"""Content packs: finding one, reading its YAML with every value's line, merging a pack that
`extends:` another, and validating documents into typed models."""
