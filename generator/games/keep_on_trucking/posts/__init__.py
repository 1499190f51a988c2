"""Keep on Trucking's posts: Galaxy Trucker's writer with the new technology and the A ships
(technology), extended with the adventure cards, Rough Roads, the cyan abilities and the
titles (adventures)."""
