import XCTest
@testable import TodoKit

/// The byte-level shortcuts a directory walk takes for ASCII paths (``ConfigurationResolver``'s
/// normalisation, ``GlobPattern/segments(of:)``) against the character-level code they stand for.
final class PathCuttingTests: XCTestCase {
    /// Paths from a small alphabet of the pieces that matter: `/`, `.`, `..`, names, and non-ASCII.
    private func paths(_ count: Int) -> [String] {
        let pieces = ["/", "/", "a", "b.md", ".", "..", "//", "x y", "é", "/\u{301}", "\r\n", "~"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var result: [String] = ["", "/", ".", "..", "/..", "a/../..", "./", "//a//"]
        for _ in 0..<count {
            var path = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state >> 20
            for _ in 0..<Int(state >> 60) + 1 {
                path += pieces[Int(bits % UInt64(pieces.count))]
                bits /= UInt64(pieces.count)
            }
            result.append(path)
        }
        return result
    }

    func testNormalizedPathsAreThoseOfTheCharacterLevelRule() {
        func reference(_ path: String, in directory: String) -> String {
            var names: [Substring] = path.hasPrefix("/") ? [] : directory.split(separator: "/")
            for name in path.split(separator: "/", omittingEmptySubsequences: true) {
                switch name {
                case ".": continue
                case "..": if !names.isEmpty { names.removeLast() }
                default: names.append(name)
                }
            }
            return "/" + names.joined(separator: "/")
        }
        for directory in ["/", "/work/dir", "/é/x"] {
            for path in paths(3000) {
                XCTAssertEqual(ConfigurationResolver.normalized(path, in: directory), reference(path, in: directory), "\(path.debugDescription) in \(directory)")
            }
        }
    }

    func testSegmentsAreTheCharacterLevelSplit() {
        for path in paths(3000) {
            let reference = path.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
            XCTAssertEqual(GlobPattern.segments(of: path), reference, path.debugDescription)
        }
    }

    func testWalkOrderIsTheOrderOfTheBytes() {
        let all = paths(600)
        for a in all.prefix(200) {
            for b in all.suffix(200) {
                XCTAssertEqual(TodoFileFinder.precedesByBytes(a, b), a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
    }
}
