"""In-process profile of a table of four people: what each kind of request costs, in CPU and queries.

    .venv/bin/python bench/tables_profile.py [--hands 3] [--db postgres] [--profile 25 --step region]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<yours> REDIS_URL=redis://127.0.0.1:6379/<n> \\
        .venv/bin/python bench/tables_profile.py --db postgres

One table of four signed-in people (the «guía» rules, every seat a person, all in aprendiz), played
through Django's test client in this one process (DEBUG off) as bench/tables_load.py's browsers do:
the person the table waits for posts a move by htmx (a legal card, chosen at random, or the first
cante offered), one move in ten is posted twice (answered «Ya estaba hecho»), then each of the other
three fetches its region (estado/?v=<the version it shows>) as its page does on the stream's event; a
poll at the version shown (204), a stream's refresh (``tutor.tables.streams._versions``) and the
region as each seat's stream draws it (``tutor.tables.views._streamed_region`` at the move's version, no
request; partners' streams on one instance sharing its reading of the table, the rivals' on the other) are timed
too, and one seat loads the whole page (JavaScript off, after its form's redirect) every tenth play.
At the end of each hand the second seat deals the next one. The first hand warms the per-process
caches and is not counted.

Against a fresh SQLite file in a temp dir, or with --db postgres a fresh database beside
DATABASE_URL's (dropped at the end); the cache is Redis when REDIS_URL names a database (emptied before
and after; not 0), as on a deployed instance, else this process's memory (then the move's frame, which
the other seats read from the cache, costs them less than it would: give REDIS_URL to compare). Prints, per kind of request,
the mean CPU ms (process time: this process's Python and the client's; the database server's own time
is not in it) and queries, and the whole cost of a play: the move, the three fetches and a tenth of a
doubled post (what one play sets off in bench/tables_load.py, streams aside).
"""

from __future__ import annotations

