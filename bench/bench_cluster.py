"""Several bot processes on one PostgreSQL store (issue 30, "Several processes"; bot/host/owner.py), one of them
killed mid-run.

``--processes`` child processes, each a :class:`TableService` with its :class:`Owner` running one shard of
``--processes``, share the database. ``--tables`` MetaX tables of two human seats are made first, spread over the
shards' guilds; each process adopts its shard's tables, and a simulated gateway in it clicks a random option of
every open decision of every table it hosts, as a player would (``act_option`` with the decision's token and
option key, ``--delay`` seconds apart per table; 0: saturation), and starts a new table in its guilds when one
ends. Every click the host acknowledged is written at once to the process's acknowledgement file (a ``write``
the kernel keeps through a SIGKILL). After ``--kill-at`` seconds one process (not the first) is killed with
SIGKILL; its tables' take-over is timed until every one of them is held by a surviving process again. At the end
the survivors are stopped (SIGTERM) and the store is checked against the acknowledgements:

- stored actions/s: rows of the choice log written during the run, per second;
- CPU per stored action: the bot processes' (their simulated gateways too; their start-up left out) and, for
  the throwaway server, the server's;
- act p50/p99: the wall time of an acknowledged click in the surviving processes (its lock wait, the rules,
  the one-transaction commit);
- lost: acknowledged clicks whose log row (table, seq, seat, choice) is not in the store (must be 0);
- doubled: log positions (table, seq) acknowledged twice (two owners storing the same choice; must be 0);
- take-over: seconds from the kill until every live table of the killed process is held again (target < 10 s).

Without ``--db`` a throwaway PostgreSQL is started (tests/pg_server.py) and removed at the end; with ``--db`` the
run uses a schema of its own there (``search_path``), dropped at the end. Ends with one line:
``N actions/s, p99 X ms, lost L, doubled D, take-over T s``.

``--processes 1`` is the baseline (no kill; take-over ``nan``): the issue's target is four processes at least
1.5 times one, nothing lost or doubled, take-over under 10 s.

Usage: python bench/bench_cluster.py [--processes 4] [--tables 400] [--seconds 30] [--kill-at 12] [--delay 0]
                                     [--db postgresql://…]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.closed_pipe import run_main  # noqa: E402

GAME = "metax"


def place(i: int, processes: int) -> str:
    """The place of table ``i``: a guild on shard ``i % processes`` of ``processes``."""
    return f"{((i // processes + 1) * processes + i % processes) << 22}:7"


# -- the child: one bot process


async def child(url: str, shard: int, count: int, acks_path: str, stats_path: str, delay: float, seed: int) -> None:
    from bot.host import TableError, TableService, option_key, token_for
    from bot.host.owner import Owner
    from bot.store import Store, StoreError
    from games.core.values import RulesError

    store = await Store.open(url)
    svc = TableService(store, computer_delay=0)
    owner = await Owner.start(svc, url, (shard,), count)
    print(f"READY {owner.pid} {time.process_time()}", flush=True)  # its start-up's CPU, left out of the run's
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    fd = os.open(acks_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    latencies: list[float] = []
    refused = 0
    rng = random.Random(seed)
    driving: dict[str, asyncio.Task] = {}
    made = 0

    async def new_table() -> None:
        nonlocal made
        made += 1
        where = place(shard + count * (10_000 + made), count)
        t = await svc.create(GAME, where, f"a{shard}.{made}", "Ana", seed=rng.randrange(1 << 30))
        await svc.join(t.id, f"b{shard}.{made}", "Ben")
        await svc.start(t.id, t.host_user)

    async def drive(table_id: str) -> None:
        nonlocal refused
        hosted = svc.tables.get(table_id)
        while not stop.is_set():
            t = svc.tables.get(table_id)
            if t is None or t.status != "playing":
                # a finished table leaves svc.tables; one another process took is marked released instead
                if hosted is not None and hosted.status == "finished" and not hosted.released and not stop.is_set():
                    try:
                        await new_table()
                    except (TableError, StoreError):
                        pass
                return
            decisions = t.game.decisions(t.state)
            if not decisions:
                await asyncio.sleep(0.01)
                continue
            d = decisions[0]
            user = t.deciders(d.seat)[0]
            option = d.options[rng.randrange(len(d.options))]
            seq = t.seq
            started = time.perf_counter()
            try:
                await svc.act_option(table_id, user, token_for(t, d), option_key(option.id))
            except (TableError, RulesError, StoreError):
                refused += 1
                await asyncio.sleep(0.01)
                continue
            latencies.append(time.perf_counter() - started)
            os.write(fd, f"{table_id} {seq} {d.seat} {json.dumps(option.id)}\n".encode())
            await asyncio.sleep(delay)

    while not stop.is_set():
        for table_id in list(svc.tables):
            task = driving.get(table_id)
            if task is None or task.done():
                driving[table_id] = asyncio.get_running_loop().create_task(drive(table_id))
        try:
            await asyncio.wait_for(stop.wait(), 0.05)
        except TimeoutError:
            pass
    await asyncio.gather(*driving.values(), return_exceptions=True)
    os.close(fd)
    Path(stats_path).write_text(json.dumps({"latencies": latencies, "refused": refused}))
    await owner.close()
    await store.close()


# -- the parent


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def make_tables(url: str, n: int, processes: int) -> None:
    from bot.host import TableService
    from bot.store import Store

    store = await Store.open(url)
    try:
        svc = TableService(store, computer_delay=0)
        for i in range(n):
            t = await svc.create(GAME, place(i, processes), f"a{i}", "Ana", seed=1000 + i)
            await svc.join(t.id, f"b{i}", "Ben")
            await svc.start(t.id, f"a{i}")
    finally:
        await store.close()


async def held(url: str, table_ids: list[str]) -> tuple[set[str], set[str]]:
    """``(tables of table_ids still live, those of them some process holds)``."""
    import asyncpg

    from bot.host.owner import lock_key

    conn = await asyncpg.connect(url)
    try:
        live = {r[0] for r in await conn.fetch("SELECT id FROM tables WHERE status IN ('lobby', 'playing') AND "
                                               "id = ANY($1::text[])", table_ids)}
        keys = {r[0] for r in await conn.fetch("SELECT objid::int8 FROM pg_locks WHERE locktype = 'advisory' AND "
                                               "granted AND objsubid = 2")}
    finally:
        await conn.close()
    return live, {t for t in live if lock_key(t) & 0xFFFFFFFF in keys}


async def holders(url: str) -> dict[int, int]:
    """Advisory lock key -> pid of its holder."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return {r[0]: r[1] for r in await conn.fetch(
            "SELECT objid::int8, pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2")}
    finally:
        await conn.close()


