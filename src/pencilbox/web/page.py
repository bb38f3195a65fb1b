"""The API inside the page: the static site's engine (``pencilbox site``).

In the static site there is no server: a Web Worker runs Pyodide (CPython
compiled to WebAssembly), unpacks pencilbox's wheel, and hands every call
the front end makes (``api.js``'s ``get(name)`` and ``post(name, body)``)
to :func:`answer`, which answers as the server would: the same plain call
of :mod:`pencilbox.web.calls`, with the same fields, the same budgets of
work and so the same JSON, and the same error statuses (400 for bad input,
409 for a request that does not apply, 422 for a field of the wrong kind,
503 for work past its deadline).

The page is the host here (:class:`PageHost`): solver work runs at once in
the worker, under the server's deadline as its safety clock. The page
cancels a call with an interrupt (Pyodide's interrupt buffer, which raises
SIGINT here): its handler halts every safety clock
(:func:`pencilbox.engine.budget.halt`), so the work stops at its next check
as it would past its clock, and the worker, warm, takes the next call.
(Where the page cannot send one, it stops the worker.) Verdicts are kept in
memory only.
"""

from __future__ import annotations

import inspect
import json
import signal
import sys
import traceback
import types
import typing
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qsl

from pencilbox.engine import budget
from pencilbox.engine.kind import Puzzle, PuzzleKind
from pencilbox.errors import BudgetExceeded, PuzzleError
from pencilbox.web import calls

T = TypeVar("T")

GET_CALLS = frozenset({"puzzles", "puzzle", "formats"})
"""The calls the front end makes with GET: their fields come as a query string."""


