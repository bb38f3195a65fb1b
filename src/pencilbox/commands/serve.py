"""``pencilbox serve``: the web app (what ``make serve`` runs)."""

from __future__ import annotations

import argparse

from pencilbox import arguments
from pencilbox.commands.common import Handler, Result, Subcommands, add_command


def declare(commands: Subcommands) -> None:
    sv = add_command(commands, "serve", "start the web app", Handler(run))
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on")
    sv.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="a Host name to answer besides localhost, 127.0.0.1, [::1] and --host (repeatable)",
    )
    sv.add_argument("--port", type=arguments.bounded_int(0, 65535, "a port"), default=8000)


def run(args: argparse.Namespace) -> list[Result]:
    from pencilbox.web.server import serve  # the web's dependencies load only to serve

    serve(host=args.host, port=args.port, allowed_hosts=args.allow_host or ())
    return []