async def count_actions(url: str) -> int:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM actions"))
    finally:
        await conn.close()


async def stored_rows(url: str) -> set[tuple[str, int, int, str]]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return {(r[0], r[1], r[2], r[3]) for r in await conn.fetch("SELECT table_id, seq, seat, choice FROM actions")}
    finally:
        await conn.close()


def run(args: argparse.Namespace, url: str, work: Path) -> str:
    from bot.host.owner import lock_key

    t0 = time.monotonic()
    asyncio.run(make_tables(url, args.tables, args.processes))
    print(f"{args.tables} tables made in {time.monotonic() - t0:.1f} s; starting {args.processes} processes",
          flush=True)
    procs = []
    for k in range(args.processes):
        cmd = [sys.executable, __file__, "--child", "--db", url, "--shard", str(k), "--processes", str(args.processes),
               "--acks", str(work / f"acks{k}"), "--stats", str(work / f"stats{k}.json"), "--delay", str(args.delay),
               "--seed", str(k)]
        procs.append(subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True))
    pids, started_cpu = [], 0.0
    for p in procs:
        line = p.stdout.readline().split()
        if not line or line[0] != "READY":
            raise SystemExit(f"a bot process did not start: {line}")
        pids.append(int(line[1]))
        started_cpu += float(line[2])
    start, before = time.monotonic(), asyncio.run(count_actions(url))
    bots0, server0 = _children_cpu(), server_cpu(url)
    kill = args.processes > 1  # one process alone is the baseline: nobody to take over
    print(f"all processes ready; running {args.seconds:g} s" + (f", killing process 1 at {args.kill_at:g} s" if kill
                                                               else ""), flush=True)
    victim, theirs, takeover = (1 if kill else -1), [], float("nan")
    if kill:
        time.sleep(args.kill_at)
        locks = asyncio.run(holders(url))
        live_ids = asyncio.run(_live(url))
        theirs = [t for t in live_ids if locks.get(lock_key(t) & 0xFFFFFFFF) == pids[victim]]
        procs[victim].send_signal(signal.SIGKILL)
        killed = time.monotonic()
        procs[victim].wait()
    while kill and time.monotonic() - killed < 60:
        live, got = asyncio.run(held(url, theirs))
        if got == live:
            takeover = time.monotonic() - killed
            break
        time.sleep(0.05)
    rest = args.seconds - (time.monotonic() - start)
    if rest > 0:
        time.sleep(rest)
    for k, p in enumerate(procs):
        if k != victim:
            p.send_signal(signal.SIGTERM)
    for p in procs:
        p.wait(120)
    elapsed = time.monotonic() - start
    bots, server = _children_cpu() - bots0 - started_cpu, server_cpu(url)
    after = asyncio.run(count_actions(url))
    rows = asyncio.run(stored_rows(url))
    acks: list[tuple[str, int, int, str]] = []
    for k in range(args.processes):
        path = work / f"acks{k}"
        if path.exists():
            for line in path.read_text().splitlines():
                tid, seq, seat, choice = line.split(" ", 3)
                acks.append((tid, int(seq), int(seat), json.loads(choice)))
    lost = sum(1 for a in acks if a not in rows)
    positions: dict[tuple[str, int], int] = {}
    for tid, seq, _, _ in acks:
        positions[(tid, seq)] = positions.get((tid, seq), 0) + 1
    doubled = sum(n - 1 for n in positions.values() if n > 1)
    latencies: list[float] = []
    refused = 0
    for k in range(args.processes):
        path = work / f"stats{k}.json"
        if path.exists():
            stats = json.loads(path.read_text())
            latencies += stats["latencies"]
            refused += stats["refused"]
    rate = (after - before) / elapsed
    print(f"{after - before:,} actions stored in {elapsed:.1f} s by {args.processes} processes ({len(theirs)} tables "
          f"of the killed one taken over); {len(acks):,} acknowledged clicks checked, {refused:,} refused; act p50 "
          f"{percentile(latencies, 50) * 1000:.2f} ms; CPU per stored action {bots * 1e6 / max(after - before, 1):.0f} us "
          "in the bot processes" + (f", {(server - server0) * 1e6 / max(after - before, 1):.0f} us in the server"
                                    if server is not None and server0 is not None else ""), flush=True)
    return (f"{rate:,.0f} actions/s, p99 {percentile(latencies, 99) * 1000:.1f} ms, lost {lost}, doubled {doubled}, "
            f"take-over {takeover:.2f} s")


