import TodoKit

/// Lint findings printed for people (text), for programs (JSON) or for GitHub Actions
/// (workflow commands), and the rules table of `todofmt rules`.
struct LintReport {
    /// One finding in one file.
    struct Entry: Sendable {
        /// The path as given on the command line (`<stdin>` for standard input).
        var path: String
        var finding: Finding
        /// The finding's column counted in UTF-16 code units, as SARIF counts by default; worked
        /// out only for SARIF reports (nil otherwise).
        var utf16Column: Int?
    }

    /// The entries in the order they are printed.
    var entries: [Entry]

    /// Entries for the findings in one file's `bytes`; with `utf16Columns`, each also gets its
    /// UTF-16 column (a pass over the file that only SARIF needs).
    static func entries(path: String, findings: [Finding], in bytes: [UInt8], utf16Columns: Bool) -> [Entry] {
        guard utf16Columns else { return findings.map { Entry(path: path, finding: $0, utf16Column: nil) } }
        guard !findings.isEmpty else { return [] }
        // Line starts as the linter counts lines: LF, CRLF and a lone CR end a line.
        let starts = LineEnding.lineRanges(of: bytes).map(\.lowerBound)
        return findings.map { finding in
            let line = finding.location.line - 1
            let start = line < starts.count ? starts[line] : bytes.count
            let end = min(start + finding.location.column - 1, bytes.count)
            let prefix = String(decoding: bytes[start..<end], as: UTF8.self)
            return Entry(path: path, finding: finding, utf16Column: prefix.utf16.count + 1)
        }
    }

    /// Sorted by path; the findings of one file keep their order (line, column, code).
    ///
    /// The entries come in runs, one file's findings after another's: the runs are sorted (by path,
    /// then by where they stood), not each entry (a large file's check has thousands, and comparing
    /// their paths cost more than the rest of the report).
    static func sorted(_ entries: [Entry]) -> [Entry] {
        var runs: [Range<Int>] = []
        var start = 0
        for index in entries.indices.dropFirst() where entries[index].path != entries[index - 1].path {
            runs.append(start..<index)
            start = index
        }
        if !entries.isEmpty { runs.append(start..<entries.count) }
        guard runs.count > 1 else { return entries }
        runs.sort { (entries[$0.lowerBound].path, $0.lowerBound) < (entries[$1.lowerBound].path, $1.lowerBound) }
        var sorted: [Entry] = []
        sorted.reserveCapacity(entries.count)
        for run in runs { sorted += entries[run] }
        return sorted
    }

    /// The report in `format`.
    func rendered(_ format: ReportFormat, colored: Bool) -> String {
        switch format {
        case .text: text(colored: colored)
        case .json: json()
        case .github: github()
        case .sarif: sarif()
        }
    }

    /// ``rendered(_:colored:)`` as UTF-8 bytes, what goes to standard output.
    func renderedBytes(_ format: ReportFormat, colored: Bool) -> [UInt8] {
        format == .text ? textBytes(colored: colored) : Array(rendered(format, colored: colored).utf8)
    }

    /// `path:line:col: severity: message [TDnnn]`, one line each; the severity coloured if asked.
    func text(colored: Bool) -> String {
        String(decoding: textBytes(colored: colored), as: UTF8.self)
    }

