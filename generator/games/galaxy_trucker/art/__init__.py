"""Galaxy Trucker's pictures: tiles and adventure cards, drawn against generator.art.Surface."""
