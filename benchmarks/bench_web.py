"""Hint latency through the web API (in process, FastAPI TestClient).

For every type and every level: deal a 10×10 board of that grade
(``/api/puzzle``: the bank, else generated), then play it by hints at that
level, the way the browser does (show, apply, repeat), timing each
``/api/hint`` call; when the level stalls, the answer's cell is filled in so
play goes on. Prints p50 / p95 / max per (type, level); target p95 ≤ 100 ms.

    .venv/bin/python -m benchmarks.bench_web
"""

from __future__ import annotations

import statistics
import time

import pencilbox
from pencilbox.web.app import create_app

SIZE = 10
MAX_CALLS = 100
TARGET_MS = 100.0


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def play(client: object, name: str, level: str) -> tuple[list[float], str]:
    kind = pencilbox.puzzle(name)
    got = client.get(
        "/api/puzzle",
        params={  # type: ignore[attr-defined]
            "type": name,
            "size": SIZE,
            "grade": level,
            "index": 0,
        },
    )
    if got.status_code != 200:  # type: ignore[attr-defined]
        raise SystemExit(f"/api/puzzle answered {got.status_code}: {got.text}")  # type: ignore[attr-defined]
    dealt = got.json()  # type: ignore[attr-defined]
    p = kind.parse(dealt["url"])
    answer = client.post("/api/solve", json={"puzzle": dealt["url"]}).json()  # type: ignore[attr-defined]
    solution = [row.split() for row in answer["grid"]]
    marks = [
        [g if g is not None else "?" for g in dealt["given"][r * p.cols : (r + 1) * p.cols]]
        for r in range(p.rows)
    ]
    times: list[float] = []
    for _ in range(MAX_CALLS):
        body = {"puzzle": dealt["url"], "marks": [" ".join(row) for row in marks], "level": level}
        t0 = time.perf_counter()
        h = client.post("/api/hint", json=body).json()  # type: ignore[attr-defined]
        times.append((time.perf_counter() - t0) * 1000)
        if h.get("status") == "hint":
            r, c = h["cell"]
            marks[r][c] = h["value"]
        elif h.get("status") == "stalled":
            open_cells = [
                (r, c)
                for r in range(p.rows)
                for c in range(p.cols)
                if marks[r][c] == "?" and solution[r][c] != "?"
            ]
            if not open_cells:
                break
            r, c = open_cells[0]
            marks[r][c] = solution[r][c]
        else:
            break
    return times, f"{dealt['source']} {dealt['grade']}"


def run() -> None:
    from fastapi.testclient import TestClient

    # The app answers only the hosts it serves (a guard against DNS
    # rebinding), so the client names one.
    client = TestClient(create_app(), base_url="http://localhost")
    print(f"hint latency through /api/hint, {SIZE}x{SIZE}, up to {MAX_CALLS} calls per row")
    print(
        f"{'type':8} {'level':7} {'board':18} {'calls':>5} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'max ms':>7}"
    )
    worst = 0.0
    for name in pencilbox.puzzle_names():
        for level in pencilbox.puzzle(name).levels:
            times, board = play(client, name, level)
            q = p95(times)
            worst = max(worst, q)
            flag = "" if q <= TARGET_MS else "  over target"
            print(
                f"{name:8} {level:7} {board:18} {len(times):5d} "
                f"{statistics.median(times):7.1f} {q:7.1f} {max(times):7.1f}{flag}",
                flush=True,
            )
    print(f"worst p95: {worst:.1f} ms (target {TARGET_MS:g} ms)")


if __name__ == "__main__":
    run()
