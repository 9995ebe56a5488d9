#!/usr/bin/env python3
"""todofmt benchmark: deterministic todo files, whole-process measurements, a Markdown table.

    bench.py generate OUT                 write the benchmark files under OUT (skipped when current)
    bench.py run --todofmt BIN OUT        generate, measure todofmt and its peers, print the table
    bench.py compare OLD NEW OUT [ARG..]  format every generated file and every corpus file with two
                                          todofmt binaries (stdin to stdout, extra ARGs passed on)
                                          and fail unless outputs and exit codes are identical

Standard library only. Files come from fixed seeds through `random.Random.random()`, whose sequence
Python guarantees across versions, so they are the same bytes on every machine; `run` prints their digest.
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

GENERATOR_VERSION = 5
TODAY = "2026-11-21"


# ---------------------------------------------------------------------------------------------
# Deterministic generator


class Rng:
    """Python guarantees that `random()` gives the same sequence for the same seed in every version;
    everything here is derived from `random()` alone, so the files are the same bytes everywhere."""

    def __init__(self, seed):
        self.random = random.Random(seed).random

    def below(self, n):
        return int(self.random() * n)

    def chance(self, percent):
        return self.random() * 100 < percent

    def pick(self, items):
        return items[int(self.random() * len(items))]


WORDS = (
    "call review write fix plan ship update check book renew pay order email draft test deploy merge "
    "clean read sort buy pick water backup migrate refactor document measure profile release tag "
    "invoice doctor dentist passport groceries milk bread report slides budget roadmap server cache "
    "index parser lexer docs website newsletter garden bike tyres taxes insurance tickets hotel "
    "flight visa meeting notes agenda retro sprint backlog issue bug feature design prototype"
).split()
UNICODE_WORDS = ["café", "naïve", "Größe", "東京", "日本語", "ünïcödé", "🚀", "✨", "Привет", "señal"]
TAGS = ["#home", "#work", "#errands", "#q4", "#someday", "#waiting", "#deep-work"]
PLAIN_KEYS = ["created", "start", "scheduled", "due"]
EMOJI_DATE = {"created": "➕", "start": "🛫", "scheduled": "⏳", "due": "📅", "done": "✅", "cancelled": "❌"}
EMOJI_PRIORITY = {"highest": "🔺", "high": "⏫", "medium": "🔼", "low": "🔽", "lowest": "⏬"}
PRIORITIES = list(EMOJI_PRIORITY)


def day(rng):
    return "%04d-%02d-%02d" % (2025 + rng.below(3), 1 + rng.below(12), 1 + rng.below(28))


def field(rng, key, style):
    if key == "priority":
        p = rng.pick(PRIORITIES)
        if style == 0:
            return "priority:" + p
        if style == 1:
            return EMOJI_PRIORITY[p] + ("\ufe0f" if rng.chance(10) else "")
        return "[priority:: %s]" % p
    d = day(rng)
    if style == 0:
        return "%s:%s" % (key, d)
    if style == 1:
        alt = {"due": ["📅", "📆", "🗓"], "scheduled": ["⏳", "⌛"]}.get(key)
        return "%s %s" % (rng.pick(alt) if alt else EMOJI_DATE[key], d)
    name = "completion" if key == "done" else key
    return ("[%s:: %s]" if rng.chance(70) else "(%s::%s)") % (name, d)


def title(rng, n=None):
    n = n or 2 + rng.below(7)
    out = []
    for _ in range(n):
        r = rng.below(100)
        if r < 4:
            out.append(rng.pick(UNICODE_WORDS))
        elif r < 6:
            out.append("`due:%s`" % day(rng))  # a field inside a code span is text
        elif r < 8:
            out.append("[link](https://example.com/%d)" % rng.below(1000))
        else:
            out.append(rng.pick(WORDS))
    return " ".join(out)


MARKS = [" "] * 55 + ["x"] * 20 + ["X"] * 5 + ["-"] * 7 + ["/"] * 8 + ["?", ">", "!", "~", "*"]


def task_text(rng, mark):
    """The text after `[m]`: title, fields in any spelling and order, tags, block ids, noise."""
    parts = [title(rng)]
    style = rng.below(3)  # mostly one spelling per task, sometimes mixed
    for key in PLAIN_KEYS + ["priority"]:
        if rng.chance(18):
            parts.insert(rng.below(len(parts) + 1), field(rng, key, style if rng.chance(85) else rng.below(3)))
    if mark in "xX" and rng.chance(50):
        parts.append(field(rng, "done", style))
    if mark == "-" and rng.chance(50):
        parts.append(field(rng, "cancelled", style))
    if mark == " " and rng.chance(3):
        parts.append(field(rng, "done", style))  # reopened: the date goes
    r = rng.below(100)
    if r < 3:
        parts.append(rng.pick(["due:2026-02-30", "due:tomorrow", "at 12:30", "xdue:2026-01-01", "due:2026-01-01,"]))
    elif r < 5:
        parts.insert(0, field(rng, "due", 0))  # duplicate key: the last one wins
        parts.append(field(rng, "due", 0))
    if rng.chance(20):
        parts.append(rng.pick(TAGS))
    if rng.chance(5):
        parts.append("^%s-%d" % (rng.pick(WORDS), rng.below(100)))
    text = (" " if rng.chance(90) else "   ").join(parts)
    if rng.chance(4):
        text += "   "  # trailing white space goes
    return text


class Writer:
    def __init__(self):
        self.parts = []
        self.size = 0
        self.tasks = 0

    def line(self, text=""):
        s = text + "\n"
        self.parts.append(s)
        self.size += len(s.encode("utf-8")) if not s.isascii() else len(s)

    def text(self):
        return "".join(self.parts)


def write_list(w, rng, indent, depth, items, quote=""):
    """One list (bullet or ordered) with tasks, notes, nesting, continuations, code and near-misses."""
    ordered = rng.chance(20)
    bullet = rng.pick("---*+")
    delim = rng.pick("..)")
    same_numbers = rng.chance(25)
    start = 1 if rng.chance(90) else 1 + rng.below(9)
    pad = " " * indent
    for k in range(items):
        if ordered:
            marker = "%d%s" % (start if same_numbers else start + k, delim)
        else:
            marker = bullet
        spaces = " " if rng.chance(95) else "  "
        child = pad + " " * (len(marker) + len(spaces))
        r = rng.below(100)
        if r < 8:
            w.line("%s%s%s%s%s" % (quote, pad, marker, spaces, title(rng)))  # a plain item
        elif r < 9:
            w.line("%s%s%s%s%s" % (quote, pad, marker, spaces, rng.pick(["[ x] near miss", "[] near miss", "[x]glued", "[\t] tab"])))
        else:
            mark = rng.pick(MARKS)
            # Completed tasks early in the list: they sink below the open ones.
            if k < items // 2 and rng.chance(25):
                mark = rng.pick("xxX-")
            body = task_text(rng, mark)
            w.line("%s%s%s%s[%s] %s" % (quote, pad, marker, spaces, mark, body))
            w.tasks += 1
        r = rng.below(100)
        if r < 4:
            w.line("%s%s%s" % (quote, child, title(rng)))  # continuation line
        elif r < 5:
            w.line("%s%s" % (quote, title(rng)))  # lazy continuation
        elif r < 6 and not quote:
            w.line()
            w.line("%s%s" % (child, title(rng, 10)))  # child paragraph (loose list)
            w.line()
        elif r < 7 and not quote:
            w.line("%s```sh" % child)
            w.line("%smake test  # - [ ] not a task" % child)
            w.line("%s```" % child)
        if depth < 4 and rng.chance(22 - 4 * depth):
            write_list(w, rng, len(child), depth + 1, 1 + rng.below(5), quote)


def write_section(w, rng, level):
    r = rng.below(10)
    heading = title(rng, 3).capitalize()
    if r == 0 and level == 2:
        w.line(heading)
        w.line("-" * len(heading))
    else:
        w.line("%s %s" % ("#" * level, heading))
    w.line()
    for _ in range(1 + rng.below(3)):
        r = rng.below(100)
        if r < 30:
            w.line(" ".join(title(rng, 12) for _ in range(1 + rng.below(3))) + ".")
            if rng.chance(30):
                w.line("A bracket in prose is text: [ ] not a task, -[ ] nor this.")
            w.line()
        elif r < 38:
            fence = rng.pick(["```", "~~~", "````"])
            w.line(fence + rng.pick(["", "sh", "markdown", "swift"]))
            for _ in range(2 + rng.below(6)):
                w.line(rng.pick(["- [ ] not a task in code", "let x = 1", "  - [x] still code", "echo due:2026-01-01"]))
            w.line(fence)
            w.line()
        elif r < 42:
            write_list(w, rng, 0, 1, 1 + rng.below(4), quote="> ")
            w.line()
        elif r < 44:
            w.line("| task | due |")
            w.line("| --- | --- |")
            for _ in range(1 + rng.below(4)):
                w.line("| %s | %s |" % (title(rng, 2), day(rng)))
            w.line()
        elif r < 46:
            w.line("<!-- old items")
            w.line("- [ ] hidden in a comment")
            w.line("-->")
            w.line()
        elif r < 47:
            w.line("---")
            w.line()
        write_list(w, rng, 0, 0, 2 + rng.below(12))
        w.line()


def todo_document(seed, target_bytes=None, target_tasks=None, front_matter=True):
    rng = Rng(seed)
    w = Writer()
    if front_matter:
        w.line("---")
        w.line("title: Todos")
        w.line("tags: [todo]")
        w.line("---")
        w.line()
    w.line("# Todos")
    w.line()
    while True:
        if target_bytes is not None and w.size >= target_bytes:
            break
        if target_tasks is not None and w.tasks >= target_tasks:
            break
        write_section(w, rng, 2 if rng.chance(85) else 3)
    return w.text(), w.tasks


def nested_document(depth, tasks):
    """Chains of `depth` levels; at every level a done task stands above the open one that holds the
    next level, so every list sinks across the whole deeper subtree."""
    w = Writer()
    n = 0
    chain = 0
    while n < tasks:
        w.line("## Chain %d" % chain)
        w.line()
        for level in range(depth):
            pad = "  " * level
            w.line("%s- [x] finished step %d of chain %d" % (pad, level, chain))
            w.line("%s- [ ] open step %d due:2026-12-%02d" % (pad, level, 1 + level % 28))
            n += 2
        w.line()
        chain += 1
    return w.text(), n


def long_list(items, ordered):
    """One list of `items` items; every third is done and sinks (ordered lists are renumbered)."""
    w = Writer()
    w.line("# One long list")
    w.line()
    for k in range(items):
        marker = "%d." % (k + 1) if ordered else "-"
        mark = "x" if k % 3 == 0 else " "
        w.line("%s [%s] item %d priority:%s" % (marker, mark, k, PRIORITIES[k % 5]))
    return w.text(), items


def small_document(seed):
    """A small file of the tree: a few sections; some with CRLF, a BOM or no final newline."""
    rng = Rng(seed)
    w = Writer()
    w.line("# " + title(rng, 3))
    w.line()
    write_section(w, rng, 2)
    text = w.text()
    r = rng.below(100)
    if r < 5:
        text = text.replace("\n", "\r\n")
    elif r < 7:
        text = "\ufeff" + text
    elif r < 12:
        text = text.rstrip("\n")
    return text


SMALL = """# Todos

