import Foundation
import TestSupport
import XCTest
@testable import TodoKit

final class UnifiedDiffTests: XCTestCase {
    private func render(_ old: String, _ new: String, context: Int = 3) -> String {
        let diff = UnifiedDiff(old: Array(old.utf8), new: Array(new.utf8), context: context)
        return String(decoding: diff.rendered(oldLabel: "a/f", newLabel: "b/f"), as: UTF8.self)
    }

    func testEqualTextsGiveNothing() {
        for text in ["", "a", "a\nb\n", "\n\n"] {
            let diff = UnifiedDiff(old: Array(text.utf8), new: Array(text.utf8))
            XCTAssertTrue(diff.isEmpty)
            XCTAssertEqual(diff.rendered(oldLabel: "a/f", newLabel: "b/f"), [])
        }
    }

    func testOneChangedLineWithContext() {
        let old = (1...9).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "5\n", with: "five\n")
        XCTAssertEqual(render(old, new), """
            --- a/f
            +++ b/f
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    func testSingleLineRangesOmitTheCount() {
        XCTAssertEqual(render("a\n", "b\n"), "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n")
    }

    func testEmptySidesNameTheLineBefore() {
        XCTAssertEqual(render("", "a\nb\n"), "--- a/f\n+++ b/f\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        XCTAssertEqual(render("a\nb\n", ""), "--- a/f\n+++ b/f\n@@ -1,2 +0,0 @@\n-a\n-b\n")
        // Without context, an insertion names the line it follows.
        XCTAssertEqual(render("a\nb\n", "a\nx\nb\n", context: 0), "--- a/f\n+++ b/f\n@@ -1,0 +2 @@\n+x\n")
    }

    func testMissingFinalNewline() {
        XCTAssertEqual(render("a\nb", "a\nc\n"), """
            --- a/f
            +++ b/f
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c

            """)
        XCTAssertEqual(render("a\nb\n", "a\nb"), """
            --- a/f
            +++ b/f
            @@ -1,2 +1,2 @@
             a
            -b
            +b
            \\ No newline at end of file

            """)
        // An unchanged last line without newline is context on both sides.
        XCTAssertEqual(render("x\nb", "y\nb"), """
            --- a/f
            +++ b/f
            @@ -1,2 +1,2 @@
            -x
            +y
             b
            \\ No newline at end of file

            """)
    }

    func testChangesSixLinesApartShareAHunkSevenDoNot() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let six = old.replacingOccurrences(of: "\n5\n", with: "\nX\n").replacingOccurrences(of: "\n12\n", with: "\nY\n")
        let seven = old.replacingOccurrences(of: "\n5\n", with: "\nX\n").replacingOccurrences(of: "\n13\n", with: "\nY\n")
        XCTAssertEqual(hunkHeaders(render(old, six)), ["@@ -2,14 +2,14 @@"])
        XCTAssertEqual(hunkHeaders(render(old, seven)), ["@@ -2,7 +2,7 @@", "@@ -10,7 +10,7 @@"])
    }

    func testRemovalsComeBeforeAdditionsInAChange() {
        XCTAssertEqual(render("a\nb\nc\n", "x\ny\nz\n"),
                       "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n-a\n-b\n-c\n+x\n+y\n+z\n")
    }

    /// Among equally short diffs, runs sit where `diff -u` and Git put them: as low as they can.
    func testRunsSlideDownLikeDiff() {
        XCTAssertEqual(render("a\n\nb\n", "a\n\n\nb\n"), "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n \n+\n b\n")
        // Here the shortest path found first adds the blank line above the old one.
        XCTAssertEqual(render("a\n\n", "\na\n\n\n"), "--- a/f\n+++ b/f\n@@ -1,2 +1,4 @@\n+\n a\n \n+\n")
        XCTAssertEqual(render("\na\n\n\n", "a\n\n"), "--- a/f\n+++ b/f\n@@ -1,4 +1,2 @@\n-\n a\n \n-\n")
        XCTAssertEqual(render("a\nb\na\nb\nc\n", "a\nb\nc\n"), "--- a/f\n+++ b/f\n@@ -1,5 +1,3 @@\n a\n b\n-a\n-b\n c\n")
        XCTAssertEqual(render("- [ ] a\n\n- [x] b\n\n- [ ] c\n", "- [ ] a\n\n- [ ] c\n\n- [x] b\n"),
                       "--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n - [ ] a\n \n-- [x] b\n-\n - [ ] c\n+\n+- [x] b\n")
    }

    func testCarriageReturnsStayInTheirLines() {
        XCTAssertEqual(render("a\r\nb\r\n", "a\r\nc\r\n"), "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }

    func testLabels() {
        let diff = UnifiedDiff(old: Array("a\n".utf8), new: Array("b\n".utf8))
        func header(_ label: String) -> String {
            let text = String(decoding: diff.rendered(oldLabel: label, newLabel: label), as: UTF8.self)
            return String(text.split(separator: "\n", omittingEmptySubsequences: false)[0])
        }
        XCTAssertEqual(header("a/todos.md"), "--- a/todos.md")
        XCTAssertEqual(header("a/my todos.md"), "--- a/my todos.md\t")
        XCTAssertEqual(header("a/\"q\".md"), "--- \"a/\\\"q\\\".md\"")
        XCTAssertEqual(header("a/tab\there"), "--- \"a/tab\\there\"")
        XCTAssertEqual(header("a/bell\u{7}"), "--- \"a/bell\\007\"")
        XCTAssertEqual(header("a/café.md"), "--- a/café.md")
    }

    func testColours() {
        let diff = UnifiedDiff(old: Array("a\nb\n".utf8), new: Array("a\nc".utf8))
        let text = String(decoding: diff.rendered(oldLabel: "a/f", newLabel: "b/f", colored: true), as: UTF8.self)
        XCTAssertEqual(text, "\u{1B}[1m--- a/f\u{1B}[m\n\u{1B}[1m+++ b/f\u{1B}[m\n\u{1B}[36m@@ -1,2 +1,2 @@\u{1B}[m\n"
                       + " a\n\u{1B}[31m-b\u{1B}[m\n\u{1B}[32m+c\u{1B}[m\n\\ No newline at end of file\n")
    }

    /// Random small texts over a tiny alphabet: the diff applies and is as short as the longest
    /// common subsequence allows.
    func testRandomDiffsApplyAndAreMinimal() throws {
        var random = SplitMix64(seed: 42)
        for round in 0..<1500 {
            let old = randomLines(&random, maxCount: 14)
            let new = random.next() % 4 == 0 ? mutate(old, &random) : randomLines(&random, maxCount: 14)
            let oldText = Array(old.joined().utf8), newText = Array(new.joined().utf8)
            let context = Int(random.next() % 4)
            let diff = UnifiedDiff(old: oldText, new: newText, context: context)
            let rendered = diff.rendered(oldLabel: "a/f", newLabel: "b/f")
            XCTAssertEqual(try apply(rendered, to: oldText), newText, "round \(round)")
            XCTAssertEqual(diff.isEmpty, oldText == newText)

            let oldLines = LineEnding.lineFeedRanges(of: oldText).map { Array(oldText[$0]) }
            let newLines = LineEnding.lineFeedRanges(of: newText).map { Array(newText[$0]) }
            let edits = rendered.split(separator: UInt8(ascii: "\n")).dropFirst(2)
                .filter { $0.first == UInt8(ascii: "-") || $0.first == UInt8(ascii: "+") }.count
            XCTAssertEqual(edits, oldLines.count + newLines.count - 2 * lcsLength(oldLines, newLines), "round \(round)")
        }
    }

    /// Past the cost limit the script may be longer than needed, but it must still be right.
    func testCostLimitKeepsDiffsCorrect() throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<500 {
            let old = Array(randomLines(&random, maxCount: 40).joined().utf8)
            let new = Array(randomLines(&random, maxCount: 40).joined().utf8)
            let diff = UnifiedDiff(old: old, new: new, context: 3, costLimit: 1 + round % 3)
            XCTAssertEqual(try apply(diff.rendered(oldLabel: "a/f", newLabel: "b/f"), to: old), new, "round \(round)")
        }
    }

    func testLargeFileWithFewEdits() throws {
        let count = 100_000
        var oldLines = (0..<count).map { "line \($0)\n" }
        var newLines = oldLines
        newLines[10] = "changed\n"
        newLines.remove(at: 50_000)
        newLines.insert("inserted\n", at: 90_000)
        oldLines[count - 1] = "last"
        newLines[newLines.count - 1] = "last"
        let old = Array(oldLines.joined().utf8), new = Array(newLines.joined().utf8)
        let rendered = UnifiedDiff(old: old, new: new).rendered(oldLabel: "a/f", newLabel: "b/f")
        XCTAssertEqual(hunkHeaders(String(decoding: rendered, as: UTF8.self)),
                       ["@@ -8,7 +8,7 @@", "@@ -49998,7 +49998,6 @@", "@@ -89999,6 +89998,7 @@"])
        XCTAssertEqual(try apply(rendered, to: old), new)
    }

    /// Where the edit is unambiguous (every line unique), the output is exactly `diff -u`'s.
    func testMatchesDiffUWhenTheEditIsUnambiguous() throws {
        guard let diffTool = ["/usr/bin/diff", "/bin/diff"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("diff is not installed")
        }
        let temporary = try TemporaryDirectory("unified")
        defer { temporary.remove() }
        let directory = temporary.url
        var random = SplitMix64(seed: 2026)
        for round in 0..<60 {
            let original = (0..<Int(5 + random.next() % 40)).map { "line \($0)\n" }
            var lines = original
            var fresh = 0
            for _ in 0..<(1 + random.next() % 5) {
                let at = Int(random.next() % UInt64(lines.count))
                switch random.next() % 3 {
                case 0: lines.remove(at: at)
                case 1: lines.insert("new \(fresh)\n", at: at); fresh += 1
                default: lines[at] = "changed \(fresh)\n"; fresh += 1
                }
                if lines.isEmpty { lines = ["only\n"] }
            }
            let old = Array(original.joined().utf8)
            var new = Array(lines.joined().utf8)
            if round % 5 == 0 { new.removeLast() }
            let oldURL = directory.appendingPathComponent("old"), newURL = directory.appendingPathComponent("new")
            try Data(old).write(to: oldURL)
            try Data(new).write(to: newURL)

            let process = Process()
            process.executableURL = URL(fileURLWithPath: diffTool)
            process.arguments = ["-u", oldURL.path, newURL.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let expected = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Drop diff's header lines, which carry timestamps.
            let expectedBody = String(decoding: expected, as: UTF8.self).split(separator: "\n", maxSplits: 2,
                                                                               omittingEmptySubsequences: false)
            let ours = String(decoding: UnifiedDiff(old: old, new: new).rendered(oldLabel: "a", newLabel: "b"), as: UTF8.self)
            let oursBody = ours.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            XCTAssertEqual(oursBody.count == 3 ? oursBody[2] : "", expectedBody.count == 3 ? expectedBody[2] : "",
                           "round \(round)")
        }
    }

    // MARK: - Helpers

    private func hunkHeaders(_ diff: String) -> [String] {
        diff.split(separator: "\n").filter { $0.hasPrefix("@@") }.map(String.init)
    }

    private func randomLines(_ random: inout SplitMix64, maxCount: UInt64) -> [String] {
        let alphabet = ["a\n", "b\n", "c\n", "d\n", "\n", "a"]
        var lines = (0..<Int(random.next() % (maxCount + 1))).map { _ in alphabet[Int(random.next() % 5)] }
        if !lines.isEmpty, random.next() % 4 == 0 { lines[lines.count - 1] = alphabet[5] }
        return lines
    }

    private func mutate(_ lines: [String], _ random: inout SplitMix64) -> [String] {
        var result = lines
        for _ in 0..<(1 + random.next() % 3) {
            if !result.isEmpty, random.next() % 2 == 0 {
                result.remove(at: Int(random.next() % UInt64(result.count)))
            } else {
                result.insert("z\n", at: Int(random.next() % UInt64(result.count + 1)))
            }
        }
        return result
    }

    private func lcsLength(_ a: [[UInt8]], _ b: [[UInt8]]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    private struct PatchError: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies a unified diff the way `patch` would, checking every context and removed line and
    /// every hunk count.
    private func apply(_ diff: [UInt8], to old: [UInt8]) throws -> [UInt8] {
        let oldLines = LineEnding.lineFeedRanges(of: old).map { Array(old[$0]) }
        var lines = diff.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last == [] { lines.removeLast() }
        guard !lines.isEmpty else { return old }
        guard lines.count >= 2, lines[0].starts(with: Array("--- ".utf8)), lines[1].starts(with: Array("+++ ".utf8)) else {
            throw PatchError(description: "missing headers")
        }
        var result: [UInt8] = []
        var next = 0
        var index = 2
        while index < lines.count {
            let header = String(decoding: lines[index], as: UTF8.self)
            let parts = header.split(separator: " ")
            guard parts.count == 4, parts[0] == "@@", parts[3] == "@@" else { throw PatchError(description: "bad header \(header)") }
            func range(_ text: Substring) -> (Int, Int) {
                let numbers = text.dropFirst().split(separator: ",").map { Int($0)! }
                return (numbers[0], numbers.count > 1 ? numbers[1] : 1)
            }
            let (oldStart, oldCount) = range(parts[1])
            let (_, newCount) = range(parts[2])
            let first = oldCount == 0 ? oldStart : oldStart - 1
            guard first >= next else { throw PatchError(description: "hunks overlap") }
            for line in oldLines[next..<first] { result += line }
            next = first
            index += 1
            var seenOld = 0, seenNew = 0
            while index < lines.count, !lines[index].starts(with: Array("@@".utf8)) {
                let line = lines[index]
                let noNewline = index + 1 < lines.count && lines[index + 1].first == UInt8(ascii: "\\")
                let content = Array(line.dropFirst()) + (noNewline ? [] : [UInt8(ascii: "\n")])
                switch line.first {
                case UInt8(ascii: " "), UInt8(ascii: "-"):
                    guard next < oldLines.count, oldLines[next] == content else {
                        throw PatchError(description: "line \(next + 1) does not match")
                    }
                    if line.first == UInt8(ascii: " ") { result += content; seenNew += 1 }
                    next += 1
                    seenOld += 1
                case UInt8(ascii: "+"):
                    result += content
                    seenNew += 1
                default:
                    throw PatchError(description: "bad line \(String(decoding: line, as: UTF8.self))")
                }
                index += noNewline ? 2 : 1
            }
            guard seenOld == oldCount, seenNew == newCount else { throw PatchError(description: "wrong counts in \(header)") }
        }
        for line in oldLines[next...] { result += line }
        return result
    }
}
