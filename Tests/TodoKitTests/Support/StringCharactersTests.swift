@testable import TodoKit
import XCTest

/// The `Character`-wise search and replace that keep the regex module out of todofmt, against the
/// standard library's own (`contains`, `firstRange(of:)`, `replacing(_:with:)` from
/// _StringProcessing) on text where comparing bytes or scalars would differ: combining marks,
/// CR LF (one `Character`), emoji sequences, canonically equivalent spellings, empty strings.
final class StringCharactersTests: XCTestCase {
    private let texts = [
        "", "a", "abc", "abcabc", "aab", "a\r\nb", "\r\n\r", "\n\r", "cafe\u{301}", "caf\u{E9}", "e\u{301}e",
        "it's", "'''", "a:b:c", "100%, 5:3", "\\[u00e9]x\\[u", "👩‍👩‍👧 family", "🇫🇷🇩🇪", "x\u{301}'y",
        "Task with #Tag and #tag", "\u{1F44D}\u{1F3FD}",
    ]
    private let needles = [
        "", "a", "b", "ab", "abc", "c", "\r", "\n", "\r\n", "e", "\u{E9}", "e\u{301}", "'", ":", "%", "\\[u",
        "👩", "👩‍👩‍👧", "🇫🇷", "#tag", "x", "\u{1F44D}",
    ]

    /// _StringProcessing's `contains(_:)` is `firstRange(of:) != nil`; here, where XCTest brings
    /// Foundation, `contains` would be Foundation's (which says an empty string is not contained).
    func testContainsAgreesWithTheStandardLibrary() {
        for text in texts {
            for needle in needles {
                XCTAssertEqual(text.containsCharacters(needle), text.firstRange(of: needle) != nil,
                               "\(text.debugDescription) \(needle.debugDescription)")
                XCTAssertEqual(text.dropFirst().containsCharacters(needle), text.dropFirst().firstRange(of: needle) != nil)
            }
        }
        XCTAssertTrue("abc".containsCharacters(""))
        XCTAssertFalse("cafe\u{301}".containsCharacters("e"))
    }

    func testFirstRangeAgreesWithTheStandardLibrary() {
        for text in texts {
            for needle in needles {
                XCTAssertEqual(text.firstRangeOfCharacters(needle), text.firstRange(of: needle),
                               "\(text.debugDescription) \(needle.debugDescription)")
                let tail = text.dropFirst()
                XCTAssertEqual(tail.firstRangeOfCharacters(needle), tail.firstRange(of: needle))
            }
        }
        XCTAssertEqual("abc".firstRangeOfCharacters(""), "abc".startIndex..<"abc".startIndex)
    }

    func testReplacingAgreesWithTheStandardLibrary() {
        let targets: [Character] = ["a", "'", ":", "%", "\r", "\n", "\r\n", "\\", "e", "\u{E9}", "👩‍👩‍👧", "🇫🇷"]
        for text in texts {
            for target in targets {
                XCTAssertEqual(text.replacing(every: target, with: "<\(target)>"),
                               text.replacing(String(target), with: "<\(target)>"),
                               "\(text.debugDescription) \(target.debugDescription)")
            }
        }
        XCTAssertEqual("it's".replacing(every: "'", with: "'\\''"), "it'\\''s")
    }
}
