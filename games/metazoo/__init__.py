"""MetaZoo (issue 16): the rules engine package; ``games.metazoo.sky`` reads the real surroundings."""
