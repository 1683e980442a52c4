"""MetaZoo (issue 16), being built: ``games.metazoo.gaps`` holds the decisions on the rulebook's gaps and
``games.metazoo.sky`` reads the real surroundings. The engine replaces this file; the game is not registered yet."""
