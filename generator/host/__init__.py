"""What a host runs on a written game: today's posts, the digest, rankings, the reveal guard
and the player names they type."""
