import XCTest
@testable import TodoKit

/// The check every TodoStore result passes before it is written: it looks at the changed lines
/// only, and refuses results that change more than the operation explains.
final class ChangeVerifierTests: XCTestCase {
    private func list(_ text: String) throws -> TodoList {
        try TodoList(utf8: Array(text.utf8))
    }

    /// `text` parsed with the identities of `before`'s lines (as the editor carries them).
    private func edited(_ before: TodoList, _ text: String, ids: [TodoID?]? = nil) -> TodoList {
        TodoList(parsed: ParsedDocument(validated: Array(text.utf8), like: before.parsed), lineIDs: ids ?? before.lineIDs, nextID: before.nextID)
    }

    private func id(_ list: TodoList, line: Int) throws -> TodoID {
        try XCTUnwrap(list.id(atLine: line))
    }

    func testAcceptsWhatTheOperationExplains() throws {
        let before = try list("# T\n\n- [ ] a\n- [ ] b\n- [ ] c\n")
        let a = try id(before, line: 3)
        let toggled = edited(before, "# T\n\n- [ ] b\n- [ ] c\n- [x] a done:2026-11-21\n",
                             ids: [nil, nil, before.lineIDs[3], before.lineIDs[4], a])
        XCTAssertNil(ChangeVerifier(.toggle([a]), on: before).failure(from: before, to: toggled))
        let removed = edited(before, "# T\n\n- [ ] b\n- [ ] c\n", ids: [nil, nil, before.lineIDs[3], before.lineIDs[4]])
        XCTAssertNil(ChangeVerifier(.remove([a]), on: before).failure(from: before, to: removed))
        XCTAssertNotNil(ChangeVerifier(.move(a, toOpenIndex: 2), on: before).failure(from: before, to: removed),
                        "moving a todo does not remove it")
    }

    func testRefusesATodoTheOperationDidNotActOn() throws {
        let before = try list("- [ ] a\n- [ ] b\n- [ ] c\n")
        let a = try id(before, line: 1)
        let after = edited(before, "- [x] a done:2026-11-21\n- [ ] B\n- [ ] c\n")
        let why = try XCTUnwrap(ChangeVerifier(.toggle([a]), on: before).failure(from: before, to: after))
        XCTAssertTrue(why.contains("did not act on"), why)
        let store = ChangeVerifier(.toggle([a]), on: before)
        XCTAssertThrowsError(try store.verify(from: before, to: after)) { error in
            XCTAssertTrue("\(error)".hasPrefix("refusing to write: safety check failed: todo #2 changed"), "\(error)")
        }
    }

    func testRefusesATitleChangedByAnOperationThatDoesNotRetitle() throws {
        // Moving `due:` to the end would make `📅 2026-12-01` a due date: the title would lose it.
        let before = try list("- [ ] x 📅 due:2026-01-01 2026-12-01\n- [ ] b\n")
        let x = try id(before, line: 1)
        let joined = edited(before, "- [x] x 📅 2026-12-01 due:2026-01-01 done:2026-11-21\n- [ ] b\n")
        let why = try XCTUnwrap(ChangeVerifier(.toggle([x]), on: before).failure(from: before, to: joined))
        XCTAssertTrue(why.contains("changed its title"), why)
        let kept = edited(before, "- [x] x 📅 due:2026-01-01 2026-12-01 done:2026-11-21\n- [ ] b\n")
        XCTAssertNil(ChangeVerifier(.toggle([x]), on: before).failure(from: before, to: kept))
        let retitled = edited(before, "- [ ] y due:2026-01-01\n- [ ] b\n")
        XCTAssertNil(ChangeVerifier(.edit(x, TaskLineEditor.Change(title: "y")), on: before).failure(from: before, to: retitled))
        XCTAssertNotNil(ChangeVerifier(.edit(x, TaskLineEditor.Change(fields: [.due: .day(Day("2026-01-02")!)])), on: before)
            .failure(from: before, to: retitled), "a new due date does not retitle")
    }

