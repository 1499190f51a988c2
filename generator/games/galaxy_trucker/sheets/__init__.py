"""Galaxy Trucker's print-and-play sheets: the files per paper (files), the ship pages
(ship), the player aid (aid), the score pad (pad), and what they share (common, art)."""
