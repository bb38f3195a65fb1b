"""A bounded load test of the real server on 127.0.0.1.

Starts pencilbox's server with the app (the shipped bank) in a child
process, then:

1. **Load**: hints on 10×10 bank boards of every type and grade (the player's
   marks are the givens, as the browser sends them), at concurrency 1, 20
   and 50, and a mix of hints and dealing from the bank at concurrency 20:
   throughput and p50 / p95 / p99 latency (and any 429s).
2. **Starvation**: one expensive request per core (``POST /api/solve`` on a
   30×30 Kurotto at 50% circles, whose fixpoint runs for minutes) while a
   player asks for hints one after another: the hints' p95 (target ≤ 300 ms);
   then how late after the deadline the answers came (status "stopped"),
   the CPU the server and its workers use in the second that starts 1 s
   after the deadline (back to normal: none), and the hints' latency after
   that, to compare with the load figures at concurrency 1.
3. **Floods**: for each kind of expensive request (Check and Parse of 30×30
   boards, Parse of a penpa-edit URL of 5 KB whose text inflates to 4 MB,
   Export of a 30×30 board with its answer, deals the bank lacks, hints and
   analyses of blank 30×30 boards, fixpoints of 30×30 boards),
   :data:`FLOOD_CLIENTS` clients send it in a
   loop for :data:`FLOOD_SECONDS` (never waiting, as a hostile client would)
   while a player asks for hints on 10×10 bank boards and for GET
   /api/puzzles: the player's p95 for each (targets ≤ 300 ms and ≤ 100 ms),
   and what the flood got: answers by status, and how fast a refusal came.

    .venv/bin/python -m benchmarks.bench_load [--quick] [--floods=WORD]

(``--floods=penpa``: only the floods whose name holds the word, and no
load or starvation parts.)
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time

import httpx

import pencilbox
from pencilbox.formats import penpa_url
from pencilbox.processes import process_table

SIZE = 10
REQUESTS = 200
"""Requests per concurrency level (a bounded test)."""
SOLVER_SECONDS = 6.0
"""The server's deadline during the starvation test."""
TARGET_P95_MS = 300.0
LIST_TARGET_P95_MS = 100.0
"""Target of GET /api/puzzles during a flood."""
FLOOD_CLIENTS = 8
FLOOD_SECONDS = 20.0
BOMB_BYTES = 4_000_000
"""What the penpa-edit URL of the penpa flood inflates to."""