    func testRefusesAChangeThatMakesTheRestParseDifferently() throws {
        let before = try list("x\n\n- [ ] b\n- [ ] c\n")
        let b = try id(before, line: 3)
        // The changed first line opens a code block: b and c are no longer tasks, though their bytes are the same.
        let after = edited(before, "```\n\n- [ ] b\n- [ ] c\n")
        let why = try XCTUnwrap(ChangeVerifier(.edit(b, TaskLineEditor.Change(title: "b")), on: before).failure(from: before, to: after))
        XCTAssertTrue(why.contains("outside the changed lines"), why)
    }

    func testRefusesIdentitiesSwappedOutsideTheChange() throws {
        let before = try list("- [ ] a\n- [ ] b\n- [ ] c\n- [ ] d\n")
        let d = try id(before, line: 4)
        var ids = before.lineIDs
        ids.swapAt(0, 1)
        let after = edited(before, "- [ ] a\n- [ ] b\n- [ ] c\n- [ ] D\n", ids: ids)
        let why = try XCTUnwrap(ChangeVerifier(.edit(d, TaskLineEditor.Change(title: "D")), on: before).failure(from: before, to: after))
        // The changed tasks reach out to the swapped ones, whose texts then differ.
        XCTAssertTrue(why.contains("did not act on it"), why)
    }

    func testAcceptsIdenticalLinesTradingPlaces() throws {
        // A ticked todo sinks below an identical open one: the bytes of the first line are the same,
        // its identity is the other todo's.
        let before = try list("- [ ] a\n- [ ] a\n- [ ] b\n")
        let first = try id(before, line: 1)
        let after = edited(before, "- [ ] a\n- [ ] b\n- [x] a done:2026-11-21\n",
                           ids: [before.lineIDs[1], before.lineIDs[2], before.lineIDs[0]])
        XCTAssertNil(ChangeVerifier(.toggle([first]), on: before).failure(from: before, to: after))
        // To the check, the identities of byte-identical lines are interchangeable (the file is the
        // same either way); lines that differ keep theirs (testRefusesIdentitiesSwappedOutsideTheChange).
        let sameBytes = edited(before, "- [ ] a\n- [ ] a\n- [x] b done:2026-11-21\n",
                               ids: [before.lineIDs[1], before.lineIDs[0], before.lineIDs[2]])
        XCTAssertNil(ChangeVerifier(.toggle([try id(before, line: 3)]), on: before).failure(from: before, to: sameBytes))
    }

    func testRefusesTodosAppearingOrVanishingUnexplained() throws {
        let before = try list("- [ ] a\n- [ ] b\n")
        let a = try id(before, line: 1)
        let extra = edited(before, "- [ ] b\n- [ ] a\n- [ ] ghost\n", ids: [before.lineIDs[1], a, nil])
        XCTAssertEqual(ChangeVerifier(.move(a, toOpenIndex: 1), on: before).failure(from: before, to: extra), "todo #3 appeared")
        let added = TodoID(rawValue: before.nextID)
        let lost = edited(before, "- [ ] a\n- [ ] new\n", ids: [a, added])
        XCTAssertEqual(ChangeVerifier(.add(id: added, title: "new", fields: [:], placement: .end()), on: before).failure(from: before, to: lost),
                       "todo #2 vanished")
    }

    func testCommonEndsMatchAByteByByteComparison() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            let length = Int.random(in: 0...20_000, using: &generator)
            let a = (0..<length).map { _ in UInt8.random(in: 0x61...0x62, using: &generator) }
            var b = a
            let edits = Int.random(in: 0...3, using: &generator)
            for _ in 0..<edits where !b.isEmpty {
                let at = Int.random(in: 0..<b.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: b[at] = 0x63
                case 1: b.insert(0x63, at: at)
                default: b.remove(at: at)
                }
            }
            var prefix = 0
            while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            let found = ChangeVerifier.commonEnds(a, b)
            XCTAssertEqual(found.prefix, prefix)
            XCTAssertEqual(found.suffix, suffix)
        }
    }
}