    /// ``text(colored:)`` written as bytes (a check of a large file reports thousands of lines:
    /// string interpolation cost more than formatting the file).
    private func textBytes(colored: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.reduce(0) { $0 + $1.path.utf8.count + $1.finding.message.utf8.count + 64 })
        for entry in entries {
            let f = entry.finding
            LintReport.append(entry.path, to: &out)
            out.append(UInt8(ascii: ":"))
            LintReport.appendDecimal(f.location.line, to: &out)
            out.append(UInt8(ascii: ":"))
            LintReport.appendDecimal(f.location.column, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            if colored {
                let color = switch f.severity {
                case .error: "31"
                case .warning: "33"
                case .info: "36"
                }
                LintReport.append("\u{1B}[1;" + color + "m", to: &out)
                LintReport.append(f.severity.rawValue, to: &out)
                LintReport.append("\u{1B}[m", to: &out)
            } else {
                LintReport.append(f.severity.rawValue, to: &out)
            }
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            LintReport.append(f.message, to: &out)
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "["))
            LintReport.append(f.code, to: &out)
            out.append(UInt8(ascii: "]"))
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Appends the UTF-8 bytes of `text`, copied from its storage at once (appending its `utf8`
    /// view went a byte at a time: most of a large check's report).
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Appends `number` in decimal digits.
    private static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        // Written from the end of a 24-byte buffer on the stack (an Int has at most 20 digits).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[first...]))
        }
    }

    /// A JSON array of objects with path, line, column, severity, code, rule and message.
    func json() -> String {
        guard !entries.isEmpty else { return "[]\n" }
        let objects = entries.map { entry -> String in
            let f = entry.finding
            return "  {\"path\": \(JSONWriter.literal(entry.path)), \"line\": \(f.location.line), "
                + "\"column\": \(f.location.column), \"severity\": \"\(f.severity.rawValue)\", "
                + "\"code\": \"\(f.code)\", \"rule\": \"\(f.rule)\", \"message\": \(JSONWriter.literal(f.message))}"
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=TDnnn::message`.
    func github() -> String {
        var out = ""
        for entry in entries {
            let f = entry.finding
            let command = switch f.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
            out += "::\(command) file=\(Self.githubProperty(entry.path)),line=\(f.location.line),"
                + "col=\(f.location.column),title=\(f.code)::\(Self.githubData(f.message))\n"
        }
        return out
    }

    /// A SARIF 2.1.0 log with one run: the rules that reported something, and the results.
    func sarif() -> String {
        var ruleIndex: [String: Int] = [:]
        var rules: [LintRule] = []
        for entry in entries where ruleIndex[entry.finding.code] == nil {
            guard let rule = LintRule.named(entry.finding.code) else { continue }
            ruleIndex[rule.code] = rules.count
            rules.append(rule)
        }
        let ruleObjects = rules.map { rule in
            "        {\"id\": \"\(rule.code)\", \"name\": \"\(rule.name)\", "
                + "\"shortDescription\": {\"text\": \(JSONWriter.literal(rule.summary))}, "
                + "\"fullDescription\": {\"text\": \(JSONWriter.literal(rule.rationale))}, "
                + "\"defaultConfiguration\": {\"level\": \"\(Self.sarifLevel(rule.severity))\"}}"
        }
        let results = entries.map { entry in
            let f = entry.finding
            let index = ruleIndex[f.code].map { ", \"ruleIndex\": \($0)" } ?? ""
            return "      {\"ruleId\": \"\(f.code)\"\(index), \"level\": \"\(Self.sarifLevel(f.severity))\", "
                + "\"message\": {\"text\": \(JSONWriter.literal(f.message))}, \"locations\": [{\"physicalLocation\": "
                + "{\"artifactLocation\": {\"uri\": \(JSONWriter.literal(Self.uri(entry.path)))}, "
                + "\"region\": {\"startLine\": \(f.location.line), \"startColumn\": \(entry.utf16Column ?? f.location.column)}}}]}"
        }
        return """
            {
              "version": "2.1.0",
              "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
              "runs": [{
                "tool": {"driver": {
                  "name": "todofmt",
                  "version": "\(CommandLineDescription.todofmt.version.split(separator: " ").last ?? "")",
                  "rules": [\(ruleObjects.isEmpty ? "" : "\n" + ruleObjects.joined(separator: ",\n") + "\n      ")]
                }},
                "results": [\(results.isEmpty ? "" : "\n" + results.joined(separator: ",\n") + "\n    ")]
              }]
            }

            """
    }

    /// SARIF's name for a severity.
    static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative URI reference for a path: characters outside RFC 3986's unreserved set and `/`
    /// percent-encoded; an absolute path becomes a `file://` URI.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// Every rule: code, severity, fixable, name and summary, in aligned columns.
    static func rulesTable() -> String {
        let rows = LintRule.all.map { rule in
            [rule.code, rule.severity.rawValue + (rule.enabledByDefault ? "" : " (off)"), rule.fixable ? "fixable" : "-",
             rule.name, rule.summary]
        }
        let header = ["CODE", "SEVERITY", "FIX", "NAME", "DESCRIPTION"]
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            (0..<4).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) + "  " }.joined() + row[4]
        }.joined(separator: "\n") + "\n"
    }

    /// The custom checkbox marks of a configuration and the status each stands for, after a blank
    /// line; empty when there are none.
    static func statusTable(_ statuses: StatusMap) -> String {
        guard !statuses.isEmpty else { return "" }
        let names: [TaskStatus.Kind: String] = [.open: "open", .inProgress: "in progress", .done: "done", .cancelled: "cancelled"]
        return "\nCHECKBOX  STATUS (statuses in \(Configuration.fileName))\n"
            + statuses.entries.map { "[\($0.mark)]" + String(repeating: " ", count: 7) + names[$0.kind]! + "\n" }.joined()
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func githubData(_ s: String) -> String {
        s.replacing(every: "%", with: "%25").replacing(every: "\r", with: "%0D").replacing(every: "\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    static func githubProperty(_ s: String) -> String {
        githubData(s).replacing(every: ":", with: "%3A").replacing(every: ",", with: "%2C")
    }
}
