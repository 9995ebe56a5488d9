import Foundation
@testable import TodoKit
import XCTest

/// Thousands of damaged configuration files: the reader never crashes, refusals point inside the
/// file, whatever it accepts Foundation's JSON parser accepts too (the reader is the stricter),
/// and every configuration accepted renders to JSON that reads back to the same configuration.
final class ConfigurationMutationTests: XCTestCase {
    private static let seed = """
        {
          "fieldStyle": "emoji",
          "stampDates": true,
          "sinkCompleted": false,
          "bullet": "-",
          "indentation": 2,
          "include": ["todo.md", "notes/**/*.md", "a\\u00e9\\"b"],
          "exclude": ["archive/"],
          "rules": {"TD004": "off", "overdue-task": "warning"}
        }
        """

    /// Bytes a mutation inserts: JSON's own punctuation, letters and digits that make up its
    /// words and numbers, white space, and a few that are never valid outside strings.
    private static let alphabet = Array(#"{}[]:,"\ -+.0123456789eEtrufalsnx/*'#"#.utf8) + [0x09, 0x0A, 0x0D, 0x01, 0xC3, 0xA9]

    func testDamagedFiles() throws {
        var random = SplitMix64(seed: 0x70D0_F0C7)
        var accepted = 0
        var configurations = 0
        for _ in 0..<20_000 {
            var bytes = Array(Self.seed.utf8)
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count + 1)
                switch random.below(4) {
                case 0 where at < bytes.count: bytes.remove(at: at)
                case 1: bytes.insert(random.pick(Self.alphabet), at: at)
                case 2 where at < bytes.count: bytes[at] = random.pick(Self.alphabet)
                default: bytes.removeSubrange(min(at, bytes.count)...)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                _ = try JSONReader.read(bytes)
                accepted += 1
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
                                 "the reader accepted what Foundation refuses: \(text.debugDescription)")
            } catch {
                XCTAssertTrue((0...bytes.count).contains(error.offset), "\(error) for \(text.debugDescription)")
                XCTAssertFalse(error.message.isEmpty)
            }
            do {
                let configuration = try Configuration(json: bytes, path: "c.json")
                configurations += 1
                let again = try Configuration(json: Array(configuration.json.utf8), path: "c.json")
                XCTAssertEqual(again, configuration, "rendering does not read back: \(text.debugDescription)")
            } catch {
                XCTAssertTrue(error.description.hasPrefix("c.json:"), error.description)
                XCTAssertFalse(error.description.contains("\n"), error.description)
                let location = try XCTUnwrap(error.location)
                XCTAssertGreaterThanOrEqual(location.line, 1)
                XCTAssertGreaterThanOrEqual(location.column, 1)
            }
        }
        // The mutations must reach both sides, or the test proves little.
        XCTAssertGreaterThan(accepted, 1_000)
        XCTAssertGreaterThan(configurations, 300)
        XCTAssertLessThan(accepted, 19_000)
    }
}
