"""MetaZoo (work in progress; see games/metazoo/state.py, cards.py, pool.py). Not registered yet."""
