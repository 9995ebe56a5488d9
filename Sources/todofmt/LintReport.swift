import TodoKit

/// Lint findings printed for people (text), for programs (JSON) or for GitHub Actions
/// (workflow commands), and the rules table of `todofmt rules`.
struct LintReport {
    /// One finding in one file.
    struct Entry {
        /// The path as given on the command line (`<stdin>` for standard input).
        var path: String
        var finding: Finding
    }

    /// The entries in the order they are printed.
    var entries: [Entry]

    /// `path:line:col: severity: message [TDnnn]`, one line each; the severity coloured if asked.
    func text(colored: Bool) -> String {
        var out = ""
        for entry in entries {
            let f = entry.finding
            var severity = f.severity.rawValue
            if colored {
                let color = switch f.severity {
                case .error: "31"
                case .warning: "33"
                case .info: "36"
                }
                severity = "\u{1B}[1;\(color)m\(severity)\u{1B}[m"
            }
            out += "\(entry.path):\(f.location.line):\(f.location.column): \(severity): \(f.message) [\(f.code)]\n"
        }
        return out
    }

    /// A JSON array of objects with path, line, column, severity, code, rule and message.
    func json() -> String {
        guard !entries.isEmpty else { return "[]\n" }
        let objects = entries.map { entry -> String in
            let f = entry.finding
            return "  {\"path\": \(Self.jsonString(entry.path)), \"line\": \(f.location.line), "
                + "\"column\": \(f.location.column), \"severity\": \"\(f.severity.rawValue)\", "
                + "\"code\": \"\(f.code)\", \"rule\": \"\(f.rule)\", \"message\": \(Self.jsonString(f.message))}"
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

    /// A JSON string literal.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func githubData(_ s: String) -> String {
        s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    static func githubProperty(_ s: String) -> String {
        githubData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