import argparse
import os
import pstats
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSION = re.compile(r'data-version="(\d+)"')
HTMX = {"HX-Request": "true"}
STEPS = (
    "move",
    "region",
    "streamed region",
    "own move's stream",
    "doubled move",
    "next hand",
    "poll 204",
    "stream refresh",
    "page",
)
# What a play sets off when each page fetches its region on the stream's event (before), and now that
# each seat's stream draws it (the mover's stream reads the table and sends the version alone).
PER_PLAY = {"move": 1.0, "region": 3.0, "doubled move": 0.1}
PER_PLAY_STREAMED = {"move": 1.0, "streamed region": 3.0, "own move's stream": 1.0, "doubled move": 0.1}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3, help="hands counted; one more warms up")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N functions")
    parser.add_argument("--step", choices=STEPS, help="profile only this kind of request")
    parser.add_argument("--sort", default="cumulative", help="cProfile sort key (cumulative, tottime)")
    parser.add_argument("--queries", action="store_true", help="print the SQL of one request of each kind")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from bench.inprocess import settle_environment
    from bench.practice_load import _drop_postgres, _postgres_env

    tmp = Path(tempfile.mkdtemp(prefix="tables-profile-"))
    base_url = os.environ.pop("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = os.environ.pop("REDIS_URL", "")
    settle_environment(redis_url)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECRET_KEY="tables-profile-" + "k" * 50,
        DJANGO_SQLITE_PATH=str(tmp / "profile.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
    )
    pg_name = ""
    if args.db == "postgres":
        os.environ["DATABASE_URL"], pg_name = _postgres_env(base_url)
    if redis_url:
        import redis

        os.environ["REDIS_URL"] = redis_url
        redis.Redis.from_url(redis_url).flushdb()
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        run(args, cache="Redis" if redis_url else "this process's memory")
    finally:
        from django.db import connections

        connections.close_all()
        if pg_name:
            _drop_postgres(base_url, pg_name)
        if redis_url:
            redis.Redis.from_url(redis_url).flushdb()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def run(args, cache: str) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse

    from bench.inprocess import Timer
    from engine.rules import PRESETS
    from tests.tutor.tables.test_tables import _stream_request
    from tutor.accounts.models import User
    from tutor.play.table import cante_value
    from tutor.tables import services, streams, views

    rng = random.Random(args.seed)
    people = [User.objects.create_user(username=f"persona{n}", password="!") for n in range(4)]
    table = services.create_table(user=people[0], rules=PRESETS["guia"], seed=args.seed)
    for n in (1, 2, 3):
        services.sit(user=people[n], token=table.token, number=n)
    services.start(user=people[0], token=table.token)
    token = table.token
    clients = []
    for person in people:
        client = Client()
        client.force_login(person)
        clients.append(client)
    move_url = reverse("tables:move", args=[token])
    state_url = reverse("tables:state", args=[token])
    page_url = reverse("tables:table", args=[token])
    next_url = reverse("tables:next_hand", args=[token])
    stream_requests = [_stream_request(person, token) for person in people]

    timed = Timer(args, expect=(200,))
    costs, queries = timed.costs, timed.queries

    def what_to_post(seat: int) -> dict | None:
        """The move ``seat`` makes now (worked out outside the timing), or None when it is not its turn."""
        hand = services.current_hand(table)
        game = services.game_of(table, hand, services.seats_of(table))
        if game.over or seat not in game.waiting_for():
            return None
        seq = {"seq": len(game.steps)}
        cantes = [cante_value(o) for o in game.cantes_of(seat)]
        if cantes:
            return {**seq, "cante": cantes[0]}
        return {**seq, "card": rng.choice(game.hand.legal()).code}

    def version_of(page: str, default: int) -> int:
        found = VERSION.search(page)
        return int(found.group(1)) if found else default

    shown = [0, 0, 0, 0]
    plays = moves = 0
    with override_settings(DEBUG=False):
        for n, client in enumerate(clients):
            shown[n] = version_of(client.get(page_url).content.decode(), 0)
        for number in range(1, args.hands + 2):
            record = number > 1
            for _ in range(200):
                hand = services.current_hand(table)
                game = services.game_of(table, hand, services.seats_of(table))
                if game.over:
                    break
                mover = game.waiting_for()[0]
                form = what_to_post(mover)
                answer = timed(
                    "move", record, lambda f=form, m=mover: clients[m].post(move_url, f, headers=HTMX)
                )
                page = answer.content.decode()
                assert "data-refusal" not in page, page[:2000]
                shown[mover] = version_of(page, shown[mover])
                moves += 1
                if record:
                    plays += 1
                if rng.random() < 0.1:
                    again = timed(
                        "doubled move",
                        record,
                        lambda f=form, m=mover: clients[m].post(move_url, f, headers=HTMX),
                    ).content.decode()
                    assert "Ya estaba hecho" in again
                for seat in range(4):
                    if seat == mover:
                        continue
                    region = timed(
                        "region",
                        record,
                        lambda s=seat: clients[s].get(f"{state_url}?v={shown[s]}", headers=HTMX),
                    ).content.decode()
                    shown[seat] = version_of(region, shown[seat])
                    timed(
                        "poll 204",
                        record,
                        lambda s=seat: clients[s].get(f"{state_url}?v={shown[s]}", headers=HTMX),
                        expect=(204,),
                    )
                # As the bench's two stream workers draw them, woken by the move's message: the mover's
                # and their partner's streams on one (sharing one read of the version), the rivals' on
                # the other (the per-process reading forgotten between them).
                for n, seat in enumerate((mover, (mover + 2) % 4, (mover + 1) % 4, (mover + 3) % 4)):
                    if n == 2:
                        services._shared.clear()
                    timed(
                        "own move's stream" if seat == mover else "streamed region",
                        record,
                        lambda s=seat, v=shown[mover]: views._streamed_region(stream_requests[s], token, v),
                    )
                seat = rng.randrange(4)
                timed("stream refresh", record, lambda s=seat: streams._versions(token, people[s].pk))
                if moves % 10 == 0:
                    timed("page", record, lambda s=seat: clients[s].get(page_url))
            else:
                raise AssertionError("the hand did not end")
            if number <= args.hands:
                answer = timed(
                    "next hand",
                    record,
                    lambda n=number: clients[1].post(next_url, {"number": n + 1}, headers=HTMX),
                )
                shown[1] = version_of(answer.content.decode(), shown[1])
                for seat in (0, 2, 3):
                    shown[seat] = version_of(
                        timed(
                            "region",
                            record,
                            lambda s=seat: clients[s].get(f"{state_url}?v={shown[s]}", headers=HTMX),
                        ).content.decode(),
                        shown[seat],
                    )

    print(
        f"1 table of 4 people, {args.hands} hands counted ({plays} moves), {connection.vendor}, cache in "
        f"{cache}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"{'request':<16}{'n':>6}{'CPU ms':>9}{'p90 ms':>9}{'queries':>9}")
    for step in STEPS:
        values = sorted(costs[step])
        if not values:
            continue
        p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
        print(
            f"{step:<16}{len(values):>6}{sum(values) / len(values):>9.2f}{p90:>9.2f}"
            f"{sum(queries[step]) / len(values):>9.1f}"
        )
    per_play = sum(share * sum(costs[s]) / len(costs[s]) for s, share in PER_PLAY.items() if costs[s])
    per_play_queries = sum(
        share * sum(queries[s]) / len(queries[s]) for s, share in PER_PLAY.items() if queries[s]
    )
    print(
        f"CPU ms per play (the move, three regions, a tenth of a doubled post; this process): "
        f"{per_play:.2f}, {per_play_queries:.1f} queries"
    )
    streamed = sum(
        share * sum(costs[s]) / len(costs[s]) for s, share in PER_PLAY_STREAMED.items() if costs[s]
    )
    streamed_queries = sum(
        share * sum(queries[s]) / len(queries[s]) for s, share in PER_PLAY_STREAMED.items() if queries[s]
    )
    print(
        f"CPU ms per play with each seat's stream drawing its region (the move, three streamed regions, the "
        f"mover's stream, a tenth of a doubled post): {streamed:.2f}, {streamed_queries:.1f} queries"
    )
    if args.profile:
        pstats.Stats(timed.profiler).sort_stats(args.sort).print_stats(args.profile)


if __name__ == "__main__":
    sys.exit(main())
