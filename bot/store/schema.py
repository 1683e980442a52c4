"""The store's schema: the numbered migrations, applied in order at start-up (:meth:`Store.open`);
``PRAGMA user_version`` holds the number applied, :data:`SCHEMA_VERSION` the number of the newest.

A schema change is a new migration appended at the end, never an edit of an applied one. Imports
nothing of the project.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: tables, seats, the choice log, snapshots, results, per-user stats.
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        place TEXT NOT NULL,
        host_user TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX tables_by_place ON tables (place, status);
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id TEXT,
        name TEXT NOT NULL,
        computer INTEGER NOT NULL DEFAULT 0,
        deck_id TEXT,
        deck TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        choice TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE snapshots (
        table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE results (
        table_id TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        result TEXT NOT NULL,
        finished REAL NOT NULL
    );
    CREATE TABLE stats (
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, game)
    );
    """,
    # 2: decision deadlines (timers survive a restart) and consecutive timeouts per seat.
    """
    CREATE TABLE deadlines (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        deadline REAL NOT NULL,
        remind_at REAL NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
    """,
    # 3: the Discord messages of a table (lobby, board, thread, each seat's DM), so that a restarted bot
    # edits them in place; ``flag`` marks a seat whose DMs are closed.
    """
    CREATE TABLE front_messages (
        table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL DEFAULT -1,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        flag INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, kind, seat)
    );
    """,
    # 4: personal decks, per user and game; ``cards`` is a JSON list of [card id, count] in the
    # order the user built it. A seat remembers the name of the deck it brings.
    """
    CREATE TABLE decks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        cards TEXT NOT NULL DEFAULT '[]',
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX decks_by_name ON decks (user_id, game, name COLLATE NOCASE);
    ALTER TABLE seats ADD COLUMN deck_name TEXT;
    """,
    # 5: small named values of the host (the hash of the last synced slash-command tree).
    """
    CREATE TABLE kv (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 6: a table paused because its Discord place is gone
    # keeps ``status = 'playing'`` and holds the epoch second it paused and why; NULL when not
    # paused. Its deadlines are shifted by the paused time when it resumes.
    """
    ALTER TABLE tables ADD COLUMN paused REAL;
    ALTER TABLE tables ADD COLUMN pause_reason TEXT;
    """,
    # 7: per-user settings; ``notify`` 1 (default) when the player wants a notifying message for
    # each new decision (a new DM, or a mention in the table's thread when DMs are closed), 0 when not.
    """
    CREATE TABLE user_settings (
        user_id TEXT PRIMARY KEY,
        notify INTEGER NOT NULL DEFAULT 1
    );
    """,
    # 8: the part of a game's state that never changes (card lists, owners, names…),
    # written once when the game starts (``Game.static_json``); ``state`` then holds ``Game.snapshot`` text
    # without it. NULL for a game started before: its ``state`` is a whole ``Game.to_json`` text.
    """
    ALTER TABLE snapshots ADD COLUMN static TEXT;
    """,
    # 9: a player's declared surroundings (``/surroundings``; MetaZoo's derived mode reads
    # them): JSON of ``games.core.surroundings.Surroundings.to_json()``, NULL when the player has none.
    """
    ALTER TABLE user_settings ADD COLUMN surroundings TEXT;
    """,
    # 10: a saved deck's Archive (MZ-BOOK-04: MetaZoo's side-deck of at most 15 Pages), a JSON
    # list of [card id, count] like ``cards``; empty for every deck of a game without Archives.
    """
    ALTER TABLE decks ADD COLUMN archive TEXT NOT NULL DEFAULT '[]';
    """,
    # 11: a seat's chess-clock time bank in seconds (bot.host.bank), written with the choice that
    # charged it; NULL while the bank is full or the table has none.
    """
    ALTER TABLE seats ADD COLUMN bank REAL;
    """,
    # 12: a player's play settings (``/notify``, ``bot.host.PlayPrefs``): ``windows`` 1 when a
    # response window should notify like a turn (default 0: the DM is edited quietly), ``pass_windows`` 1 when the
    # host passes their windows at once every turn (default 0), ``stop_aimed`` 1 when a window aimed at them is
    # still asked (default 1).
    """
    ALTER TABLE user_settings ADD COLUMN windows INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN pass_windows INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN stop_aimed INTEGER NOT NULL DEFAULT 1;
    """,
    # 13: PostgreSQL only (:data:`PG_MIGRATIONS`): the function that stores committed choices in one call.
    # Nothing on SQLite, whose writes are not round trips to a server.
    "",
]
SCHEMA_VERSION = len(MIGRATIONS)

#: Migrations whose PostgreSQL form is not :data:`MIGRATIONS`' text translated (``bot.store.postgres``), by number.
#:
#: 13: ``metahost_record(...)``: the statements of :meth:`bot.store.tables.TableQueries.record` for several
#: committed choices (of distinct tables) at once, as parallel arrays, in the order that method writes them: the
#: log rows, the snapshots, each table's time, its deadlines deleted then written, timeout counters, time banks.
#: One call is one round trip to the server (and, alone, one transaction) where the statements were about seven.
#: The log's key still refuses a second writer of a sequence, and the call's error (``unique_violation``) undoes
#: the whole call. Its arguments: ``a_*`` the log rows (table, seq, seat, choice, at); ``s_*`` the snapshots
#: (table, seq, state); ``t_*`` the tables (table, at), whose deadlines are all deleted; ``d_*`` the new deadlines
#: (table, seat, seq, deadline, remind_at); ``o_*`` timeout counters (table, seat, count); ``b_*`` time banks
#: (table, seat, seconds); ``f_*`` the games that ended (table, result, at): their result, status and deadlines;
#: ``st_*`` what they add to each (user, game)'s stats (games, wins, losses, draws), summed over the call (one
#: upsert may not touch a row twice).
PG_MIGRATIONS: dict[int, str] = {
    13: """
    CREATE FUNCTION metahost_record(
        a_table TEXT[], a_seq BIGINT[], a_seat BIGINT[], a_choice TEXT[], a_at DOUBLE PRECISION[],
        s_table TEXT[], s_seq BIGINT[], s_state TEXT[],
        t_table TEXT[], t_at DOUBLE PRECISION[],
        d_table TEXT[], d_seat BIGINT[], d_seq BIGINT[], d_deadline DOUBLE PRECISION[], d_remind DOUBLE PRECISION[],
        o_table TEXT[], o_seat BIGINT[], o_count BIGINT[],
        b_table TEXT[], b_seat BIGINT[], b_bank DOUBLE PRECISION[],
        f_table TEXT[], f_result TEXT[], f_at DOUBLE PRECISION[],
        st_user TEXT[], st_game TEXT[], st_games BIGINT[], st_wins BIGINT[], st_losses BIGINT[], st_draws BIGINT[]
    ) RETURNS VOID LANGUAGE plpgsql AS $fn$
    BEGIN
        INSERT INTO actions (table_id, seq, seat, choice, at)
            SELECT * FROM unnest(a_table, a_seq, a_seat, a_choice, a_at);
        IF cardinality(s_table) > 0 THEN
            UPDATE snapshots AS s SET seq = u.n, state = u.body
                FROM unnest(s_table, s_seq, s_state) AS u (tid, n, body) WHERE s.table_id = u.tid;
        END IF;
        UPDATE tables AS t SET updated = u.moment FROM unnest(t_table, t_at) AS u (tid, moment) WHERE t.id = u.tid;
        DELETE FROM deadlines WHERE table_id = ANY (t_table);
        IF cardinality(d_table) > 0 THEN
            INSERT INTO deadlines (table_id, seat, seq, deadline, remind_at)
                SELECT * FROM unnest(d_table, d_seat, d_seq, d_deadline, d_remind);
        END IF;
        IF cardinality(o_table) > 0 THEN
            UPDATE seats AS s SET timeouts = u.n FROM unnest(o_table, o_seat, o_count) AS u (tid, st, n)
                WHERE s.table_id = u.tid AND s.seat = u.st;
        END IF;
        IF cardinality(b_table) > 0 THEN
            UPDATE seats AS s SET bank = u.left_s FROM unnest(b_table, b_seat, b_bank) AS u (tid, st, left_s)
                WHERE s.table_id = u.tid AND s.seat = u.st;
        END IF;
        IF cardinality(f_table) > 0 THEN
            INSERT INTO results (table_id, result, finished) SELECT * FROM unnest(f_table, f_result, f_at);
            UPDATE tables AS t SET status = 'finished', updated = u.moment FROM unnest(f_table, f_at) AS u (tid, moment)
                WHERE t.id = u.tid;
            DELETE FROM deadlines WHERE table_id = ANY (f_table);
            INSERT INTO stats (user_id, game, games, wins, losses, draws)
                SELECT * FROM unnest(st_user, st_game, st_games, st_wins, st_losses, st_draws)
                ON CONFLICT (user_id, game) DO UPDATE SET games = stats.games + excluded.games,
                    wins = stats.wins + excluded.wins, losses = stats.losses + excluded.losses,
                    draws = stats.draws + excluded.draws;
        END IF;
    END
    $fn$
    """,
}
