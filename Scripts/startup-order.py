#!/usr/bin/env python3
"""Writes the symbol ordering file for todofmt's release link (Scripts/startup.order).

A `todofmt --check` of a small file runs about a thousand functions spread over seven megabytes of
code; every 64 KiB of it that is touched costs a page fault at start-up. Listed in this file, the
linker (lld's --symbol-ordering-file, see RELEASE_FLAGS in the Makefile) places the code that
holds them next to each other. The list is what callgrind saw the release binary run when it
checked, formatted and diffed the demo file; functions that no longer exist are skipped by the
linker, so a stale list costs speed, never correctness. Run `make startup-order` after changes
to the start-up path. Needs valgrind.

usage: startup-order.py TODOFMT OUTPUT
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

DEMO = "Fixtures/demo/todos.md"


def functions(todofmt, args, cwd, stdin=None):
    """The mangled names of the functions of `todofmt` itself that one run executes, in the order
    callgrind first lists them."""
    fd, out = tempfile.mkstemp(prefix="callgrind.", dir=cwd)
    os.close(fd)
    try:
        with open(stdin or os.devnull, "rb") as source:
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out,
                            todofmt] + args, cwd=cwd, stdin=source, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        objects, names, found = {}, {}, []
        current = False
        # Callgrind compresses names: "ob=(3) /path" and "fn=(12) name" the first time (or as a
        # callee, "cob=" and "cfn="), "ob=(3)" after.
        for line in open(out, errors="replace"):
            m = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if not m:
                continue
            kind, number, name = m.groups()
            table = objects if kind.endswith("ob") else names
            if name is not None:
                table[number] = name
            if kind == "ob":
                current = os.path.realpath(objects[number]) == os.path.realpath(todofmt)
            elif kind == "fn" and current:
                found.append(names[number])
        return found
    finally:
        os.remove(out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    todofmt, output = os.path.abspath(sys.argv[1]), sys.argv[2]
    if not shutil.which("valgrind"):
        sys.exit("startup-order: valgrind is needed (apt-get install valgrind)")
    # Outside the repository, so that configuration discovery goes the way it goes for most files.
    work = tempfile.mkdtemp(prefix="startup-order.")
    try:
        shutil.copy(DEMO, os.path.join(work, "todos.md"))
        today = ["--today", "2026-11-21"]
        runs = [
            (today + ["--check", "todos.md"], None),
            (today + ["--diff", "todos.md"], None),
            (today, os.path.join(work, "todos.md")),
            (today + ["todos.md"], None),
        ]
        order, seen = [], set()
        for args, stdin in runs:
            for name in functions(todofmt, args, work, stdin):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    finally:
        shutil.rmtree(work)
    with open(output, "w") as f:
        f.write("".join(name + "\n" for name in order))
    print("startup-order: %d functions in %s" % (len(order), output))


if __name__ == "__main__":
    main()
