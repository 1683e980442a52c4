"""A throwaway PostgreSQL server for the tests of the store on PostgreSQL (no Docker): the machine's own binaries
(Debian's ``postgresql`` package: ``/usr/lib/postgresql/<version>/bin``, or ``$METAHOST_PG_BIN``), a fresh
cluster in a temporary folder, listening only on a unix socket there, without fsync (nothing in it outlives
the run).

One server per test run: the first process that needs it (an xdist worker, or the only process) starts it
under a file lock in the run's shared temporary folder and records it there; the others read that record;
the process that owns the run (xdist's controller, or the only process) stops it at the end
(:func:`stop_recorded`); a server whose run was killed before its end is stopped by the next run that starts
one (:func:`reap_stale`). ``initdb`` refuses to run as root, so as root the cluster is made and run by the
``postgres`` user (``runuser``).

When no binaries are found the PostgreSQL tests are skipped, saying why, unless
``METAHOST_REQUIRE_POSTGRES=1`` (CI sets it), where they fail.

Run as a script (:func:`main`) it starts and stops a server for a whole run given by ``DATABASE_URL``
(``.ci/run``).
"""

from __future__ import annotations

import fcntl
import json
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

STATE = "postgres.json"
REQUIRE_ENV = "METAHOST_REQUIRE_POSTGRES"


def required() -> bool:
    """Whether a missing server fails the PostgreSQL tests instead of skipping them."""
    return os.environ.get(REQUIRE_ENV) == "1"


def find_bindir() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``: ``$METAHOST_PG_BIN``, Debian's newest
    ``/usr/lib/postgresql/N/bin``, or where ``initdb`` is on PATH; ``None`` when there is none."""
    candidates = [Path(p) for p in [os.environ.get("METAHOST_PG_BIN")] if p]
    versions = Path("/usr/lib/postgresql").glob("*/bin")
    candidates += sorted(versions, key=lambda p: [int(n) for n in re.findall(r"\d+", p.parent.name)], reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if all((folder / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(root: Path) -> list[str]:
    """The command prefix that runs a tool as the cluster's owner: ``postgres`` when we are root."""
    if os.geteuid() != 0:
        return []
    try:
        owner = pwd.getpwnam("postgres")
    except KeyError:
        raise RuntimeError("initdb refuses to run as root, and there is no 'postgres' user to run it") from None
    os.chown(root, owner.pw_uid, owner.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


PREFIX = "metahost-pg-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap_stale() -> None:
    """Stop and remove the servers of earlier runs whose owner process is gone (a run killed before its end):
    each server's folder names its owner in ``owner``. Another run's live server is left alone."""
    for root in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            owner = int((root / "owner").read_text())
            bindir = (root / "bindir").read_text()
        except (OSError, ValueError):
            continue
        if not _alive(owner):
            stop({"dir": str(root), "bindir": bindir})


def start(bindir: Path, owner: int) -> dict:
    """Make and start a cluster for the run of process ``owner``; returns its record ``{"dir", "bindir",
    "url"}`` (``url`` reaches the ``postgres`` database as the ``postgres`` user, with no password). Raises
    ``RuntimeError`` with the tool's output when a step fails."""
    reap_stale()
    root = Path(tempfile.mkdtemp(prefix=PREFIX))
    (root / "owner").write_text(str(owner))
    (root / "bindir").write_text(str(bindir))
    try:
        prefix = _as_owner(root)
        data = root / "data"
        port = _free_port()

        def run(*argv: str) -> None:
            proc = subprocess.run([*prefix, *argv], capture_output=True, text=True, timeout=120)
            if proc.returncode:
                log = root / "log"
                tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                raise RuntimeError(f"{Path(argv[0]).name} failed ({proc.returncode}): {proc.stderr.strip()} {tail}")

        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8",
            "--locale=C")
        options = (f"-k {root} -p {port} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off -c max_connections=200")
        run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", options, "-w", "-t", "60",
            "start")
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return {"dir": str(root), "bindir": str(bindir), "url": f"postgresql://postgres@/postgres?host={root}&port={port}"}


def stop(record: dict) -> None:
    """Stop the cluster of ``record`` at once (its data is thrown away) and remove its folder."""
    root = Path(record["dir"])
    try:
        prefix = _as_owner(root) if (root / "data").exists() else []
        subprocess.run([*prefix, str(Path(record["bindir"]) / "pg_ctl"), "-D", str(root / "data"), "-m", "immediate",
                        "-w", "stop"], capture_output=True, timeout=60)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def shared(folder: Path, owner: int) -> dict:
    """The run's server, started by the first caller: the record ``start`` returned, or ``{"skip": why}`` /
    ``{"error": why}`` when there is none. ``folder`` is shared by every process of the run; the record is kept
    there (:data:`STATE`) under a lock. ``owner``: the process that stops it at the end."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / (STATE + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        state = folder / STATE
        if state.exists():
            return json.loads(state.read_text())
        bindir = find_bindir()
        if bindir is None:
            record = {"skip": "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine: install "
                              "Debian's postgresql package, or set METAHOST_PG_BIN"}
        else:
            try:
                record = start(bindir, owner)
            except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
                record = {"error": f"the test PostgreSQL server did not start: {exc}"}
        state.write_text(json.dumps(record))
        return record


def stop_recorded(folder: Path) -> None:
    """At the end of the run: stop the server recorded in ``folder``, if one was started."""
    state = folder / STATE
    if not state.exists():
        return
    record = json.loads(state.read_text())
    state.unlink()
    if "dir" in record:
        stop(record)


def main(argv: list[str]) -> int:
    """``python tests/pg_server.py start RECORD [OWNER]`` starts a throwaway server owned by the process OWNER
    (default: the calling shell; a server whose owner is gone is stopped by the next start, of any run), writes
    its record to the file RECORD and prints its URL; ``python tests/pg_server.py stop RECORD`` stops it and
    removes RECORD (empty or missing: nothing was started). For ``.ci/run``'s run of the suite on PostgreSQL
    (``DATABASE_URL=URL make test``). Exit 1 with one line on stderr when there are no binaries or the server
    does not start."""
    import sys

    if not 2 <= len(argv) <= 3 or argv[0] not in ("start", "stop") or not all(a.isdecimal() for a in argv[2:]):
        print("usage: pg_server.py start RECORD [OWNER_PID] | stop RECORD", file=sys.stderr)
        return 2
    action, record = argv[0], Path(argv[1])
    if action == "stop":
        text = record.read_text() if record.exists() else ""
        if text.strip():
            stop(json.loads(text))
        record.unlink(missing_ok=True)
        return 0
    bindir = find_bindir()
    if bindir is None:
        print("pg_server: no PostgreSQL server binaries (initdb, pg_ctl, postgres) on this machine", file=sys.stderr)
        return 1
    try:
        started = start(bindir, int(argv[2]) if len(argv) > 2 else os.getppid())
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        print(f"pg_server: the PostgreSQL server did not start: {exc}", file=sys.stderr)
        return 1
    record.write_text(json.dumps(started))
    print(started["url"])
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
