"""What the solver pool's fork server loads before it forks any worker:
the engine, the web jobs and every registered puzzle kind, so a fresh
worker answers its first job without importing anything (an import inside
a job would count against the job's deadline)."""

from __future__ import annotations

from pencilbox.engine.registry import kinds
from pencilbox.web import checks, jobs

KINDS = kinds()

__all__ = ["KINDS", "checks", "jobs"]