## Home
- [x] Pay rent
- [ ] Renew passport due:2026-12-01 #errands
  - [X] Photos
  - [ ] Fill in the form
- [ ] Call plumber 📅 2026-11-25 ⏫

## Work
1. [x] Ship release 1.2 done:2026-11-18
2. [ ] Review   design doc
3. [ ] Plan Q1 [due:: 2027-01-10]
"""

TREE_FILES = 5000
WATCH_SAVES = 50
# Changes and formatting requests Benchmarks/lsp-latency.py times.
LSP_RUNS = 30


def plan():
    """Every generated file: (relative path, producer). Producers return (text, tasks)."""
    files = [
        ("small.md", lambda: (SMALL, SMALL.count("["))),
        ("todo-1mb.md", lambda: todo_document(1, target_bytes=1 << 20)),
        ("todo-10mb.md", lambda: todo_document(10, target_bytes=10 << 20)),
    ]
    for n in (1000, 10_000, 100_000, 1_000_000):
        files.append(("scale/tasks-%d.md" % n, lambda n=n: todo_document(100 + n, target_tasks=n)))
    for d in (1, 10, 100, 1000):
        files.append(("scale/depth-%d.md" % d, lambda d=d: nested_document(d, 20_000)))
    files.append(("scale/list-100000.md", lambda: long_list(100_000, ordered=False)))
    files.append(("scale/ordered-100000.md", lambda: long_list(100_000, ordered=True)))
    return files


def tree_path(k):
    return "tree/area-%02d/project-%02d/todo-%04d.md" % (k // 500, (k // 50) % 10, k)


def generate(out, quiet=False):
    """Writes every file (when the stamp says they are stale) and returns {path: tasks}."""
    stamp = os.path.join(out, "files", "STAMP")
    stamp_text = "generator %d\n" % GENERATOR_VERSION
    counts_path = os.path.join(out, "files", "TASKS")
    if os.path.exists(stamp) and open(stamp).read() == stamp_text and os.path.exists(counts_path):
        return dict(line.split("\t") for line in open(counts_path).read().split("\n") if line)
    root = os.path.join(out, "files")
    if os.path.exists(root):
        shutil.rmtree(root)
    counts = {}
    for rel, producer in plan():
        t0 = time.time()
        text, tasks = producer()
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        counts[rel] = str(tasks)
        if not quiet:
            print("generated %-28s %9d bytes %8d tasks  %.1fs" % (rel, os.path.getsize(path), tasks, time.time() - t0), file=sys.stderr)
    for k in range(TREE_FILES):
        path = os.path.join(root, tree_path(k))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(small_document(10_000 + k))
    with open(counts_path, "w") as f:
        f.write("".join("%s\t%s\n" % kv for kv in counts.items()))
    with open(stamp, "w") as f:
        f.write(stamp_text)
    return counts


BIG_TREE_FILES = 100_000


def big_tree_path(k):
    """Named `*.todo.md`, so that todofmt finds the files when it walks the tree."""
    return "area-%02d/project-%02d/%05d.todo.md" % (k // 1000, (k // 100) % 10, k)


def generate_big_tree(out, quiet=False):
    """The 100,000-file tree (issue 13), apart from the other files (`compare` and the digest skip
    it): written once, then kept while its stamp is current. Returns its root."""
    root = os.path.join(out, "tree-100k")
    stamp = os.path.join(root, "STAMP")
    stamp_text = "generator %d, %d files named *.todo.md\n" % (GENERATOR_VERSION, BIG_TREE_FILES)
    if os.path.exists(stamp) and open(stamp).read() == stamp_text:
        return root
    if os.path.exists(root):
        shutil.rmtree(root)
    t0 = time.time()
    for k in range(BIG_TREE_FILES):
        path = os.path.join(root, big_tree_path(k))
        if k % 100 == 0:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(small_document(200_000 + k))
    with open(stamp, "w") as f:
        f.write(stamp_text)
    if not quiet:
        print("generated tree-100k (%d files) %.1fs" % (BIG_TREE_FILES, time.time() - t0), file=sys.stderr)
    return root


def digest(root):
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name in ("STAMP", "TASKS"):
                continue
            p = os.path.join(dirpath, name)
            h.update(os.path.relpath(p, root).encode())
            with open(p, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]



# ---------------------------------------------------------------------------------------------
# Measuring


class Sample:
    def __init__(self, wall, cpu, rss, code, err):
        self.wall, self.cpu, self.rss, self.code, self.err = wall, cpu, rss, code, err


TIMERUN = None  # the measuring helper (Benchmarks/timerun.swift), built by `build_timerun`
STDERR_PATH = "/dev/null"  # where the measured process's standard error goes


def build_timerun(out):
    global TIMERUN, STDERR_PATH
    STDERR_PATH = os.path.join(out, "work", "stderr.txt")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "timerun.swift")
    exe = os.path.join(out, "timerun")
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        flags = ["-static-stdlib"] if sys.platform.startswith("linux") else []
        subprocess.run(["swiftc", "-O"] + flags + [src, "-o", exe], check=True)
    TIMERUN = exe


REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def release_swiftc_flags():
    """The flags of the release todofmt beyond `-O -static-stdlib` (RELEASE_SWIFT_FLAGS and
    RELEASE_LINK_FLAGS in the Makefile), as swiftc takes them: type metadata through direct
    accessors, values copied and destroyed without their type metadata, a section per function; on
    Linux a static executable (libc and libstdc++ linked in) linked by lld, position-dependent, the
    start-up symbols laid out together, no symbols exported."""
    flags = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-disable-type-layout",
             "-Xfrontend", "-function-sections"]
    if sys.platform.startswith("linux"):
        order = os.path.join(REPOSITORY, "Scripts", "startup.order")
        if static_libraries():
            flags.append("-static-executable")
        flags += ["-use-ld=lld", "-Xlinker", "-no-pie",
                  "-Xlinker", "--symbol-ordering-file=" + order, "-Xlinker", "--no-warn-symbol-ordering",
                  "-Xlinker", "--no-export-dynamic"]
    return flags


def static_libraries():
    """Whether the static C and C++ libraries are installed, which a static executable needs (the
    Makefile's STATIC_EXECUTABLE asks the same: without them, todofmt links the shared ones)."""
    for lib in ("libc.a", "libstdc++.a"):
        r = subprocess.run(["clang", "-print-file-name=" + lib], capture_output=True, text=True)
        if r.returncode != 0 or not os.path.isfile(r.stdout.strip()):
            return False
    return True


def build_hello(out):
    """A statically linked Swift "hello world" built the way the release todofmt is (`swiftc
    -static-stdlib -O` and the release flags): the floor of a Swift process's start-up, the peer
    of the small-file row. Rebuilt when the flags or the ordering file change."""
    src = os.path.join(out, "hello.swift")
    exe = os.path.join(out, "hello")
    flags = (["-static-stdlib"] if sys.platform.startswith("linux") else []) + release_swiftc_flags()
    stamp = exe + ".flags"
    built_with = open(stamp).read() if os.path.exists(stamp) else None
    order = os.path.join(REPOSITORY, "Scripts", "startup.order")
    if (not os.path.exists(exe) or built_with != " ".join(flags)
            or os.path.getmtime(exe) < os.path.getmtime(order)):
        with open(src, "w") as f:
            f.write('print("hello")\n')
        if subprocess.run(["swiftc", "-O"] + flags + [src, "-o", exe]).returncode != 0:
            return None
        with open(stamp, "w") as f:
            f.write(" ".join(flags))
    return exe


def spawn(argv, cwd, stdin="/dev/null", stdout="/dev/null", env=None):
    """Runs one process under timerun: wall time from spawn to reap, CPU (user + system) and peak RSS
    from wait4, which include the process's children (xargs)."""
    err_path = STDERR_PATH
    r = subprocess.run([TIMERUN, stdin, stdout, err_path] + argv, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("bench: timerun failed: " + r.stderr.strip())
    wall, cpu, rss, code = (int(x) for x in r.stdout.split())
    err = ""
    if err_path != "/dev/null":
        with open(err_path, errors="replace") as f:
            err = f.read().strip().split("\n")[-1][:120]
    return Sample(wall / 1e9, cpu / 1e9, rss * 1024, code, err)


class Result:
    """The median of several runs of one command."""

    def __init__(self, samples):
        self.runs = len(samples)
        self.wall = statistics.median(s.wall for s in samples)
        self.cpu = statistics.median(s.cpu for s in samples)
        self.rss = max(s.rss for s in samples)
        self.codes = sorted(set(s.code for s in samples))
        # The last line of standard error when a run failed (xargs reports 123 when a command exited 1,
        # which for checkers means "would change"; a crash shows as an error message).
        self.err = next((s.err for s in samples if s.err and (s.code not in (0, 1, 123) or crashed(s.err))), "")


def crashed(err):
    """Whether a last line of standard error reports a crash rather than a finding."""
    return any(word in err for word in ("Unexpected Error", "Traceback", "Fatal error", "error:")) and "not formatted" not in err


def measure(argv, cwd, runs, prepare=None, budget=None, warmup=True, **kw):
    """Median of `runs` runs (fewer when a time budget in seconds runs out; at least one)."""
    if warmup:
        if prepare:
            prepare()
        spawn(argv, cwd, **kw)
    samples = []
    spent = 0.0
    for _ in range(runs):
        if prepare:
            prepare()
        s = spawn(argv, cwd, **kw)
        samples.append(s)
        spent += s.wall
        if budget is not None and spent > budget:
            break
    return Result(samples)


def measure_interleaved(commands, cwd, runs, **kw):
    """Medians of `runs` runs of each command, taken in turns after one warm-up run each, so that the
    machine speeding up or slowing down during the measurement weighs on every command alike."""
    for argv in commands:
        spawn(argv, cwd, **kw)
    samples = [[] for _ in commands]
    for _ in range(runs):
        for k, argv in enumerate(commands):
            samples[k].append(spawn(argv, cwd, **kw))
    return [Result(s) for s in samples]


def fresh_copy(src, dst):
    def prepare():
        if os.path.isdir(src):
            if os.path.exists(dst):
                shutil.rmtree(dst)
            shutil.copytree(src, dst)
        else:
            shutil.copyfile(src, dst)
    return prepare


# ---------------------------------------------------------------------------------------------
# The benchmark run

# The shell commands' rows (issue 11) have targets of their own; issue 6's memory targets are about formatting.
SHELL_MODES = ("tasks", "add", "done")

CMARK_ARGS = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist"]
MB = 1e6


def probe(argv, cwd):
    try:
        r = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
        return r.returncode, (r.stdout + r.stderr).decode(errors="replace")
    except (OSError, subprocess.TimeoutExpired):
        return None, ""


PEERS = ["mdformat==1.0.0", "mdformat-gfm==1.0.0", "pymarkdownlnt==0.9.41"]


def install_peers(venv):
    """Creates the virtual environment with the Python peers, and installs cmark-gfm, when missing.
    Everything it prints goes to standard error: standard output is the table."""
    def run(argv):
        print("bench: " + " ".join(argv), file=sys.stderr, flush=True)
        return subprocess.run(argv, stdout=sys.stderr, stderr=sys.stderr).returncode == 0

    root = os.geteuid() == 0 and shutil.which("apt-get")
    if not shutil.which("cmark-gfm") and root:
        if not run(["apt-get", "install", "-y", "-q", "cmark-gfm"]):
            run(["apt-get", "update", "-q"]) and run(["apt-get", "install", "-y", "-q", "cmark-gfm"])
    if all(os.access(os.path.join(venv, "bin", tool), os.X_OK) for tool in ("mdformat", "pymarkdown")):
        return
    if not run([sys.executable, "-m", "venv", "--clear", venv]) and root:
        # Debian ships venv support separately.
        run(["apt-get", "install", "-y", "-q", "python3-venv"]) and run([sys.executable, "-m", "venv", "--clear", venv])
    if os.access(os.path.join(venv, "bin", "pip"), os.X_OK):
        run([os.path.join(venv, "bin", "pip"), "install", "-q", "--disable-pip-version-check"] + PEERS)
    if not os.access(os.path.join(venv, "bin", "mdformat"), os.X_OK):
        print("bench: the Python peers could not be installed; they are left out", file=sys.stderr)


class Tools:
    def __init__(self, args, files):
        self.todofmt = os.path.abspath(args.todofmt)
        code, out = probe([self.todofmt, "--version"], files)
        self.real_cli = code == 0 and out.startswith("todofmt")
        self.version = out.strip().split("\n")[0] if self.real_cli else "temporary stdin→stdout front end"
        code, out = probe([self.todofmt, "lint", "--help"], files)
        self.lint = self.real_cli and code == 0 and "lint" in out
        code, _ = probe([self.todofmt, "--check", "--today", TODAY, "tree/area-00/project-00"], files)
        self.walks_directories = self.real_cli and code in (0, 1)
        venv = os.path.abspath(args.venv) if args.venv else None
        self.mdformat = self.find("mdformat", venv)
        self.pymarkdown = self.find("pymarkdown", venv)
        self.cmark = self.find("cmark-gfm", None)
        self.versions = {}
        for name, argv in (("mdformat", [self.mdformat, "--version"]), ("pymarkdown", [self.pymarkdown, "version"]),
                           ("cmark-gfm", [self.cmark, "--version"])):
            if argv[0]:
                self.versions[name] = probe(argv, files)[1].strip().split("\n")[0]

    @staticmethod
    def find(name, venv):
        if venv and os.access(os.path.join(venv, "bin", name), os.X_OK):
            return os.path.join(venv, "bin", name)
        return shutil.which(name)


class Bench:
    def __init__(self, args):
        self.args = args
        self.out = os.path.abspath(args.out)
        self.files = os.path.join(self.out, "files")
        self.work = os.path.join(self.out, "work")
        os.makedirs(self.work, exist_ok=True)
        self.counts = generate(self.out, quiet=args.quiet)
        build_timerun(self.out)
        floor = [spawn(["/bin/true"], self.work) for _ in range(21)]
        self.floor = Result(floor)
        self.tools = Tools(args, self.files)
        self.hello = build_hello(self.out)
        self.env = dict(os.environ, TODOFMT_TODAY=TODAY)
        self.rows = []
        self.notes = []
        self.scale_rows = []
        self.watch = None
        self.watch_note = ""
        self.lsp = None
        self.lsp_actions = None
        self.lsp_note = ""
        self.store_rows = []
        self.started = time.time()

    def log(self, text):
        if not self.args.quiet:
            print("[%5.0fs] %s" % (time.time() - self.started, text), file=sys.stderr, flush=True)

    def size(self, rel):
        path = os.path.join(self.files, rel)
        if os.path.isdir(path):
            return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)
        return os.path.getsize(path)

    # Commands -----------------------------------------------------------------------------

    def todofmt(self, mode, rel, runs):
        t = self.tools
        src = os.path.join(self.files, rel)
        copy = os.path.join(self.work, "copy.md")
        if not t.real_cli:
            stdout = os.path.join(self.work, "out.md") if mode == "in place" else "/dev/null"
            return measure([t.todofmt], self.files, runs, stdin=src, stdout=stdout, env=self.env)
        if mode == "--check":
            return measure(self.check_argv(rel), self.files, runs, env=self.env)
        if mode == "lint":
            return measure([t.todofmt, "lint", "--today", TODAY, rel], self.files, runs, env=self.env)
        return measure([t.todofmt, "--today", TODAY, copy], self.files, runs, prepare=fresh_copy(src, copy), env=self.env)

    def check_argv(self, rel):
        """`todofmt --check` of `rel` (relative to the files)."""
        return [self.tools.todofmt, "--check", "--today", TODAY, rel]

    def canonical_copy(self, rel):
        """Formats `rel` with the measured todofmt into the work directory; returns its path relative
        to the files (what `todofmt` and `size` take), or None when formatting fails."""
        dst = os.path.join(self.work, "canonical-" + os.path.basename(rel))
        with open(os.path.join(self.files, rel), "rb") as src, open(dst, "wb") as out:
            code = subprocess.run([self.tools.todofmt, "--today", TODAY], stdin=src, stdout=out, env=self.env).returncode
        return os.path.relpath(dst, self.files) if code == 0 else None

    def edited_copy(self, rel):
        """A copy of the canonical file `rel` in the work directory whose first open task after the
        middle has two spaces after its checkbox (one edit that formatting undoes); returns its path
        relative to the files."""
        with open(os.path.join(self.files, rel), "rb") as f:
            data = f.read()
        at = data.index(b"\n- [ ] ", len(data) // 2) + 1
        dst = os.path.join(self.work, "edited-" + os.path.basename(rel))
        with open(dst, "wb") as out:
            out.write(data[:at] + b"- [ ]  " + data[at + len(b"- [ ] "):])
        return os.path.relpath(dst, self.files)

    def peer(self, tool, mode, rel, runs, budget):
        t = self.tools
        src = os.path.join(self.files, rel)
        copy = os.path.join(self.work, "copy.md")
        kw = dict(budget=budget, warmup=budget is None)
        if tool == "cmark-gfm":
            return measure([t.cmark] + CMARK_ARGS + [rel], self.files, runs, **kw)
        if tool == "mdformat":
            if mode == "--check":
                return measure([t.mdformat, "--check", rel], self.files, runs, **kw)
            return measure([t.mdformat, copy], self.files, runs, prepare=fresh_copy(src, copy), **kw)
        if mode == "scan":
            return measure([t.pymarkdown, "scan", rel], self.files, runs, **kw)
        return measure([t.pymarkdown, "fix", copy], self.files, runs, prepare=fresh_copy(src, copy), **kw)

    def tree(self, tool, mode, subset, runs, budget=None, parallel=False):
        """Every file of the tree (or of `subset`), passed as arguments through xargs."""
        t = self.tools
        root = os.path.join(self.files, "tree")
        paths = sorted(os.path.relpath(os.path.join(d, f), self.files)
                       for d, _, fs in os.walk(os.path.join(root, subset) if subset else root) for f in fs)
        writes = mode in ("in place", "fix")
        # Writing modes work on a fresh copy of the tree (made before each run, outside the timing).
        copy = os.path.join(self.work, "tree-copy")
        base = copy if writes else self.files
        listing = os.path.join(self.work, "tree-%s-%s.list" % (tool, "sub" if subset else "all"))
        with open(listing, "wb") as f:
            f.write(b"\0".join(os.path.join(base, p).encode() for p in paths) + b"\0")
        prepare = fresh_copy(root, os.path.join(copy, "tree")) if writes else None
        if tool == "todofmt":
            if not t.real_cli:
                # The temporary front end reads standard input only: one process per file.
                cmd = []
                xargs = ["-I", "{}", "sh", "-c", t.todofmt + " < \"$1\" > /dev/null", "sh", "{}"]
            elif mode == "lint":
                cmd = [t.todofmt, "lint", "--today", TODAY]
                xargs = ["-s", "1000000"]
            else:
                cmd = [t.todofmt] + (["--check"] if mode == "--check" else []) + ["--today", TODAY]
                xargs = ["-s", "1000000"] if not parallel else ["-P", "2", "-n", str(len(paths) // 2 + 1)]
        elif tool == "cmark-gfm":
            cmd, xargs = [t.cmark] + CMARK_ARGS, ["-s", "1000000"]
        elif tool == "mdformat":
            cmd, xargs = [t.mdformat] + (["--check"] if mode == "--check" else []), ["-s", "1000000"]
        else:
            cmd, xargs = [t.pymarkdown, mode], ["-s", "1000000"]
        argv = [shutil.which("xargs"), "-0", "-a", listing] + xargs + cmd
        return measure(argv, self.files, runs, prepare=prepare, budget=budget, warmup=budget is None,
                       env=self.env), len(paths)

    # Sections -----------------------------------------------------------------------------

    def row(self, label, size, tool, mode, result, base=None, count=None):
        self.rows.append(dict(label=label, size=size, tool=tool, mode=mode, r=result, base=base, count=count))
        self.log("%-28s %-10s %-22s %9.1f ms  %6.1f MB  exit %s %s" % (
            label, tool, mode, result.wall * 1e3, result.rss / MB, result.codes, result.err))

    def run_files(self):
        t = self.tools
        quick = self.args.quick
        check_mode = "--check" if t.real_cli else "stdin→stdout"
        write_mode = "in place" if t.real_cli else "stdin→file"
        for rel, label in (("small.md", "small file"), ("todo-1mb.md", "1 MB file"), ("todo-10mb.md", "10 MB file")):
            size = self.size(rel)
            small = rel == "small.md"
            runs = 30 if small else (3 if quick else 7)
            if small and self.hello and t.real_cli:
                # The floor of a Swift process, measured beside todofmt's start-up (issue 13): runs of
                # the two in turns, many of them (each takes a millisecond; the machine's speed drifts).
                check, floor = measure_interleaved([self.check_argv(rel), [self.hello]],
                                                   self.files, 50 if quick else 150, env=self.env)
                self.row(label, size, "todofmt", check_mode, check)
                self.row(label, size, "Swift hello world", "static, prints a line", floor, check)
            else:
                check = self.todofmt("--check", rel, runs)
                self.row(label, size, "todofmt", check_mode, check)
            write = self.todofmt("in place", rel, runs)
            self.row(label, size, "todofmt", write_mode, write)
            lint = None
            if t.lint:
                lint = self.todofmt("lint", rel, runs)
                self.row(label, size, "todofmt", "lint", lint)
            if t.cmark:
                self.row(label, size, "cmark-gfm", "render GFM → HTML", self.peer("cmark-gfm", "", rel, 3 if quick else 5, None), check)
            if rel == "todo-10mb.md" and t.real_cli:
                # The common case in CI: `--check` on a file that is already canonical (this build's own
                # formatting of the 10 MB file, written to the work directory outside the timing).
                canonical = self.canonical_copy(rel)
                if canonical:
                    self.row("10 MB canonical file", self.size(canonical), "todofmt", "--check", self.todofmt("--check", canonical, runs))
                    # The common case in an editor or a hook: one task line in the middle made non-canonical.
                    edited = self.edited_copy(canonical)
                    self.row("10 MB canonical file, one line edited", self.size(edited), "todofmt", "--check",
                             self.todofmt("--check", edited, runs))
            slow_ok = small or (rel == "todo-1mb.md" and not quick) or self.args.full
            budget = None if small else 1.0
            peer_runs = 5 if small else 1
            if t.mdformat:
                if slow_ok:
                    self.row(label, size, "mdformat", "--check", self.peer("mdformat", "--check", rel, peer_runs, budget), check)
                    self.row(label, size, "mdformat", "in place", self.peer("mdformat", "in place", rel, peer_runs, budget), write)
                else:
                    self.rows.append(dict(label=label, size=size, tool="mdformat", mode="not run", r=None))
            if t.pymarkdown:
                if slow_ok:
                    self.row(label, size, "pymarkdown", "scan", self.peer("pymarkdown", "scan", rel, peer_runs, budget), lint or check)
                    if small or self.args.full:
                        self.row(label, size, "pymarkdown", "fix", self.peer("pymarkdown", "fix", rel, peer_runs, budget), write)
                else:
                    self.rows.append(dict(label=label, size=size, tool="pymarkdown", mode="not run", r=None))

    def run_tree(self):
        t = self.tools
        quick = self.args.quick
        runs = 3 if quick else 5
        size = self.size("tree")
        if t.real_cli:
            serial, n = self.tree("todofmt", "--check", None, runs)
            self.row("5,000 files", size, "todofmt", "--check, xargs, 1 process", serial, count=n)
            parallel, n = self.tree("todofmt", "--check", None, runs, parallel=True)
            self.row("5,000 files", size, "todofmt", "--check, xargs -P 2", parallel, count=n)
            # Each rewritten file is flushed to disk (AtomicFile), which takes seconds for 5,000 files: one run.
            write, n = self.tree("todofmt", "in place", None, 1, budget=1.0)
            self.row("5,000 files", size, "todofmt", "in place, xargs, 1 process", write, count=n)
            if t.lint:
                lint, n = self.tree("todofmt", "lint", None, runs)
                self.row("5,000 files", size, "todofmt", "lint, xargs, 1 process", lint, count=n)
        else:
            serial, n = self.tree("todofmt", "stdin", None, 1)
            self.row("5,000 files", size, "todofmt", "one process per file", serial, count=n)
            write = serial
        if t.cmark:
            r, n = self.tree("cmark-gfm", "", None, runs)
            self.row("5,000 files", size, "cmark-gfm", "render GFM → HTML", r, serial if t.real_cli else write, count=n)
        # The Python peers take minutes for the whole tree: they get one area (500 files), beside todofmt.
        sub = "area-00"
        sub_size = self.size("tree/" + sub)
        label = "500 of the files"
        if t.real_cli and (t.mdformat or t.pymarkdown):
            base_check, n = self.tree("todofmt", "--check", sub, runs)
            self.row(label, sub_size, "todofmt", "--check, xargs, 1 process", base_check, count=n)
            base_write, n = self.tree("todofmt", "in place", sub, 1, budget=1.0)
            self.row(label, sub_size, "todofmt", "in place, xargs, 1 process", base_write, count=n)
            base_lint = None
            if t.lint:
                base_lint, n = self.tree("todofmt", "lint", sub, runs)
                self.row(label, sub_size, "todofmt", "lint, xargs, 1 process", base_lint, count=n)
            if t.mdformat:
                r, n = self.tree("mdformat", "--check", sub, 1, budget=1.0)
                self.row(label, sub_size, "mdformat", "--check", r, base_check, count=n)
                r, n = self.tree("mdformat", "in place", sub, 1, budget=1.0)
                self.row(label, sub_size, "mdformat", "in place", r, base_write, count=n)
            if t.pymarkdown:
                r, n = self.tree("pymarkdown", "scan", sub, 1, budget=1.0)
                self.row(label, sub_size, "pymarkdown", "scan", r, base_lint or base_check, count=n)

    def run_big_tree(self):
        """`todofmt --check` over 100,000 small files in one process (it walks the directory and
        checks files on every core)."""
        t = self.tools
        if not (t.real_cli and t.walks_directories):
            return
        root = generate_big_tree(self.out, quiet=self.args.quiet)
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(root) for f in fs if f != "STAMP")
        r = measure([t.todofmt, "--check", "--today", TODAY, root], self.files, 1 if self.args.quick else 3, env=self.env)
        self.row("100,000 files", size, "todofmt", "--check, one process (walks the tree)", r, count=BIG_TREE_FILES)

    def run_scaling(self):
        quick = self.args.quick
        for rel, _ in plan():
            if not rel.startswith("scale/"):
                continue
            size = self.size(rel)
            tasks = int(self.counts[rel])
            runs = 3 if quick or size > 50e6 else 5
            check = self.todofmt("--check", rel, runs)
            write = self.todofmt("in place", rel, runs)
            self.scale_rows.append(dict(rel=rel, size=size, tasks=tasks, check=check, write=write))
            self.log("%-28s check %8.1f ms  write %8.1f ms  %6.1f MB  exit %s %s" % (
                rel, check.wall * 1e3, write.wall * 1e3, max(check.rss, write.rss) / MB, check.codes, check.err))

    def run_watch(self):
        """Issue 4's save-to-formatted latency, measured by its own script (Scripts/watch-latency.swift)."""
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scripts", "watch-latency.swift")
        if not os.path.exists(script) or not self.tools.real_cli:
            self.watch_note = "not measured: no `todofmt watch` or no Scripts/watch-latency.swift in this build"
            return
        try:
            r = subprocess.run(["swift", script, self.tools.todofmt, str(WATCH_SAVES)], capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as error:
            self.watch_note = "not measured: %s" % error
            return
        found = re.search(r"median ([0-9.]+) ms \| worst ([0-9.]+) ms", r.stdout)
        if r.returncode != 0 or not found:
            self.watch_note = "not measured: watch-latency failed (%s)" % (r.stderr.strip().split("\n") or [""])[-1][:100]
            return
        self.watch = (float(found.group(1)), float(found.group(2)))
        self.log("watch latency: median %s ms, worst %s ms" % found.groups())

    def run_shell(self):
        """Issue 11's shell commands: `tasks` over the 5,000-file tree and over the 10 MB file, and
        `add` / `done` (each journaled for undo) on a 400 KB file, whole process."""
        t = self.tools
        code, _ = probe([t.todofmt, "tasks", "--help"], self.files)
        if not t.real_cli or code != 0:
            self.notes.append("`todofmt tasks`, `add` and `done` (issue 11) are not in this build: not measured.")
            return
        quick = self.args.quick
        runs = 3 if quick else 7
        env = dict(self.env, XDG_STATE_HOME=os.path.join(self.work, "state"))
        # The tree's files are not named like todo files, so they are passed as arguments (one process).
        root = os.path.join(self.files, "tree")
        paths = sorted(os.path.relpath(os.path.join(d, f), self.files) for d, _, fs in os.walk(root) for f in fs)
        listing = os.path.join(self.work, "tree-tasks.list")
        with open(listing, "wb") as f:
            f.write(b"\0".join(p.encode() for p in paths) + b"\0")
        query = ["-q", "not done", "-q", "due before 2026-12-01", "-q", "sort by due"]
        argv = [shutil.which("xargs"), "-0", "-a", listing, "-s", "1000000", t.todofmt, "tasks", "--today", TODAY] + query
        self.row("5,000 files", self.size("tree"), "todofmt", "tasks (filter, sort), xargs", measure(argv, self.files, runs, env=env),
                 count=len(paths))
        big = "todo-10mb.md"
        self.row("10 MB file", self.size(big), "todofmt", "tasks (open, by file)",
                 measure([t.todofmt, "tasks", "--today", TODAY, big], self.files, runs, env=env))
        self.row("10 MB file", self.size(big), "todofmt", "tasks (filter, sort) --format json",
                 measure([t.todofmt, "tasks", "--today", TODAY, "--format", "json", big] + query, self.files, runs, env=env))
        # A 400 KB todo file made like the others (fixed seed), canonical, in the work directory.
        source = os.path.join(self.work, "todo-400kb.md")
        text, _ = todo_document(400, target_bytes=400 << 10)
        with open(source, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        subprocess.run([t.todofmt, "--no-config", "--today", TODAY, source], env=env, check=False)
        copy = os.path.join(self.work, "copy-400kb.md")
        # The first open task, as todofmt itself sees it (a "- [ ]" line in a code block is not one).
        first = subprocess.run([t.todofmt, "tasks", "--format", "tsv", "-q", "not done", "-q", "limit 1", source],
                               env=env, capture_output=True, text=True).stdout.split("\n")[1]
        line = int(first.split("\t")[1])
        size = os.path.getsize(source)
        runs = 10 if quick else 30
        for mode, argv in (("add (journaled)", [t.todofmt, "add", "Benchmark task", "--due", "tomorrow", "--file", copy]),
                           ("done (journaled)", [t.todofmt, "done", "%s:%d" % (copy, line)])):
            self.row("400 KB file", size, "todofmt", mode,
                     measure(argv + ["--today", TODAY], self.work, runs, prepare=fresh_copy(source, copy), env=env))

    def run_store(self):
        """Issue 13's model rows: TodoStore's operations in-process on 10,000 and 100,000 todos, each
        with its save, by the `todofmt-store-bench` executable built beside todofmt. Run in the work
        directory (the disk: each save waits for fsync) and, where there is one, in /dev/shm (memory:
        the same work without the wait)."""
        bench = os.path.join(os.path.dirname(self.tools.todofmt), "todofmt-store-bench")
        if not os.access(bench, os.X_OK):
            self.notes.append("TodoStore (issue 13): no `todofmt-store-bench` beside the todofmt binary: not measured.")
            return
        places = [("disk", os.path.join(self.work, "store"))]
        if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
            places.append(("tmpfs", os.path.join("/dev/shm", "todofmt-store-bench-%d" % os.getpid())))
        runs = "10" if self.args.quick else "30"
        for where, directory in places:
            os.makedirs(directory, exist_ok=True)
            try:
                r = subprocess.run([bench, "--runs", runs, directory], capture_output=True, text=True, timeout=600)
            finally:
                if where == "tmpfs":
                    shutil.rmtree(directory, ignore_errors=True)
            found_any = False
            for line in r.stdout.split("\n"):
                found = re.match(r"store \| (\d+) todos \| (\d+) bytes \| (\w+) \| runs (\d+) \| median ([0-9.]+) ms \| "
                                 r"p90 ([0-9.]+) ms \| CPU median ([0-9.]+) ms \| CPU p90 ([0-9.]+) ms", line)
                if found:
                    found_any = True
                    todos, size, op, runs_done = int(found.group(1)), int(found.group(2)), found.group(3), int(found.group(4))
                    median, p90, cpu, cpu90 = (float(found.group(k)) for k in range(5, 9))
                    self.store_rows.append(dict(where=where, todos=todos, size=size, op=op, runs=runs_done, median=median,
                                                p90=p90, cpu=cpu, cpu90=cpu90))
                    self.log("store (%s) %d todos %-7s median %.2f ms, p90 %.2f ms (CPU %.2f ms)" % (where, todos, op, median, p90, cpu))
            if r.returncode != 0 or not found_any:
                self.notes.append("TodoStore (issue 13, %s): not measured: %s" % (where, (r.stderr.strip().split("\n") or [""])[-1][:100]))

    def run_lsp(self):
        """Issue 12's language server latencies on a 1 MB document, by Benchmarks/lsp-latency.py."""
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsp-latency.py")
        if probe([self.tools.todofmt, "help", "lsp"], self.files)[0] != 0:
            self.lsp_note = "not measured: no `todofmt lsp` in this build"
            return
        try:
            r = subprocess.run([sys.executable, script, self.tools.todofmt, str(LSP_RUNS)], capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as error:
            self.lsp_note = "not measured: %s" % error
            return
        found = re.search(r"diagnostics median ([0-9.]+) ms \| worst ([0-9.]+) ms \| formatting median ([0-9.]+) ms \| "
                          r"worst ([0-9.]+) ms \| rss ([0-9.]+) MB \| size ([0-9]+) bytes \| tasks ([0-9]+)", r.stdout)
        if r.returncode != 0 or not found:
            self.lsp_note = "not measured: lsp-latency failed (%s)" % (r.stderr.strip().split("\n") or [""])[-1][:100]
            return
        self.lsp = [float(x) for x in found.groups()]
        actions = re.search(r"code actions median ([0-9.]+) ms \| worst ([0-9.]+) ms", r.stdout)
        self.lsp_actions = [float(x) for x in actions.groups()] if actions else None
        self.log("lsp: " + r.stdout.strip())

    # Report -------------------------------------------------------------------------------

    def find(self, label, tool, mode):
        return next((r["r"] for r in self.rows if r["label"] == label and r["tool"] == tool and r["mode"].startswith(mode)), None)

    def targets(self):
        t = self.tools
        rows = []
        check_mode = "--check" if t.real_cli else "stdin→stdout"
        write_mode = "in place" if t.real_cli else "stdin→file"
        small = self.find("small file", "todofmt", check_mode)
        if small:
            rows.append(("start-up: `todofmt %s` on a small file" % check_mode, "< 5 ms median",
                         ms(small.wall), small.wall < 0.005))
            hello = self.find("small file", "Swift hello world", "static")
            if hello:
                rows.append(("start-up beside a static Swift hello world (same run, in turns)", "≤ 1.2×",
                             "%.2f× (%s vs %s)" % (small.wall / hello.wall, ms(small.wall), ms(hello.wall)),
                             small.wall <= 1.2 * hello.wall))
        big = self.find("10 MB file", "todofmt", write_mode)
        if big:
            size = self.size("todo-10mb.md")
            rows.append(("throughput: 10 MB file formatted (%s)" % write_mode, "< 60 ms, ≥ 200 MB/s",
                         "%s, %.0f MB/s (CPU %s)" % (ms(big.wall), size / big.wall / MB, ms(big.cpu)), big.wall < 0.060))
            cmark = self.find("10 MB file", "cmark-gfm", "render")
            check = self.find("10 MB file", "todofmt", check_mode)
            if cmark and check:
                rows.append(("speed vs cmark-gfm rendering the 10 MB file", "≥ 5×",
                             "%.1f× (`%s`), %.1f× (%s); CPU %.1f×" % (
                                 cmark.wall / check.wall, check_mode, cmark.wall / big.wall, write_mode, cmark.cpu / check.cpu),
                             cmark.wall / check.wall >= 5))
        worst = None
        for r in self.rows:
            if r["tool"] == "todofmt" and r["r"] and r["count"] is None and r["size"] > 100_000 and r["mode"] != "lint" \
                    and not r["mode"].startswith(SHELL_MODES):
                worst = max(worst or (0, ""), (r["r"].rss / (3 * r["size"] + 20e6), "%s %s" % (r["label"], r["mode"])))
        for s in self.scale_rows:
            for mode in ("check", "write"):
                worst = max(worst or (0, ""), (s[mode].rss / (3 * s["size"] + 20e6), "%s %s" % (s["rel"], mode)))
        ten = [r for r in self.rows if r["label"] == "10 MB file" and r["tool"] == "todofmt" and r["r"] and r["mode"] != "lint"
               and not r["mode"].startswith(SHELL_MODES)]
        if ten:
            peak = max(r["r"].rss for r in ten)
            limit = 3 * self.size("todo-10mb.md") + 20e6
            rows.append(("memory: 10 MB file", "peak < 3 × size + 20 MB = %.0f MB" % (limit / MB),
                         "%.1f MB" % (peak / MB), peak < limit))
        if worst:
            rows.append(("memory: every file measured", "peak ÷ (3 × size + 20 MB) < 1", "worst %.2f (%s)" % worst, worst[0] < 1))
        tree = [r for r in self.rows if r["label"] == "5,000 files" and r["tool"] == "todofmt" and r["r"] and "--check" in r["mode"]]
        if tree:
            best = min(tree, key=lambda r: r["r"].wall)
            rows.append(("5,000 small files checked", "< 1 s, both cores",
                         "%s (%s; CPU %s)" % (ms(best["r"].wall), best["mode"], ms(best["r"].cpu)), best["r"].wall < 1))
        # Issue 13's targets.
        canonical = next((r for r in self.rows if r["label"] == "10 MB canonical file" and r["r"]), None)
        cmark = self.find("10 MB file", "cmark-gfm", "render")
        if canonical:
            c = canonical["r"]
            speed = canonical["size"] / c.wall / MB
            ratio = cmark.wall / c.wall if cmark else None
            rows.append(("10 MB canonical file, `--check`", "≥ 300 MB/s (≤ 35 ms), ≥ 10× cmark-gfm",
                         "%s, %.0f MB/s, %s cmark-gfm" % (ms(c.wall), speed, "%.1f×" % ratio if ratio else "no"),
                         speed >= 300 and (ratio or 0) >= 10))
        edited = next((r for r in self.rows if r["label"] == "10 MB canonical file, one line edited" and r["r"]), None)
        if edited:
            e = edited["r"]
            rows.append(("10 MB canonical file, one line edited, `--check`", "(the editor's case; no target of its own)",
                         "%s, %.0f MB/s" % (ms(e.wall), edited["size"] / e.wall / MB), None))
        unformatted = self.find("10 MB file", "todofmt", check_mode)
        if unformatted and t.real_cli:
            size = self.size("todo-10mb.md")
            rows.append(("10 MB unformatted file, `--check`", "≥ 150 MB/s", "%s, %.0f MB/s" % (
                ms(unformatted.wall), size / unformatted.wall / MB), size / unformatted.wall / MB >= 150))
            inplace = self.find("10 MB file", "todofmt", write_mode)
            if inplace:
                rows.append(("10 MB unformatted file, in place", "≥ 100 MB/s", "%s, %.0f MB/s" % (
                    ms(inplace.wall), size / inplace.wall / MB), size / inplace.wall / MB >= 100))
        tight = None
        for r in self.rows:
            if r["tool"] == "todofmt" and r["r"] and r["count"] is None and r["mode"] != "lint" \
                    and not r["mode"].startswith(SHELL_MODES):
                tight = max(tight or (0, ""), (r["r"].rss / (2 * r["size"] + 15e6), "%s %s" % (r["label"], r["mode"])))
        for sc in self.scale_rows:
            for mode in ("check", "write"):
                tight = max(tight or (0, ""), (sc[mode].rss / (2 * sc["size"] + 15e6), "%s %s" % (sc["rel"], mode)))
        if tight:
            rows.append(("memory: every row (issue 13)", "peak ÷ (2 × size + 15 MB) ≤ 1", "worst %.2f (%s)" % tight, tight[0] <= 1))
        big = [r for r in self.rows if r["label"] == "100,000 files" and r["tool"] == "todofmt" and r["r"]]
        if big:
            b = big[0]["r"]
            rows.append(("100,000 small files checked", "< 10 s, both cores", "%s (CPU %s, peak %.0f MB)" % (
                ms(b.wall), ms(b.cpu), b.rss / MB), b.wall < 10))
        shell = [("tasks: 5,000 small files", "5,000 files", "tasks", "< 1 s", 1.0),
                 ("tasks: one 10 MB file", "10 MB file", "tasks (open", "< 300 ms", 0.300),
                 ("add on a 400 KB file, whole process", "400 KB file", "add", "< 20 ms", 0.020),
                 ("done on a 400 KB file, whole process", "400 KB file", "done", "< 20 ms", 0.020)]
        for name, label, mode, goal, limit in shell:
            found = self.find(label, "todofmt", mode)
            if found:
                rows.append(("%s (issue 11)" % name, goal, "%s (CPU %s)" % (ms(found.wall), ms(found.cpu)), found.wall < limit))
        for row in self.store_rows:
            limit = (15 if row["op"] == "load" else 5) if row["todos"] <= 10_000 else 50
            rows.append(("TodoStore `%s` on %s todos, in-process%s, file on %s (issue 13)" % (
                             row["op"], format(row["todos"], ","), "" if row["op"] == "load" else ", save included", row["where"]),
                         "≤ %d ms" % limit, "median %.2f ms, p90 %.2f ms (CPU %.2f ms)" % (row["median"], row["p90"], row["cpu"]),
                         row["median"] <= limit))
        if self.watch:
            median, worst = self.watch
            rows.append(("watch: save-to-formatted latency (`Scripts/watch-latency.swift`, %d saves)" % WATCH_SAVES,
                         "< 50 ms median", "median %.1f ms, worst %.1f ms" % (median, worst), median < 50))
        else:
            rows.append(("watch: save-to-formatted latency", "< 50 ms median", self.watch_note or "not measured", None))
        if self.lsp:
            diag, diag_worst, fmt, fmt_worst, rss, size, tasks = self.lsp
            label = "%.1f MB, %d tasks, `Benchmarks/lsp-latency.py`, %d runs" % (size / MB, tasks, LSP_RUNS)
            rows.append(("lsp: change to diagnostics (%s)" % label, "< 150 ms median",
                         "median %.1f ms, worst %.1f ms (server RSS %.0f MB)" % (diag, diag_worst, rss), diag < 150))
            rows.append(("lsp: textDocument/formatting (%s)" % label, "< 50 ms",
                         "median %.1f ms, worst %.1f ms" % (fmt, fmt_worst), fmt < 50))
            if self.lsp_actions:
                rows.append(("lsp: a change, then textDocument/codeAction on its line (%s)" % label,
                             "(the editor's cursor; no target of its own)",
                             "median %.1f ms, worst %.1f ms" % tuple(self.lsp_actions), None))
        else:
            rows.append(("lsp: change to diagnostics, formatting", "< 150 ms, < 50 ms", self.lsp_note or "not measured", None))
        if not t.lint:
            rows.append(("`todofmt lint`", "measured", "not measured: `lint` (issue 5) does not exist in this build", None))
        return rows

    def report(self):
        t = self.tools
        p = print
        p("## todofmt benchmark")
        p()
        p("- machine: %s, %d cores, %s" % (cpu_model(), os.cpu_count(), " ".join(os.uname()[2:3] + os.uname()[4:5])))
        p("- todofmt: `%s` (%s), build: release, `--static-swift-stdlib --disable-local-rpath %s`%s" % (
            os.path.relpath(t.todofmt), t.version,
            " ".join(f.replace(REPOSITORY + "/", "") for f in release_swiftc_flags() if f not in ("-Xlinker", "-Xfrontend")),
            "; commit " + git_head() if git_head() else ""))
        for name, v in t.versions.items():
            p("- %s: %s" % (name, v))
        p("- files: generated under `%s` (digest %s), `--today %s`; medians of the runs shown; "
          "wall = spawn to exit, CPU = user + system, RSS = peak of the process and its children" % (
              os.path.relpath(self.out), digest(self.files), TODAY))
        p()
        p("### Targets (issues 6 and 13)")
        p()
        p("| target | goal | measured | met |")
        p("|---|---|---|---|")
        for name, goal, got, ok in self.targets():
            p("| %s | %s | %s | %s |" % (name, goal, got, "—" if ok is None else ("yes" if ok else "**no**")))
        p()
        p("### Files, todofmt beside its peers")
        p()
        p("× todofmt = the peer's wall time ÷ todofmt's in the matching mode (mdformat `--check` and cmark-gfm ↔ "
          "`--check`, pymarkdown scan ↔ `lint`, writing ↔ in place). Exit 1 = would reformat / has findings.")
        p()
        p("| files | size | tool | mode | runs | wall | CPU | peak RSS | MB/s | × todofmt | exit |")
        p("|---|--:|---|---|--:|--:|--:|--:|--:|--:|---|")
        for r in self.rows:
            res = r["r"]
            label = r["label"] + ("" if r.get("count") is None else "")
            if res is None:
                p("| %s | %s | %s | not run (minutes per run; `BENCH_FULL=1` runs it) | | | | | | | |" % (
                    label, mbytes(r["size"]), r["tool"]))
                continue
            ratio = "%.1f×" % (res.wall / r["base"].wall) if r.get("base") else ""
            exit_text = ",".join(str(c) for c in res.codes) + (" (%s)" % res.err.replace("|", "\\|") if res.err else "")
            p("| %s | %s | %s | %s | %d | %s | %s | %.1f MB | %.0f | %s | %s |" % (
                label, mbytes(r["size"]), r["tool"], r["mode"], res.runs, ms(res.wall), ms(res.cpu),
                res.rss / MB, r["size"] / res.wall / MB, ratio, exit_text))
        p()
        if self.store_rows:
            p("### TodoStore (issue 13)")
            p()
            p("`todofmt-store-bench` (Benchmarks/StoreBench): each operation in-process on a file of `- [ ] task N due:2026-12-DD` "
              "under four headings, saved through FileTodoStorage (temporary file, fsync, atomic swap), on the disk (the work "
              "directory) and in memory (/dev/shm: the same work without waiting for fsync). CPU leaves out waiting for the disk. "
              "load = read, parse and make the todos.")
            p()
            p("| file on | todos | size | operation | runs | median | p90 | CPU median | CPU p90 |")
            p("|---|--:|--:|---|--:|--:|--:|--:|--:|")
            for row in self.store_rows:
                p("| %s | %s | %s | %s | %d | %.2f ms | %.2f ms | %.2f ms | %.2f ms |" % (
                    row["where"], format(row["todos"], ","), mbytes(row["size"]), row["op"], row["runs"], row["median"], row["p90"],
                    row["cpu"], row["cpu90"]))
            p()
        if self.scale_rows:
            p("### Scaling (todofmt)")
            p()
            p("Per task and per MB from the CPU time of `--check` (wall time on a shared machine wanders).")
            p()
            p("| file | tasks | size | `--check` wall | in place wall | `--check` CPU | CPU ns per task | MB/s (CPU) | peak RSS | RSS ÷ size |")
            p("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
            for s in self.scale_rows:
                c, w = s["check"], s["write"]
                rss = max(c.rss, w.rss)
                p("| %s | %s | %s | %s | %s | %s | %.0f | %.0f | %.1f MB | %.2f |" % (
                    s["rel"][6:], format(s["tasks"], ","), mbytes(s["size"]), ms(c.wall), ms(w.wall), ms(c.cpu),
                    c.cpu / s["tasks"] * 1e9, s["size"] / c.cpu / MB, rss / MB, rss / s["size"]))
            p()
        p("Notes:")
        if t.real_cli and not t.walks_directories:
            p("- The CLI does not walk directories yet: the tree's 5,000 paths are passed as arguments through "
              "`xargs` (one process, or `xargs -P 2` with two processes of 2,500 files).")
        if not t.real_cli:
            p("- The real CLI is not in this build: todofmt runs as the temporary stdin→stdout front end "
              "(check = format to /dev/null, writing = format into a file; the tree takes one process per file).")
        p("- The Python peers take seconds (mdformat) to tens of seconds (pymarkdown) per MB here, so "
          "they run once on the 1 MB file, not on the 10 MB file, and on 500 of the tree's files (beside todofmt "
          "on the same 500); `BENCH_FULL=1` runs them on everything.")
        p("- Measured by `Benchmarks/timerun.swift` (posix_spawn + wait4). Its floor, running `/bin/true`: "
          "wall %s, peak RSS %.1f MB (the spawning process's own pages count towards a child's peak)." % (
              ms(self.floor.wall), self.floor.rss / MB))
        p("- Exit 123 is xargs saying that a command exited non-zero: for `--check`, mdformat and pymarkdown "
          "that is exit 1, files that would change or have findings.")
        p("- In place, every rewritten file is flushed to disk before it replaces the original (AtomicFile), so "
          "in-place wall times include that I/O; the 5,000-file in-place run is made once.")
        for n in self.notes:
            p("- " + n)
        p()
        p("Benchmark time: %.0f s." % (time.time() - self.started))


def ms(seconds):
    v = seconds * 1e3
    if v < 10:
        return "%.2f ms" % v
    if v < 1000:
        return "%.1f ms" % v
    return "%.2f s" % seconds


def mbytes(n):
    return "%.2f MB" % (n / MB) if n < 10 * MB else "%.1f MB" % (n / MB)


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return os.uname().machine


def git_head():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    except OSError:
        return ""


# ---------------------------------------------------------------------------------------------
# Byte-identical output check between two builds


def compare(args):
    """Formats every generated file and every corpus file with both binaries and compares the results:
    single files byte for byte through stdin → stdout, the 5,000-file tree as `--diff` output in
    batches (the same diff means the same formatted bytes); a batch that differs is compared file by
    file, and each file that differs is named, with whether either binary refused it."""
    generate(args.out, quiet=True)
    args.old, args.new = os.path.abspath(args.old), os.path.abspath(args.new)
    root = os.path.join(os.path.abspath(args.out), "files")
    singles = [os.path.join(root, rel) for rel, _ in plan()]
    corpus = args.corpus
    if os.path.isdir(corpus):
        singles += sorted(os.path.join(corpus, f) for f in os.listdir(corpus) if f.endswith(".md"))
    else:
        print("compare: %s not found, corpus skipped" % corpus, file=sys.stderr)
    env = dict(os.environ, TODOFMT_TODAY=TODAY)
    differ = 0
    # The old binary's results are kept (as digests) per binary, options and files, so that checking
    # each new build runs only the new one.
    with open(args.old, "rb") as f:
        key = hashlib.sha256(f.read() + repr(args.extra).encode() + digest(root).encode()).hexdigest()[:20]
    cache_path = os.path.join(os.path.abspath(args.out), "compare-cache", key)
    cache = {}
    if os.path.exists(cache_path):
        cache = dict(line.split("\t") for line in open(cache_path).read().split("\n") if line)

    def run(binary, argv, stdin_path):
        if not stdin_path:
            return subprocess.run([binary, "--today", TODAY] + args.extra + argv, stdin=subprocess.DEVNULL,
                                  capture_output=True, env=env, cwd=root)
        with open(stdin_path, "rb") as stdin:
            return subprocess.run([binary, "--today", TODAY] + args.extra + argv, stdin=stdin, capture_output=True, env=env, cwd=root)

    def result(binary, argv, stdin_path):
        r = run(binary, argv, stdin_path)
        return hashlib.sha256(b"%d\0%s\0%s" % (r.returncode, r.stdout, r.stderr)).hexdigest()

    def both(argv, stdin_path=None):
        name = stdin_path or " ".join(argv[:3])
        if name not in cache:
            cache[name] = result(args.old, argv, stdin_path)
        return cache[name], result(args.new, argv, stdin_path)

    for path in singles:
        outs = both([], path)
        if outs[0] != outs[1]:
            differ += 1
            print("DIFFERENT: %s" % path)
    tree = sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(os.path.join(root, "tree")) for f in fs)
    # Documents from the test suite's DocumentGenerator, when dumped there (Benchmarks/gendocs.swift).
    generated = os.path.join(os.path.abspath(args.out), "gendocs")
    extra = sorted(os.path.join(generated, f) for f in os.listdir(generated)) if os.path.isdir(generated) else []
    def each(batch):
        # A batch that differs is compared file by file (through stdin, as the single files), so
        # that the report names each file and says whether either binary refused it.
        for rel in batch:
            path = os.path.join(root, rel)
            old, new = run(args.old, [], path), run(args.new, [], path)
            if (old.returncode, old.stdout, old.stderr) == (new.returncode, new.stdout, new.stderr):
                continue
            how = ("refused by the new binary only" if new.returncode and not old.returncode
                   else "refused by the old binary only" if old.returncode and not new.returncode
                   else "refused by both, differently" if old.returncode
                   else "output differs" if old.stdout != new.stdout else "messages differ")
            print("  %s: %s" % (path, how))

    for name, batch_files in (("tree", tree), ("generated", extra)):
        for k in range(0, len(batch_files), 1000):
            outs = both(["--diff", "--"] + batch_files[k:k + 1000])
            if outs[0] != outs[1]:
                differ += 1
                print("DIFFERENT: %s files %d-%d" % (name, k, k + 999))
                each(batch_files[k:k + 1000])
    os.makedirs(os.path.dirname(cache_path), exist_ok=True)
    with open(cache_path, "w") as f:
        f.write("".join("%s\t%s\n" % kv for kv in cache.items()))
    print("compared %d files, the %d-file tree and %d generated documents with %s: %s" % (
        len(singles), len(tree), len(extra), " ".join(args.extra) or "default options",
        "identical" if not differ else "%d differ" % differ))
    return 1 if differ else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("out")
    r = sub.add_parser("run")
    r.add_argument("--todofmt", required=True)
    r.add_argument("--venv", help="virtual environment for the Python peers (created when missing)")
    r.add_argument("--no-install", action="store_true", help="do not install missing peers")
    r.add_argument("--quick", action="store_true", help="fewer runs, no slow peers on 1 MB")
    r.add_argument("--full", action="store_true", default=bool(os.environ.get("BENCH_FULL")),
                   help="slow peers on every file too (takes long)")
    r.add_argument("--quiet", action="store_true")
    r.add_argument("--only", default="files,tree,bigtree,scaling,shell,store,watch,lsp")
    r.add_argument("out")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("out")
    c.add_argument("extra", nargs=argparse.REMAINDER, help="options for both binaries, after --")
    c.add_argument("--corpus", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus"))
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.out)
        print(digest(os.path.join(args.out, "files")))
        return 0
    if args.command == "compare":
        args.extra = [a for a in args.extra if a != "--"]
        return compare(args)
    if args.venv and not args.no_install:
        install_peers(os.path.abspath(args.venv))
    bench = Bench(args)
    only = args.only.split(",")
    if "files" in only:
        bench.run_files()
    if "tree" in only:
        bench.run_tree()
    if "bigtree" in only:
        bench.run_big_tree()
    if "scaling" in only:
        bench.run_scaling()
    if "shell" in only:
        bench.run_shell()
    if "store" in only:
        bench.run_store()
    if "watch" in only:
        bench.run_watch()
    if "lsp" in only:
        bench.run_lsp()
    bench.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
