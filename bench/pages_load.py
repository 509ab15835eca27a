"""Load benchmark of the pages a learner opens most, against gunicorn on loopback.

    .venv/bin/python bench/pages_load.py                  # SQLite file (WAL) in a temp dir
    .venv/bin/python bench/pages_load.py --db postgres    # a fresh database beside DATABASE_URL's

The production command's 3 sync workers; --clients threads (16), each an anonymous visitor with its
own cookies on a keep-alive connection, read one page after the other for --seconds each (after
--warmup seconds not measured): the home page, «Practicar», «Lecciones», a lesson step (with its
example), Mi progreso, the glossary and «Jugar». Mi progreso gives each visitor an anonymous id on its first
visit (one session write), then only reads. Prints requests/s, p50/p99 latency and the share of the
home page's rate for each page; exits 1 when a page serves less than half the home page's rate (the
goal: within a factor of 2) or a request fails. Bounded: pages × (warm-up + seconds), at most 60 s
per page.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from practice_load import Client, _percentile, bench_server  # noqa: E402

PAGES = (
    ("home", "/"),
    ("Practicar", "/practicar/"),
    ("Lecciones", "/lecciones/"),
    ("a lesson step", "/lecciones/montar/supera-la-salida/"),
    ("Mi progreso", "/progreso/"),
    ("Glosario", "/lecciones/glosario/"),
    ("Jugar", "/jugar/"),
)


def _reader(port: int, path: str, warm_until: float, stop_at: float, out: list, failures: list) -> None:
    client = Client(port, warm_until)
    latencies = []
    try:
        while time.monotonic() < stop_at:
            measured = time.monotonic() >= warm_until
            started = time.perf_counter()
            status, _location, body = client.request("GET", path)
            if status != 200 or "</html>" not in body:
                failures.append(f"{path}: {status}")
            if measured:
                latencies.append(time.perf_counter() - started)
    except Exception as exc:  # noqa: BLE001 - a broken reader is a failure to report
        failures.append(f"{path}: {exc!r}")
    finally:
        client.conn.close()
    out.append(latencies)


def _measure(port: int, path: str, clients: int, warmup: float, seconds: float) -> tuple[float, list, list]:
    warm_until = time.monotonic() + warmup
    stop_at = warm_until + seconds
    results: list[list[float]] = []
    failures: list[str] = []
    threads = [
        threading.Thread(target=_reader, args=(port, path, warm_until, stop_at, results, failures))
        for _ in range(clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=warmup + seconds + 30)
    latencies = [x for r in results for x in r]
    return len(latencies) / seconds, latencies, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=3, choices=(1, 2, 3, 4))
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=8.0, help="measured per page (at most 60)")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds per page before measuring")
    parser.add_argument("--only", nargs="*", default=[], help="paths to measure after the home page")
    args = parser.parse_args()
    seconds = min(max(args.seconds, 1.0), 60.0)
    warmup = min(max(args.warmup, 0.0), 10.0)

    rows, failures = [], []
    with bench_server("pages-load-", args.db, args.workers) as (_env, _server, port):
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        pages = [p for p in PAGES if not args.only or p[1] == "/" or p[1] in args.only]
        for name, path in pages:
            rate, latencies, failed = _measure(port, path, args.clients, warmup, seconds)
            ms = [x * 1000 for x in latencies]
            rows.append((name, path, rate, _percentile(ms, 50), _percentile(ms, 99)))
            failures += failed

    print(
        f"database: {args.db}; gunicorn workers: {args.workers}; clients: {args.clients}; "
        f"{seconds:.0f} s per page after {warmup:.0f} s of warm-up; load average before: {load_before}"
    )
    home = rows[0][2]
    print(f"{'page':<16} {'path':<38} {'requests/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'of home':>8}")
    slow = []
    for name, path, rate, p50, p99 in rows:
        share = rate / home if home else 0.0
        print(f"{name:<16} {path:<38} {rate:>10.0f} {p50:>8.1f} {p99:>8.1f} {share:>8.0%}")
        if share < 0.5:
            slow.append(name)
    print(f"failed requests: {len(failures)}")
    for line in failures[:5]:
        print("  failure:", line)
    if slow:
        print("more than twice as dear as the home page:", ", ".join(slow))
    return 1 if failures or slow else 0


if __name__ == "__main__":
    sys.exit(main())
