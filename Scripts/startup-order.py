#!/usr/bin/env python3
"""Writes the symbol ordering file for todofmt's release link (Scripts/startup.order).

A `todofmt --check` of a small file runs about a thousand functions spread over six megabytes of
code and touches globals spread over 400 KB of data; every page of it touched
costs a page fault at start-up (about 3 microseconds each on a virtual machine, a fifth of the
time the process takes). Listed in this file, the linker (lld's --symbol-ordering-file, see
RELEASE_LINK_FLAGS in the Makefile) places the code and the data that hold them next to each
other. The list is what valgrind saw the release binary run and touch when it checked, diffed and
formatted the demo file: first the functions (callgrind), then the globals, initialised or not
(lackey's memory trace). After those functions come the ones that only large files run (cut into
stretches, or one long list written in parts): packed together, the code a large file's check
holds in memory is about half what it was with them spread over the rest of the text (each page
of code touched counts towards the process's peak memory, and the kernel maps 64 KB around each
fault). Symbols that no longer exist are skipped by the linker, so a stale list costs speed,
never correctness. Run `make startup-order` after changes to the start-up path.

usage: startup-order.py TODOFMT OUTPUT
"""
import bisect
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

DEMO = "Fixtures/demo/todos.md"


def functions(todofmt, args, cwd, stdin=None):
    """The mangled names of the functions of `todofmt` itself that one run executes."""
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


def data_symbols(todofmt, args, cwd, stdin=None):
    """The symbols of `todofmt`'s writable data (.data: initialised globals and the objects of
    constant arrays; .bss: zero-initialised globals) that one run reads or writes, in the order it
    first does."""
    with open(todofmt, "rb") as f:
        header = f.read(64)
    entry = struct.unpack_from("<Q", header, 24)[0]
    sections = subprocess.run(["readelf", "-S", "-W", todofmt], capture_output=True, text=True, check=True).stdout
    ranges = []
    for name in ("data", "bss"):
        m = re.search(r"\]\s+\.%s\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)" % name, sections)
        ranges.append((int(m.group(1), 16), int(m.group(1), 16) + int(m.group(2), 16)))
    symbols = []
    for line in subprocess.run(["nm", "-n", "--defined-only", todofmt], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "bBdD":
            symbols.append((int(fields[0], 16), fields[2]))
    addresses = [a for a, _ in symbols]
    fd, log = tempfile.mkstemp(prefix="lackey.", dir=cwd)
    os.close(fd)
    try:
        with open(stdin or os.devnull, "rb") as source:
            subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + log, todofmt] + args,
                           cwd=cwd, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        found, seen, base = [], set(), None
        # "I  addr,size" is an instruction, " L|S|M addr,size" a data access. Valgrind loads the
        # executable below the dynamic loader (at 0x4000000); the first instruction run there is
        # the entry point.
        for line in open(log, errors="replace"):
            if line.startswith("I"):
                if base is None:
                    address = int(line[3:line.index(",")], 16)
                    if address < 0x4000000:
                        base = address - entry
                        if base & 0xfff:
                            sys.exit("startup-order: cannot tell where valgrind loaded %s" % todofmt)
                continue
            if base is None or not line.startswith(" "):
                continue
            address = int(line[3:line.index(",")], 16) - base
            if any(start <= address < end for start, end in ranges):
                index = bisect.bisect_right(addresses, address) - 1
                if index >= 0 and symbols[index][1] not in seen:
                    seen.add(symbols[index][1])
                    found.append(symbols[index][1])
        return found
    finally:
        os.remove(log)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    todofmt, output = os.path.abspath(sys.argv[1]), sys.argv[2]
    if not shutil.which("valgrind"):
        sys.exit("startup-order: valgrind is needed (apt-get install valgrind)")
    if not sys.platform.startswith("linux"):
        sys.exit("startup-order: the ordering file is for lld on Linux")
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
        # Functions sorted, so that a regenerated file differs from the last by what changed
        # (callgrind lists them in no stable order) and each module's stay together; globals in the
        # order they are first touched, which puts the runtime's small sections before the large
        # ones (the standard library's 86 KB .bss is one section) and packs them best. (The linker
        # keeps .data and .bss apart; each list orders its own section.)
        names = set()
        for args, stdin in runs:
            names.update(functions(todofmt, args, work, stdin))
        order, seen = sorted(names), set(names)
        # Large files: the demo many times over after headings (formatted a stretch at a time), and
        # one long ordered list with done items to sink (formatted whole, written in parts).
        demo = open(DEMO).read()
        with open(os.path.join(work, "stretches.md"), "w") as f:
            f.write("\n\n".join("## Part %d\n\n%s" % (k, demo) for k in range(3_500)))
        with open(os.path.join(work, "list.md"), "w") as f:
            f.write("# List\n\n" + "".join("%d. [%s] item %d due:2026-12-01\n" % (k + 1, "x" if k % 3 == 0 else " ", k)
                                            for k in range(60_000)))
        large = set()
        for name in ("stretches.md", "list.md"):
            large.update(functions(todofmt, today + ["--check", name], work))
            large.update(functions(todofmt, today + [name], work))
        order += sorted(large - seen)
        seen.update(large)
        for args, stdin in runs:
            for name in data_symbols(todofmt, args, work, stdin):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    finally:
        shutil.rmtree(work)
    with open(output, "w") as f:
        f.write("".join(name + "\n" for name in order))
    print("startup-order: %d symbols in %s" % (len(order), output))


if __name__ == "__main__":
    main()
