import Foundation
import XCTest

/// The todo tree in `Fixtures/tasks/` copied into a fresh sandbox, with "today" pinned to a Monday.
///
/// The tasks, by `path:line` (walk order: todos.md, wide/, work/):
/// todos.md:3 Pay rent (#home #money, high, created 11-01, due 11-24) · :4 Call plumber (#home,
/// due 11-20) · :5 Find the number (subtask of :4) · :6 Paint the fence [/] (#home/garden, start
/// 11-22, scheduled 11-23) · :7 Buy paint [x] (created 11-10, done 11-18) · :11 Renew passport
/// (low, due 12-15) · :12 Post letter (lowest, scheduled 11-27) · :13 Return library book [-]
/// (cancelled 11-19) — sections Home (3–7) and Errands (11–13);
/// wide/notes.todo.md:1 日本語 (due 11-25) · :2 🎉 Party (due 11-23) — no section;
/// work/todo.md:3 Write report (medium, due 11-23) · :4 Review PR (#work #review, highest, start
/// 11-25, due 11-26) · :5 Plan offsite (due 12-02) · :6 Someday idea · :7 Ship release [x]
/// (due 11-21, done 11-21) — section Sprint.
enum TaskFixtures {
    /// A Monday: this week is 11-23…11-29, next week 11-30…12-06.
    static let today = "2026-11-23"

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/tasks")
    }

    /// A sandbox holding a copy of the tree.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: sandbox.url.appendingPathComponent(name))
        }
        return sandbox
    }
}
