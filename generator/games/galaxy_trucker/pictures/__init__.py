"""Galaxy Trucker's post pictures: which ones a game has and their alt texts (planned), how
each kind is drawn (layout), and drawing them to PNG files (pool)."""
