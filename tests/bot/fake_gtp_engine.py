"""A tiny GTP engine for the tests of ``gobot score --estimate --engine``: it accepts every
command and answers ``final_status_list dead`` with the stones it was given.

    python fake_gtp_engine.py [--dead D4,E4] [--hang | --exit | --refuse] [--name NAME]
                              [--pidfile PATH] [--log PATH]

``--hang`` never answers ``final_status_list`` (and ignores ``quit``), ``--exit`` exits
instead of answering it, ``--refuse`` answers it with a GTP error. ``--pidfile`` receives the
process id, ``--log`` every command received, one a line.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dead", default="")
    parser.add_argument("--name", default="Fake Engine")
    parser.add_argument("--hang", action="store_true")
    parser.add_argument("--exit", action="store_true")
    parser.add_argument("--refuse", action="store_true")
    parser.add_argument("--pidfile")
    parser.add_argument("--log")
    args = parser.parse_args()
    if args.pidfile:
        Path(args.pidfile).write_text(str(os.getpid()))
    log = Path(args.log).open("a", encoding="utf-8") if args.log else None  # noqa: SIM115
    for line in sys.stdin:
        command = line.strip()
        if log:
            log.write(command + "\n")
            log.flush()
        if command == "name":
            answer = f"= {args.name}"
        elif command == "final_status_list dead":
            if args.hang:
                threading.Event().wait()  # thinks forever (until it is killed)
            if args.exit:
                sys.exit(3)
            if args.refuse:
                answer = "? unknown command"
            else:
                answer = "= " + " ".join(args.dead.replace(",", " ").split())
        elif command == "quit":
            print("=\n", flush=True)
            return
        else:
            answer = "="
        print(answer + "\n", flush=True)


if __name__ == "__main__":
    main()
