import Foundation
import TestSupport
import XCTest
@testable import TodoKit

/// ``FileFormatter/formatInPlace(_:at:)`` writes a document cut into stretches a stretch at a time,
/// as each is formatted: the file must end as formatting the document whole leaves it, a file that
/// stays as it is must not be touched, a stretch that sends the document back to the whole path
/// must leave no trace of what was written of the others, and a save that lands meanwhile wins.
final class FileFormatterTests: XCTestCase {
    private static let options = FormatOptions(today: Day("2026-11-21")!)
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("file-formatter")
    }

    override func tearDown() {
        directory.remove()
    }

    private var path: String { directory.file("todos.md") }

    private func inode() -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Sections whose tasks `changed` says are out of canonical form (a done task above an open
    /// one: it sinks and is stamped) or already in it.
    private static func document(_ changed: [Bool]) -> [UInt8] {
        var text = "# Todos\n"
        for (section, changes) in changed.enumerated() {
            text += changes ? "## Part \(section)\n\n- [x] done \(section)\n- [ ] open \(section)\n"
                : "## Part \(section)\n\n- [ ] open \(section)\n- [x] done \(section) done:2026-11-20\n"
        }
        return Array(text.utf8)
    }

    func testWritesEachStretchAsFormattingTheWholeDocumentDoes() throws {
        let formatter = TodoFormatter(options: FileFormatterTests.options)
        let patterns: [[Bool]] = [
            [true, true, true, true],
            [false, false, true, false],
            [false, false, false, true],
            [true, false, false, false],
            [false, true, false, true, false, true],
        ]
        for changed in patterns {
            let original = FileFormatterTests.document(changed)
            let whole = try formatter.format(utf8: original)
            XCTAssertNotEqual(whole, original)
            try directory.write("todos.md", original, mode: 0o640)
            let effect = try FileFormatter(formatter: formatter).formatInPlace(original, at: path, minimumBytes: 1)
            XCTAssertEqual(effect, .written, "\(changed)")
            XCTAssertEqual(try directory.bytes("todos.md"), whole, "\(changed)")
            var info = stat()
            XCTAssertEqual(stat(path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o7777, 0o640, "the file keeps its mode")
            XCTAssertEqual(try directory.names(), ["todos.md"], "no temporary file is left behind")
        }
    }

    func testACanonicalFileIsNotTouched() throws {
        let formatter = TodoFormatter(options: FileFormatterTests.options)
        let original = FileFormatterTests.document([false, false, false])
        XCTAssertEqual(try formatter.format(utf8: original), original)
        // Read-only: the replacement is made only when a stretch changes, so nothing is refused.
        try directory.write("todos.md", original, mode: 0o444)
        let before = inode()
        XCTAssertEqual(try FileFormatter(formatter: formatter).formatInPlace(original, at: path, minimumBytes: 1), .unchanged)
        XCTAssertEqual(inode(), before)
        XCTAssertEqual(try directory.names(), ["todos.md"])
    }

    /// The last stretch holds an ignore directive: the stretches before it were written already when
    /// the document is sent back to the whole path, which writes the file in one piece.
    func testAStretchSendingTheDocumentBackLeavesNoTrace() throws {
        let formatter = TodoFormatter(options: FileFormatterTests.options)
        let original = FileFormatterTests.document([true, true, true])
            + Array("## Kept\n\n<!-- todofmt-ignore-start -->\n- [x] kept\n- [ ] as is\n<!-- todofmt-ignore-end -->\n".utf8)
        let whole = try formatter.format(utf8: original)
        try directory.write("todos.md", original)
        XCTAssertEqual(try FileFormatter(formatter: formatter).formatInPlace(original, at: path, minimumBytes: 1), .written)
        XCTAssertEqual(try directory.bytes("todos.md"), whole)
        XCTAssertTrue(String(decoding: whole, as: UTF8.self).contains("- [x] kept\n- [ ] as is\n"))
        XCTAssertEqual(try directory.names(), ["todos.md"])

        // A last stretch that is not text: the whole path refuses the document, the file stays.
        let invalid = FileFormatterTests.document([true, true]) + [0x23, 0x20, 0xFF, 0x0A]
        try directory.write("todos.md", invalid)
        XCTAssertThrowsError(try FileFormatter(formatter: formatter).formatInPlace(invalid, at: path, minimumBytes: 1)) { error in
            guard case .document = error as? FileFormatter.Failure else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try directory.bytes("todos.md"), invalid)
        XCTAssertEqual(try directory.names(), ["todos.md"])
    }

    func testASaveThatLandedMeanwhileWins() throws {
        let formatter = TodoFormatter(options: FileFormatterTests.options)
        let original = FileFormatterTests.document([true, false, true])
        let theirs = Array("# Theirs\n\n- [x] saved meanwhile\n".utf8)
        try directory.write("todos.md", theirs)
        XCTAssertEqual(try FileFormatter(formatter: formatter).formatInPlace(original, at: path, minimumBytes: 1), .changedMeanwhile)
        XCTAssertEqual(try directory.bytes("todos.md"), theirs)
        XCTAssertEqual(try directory.names(), ["todos.md"])
    }
}
