@testable import TodoKit
import XCTest

/// The strict JSON reader behind `.todofmt.json`: what it accepts, what it refuses, and where
/// it says the problem is.
final class JSONReaderTests: XCTestCase {
    private func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        do {
            return try JSONReader.read(Array(text.utf8))
        } catch {
            XCTFail("refused \(text.debugDescription): \(error.message)", file: file, line: line)
            return nil
        }
    }

    /// `line:column: message` of the refusal of `bytes`.
    private func refusal(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let value = try JSONReader.read(bytes)
            XCTFail("accepted \(String(decoding: bytes, as: UTF8.self).debugDescription) as \(value)", file: file, line: line)
            return nil
        } catch {
            return "\(JSONReader.location(of: error.offset, in: bytes)): \(error.message)"
        }
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        refusal(Array(text.utf8), file: file, line: line)
    }

    private func string(_ json: String) -> String? {
        guard case .string(let text)? = read(json)?.kind else { return nil }
        return text
    }

    func testScalars() {
        XCTAssertEqual(read("null")?.kind, .null)
        XCTAssertEqual(read(" true ")?.kind, .bool(true))
        XCTAssertEqual(read("\n\tfalse\r\n")?.kind, .bool(false))
        for number in ["0", "-0", "12", "-1.5e+3", "1E5", "0.25", "2e-7", "123456789012345678901234567890"] {
            XCTAssertEqual(read(number)?.kind, .number(number))
        }
        XCTAssertEqual(read("\"\"")?.kind, .string(""))
    }

    func testEscapesAndUnicode() {
        XCTAssertEqual(string(#""a\"b\\c\/d""#), "a\"b\\c/d")
        XCTAssertEqual(string(#""\b\f\n\r\t""#), "\u{8}\u{C}\n\r\t")
        XCTAssertEqual(string(#""\u00e9\u00C9""#), "éÉ")
        XCTAssertEqual(string(#""\ud83d\ude00 \uD83D\uDE00""#), "😀 😀")
        XCTAssertEqual(string(#""\u0000""#), "\u{0}")
        XCTAssertEqual(string("\"déjà vu 📅 日本\""), "déjà vu 📅 日本")
        XCTAssertEqual(string("\"\u{7F}\""), "\u{7F}", "DEL is not a control character in JSON")
    }

    /// For a language server, a lone surrogate reads as U+FFFD (the next escape on its own);
    /// configuration files keep refusing it (testMalformedDocuments).
    func testLoneSurrogatesCanBeReadAsReplacementCharacters() throws {
        func lenient(_ json: String) throws -> String? {
            guard case .string(let text) = try JSONReader.read(Array(json.utf8), loneSurrogates: true).kind else { return nil }
            return text
        }
        XCTAssertEqual(try lenient("\"a\\ud83db\""), "a\u{FFFD}b")
        XCTAssertEqual(try lenient("\"\\ude00\""), "\u{FFFD}")
        XCTAssertEqual(try lenient("\"\\ud83d\\u0041\""), "\u{FFFD}A")
        XCTAssertEqual(try lenient("\"\\ud83d\\ude00\""), "😀")
        XCTAssertThrowsError(try JSONReader.read(Array("\"\\ud83d\"".utf8)))
    }

    func testNestingKeepsOrderAndPositions() throws {
        let text = "{\n  \"b\": [1, {\"c\": null}],\n  \"a\": {}\n}"
        let value = try XCTUnwrap(read(text))
        guard case .object(let members) = value.kind else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["b", "a"])
        XCTAssertEqual(JSONReader.location(of: members[0].keyOffset, in: Array(text.utf8)), SourceLocation(line: 2, column: 3))
        XCTAssertEqual(JSONReader.location(of: members[1].value.offset, in: Array(text.utf8)), SourceLocation(line: 3, column: 8))
        guard case .array(let elements) = members[0].value.kind else { return XCTFail("not an array") }
        XCTAssertEqual(elements.count, 2)
        XCTAssertEqual(elements[0].kind, .number("1"))
        XCTAssertEqual(elements[1].kind, .object([JSONMember(key: "c", keyOffset: 14, value: JSONValue(kind: .null, offset: 19))]))
        XCTAssertEqual(read("[]")?.kind, .array([]))
        XCTAssertEqual(read("[[[]]]")?.kind, .array([JSONValue(kind: .array([JSONValue(kind: .array([]), offset: 2)]), offset: 1)]))
    }

    func testByteOrderMarkIsSkippedAndNotCounted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": x}".utf8)
        XCTAssertEqual(refusal(bytes), "1:7: unexpected 'x' (expected a value; strings need double quotes)")
        XCTAssertEqual(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).kind, .object([]))
    }

    func testLineEndingsForPositions() {
        XCTAssertEqual(refusal("{\r\n\"a\": 1,\r\n\"b\" 2}"), "3:5: unexpected '2' (expected ':' after the key)")
        XCTAssertEqual(refusal("{\r\"a\": 1,\r\"b\" 2}"), "3:5: unexpected '2' (expected ':' after the key)")
        XCTAssertEqual(refusal("{\n\"é\": 1,\n\"ü\": x}"), "3:7: unexpected 'x' (expected a value; strings need double quotes)",
                       "columns count UTF-8 bytes")
    }

    func testMalformedDocuments() {
        let cases: [(String, String)] = [
            ("", "1:1: unexpected end of file (expected a value)"),
            ("  ", "1:3: unexpected end of file (expected a value)"),
            ("{", "1:2: unexpected end of file (expected a key in double quotes)"),
            ("{\"a\"", "1:5: unexpected end of file (expected ':' after the key)"),
            ("{\"a\":", "1:6: unexpected end of file (expected a value)"),
            ("{\"a\": 1", "1:8: unexpected end of file (expected ',' or '}')"),
            ("{\"a\": 1,}", "1:9: trailing comma before '}'"),
            ("[1,]", "1:4: trailing comma before ']'"),
            ("[1 2]", "1:4: unexpected '2' (expected ',' or ']')"),
            ("{\"a\": 1 \"b\": 2}", "1:9: unexpected '\"' (expected ',' or '}')"),
            ("{a: 1}", "1:2: unexpected 'a' (expected a key in double quotes)"),
            ("{'a': 1}", "1:2: unexpected ''' (expected a key in double quotes)"),
            ("{\"a\": plain}", "1:7: unexpected 'plain' (expected a value; strings need double quotes)"),
            ("{\"a\": True}", "1:7: unexpected 'True' (expected a value; strings need double quotes)"),
            ("{\"a\": truex}", "1:7: unexpected 'truex' (expected a value; strings need double quotes)"),
            ("{\"a\": nul}", "1:7: unexpected 'nul' (expected a value; strings need double quotes)"),
            ("{} {}", "1:4: unexpected '{' after the end of the JSON value"),
            ("{}\n// note", "2:1: unexpected comment (JSON has none) after the end of the JSON value"),
            ("{\n  // note\n}", "2:3: unexpected comment (JSON has none) (expected a key in double quotes)"),
            ("{\"a\": /* x */ 1}", "1:7: unexpected comment (JSON has none) (expected a value)"),
            ("[\u{1}]", "1:2: unexpected U+0001 (expected a value)"),
            ("\"abc", "1:1: unterminated string"),
            ("[\"ab\ncd\"]", "1:2: unterminated string"),
            ("\"a\tb\"", "1:3: control character U+0009 in a string (write it as an escape)"),
            ("\"\\q\"", "1:2: invalid escape '\\q' in a string"),
            ("\"\\", "1:2: unterminated string"),
            ("\"\\u12G4\"", "1:2: invalid unicode escape '\\u12' (expected four hex digits)"),
            ("\"\\ud83d\"", "1:2: lone high surrogate in escape '\\ud83d'"),
            ("\"\\ud83dx\"", "1:2: lone high surrogate in escape '\\ud83d'"),
            ("\"\\ud83d\\u0041\"", "1:2: lone high surrogate in escape '\\ud83d'"),
            ("\"\\ude00\"", "1:2: lone low surrogate in escape '\\ude00'"),
            ("01", "1:1: invalid number '01' (leading zero)"),
            ("-", "1:1: invalid number '-'"),
            ("-a", "1:1: invalid number '-a'"),
            ("1.", "1:1: invalid number '1.' (digits must follow '.')"),
            ("1.e5", "1:1: invalid number '1.e5' (digits must follow '.')"),
            ("1e", "1:1: invalid number '1e' (digits must follow the exponent)"),
            ("1e+", "1:1: invalid number '1e+' (digits must follow the exponent)"),
            ("+1", "1:1: unexpected '+' (expected a value)"),
            (".5", "1:1: unexpected '.' (expected a value)"),
            ("12px", "1:1: invalid number '12px'"),
            ("1.5.2", "1:1: invalid number '1.5.2'"),
            ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key 'a' (first at 1:2)"),
            ("{\"x\": {\"k\": 1,\n \"k\": 2}}", "2:2: duplicate key 'k' (first at 1:8)"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(refusal(text), expected, "for \(text.debugDescription)")
        }
    }

    func testEqualKeysInDifferentObjectsAreFine() {
        XCTAssertNotNil(read("{\"a\": {\"a\": 1}, \"b\": {\"a\": 2}}"))
    }

    func testBytesThatAreNotText() {
        XCTAssertEqual(refusal(Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8)), "1:8: not valid UTF-8")
        XCTAssertEqual(refusal(Array("{\n\"a\": ".utf8) + [0] + Array("}".utf8)), "2:6: NUL byte (not a text file)")
    }

    func testDepthLimit() {
        let deep = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        XCTAssertNotNil(read(deep))
        let tooDeep = String(repeating: "[", count: JSONReader.maximumDepth + 1) + String(repeating: "]", count: JSONReader.maximumDepth + 1)
        XCTAssertEqual(refusal(tooDeep), "1:\(JSONReader.maximumDepth + 1): nested more than \(JSONReader.maximumDepth) levels deep")
        // Far deeper input is refused the same way, without exhausting the stack.
        XCTAssertEqual(refusal(String(repeating: "{\"a\":", count: 100_000)),
                       "1:\(5 * JSONReader.maximumDepth + 1): nested more than \(JSONReader.maximumDepth) levels deep")
    }

    func testQuotedValuesInMessages() throws {
        let value = try XCTUnwrap(read("[\"fancy\", 3, -1.5, true, null, [1], {\"a\": 1}]"))
        guard case .array(let elements) = value.kind else { return XCTFail("not an array") }
        XCTAssertEqual(elements.map(\.quoted), ["'fancy'", "3", "-1.5", "true", "null", "[...]", "{...}"])
    }
}
