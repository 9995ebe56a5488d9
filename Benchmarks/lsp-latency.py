#!/usr/bin/env python3
"""Language server latency (issue 12): `todofmt lsp` driven over its pipes, on a 1 MB document.

    lsp-latency.py TODOFMT [RUNS]

Generates a deterministic todo file of 30,000 tasks (about 1 MB; not canonical: completed tasks
above open ones, unstamped and misspelled checkboxes), opens it, then measures
  - diagnostics: from sending a one-character didChange to receiving publishDiagnostics for that
    version (the server's debounce included), RUNS changes on lines spread over the file;
  - formatting: from sending textDocument/formatting to its response, RUNS times;
  - code actions: from sending a one-character didChange and, at once, textDocument/codeAction on
    that line (what an editor asks when the cursor stands on it: quick fixes, the status changes
    the model makes, format all) to its response, RUNS changes;
and the server's resident memory with the document open. Prints one Markdown-ready line:
  diagnostics median X ms | worst Y ms | formatting median Z ms | worst W ms | rss R MB | size S bytes | tasks T
  | code actions median A ms | worst B ms
"""
import json
import os
import subprocess
import sys
import time

TODAY = "2026-11-21"


def document(tasks=30000):
    """Sections of 50 tasks: open ones (some with subtasks and fields), then completed ones with
    their dates, as a maintained file looks; one section in ten has a completed task above open
    ones, an unstamped one or an `[X]`, so that formatting has regions to change and lint a few
    findings."""
    lines = ["---", "title: benchmark", "---", ""]
    n = 0
    section = 0
    while n < tasks:
        section += 1
        lines += ["## Project %d" % section, ""]
        count = min(50, tasks - n)
        done = count // 5
        for k in range(count - done):
            n += 1
            if k % 5 == 4:
                lines.append("  - [ ] Task %d due:2026-12-%02d" % (n, 1 + n % 28))
            else:
                lines.append("- [ ] Task %d #work due:2026-12-%02d" % (n, 1 + n % 28))
        for k in range(done):
            n += 1
            lines.append("- [x] Task %d done:2026-11-%02d" % (n, 1 + n % 20))
        if section % 10 == 0:
            lines.insert(len(lines) - done - 5, "- [x] Task %d sinks" % n)
            lines.append("- [X] Task %d shouted done:2026-11-02" % n)
        lines.append("")
    return "\n".join(lines) + "\n", n


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp", "--today", TODAY], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            if line == b"\r\n":
                break
            name, value = line.decode().split(":", 1)
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.receive()
            if m.get("id") == rid and "method" not in m:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, version):
        while True:
            m = self.receive()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version:
                return m["params"]["diagnostics"]

    def rss(self):
        with open("/proc/%d/status" % self.p.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        return self.p.wait(timeout=30)


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    text, tasks = document()
    lines = text.split("\n")
    server = Server(binary)
    server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    uri = "file:///nonexistent-todofmt-bench/todo.md"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
    server.diagnostics(1)
    rss = server.rss()

    version = 1

    def change(k, first, step):
        """Sends the `k`th one-character change: on a task line spread over the file (from line
        `first`, `step` lines apart), its "Task" becomes "task" and back. Returns the line and
        the document's new version, once the change is sent."""
        nonlocal version
        line = first + (k * step) % (len(lines) - 2 * first)
        while not lines[line].lstrip().startswith("- ["):
            line += 1
        column = lines[line].index("Task")
        letter = "t" if k % 2 == 0 else "T"
        version += 1
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": column},
                                          "end": {"line": line, "character": column + 1}}, "text": letter}]})
        lines[line] = lines[line][:column] + letter + lines[line][column + 1:]
        return line, version

    diagnostics = []
    for k in range(runs):
        start = time.perf_counter()
        _, changed = change(k, 10, 997)
        server.diagnostics(changed)
        diagnostics.append(time.perf_counter() - start)

    formatting = []
    for _ in range(runs):
        start = time.perf_counter()
        response = server.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
        formatting.append(time.perf_counter() - start)
        if not response.get("result"):
            raise SystemExit("formatting returned no edits: %s" % str(response)[:200])
    actions = []
    for k in range(runs):
        start = time.perf_counter()
        line, _ = change(k, 15, 1009)
        response = server.request("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "context": {"diagnostics": []},
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}}})
        actions.append(time.perf_counter() - start)
        if not response.get("result"):
            raise SystemExit("codeAction returned no actions: %s" % str(response)[:200])
    status = server.close()
    if status != 0:
        raise SystemExit("the server exited %d" % status)
    print("diagnostics median %.1f ms | worst %.1f ms | formatting median %.1f ms | worst %.1f ms | rss %.1f MB | size %d bytes | tasks %d"
          " | code actions median %.1f ms | worst %.1f ms" % (
              median(diagnostics) * 1e3, max(diagnostics) * 1e3, median(formatting) * 1e3, max(formatting) * 1e3,
              rss / 1048576, len(text.encode()), tasks, median(actions) * 1e3, max(actions) * 1e3))


if __name__ == "__main__":
    main()