class PageHost:
    """The worker as the host of the calls: everything runs here, at once."""

    def __init__(self, bank_path: Path | None) -> None:
        self.bank_path = bank_path
        self.answers = calls.AnswerCache()
        self.reads = calls.ReadCache()
        self.limits = calls.limits()
        self.verdict_path: Path | None = None
        self.seconds = calls.SOLVER_SECONDS

    def admit(self, lane: str) -> None:
        """Nothing waits here: the page runs one call at a time."""

    async def solver(
        self, lane: str, fn: Callable[..., T], *args: Any, seconds: float | None = None
    ) -> T:
        return fn(*args, self.seconds if seconds is None else seconds)

    async def quick(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(*args)

    async def studio(
        self, call: str, kind: PuzzleKind, p: Puzzle, seconds: float, *args: Any
    ) -> dict[str, Any]:
        return calls.studio_call(call, kind.name, p, *args, seconds)


class BadField(Exception):
    """A request field of the wrong kind, or missing (HTTP 422)."""


_HOST: PageHost | None = None


def start(bank_path: str | None, cancels: bool = False) -> None:
    """Make the worker's host, dealing from the bank at ``bank_path``, and
    load what every call needs (the puzzle types); ``cancels``: the page
    cancels calls with SIGINT (see :func:`cancelled`)."""
    global _HOST
    import pencilbox

    pencilbox.puzzle_names()
    _HOST = PageHost(Path(bank_path) if bank_path else None)
    if cancels:
        signal.signal(signal.SIGINT, cancelled)


def cancelled(signum: int, frame: types.FrameType | None) -> None:
    """The page cancelled the call running: halt its work (see the module's doc)."""
    budget.halt()


def answer(name: str, body: str) -> str:
    """The API's answer to the call ``name`` (/api/NAME, a query string after
    ``?`` for a GET call) with the JSON ``body`` (``null`` for GET), as the
    JSON text of ``{"status": HTTP status, "body": the answer}``."""
    budget.halt(False)  # a cancel of the call before is spent
    status, out = respond(name, body)
    return json.dumps({"status": status, "body": out})


def respond(name: str, body: str) -> tuple[int, Any]:
    """(status, answer) of the call ``name`` with the JSON ``body``."""
    host = _HOST or PageHost(None)
    call, _, query = name.partition("?")
    fn = calls.CALLS.get(call)
    if fn is None:
        return 404, {"error": f"no such call: {call}"}
    try:
        if call in GET_CALLS:
            fields = read_query(fn, query)
        else:
            try:
                sent = json.loads(body)
            except ValueError:
                raise BadField("the body is not JSON") from None
            fields = read_body(fn, sent)
        return 200, finish(fn(host, **fields))
    except BadField as e:
        return 422, {"error": str(e)}
    except calls.Conflict as e:
        return 409, {"error": str(e)}
    except BudgetExceeded as e:
        return 503, {"error": str(e)}
    except PuzzleError as e:
        return 400, {"error": str(e)}
    except RecursionError:
        return 400, {"error": "the input is too large to process"}
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return 500, {"error": "internal error"}


def finish(work: Coroutine[Any, Any, T]) -> T:
    """The value of a call, which never waits on anything in the page: its
    host's solver work runs at once, so it finishes at the first step."""
    try:
        work.send(None)
    except StopIteration as done:
        value: T = done.value
        return value
    work.close()
    raise RuntimeError("a call waited on something the page cannot give")


# -- reading the fields ---------------------------------------------------------------
def fields_of(fn: Callable[..., Any]) -> dict[str, tuple[Any, Any]]:
    """A call's fields: name → (type, default; ``inspect.Parameter.empty``
    when the field is required)."""
    hints = typing.get_type_hints(fn)
    return {
        name: (hints[name], param.default)
        for name, param in inspect.signature(fn).parameters.items()
        if param.kind is inspect.Parameter.KEYWORD_ONLY
    }


def read_body(fn: Callable[..., Any], body: object) -> dict[str, Any]:
    """The fields of a JSON body, each of the kind the call declares (extra
    keys are ignored, as the server ignores them)."""
    if not isinstance(body, dict):
        raise BadField("the body must be a JSON object")
    out = {}
    for name, (kind, default) in fields_of(fn).items():
        if name in body:
            out[name] = checked(name, body[name], kind)
        elif default is inspect.Parameter.empty:
            raise BadField(f"{name}: Field required")
    return out


def read_query(fn: Callable[..., Any], query: str) -> dict[str, Any]:
    """The fields of a query string, numbers read as numbers."""
    given = dict(parse_qsl(query, keep_blank_values=True))
    out: dict[str, Any] = {}
    for name, (kind, default) in fields_of(fn).items():
        if name not in given:
            if default is inspect.Parameter.empty:
                raise BadField(f"{name}: Field required")
            continue
        text = given[name]
        if int in options(kind):
            try:
                out[name] = int(text)
            except ValueError:
                raise BadField(f"{name}: Input should be a valid integer") from None
        else:
            out[name] = checked(name, text, kind)
    return out


def options(kind: Any) -> tuple[Any, ...]:
    """The types a field's annotation allows (``str | None`` → str, NoneType)."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        return typing.get_args(kind)
    return (kind,)


def checked(name: str, value: object, kind: Any) -> object:
    """``value`` if it is of a kind the annotation allows (a whole number
    where an int is asked, any number where a float is); else BadField."""
    for option in options(kind):
        if option is type(None) and value is None:
            return None
        if option is bool and isinstance(value, bool):
            return value
        if isinstance(value, bool):
            continue
        if option is str and isinstance(value, str):
            return value
        if option is int and isinstance(value, int | float) and float(value).is_integer():
            return int(value)
        if option is float and isinstance(value, int | float):
            return float(value)
        if typing.get_origin(option) is list and isinstance(value, list):
            (item,) = typing.get_args(option)
            return [checked(name, v, item) for v in value]
    raise BadField(f"{name}: Input should be {words(kind)}")


def words(kind: Any) -> str:
    names = {str: "a string", int: "a whole number", float: "a number", bool: "a boolean"}
    said = [
        names.get(o, "a list" if typing.get_origin(o) is list else "null") for o in options(kind)
    ]
    return " or ".join(dict.fromkeys(said))