def percentile(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def figures(ms: list[float]) -> str:
    return (
        f"p50 {percentile(ms, 0.5):7.1f} ms  p95 {percentile(ms, 0.95):7.1f} ms  "
        f"p99 {percentile(ms, 0.99):7.1f} ms  (n={len(ms)})"
    )


# -- the server ------------------------------------------------------------------------
def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, solver_seconds: float) -> subprocess.Popen[bytes]:
    code = (
        "import uvicorn; from pencilbox.web.app import create_app; "
        "from pencilbox.web import server; "
        f"app = create_app(solver_seconds={solver_seconds}); "
        f"uvicorn.Server(server.config(app, '127.0.0.1', {port})).run()"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/puzzles", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def cpu_below(pid: int) -> dict[int, int]:
    """CPU time (clock ticks) used so far by each process below ``pid``."""
    table = process_table()
    parents = {p: parent for p, (parent, _, _) in table.items()}
    times = {p: ticks for p, (_, _, ticks) in table.items()}
    out = {}
    for p, t in times.items():
        q = parents.get(p)
        while q is not None and q != pid and q > 1:
            q = parents.get(q)
        if q == pid:
            out[p] = t
    return out


def cpu_seconds(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU seconds the processes of ``after`` used since ``before``."""
    ticks = sum(max(0, t - before.get(p, 0)) for p, t in after.items())
    return ticks / os.sysconf("SC_CLK_TCK")


# -- requests ----------------------------------------------------------------------------
async def deal_boards(client: httpx.AsyncClient) -> list[dict[str, object]]:
    """Hint bodies for bank boards of every type and grade (marks: the givens)."""
    bodies = []
    for name in pencilbox.puzzle_names():
        kind = pencilbox.puzzle(name)
        for level in kind.levels:
            for index in range(3):
                r = await client.get(
                    "/api/puzzle",
                    params={"type": name, "size": SIZE, "grade": level, "index": index},
                )
                d = r.json()
                if r.status_code != 200 or d.get("source") != "bank":
                    continue
                cols = int(d["cols"])
                given = [g if g is not None else "?" for g in d["given"]]
                marks = [" ".join(given[i : i + cols]) for i in range(0, len(given), cols)]
                bodies.append(
                    {"puzzle": d["url"], "type": name, "marks": marks, "level": d["grade"]}
                )
    return bodies


async def timed(client: httpx.AsyncClient, method: str, url: str, **kw: object) -> float:
    t0 = time.perf_counter()
    r = await client.request(method, url, **kw)  # type: ignore[arg-type]
    ms = (time.perf_counter() - t0) * 1000
    if r.status_code == 429:
        REFUSED.append(url)
    elif r.status_code != 200:
        raise RuntimeError(f"{method} {url}: {r.status_code} {r.text[:200]}")
    return ms


REFUSED: list[str] = []
"""Requests of the player answered 429 (a lane full)."""


async def load(
    client: httpx.AsyncClient, jobs: list[tuple[str, str, dict[str, object]]], concurrency: int
) -> tuple[list[float], float]:
    """Run ``jobs`` with at most ``concurrency`` in flight: latencies and wall time."""
    gate = asyncio.Semaphore(concurrency)

    async def one(job: tuple[str, str, dict[str, object]]) -> float:
        async with gate:
            method, url, kw = job
            return await timed(client, method, url, **kw)

    t0 = time.perf_counter()
    ms = await asyncio.gather(*(one(j) for j in jobs))
    return list(ms), time.perf_counter() - t0


def hint_job(body: dict[str, object]) -> tuple[str, str, dict[str, object]]:
    return ("POST", "/api/hint", {"json": body})


def deal_job(
    rng: random.Random, bodies: list[dict[str, object]]
) -> tuple[str, str, dict[str, object]]:
    """A deal from one of the bank's shelves ``bodies`` came from (a grade
    the bank lacks is made, seconds of work: another measurement)."""
    body = rng.choice(bodies)
    name, grade = body["type"], body["level"]
    params = {"type": name, "size": SIZE, "grade": grade, "index": rng.randrange(100)}
    return ("GET", "/api/puzzle", {"params": params})


async def load_phase(base: str, requests: int) -> None:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        bodies = await deal_boards(client)
        print(f"  {len(bodies)} bank boards at {SIZE}x{SIZE}, every type and grade")
        rng = random.Random(1)
        await load(client, [hint_job(b) for b in bodies[:8]], 4)  # warm the workers
        for concurrency in (1, 20, 50):
            jobs = [hint_job(rng.choice(bodies)) for _ in range(requests)]
            REFUSED.clear()
            ms, wall = await load(client, jobs, concurrency)
            print(
                f"  hints, concurrency {concurrency:>2}: {len(ms) / wall:6.1f} req/s  {figures(ms)}"
                + (f"  ({len(REFUSED)} answered 429)" if REFUSED else "")
            )
        jobs = [
            hint_job(rng.choice(bodies)) if i % 2 else deal_job(rng, bodies)
            for i in range(requests)
        ]
        ms, wall = await load(client, jobs, 20)
        print(f"  hints + dealing, conc. 20: {len(ms) / wall:6.1f} req/s  {figures(ms)}")


async def starvation_phase(base: str, server: int, hints: int) -> None:
    kurotto = pencilbox.puzzle("kurotto")
    p, _ = kurotto.generate(30, 30, density=0.5, seed=1)
    expensive_body = {"puzzle": kurotto.format(p)}
    cores = os.cpu_count() or 1
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        bodies = await deal_boards(client)
        rng = random.Random(2)
        t0 = time.monotonic()
        expensive = [
            asyncio.create_task(client.post("/api/solve", json=expensive_body))
            for _ in range(cores)
        ]
        await asyncio.sleep(0.5)
        during: list[float] = []
        while len(during) < hints and not all(t.done() for t in expensive):
            during.append(await timed(client, "POST", "/api/hint", json=rng.choice(bodies)))
        answers = await asyncio.gather(*expensive)
        deadline = t0 + SOLVER_SECONDS
        late = time.monotonic() - deadline
        codes = sorted({f"{r.status_code} {r.json().get('status', '')}".strip() for r in answers})
        await asyncio.sleep(max(0.0, deadline + 1.0 - time.monotonic()))
        cpu0 = cpu_below(server)
        await asyncio.sleep(1.0)
        idle = cpu_seconds(cpu0, cpu_below(server))
        after: list[float] = []
        while time.monotonic() < deadline + 5.0:
            after.append(await timed(client, "POST", "/api/hint", json=rng.choice(bodies)))
    print(
        f"  {cores} x POST /api/solve on a 30x30 Kurotto (50% circles), "
        f"deadline {SOLVER_SECONDS:g} s"
    )
    print(f"  hints while they run:   {figures(during)}  (target p95 <= {TARGET_P95_MS:g} ms)")
    print(f"  expensive answers: {codes}, the last {late:+.2f} s after the deadline")
    print(f"  server and worker CPU from 1 s to 2 s after the deadline: {idle * 1000:.0f} ms")
    print(f"  hints from 2 s to 5 s after the deadline: {figures(after)}")


# -- floods -------------------------------------------------------------------------------
def penpa_bomb(size: int = BOMB_BYTES) -> str:
    """A penpa-edit URL of a few KB whose text names a 10×10 grid (the
    player's lane) and inflates to ``size`` bytes."""
    text = "square,10,10,38,0,1,1,418,418,200,200\n[0,0,0,0]\n"
    return penpa_url.HOST + "#m=edit&p=" + penpa_url.compress(text + "x" * (size - len(text)))


def flood_requests() -> dict[str, tuple[str, str, dict[str, object]]]:
    """One expensive request of each kind, as (method, path, httpx arguments)."""
    kurotto = pencilbox.puzzle("kurotto")
    big, _ = kurotto.generate(30, 30, density=0.5, seed=1)
    bomb = penpa_bomb()
    numbrix = pencilbox.puzzle("numbrix")
    numbers, _ = numbrix.generate(30, 30, density=0.3, seed=1)
    blank = "numbrix/30/30/" + "z" * 45
    return {
        "check 30x30 Kurotto": ("POST", "/api/check", {"json": {"puzzle": kurotto.format(big)}}),
        "check 30x30 Numbrix": (
            "POST",
            "/api/check",
            {"json": {"puzzle": numbrix.to_url(numbers)}},
        ),
        "parse 30x30 Kurotto": ("POST", "/api/parse", {"json": {"puzzle": kurotto.format(big)}}),
        f"parse penpa URL of {len(bomb) // 1000} KB, {BOMB_BYTES // 10**6} MB inflated": (
            "POST",
            "/api/parse",
            {"json": {"puzzle": bomb}},
        ),
        "export 30x30 Kurotto as penpa, answer": (
            "POST",
            "/api/export",
            {"json": {"puzzle": kurotto.format(big), "format": "penpa", "answer": True}},
        ),
        "deal 14x14 (not banked)": (
            "GET",
            "/api/puzzle",
            {"params": {"type": "kurotto", "size": 14, "grade": "probe"}},
        ),
        "hint blank 30x30": ("POST", "/api/hint", {"json": {"puzzle": blank}}),
        "analyze blank 30x30": (
            "POST",
            "/api/analyze",
            {"json": {"puzzle": blank, "seconds": 8}},
        ),
        "solve 30x30 Kurotto": ("POST", "/api/solve", {"json": {"puzzle": kurotto.format(big)}}),
    }


async def hostile(
    client: httpx.AsyncClient,
    request: tuple[str, str, dict[str, object]],
    end: float,
    codes: dict[int, int],
    refusals: list[float],
) -> None:
    """Send ``request`` again and again until ``end``, never waiting: count
    the answers by status (0: no answer), time the refusals."""
    method, path, kw = request
    while time.monotonic() < end:
        t0 = time.perf_counter()
        try:
            r = await client.request(method, path, **kw)  # type: ignore[arg-type]
        except httpx.HTTPError:
            codes[0] = codes.get(0, 0) + 1
            continue
        codes[r.status_code] = codes.get(r.status_code, 0) + 1
        if r.status_code in (429, 503) and "retry-after" in r.headers:
            refusals.append((time.perf_counter() - t0) * 1000)


async def flood_phase(base: str, seconds: float, only: str = "") -> None:
    """Each flood in turn (``only``: those whose name holds that word)."""
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        bodies = await deal_boards(client)
        rng = random.Random(3)
        for name, request in flood_requests().items():
            if only not in name:
                continue
            end = time.monotonic() + seconds
            codes: dict[int, int] = {}
            refusals: list[float] = []
            flood = [
                asyncio.create_task(hostile(client, request, end, codes, refusals))
                for _ in range(FLOOD_CLIENTS)
            ]
            await asyncio.sleep(1.0)  # the flood is on
            hints: list[float] = []
            listing: list[float] = []
            REFUSED.clear()
            while time.monotonic() < end:
                hints.append(await timed(client, "POST", "/api/hint", json=rng.choice(bodies)))
                listing.append(await timed(client, "GET", "/api/puzzles"))
                await asyncio.sleep(0.05)
            await asyncio.gather(*flood)
            answered = ", ".join(f"{code or 'error'}: {n}" for code, n in sorted(codes.items()))
            print(f"  {FLOOD_CLIENTS} x {name} for {seconds:g} s")
            print(f"    player's hints on 10x10: {figures(hints)}  (p95 <= {TARGET_P95_MS:g} ms)")
            target = LIST_TARGET_P95_MS
            print(f"    GET /api/puzzles:        {figures(listing)}  (p95 <= {target:g} ms)")
            if REFUSED:
                print(f"    the player got 429 {len(REFUSED)} times")
            quick = f"; refusals came in {figures(refusals)}" if refusals else ""
            print(f"    the flood got {answered}{quick}")


def run(argv: list[str] | None = None) -> None:
    args = argv if argv is not None else sys.argv[1:]
    quick = "--quick" in args
    only = [a.split("=", 1)[1] for a in args if a.startswith("--floods=")]
    port = free_port()
    server = start_server(port, SOLVER_SECONDS)
    base = f"http://127.0.0.1:{port}"
    try:
        if not only:
            print("load, one server on 127.0.0.1 (workers: lanes by the machine's cores)")
            asyncio.run(load_phase(base, 60 if quick else REQUESTS))
            print("starvation")
            asyncio.run(starvation_phase(base, server.pid, 60 if quick else 300))
        print("floods")
        asyncio.run(flood_phase(base, 5.0 if quick else FLOOD_SECONDS, only[0] if only else ""))
    finally:
        server.terminate()
        server.wait(20)


if __name__ == "__main__":
    run()
