"""Lighthouse in its default mobile mode on the static site and on the server's page.

Lighthouse (pinned in ``benchmarks/lighthouse/package-lock.json``, installed
once with ``npm ci`` into ``~/.cache/pencilbox/lighthouse-…``, or
``$PENCILBOX_SITE_CACHE``) runs against Debian's Chromium, headless, in its
default mode: a mid-range phone, 4× slower CPU, slow 4G simulated (1.6
Mbit/s, 150 ms round trips). Two runs each, on a first visit:

- the static site (built, or ``PENCILBOX_BENCH_SITE``) served by
  ``python -m http.server``;
- the server's page, ``pencilbox serve`` with the shipped bank.

Each run prints the four scores (performance, accessibility, best practices,
SEO), the metrics (FCP, LCP, TBT, CLS, Speed Index) and the audits that did
not pass, with the machine's load: the simulation scales the CPU time it
observed, so a busy machine scores lower. Goals: performance ≥ 95,
accessibility, best practices and SEO 100, CLS ≤ 0.05, LCP ≤ 2 s.
Figures only, nothing asserted.

    .venv/bin/python -m benchmarks bench_lighthouse
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pencilbox.bank.store import SHIPPED

from .bench_site import served
from .common import free_port, running

HERE = Path(__file__).parent / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
FLAGS = "--headless --no-sandbox --disable-gpu"
RUNS = 2
RUN_SECONDS = 300
GOALS = "performance ≥ 95, accessibility, best practices and SEO 100, CLS ≤ 0.05, LCP ≤ 2 s"
METRICS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
    "speed-index": "SI",
}


def installed() -> Path:
    """Lighthouse's command, installed with ``npm ci`` into the cache (once
    per lock file)."""
    from pencilbox.site.runtime import cache_root

    lock = hashlib.sha256((HERE / "package-lock.json").read_bytes()).hexdigest()[:12]
    home = cache_root().parent / f"lighthouse-{lock}"
    cli = home / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.is_file():
        home.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(HERE / name, home / name)
        command = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(command, cwd=home, check=True, timeout=900)
    return cli


@contextmanager
def server_page() -> Iterator[str]:
    """``pencilbox serve`` with the shipped bank, on a free port: its URL."""
    port = free_port()
    exe = Path(sys.executable).with_name("pencilbox")
    env = {**os.environ, "PENCILBOX_BANK": str(SHIPPED)}
    with running([str(exe), "serve", "--port", str(port)], port, env=env) as url:
        yield url


def lighthouse(cli: Path, url: str) -> dict[str, Any]:
    """One run's report (Lighthouse's JSON)."""
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    ran = subprocess.run(
        ["node", str(cli), url, "--quiet", f"--chrome-flags={FLAGS}", "--output=json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=RUN_SECONDS,
        check=True,
    )
    report: dict[str, Any] = json.loads(ran.stdout)
    return report


def shown(audit: dict[str, Any]) -> str:
    """A metric as Lighthouse shows it, with a time to the hundredth of a
    second (its own display rounds 2.04 s to "2.0 s", a miss of the goal)."""
    if audit.get("numericUnit") == "millisecond" and audit.get("numericValue", 0) >= 1000:
        return f"{audit['numericValue'] / 1000:.2f} s"
    return str(audit["displayValue"])


def summary(report: dict[str, Any]) -> str:
    """The scores, the metrics and the audits that did not pass, in one line."""
    scores = " ".join(
        f"{c['id']} {round(100 * (c['score'] or 0))}" for c in report["categories"].values()
    )
    audits = report["audits"]
    metrics = " ".join(f"{short} {shown(audits[key])}" for key, short in METRICS.items())
    missed = sorted(
        key
        for key, a in audits.items()
        if a.get("score") is not None
        and a["score"] < 1
        and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
        and key not in METRICS
    )
    return f"{scores} | {metrics} | below full marks: {', '.join(missed) or 'none'}"


def run() -> None:
    if not Path(CHROMIUM).exists() or shutil.which("npm") is None:
        print("skipped: Lighthouse needs Debian's chromium, Node.js and npm")
        return
    cli = installed()
    from .bench_site import build_site

    with tempfile.TemporaryDirectory() as work:
        folder = build_site(Path(work))
        with served(folder) as site, server_page() as server:
            for name, url in (("static site (python -m http.server)", site), ("server", server)):
                for n in range(RUNS):
                    load = os.getloadavg()[0]
                    said = summary(lighthouse(cli, url + "/"))
                    print(f"{name}, run {n + 1} (load {load:.1f}): {said}", flush=True)
    print(f"goals: {GOALS}")


if __name__ == "__main__":
    run()