def _children_cpu() -> float:
    """CPU seconds of this process's ended children (the bot processes, once waited for; a killed one's too)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def _live(url: str) -> list[str]:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return [r[0] for r in await conn.fetch("SELECT id FROM tables WHERE status IN ('lobby', 'playing')")]
    finally:
        await conn.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--processes", type=int, default=4)
    ap.add_argument("--tables", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=30.0, help="how long the processes play")
    ap.add_argument("--kill-at", type=float, default=12.0, help="seconds into the run the kill comes")
    ap.add_argument("--delay", type=float, default=0.0, help="seconds between two clicks at one table (0: saturation)")
    ap.add_argument("--db", help="a PostgreSQL URL (default: a throwaway server)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--acks", help=argparse.SUPPRESS)
    ap.add_argument("--stats", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        asyncio.run(child(args.db, args.shard, args.processes, args.acks, args.stats, args.delay, args.seed))
        return
    with postgres_base(args.db) as base, own_schema(base) as url, tempfile.TemporaryDirectory() as work:
        line = run(args, url, Path(work))
    print(line, flush=True)


@contextlib.contextmanager
def postgres_base(db: str | None) -> Iterator[str]:
    """A PostgreSQL URL to work in: ``db``, or without it a throwaway server (tests/pg_server.py, the machine's
    PostgreSQL binaries) started here and stopped at the end. Shared with bench/bench_host.py."""
    if db is not None:
        yield db
        return
    sys.path.insert(0, str(ROOT / "tests"))
    import pg_server

    bindir = pg_server.find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL server binaries here (Debian's postgresql package); pass --db URL")
    server = pg_server.start(bindir, os.getpid())
    try:
        yield server["url"]
    finally:
        pg_server.stop(server)


@contextlib.contextmanager
def own_schema(base: str) -> Iterator[str]:
    """``base`` with a ``search_path`` of a new schema of its own (a fresh store), dropped at the end."""
    name = f"bench_{uuid.uuid4().hex[:12]}"
    asyncio.run(_schema(base, name, create=True))
    try:
        yield f"{base}{'&' if '?' in base else '?'}search_path={name}"
    finally:
        asyncio.run(_schema(base, name, create=False))


def server_cpu(location: str) -> float | None:
    """CPU seconds used so far by the PostgreSQL server at ``location`` when it runs on this machine with its unix
    socket in its cluster's folder (the throwaway server: ``?host=<folder>``, its data in ``<folder>/data``): the
    postmaster, its live processes and those it reaped; ``None`` for SQLite or another server."""
    query = dict(parse_qsl(urlsplit(location).query)) if location.startswith("postgres") else {}
    try:
        postmaster = int((Path(query["host"]) / "data" / "postmaster.pid").read_text().split()[0])
    except (KeyError, OSError, ValueError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == postmaster:
            total += sum(int(f) for f in fields[11:15]) / tick  # its own and its reaped children's
        elif ppid == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def _schema(url: str, name: str, create: bool) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {name}" if create else f"DROP SCHEMA {name} CASCADE")
    finally:
        await conn.close()


if __name__ == "__main__":
    run_main(main)
