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
    static func entries(path: String, findings: [Finding], in bytes: UnsafeBufferPointer<UInt8>, utf16Columns: Bool) -> [Entry] {
        guard utf16Columns else { return findings.map { Entry(path: path, finding: $0, utf16Column: nil) } }
        guard !findings.isEmpty else { return [] }
        // Line starts as the linter counts lines: LF, CRLF and a lone CR end a line. Columns on the
        // first line count from after a byte-order mark, as the linter's do.
        var starts = LineEnding.lineRanges(in: bytes, 0..<bytes.count).map(\.lowerBound)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]), !starts.isEmpty { starts[0] = 3 }
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
    /// string interpolation cost more than formatting the file). Each entry's fields are read in
    /// place, not copied out with the strings they hold; a run of entries in one file writes its
    /// path from the bytes of the first, and a run of one severity's and one rule's findings what
    /// stands around the message, with each severity's part made once (``BeforeMessage``).
    private func textBytes(colored: Bool) -> [UInt8] {
        var out = ByteWriter(capacity: entries.count * 96 + 256)
        var path = ""
        var pathBytes: [UInt8] = []
        var prefixes = BeforeMessage(colored: colored)
        var severity: Severity?
        var code = ""
        // `: severity: ` for `severity`, and ` [code]` and the line feed for `code`.
        var beforeMessage: [UInt8] = []
        var afterMessage: [UInt8] = []
        for index in entries.indices {
            if entries[index].path != path {
                path = entries[index].path
                pathBytes = Array(path.utf8)
            }
            if entries[index].finding.severity != severity {
                severity = entries[index].finding.severity
                beforeMessage = prefixes[entries[index].finding.severity]
            }
            if entries[index].finding.code != code {
                code = entries[index].finding.code
                afterMessage = Array(" [".utf8)
                afterMessage += code.utf8
                afterMessage += "]\n".utf8
            }
            pathBytes.withUnsafeBufferPointer { out.append($0, 0, $0.count) }
            out.append(UInt8(ascii: ":"))
            out.appendDecimal(entries[index].finding.location.line)
            out.append(UInt8(ascii: ":"))
            out.appendDecimal(entries[index].finding.location.column)
            beforeMessage.withUnsafeBufferPointer { out.append($0, 0, $0.count) }
            out.append(contentsOf: entries[index].finding.message)
            afterMessage.withUnsafeBufferPointer { out.append($0, 0, $0.count) }
        }
        return out.bytes
    }

    /// ``beforeMessage(_:colored:)`` of each severity, made when first needed. Three fields, not an
    /// array: the check of a small file prints here, and the first array of a type costs the Swift
    /// runtime its metadata at start-up.
    private struct BeforeMessage {
        let colored: Bool
        private var error: [UInt8] = [], warning: [UInt8] = [], info: [UInt8] = []

        init(colored: Bool) {
            self.colored = colored
        }

        subscript(severity: Severity) -> [UInt8] {
            mutating get {
                switch severity {
                case .error:
                    if error.isEmpty { error = LintReport.beforeMessage(.error, colored: colored) }
                    return error
                case .warning:
                    if warning.isEmpty { warning = LintReport.beforeMessage(.warning, colored: colored) }
                    return warning
                case .info:
                    if info.isEmpty { info = LintReport.beforeMessage(.info, colored: colored) }
                    return info
                }
            }
        }
    }

    /// What stands between a text line's column and its message: `: severity: `, the severity
    /// coloured if asked.
    private static func beforeMessage(_ severity: Severity, colored: Bool) -> [UInt8] {
        let color = switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;36m"
        }
        return Array((colored ? ": \(color)\(severity.rawValue)\u{1B}[m: " : ": \(severity.rawValue): ").utf8)
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
        return "\nCHECKBOX  STATUS (statuses in \(Configuration.fileName))\n"
            + statuses.entries.map { "[\($0.mark)]" + String(repeating: " ", count: 7) + $0.kind.word + "\n" }.joined()
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
