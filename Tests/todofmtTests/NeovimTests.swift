import Foundation
import TestSupport
import XCTest

/// `todofmt lsp` in a real editor: Neovim's built-in client, headless (skipped without `nvim`).
final class NeovimTests: XCTestCase {
    /// The Lua script that drives Neovim, beside this file.
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Editors/neovim-lsp.lua")

    func testNeovimFormatsMarksDoneAndSavesWhatTodofmtPrints() throws {
        let nvim = try ExternalTool.required("nvim")
        let sandbox = try Sandbox()
        try sandbox.write(".todofmt.json", #"{"rules": {"TD014": "warning"}}"#)
        try sandbox.write("todo.md", "# Home\n\n- [x] Pay rent\n- [ ]  Book taxi due:2026-11-29\n- [ ] Call mum due:2026-11-20\n")
        let run = try nvim.run(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(Self.script.path)", "todo.md"],
                               in: sandbox.url, environment: [
                                   "TODOFMT_BIN": try Todofmt.binary().path, "TODOFMT_TODAY": "2026-11-21",
                                   "TODOFMT_TASK": "Book taxi", "TODOFMT_REPORT": sandbox.path("report.txt"),
                               ])
        let report = (try? sandbox.read("report.txt")) ?? "no report; nvim printed: \(run.stdout) \(run.stderr)"
        // The configuration applies: TD014 (overdue) is on; TD000 stays off.
        XCTAssertEqual(report, "diagnostics=TD003,TD004,TD008,TD014\nwritten\nstatus=0\n")
        let saved = try sandbox.read("todo.md")
        XCTAssertEqual(saved, "# Home\n\n- [ ] Call mum due:2026-11-20\n- [x] Book taxi due:2026-11-29 done:2026-11-21\n"
                       + "- [x] Pay rent done:2026-11-21\n")
        // What todofmt prints for the saved file is the saved file.
        let check = try Todofmt.run(["--today", "2026-11-21"], in: sandbox.url, stdin: Array(saved.utf8))
        XCTAssertEqual(check.stdout, saved)
    }
}
