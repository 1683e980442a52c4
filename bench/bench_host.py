"""The table host with the real store, SQLite and/or PostgreSQL (``--db``): N concurrent tables of computer
players.

Reports stored actions/s, p50 and p99 latency of an act (``TableService._act``: apply the choice and
wait until its one-transaction commit is durable, what a player waits for), the time to load 1,000 active
tables at start-up, and resident memory per active table. A computer's pause and its wait for one of the
host's computer turns (``computer_slots``) come before the act and are not in it, as a person's thinking
time is not.
Targets (docs/performance.md): >= 2,000 stored actions/s; act p99 <= 5 ms at 50 saturated tables and at 200
paced tables; 1,000 tables loaded in <= 1 s; <= 100 KB per table. The last lines say which were met.

Two runs: ``--tables`` tables whose computers act with no pause (saturation: the most actions/s the
host can store), then ``--paced`` tables whose computers act every ``--delay`` seconds on average (an
offered load of about paced/delay actions/s, the latency a player sees under that load).

With ``--level normal|hard`` a third run plays ``--tables`` saturated tables of easy computers next to
``--thinking`` tables of computers at that level, for at most ``--seconds``: the searches run in the host's
process pool (bot.host.think), and the act p99 over every table shows whether a thinking computer delays others.

``--db`` (repeatable) names the back ends, each measured in turn in the same run: ``sqlite`` (the default, a
temporary file), ``postgresql`` (a throwaway server of the machine's PostgreSQL binaries, tests/pg_server.py,
as bench_cluster.py starts it) or a ``postgresql://`` URL (a schema of its own there, dropped at the end). Each
saturated run also reports its CPU time: this process's and, for the throwaway server, the server's.

Usage: python bench/bench_host.py [--tables 50] [--paced 200 --delay 0.1] [--load 1000] [--slots N]
                                  [--db sqlite] [--db postgresql | --db postgresql://…]
                                  [--level hard --thinking 10 --seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_cluster import server_cpu  # noqa: E402
from bench.closed_pipe import run_main  # noqa: E402
from bot.host import TableService  # noqa: E402
from bot.store import Store  # noqa: E402

P99_MS = 5.0  # targets (docs/performance.md)
ACTIONS_PER_S = 2000
LOAD_S = 1.0


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def computer_table(svc: TableService, seed: int, level: str | None = None):
    t = await svc.create("metax", f"bench-{seed % 10}", f"host{seed}", "C0", seed=seed, computer=True, level=level)
    await svc.add_computer(t.id, f"host{seed}")
    return t


async def play_tables(path: str, n: int, delay: float = 0.0, slots: int | None = None, level: str | None = None,
                      seconds: float | None = None, thinking: int = 0, kind: str = "sqlite") -> dict[str, float]:
    """``n`` tables of two computers; each computer waits about ``delay`` s before acting (0 = saturation).
    With ``level``, ``thinking`` more tables of computers at that level search in the host's process pool
    meanwhile, and play stops after ``seconds`` (searching computers take long to finish a game). Prints one
    line; returns ``{"rate": actions/s, "p50": ms, "p99": ms, "searched": actions of the searching tables}``."""
    store = await Store.open(path)
    try:
        svc = TableService(store, computer_delay=delay, computer_slots=slots)
        latencies: list[float] = []
        inner = svc._act

        async def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return await inner(*args, **kwargs)
            finally:
                latencies.append(time.perf_counter() - t0)

        svc._act = timed  # measure every stored action
        tables = [await computer_table(svc, s) for s in range(n)]
        searching = [await computer_table(svc, 5000 + s, level) for s in range(thinking if level else 0)]
        for t in searching:
            await svc.start(t.id, t.host_user)
        t0, cpu0, srv0 = time.perf_counter(), time.process_time(), server_cpu(path)
        for t in tables:
            await svc.start(t.id, t.host_user)
            if delay:
                await asyncio.sleep(delay / n)  # spread the tables over the pause, as players would be
        try:
            await asyncio.wait_for(svc.settle(), seconds)
        except TimeoutError:
            for task in svc._tasks.values():
                task.cancel()
            await asyncio.gather(*svc._tasks.values(), return_exceptions=True)
        secs, cpu, srv = time.perf_counter() - t0, time.process_time() - cpu0, server_cpu(path)
        srv = None if srv is None or srv0 is None else srv - srv0
        searched = sum(t.seq for t in searching)
        svc.thinker.close()
    finally:
        await store.close()  # an open connection is a thread that would keep the process alive
    latencies.sort()
    count = len(latencies)
    p50 = latencies[count // 2] * 1000
    p99 = latencies[min(count - 1, int(count * 0.99))] * 1000
    pace = f", each acting every {delay * 1000:.0f} ms" if delay else " at saturation"
    pace += f", with {thinking} tables of {level} computers searching ({searched} actions), for {secs:.0f} s" if level else ""
    print(f"{n} concurrent tables on {kind}{pace}: {count} stored actions in {secs:.2f} s = {count / secs:,.0f} actions/s; "
          f"act p50 {p50:.2f} ms, p99 {p99:.2f} ms; CPU {cpu:.2f} s in this process"
          + (f", {srv:.2f} s in the server" if srv is not None else ""), flush=True)
    return {"rate": count / secs, "p50": p50, "p99": p99, "searched": searched, "cpu": cpu, "count": count,
            "server_cpu": srv}


async def load_tables(path: str, n: int, kind: str = "sqlite") -> float:
    store = await Store.open(path)
    try:
        svc = TableService(store, computer_delay=3600)  # computers wait: we measure loading, not play
        for s in range(n):
            t = await computer_table(svc, 10_000 + s)
            await svc.start(t.id, t.host_user)
        for task in svc._tasks.values():
            task.cancel()
    finally:
        await store.close()
    del svc
    gc.collect()

    store = await Store.open(path)
    try:
        svc2 = TableService(store, computer_delay=3600)
        gc.collect()
        before = rss_kb()
        t0 = time.perf_counter()
        loaded = await svc2.load()
        secs = time.perf_counter() - t0
        gc.collect()
        after = rss_kb()
        for task in svc2._tasks.values():
            task.cancel()
    finally:
        await store.close()  # before printing: a closed stdout must not leave the connection's thread running
    print(f"loaded {loaded} active tables on {kind} in {secs:.3f} s; resident memory {(after - before) / loaded:.1f} KB per table",
          flush=True)
    return secs


def verdict(name: str, ok: bool, got: str, target: str) -> str:
    return f"  {'met   ' if ok else 'MISSED'} {name}: {got} (target {target})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--load", type=int, default=1000)
    ap.add_argument("--paced", type=int, default=0, help="tables for the paced run (0 = skip)")
    ap.add_argument("--delay", type=float, default=0.1, help="seconds between a paced computer's actions")
    ap.add_argument("--slots", type=int, default=None,
                    help="computer moves in progress at once (default: the host's for the back end)")
    ap.add_argument("--level", choices=["easy", "normal", "hard"], default=None,
                    help="the computers' level for an extra saturated run of --seconds (searches in a process pool)")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long the --level run plays at most")
    ap.add_argument("--thinking", type=int, default=10, help="tables of --level computers in the --level run")
    ap.add_argument("--db", action="append", default=None,
                    help="the back end, repeatable (default: sqlite): 'sqlite' (a temporary file), 'postgresql' (a "
                         "throwaway server, tests/pg_server.py) or a postgresql:// URL (a schema of its own there)")
    args = ap.parse_args()
    lines = []
    for db in args.db or ["sqlite"]:
        lines += run_backend(args, db)
    print("targets, from python bench/bench_host.py " + " ".join(sys.argv[1:]) + ":\n" + "\n".join(lines), flush=True)


@contextlib.contextmanager
def places(db: str) -> Iterator[Callable[[str], contextlib.AbstractContextManager[str]]]:
    """For back end ``db`` (see ``--db``): a maker of fresh stores, ``with fresh(name) as location``."""
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as d:
            yield lambda name: contextlib.nullcontext(str(Path(d) / f"{name}.db"))
        return
    from bench.bench_cluster import own_schema, postgres_base

    with postgres_base(None if db == "postgresql" else db) as base:
        yield lambda _name: own_schema(base)


def run_backend(args: argparse.Namespace, db: str) -> list[str]:
    """The runs of ``args`` on back end ``db``; their verdict lines."""
    kind = "sqlite" if db == "sqlite" else "postgresql"
    lines = []

    def per(seconds: float) -> str:
        return f"{seconds * 1e6 / max(sat['count'], 1):.0f} us"

    with places(db) as fresh:
        with fresh("play") as where:
            sat = asyncio.run(play_tables(where, args.tables, 0.0, args.slots, kind=kind))
        lines.append(verdict(f"{kind}: saturated act p99 ({args.tables} tables)", sat["p99"] <= P99_MS,
                             f"{sat['p99']:.2f} ms, p50 {sat['p50']:.2f} ms", f"<= {P99_MS:g} ms"))
        lines.append(verdict(f"{kind}: stored actions/s at saturation", sat["rate"] >= ACTIONS_PER_S,
                             f"{sat['rate']:,.0f} (CPU per action: {per(sat['cpu'])} in this process"
                             + (f", {per(sat['server_cpu'])} in the server" if sat["server_cpu"] is not None else "")
                             + ")", f">= {ACTIONS_PER_S:,}"))
        if args.level:
            with fresh("level") as where:
                lv = asyncio.run(play_tables(where, args.tables, 0.0, args.slots, args.level, args.seconds,
                                             args.thinking, kind))
            lines.append(verdict(f"{kind}: saturated act p99 ({args.tables} tables, {args.thinking} of {args.level} "
                                 "computers searching)", lv["p99"] <= P99_MS,
                                 f"{lv['p99']:.2f} ms, p50 {lv['p50']:.2f} ms", f"<= {P99_MS:g} ms"))
        if args.paced:
            with fresh("paced") as where:
                paced = asyncio.run(play_tables(where, args.paced, args.delay, args.slots, kind=kind))
            lines.append(verdict(f"{kind}: paced act p99 ({args.paced} tables, every {args.delay * 1000:.0f} ms)",
                                 paced["p99"] <= P99_MS, f"{paced['p99']:.2f} ms, p50 {paced['p50']:.2f} ms",
                                 f"<= {P99_MS:g} ms"))
        if args.load:
            with fresh("load") as where:
                secs = asyncio.run(load_tables(where, args.load, kind))
            lines.append(verdict(f"{kind}: load {args.load} tables", secs <= LOAD_S * args.load / 1000,
                                 f"{secs:.3f} s", f"<= {LOAD_S * args.load / 1000:g} s"))
    return lines


if __name__ == "__main__":
    run_main(main)
