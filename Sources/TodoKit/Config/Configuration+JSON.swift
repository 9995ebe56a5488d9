extension Configuration {
    /// The configuration as a `.todofmt.json` file: every key, in a fixed order, every rule by
    /// code with the level it has here. Reading the text back gives the same settings.
    public var json: String {
        var lines = ["{"]
        lines.append("  \"fieldStyle\": \(Self.quote(fieldStyle.rawValue)),")
        lines.append("  \"stampDates\": \(stampDates),")
        lines.append("  \"sinkCompleted\": \(sinkCompleted),")
        lines.append("  \"bullet\": \(Self.quote(bullet.rawValue)),")
        lines.append("  \"indentation\": \(indentation.map(String.init) ?? Self.quote("keep")),")
        lines.append("  \"nextOccurrence\": \(Self.quote(nextOccurrence.rawValue)),")
        let statusMembers = statuses.entries.map { "\(Self.quote(String($0.mark))): \(Self.quote($0.kind.rawValue))" }
        lines.append("  \"statuses\": {\(statusMembers.joined(separator: ", "))},")
        lines.append("  \"globalFilter\": \(Self.quote(globalFilter ?? "")),")
        lines.append("  \"include\": \(Self.array(include)),")
        lines.append("  \"exclude\": \(Self.array(exclude)),")
        var archiveMembers = ["\"olderThanDays\": \(archive.olderThanDays)"]
        if let to = archive.to { archiveMembers.append("\"to\": \(Self.quote(to))") }
        if let section = archive.section { archiveMembers.append("\"section\": \(Self.quote(section))") }
        lines.append("  \"archive\": {\(archiveMembers.joined(separator: ", "))},")
        lines.append("  \"rules\": {")
        for (offset, rule) in LintRule.all.enumerated() {
            let comma = offset == LintRule.all.count - 1 ? "" : ","
            lines.append("    \(Self.quote(rule.code)): \(Self.quote(level(of: rule).rawValue))\(comma)")
        }
        lines.append("  }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func array(_ strings: [String]) -> String {
        guard !strings.isEmpty else { return "[]" }
        return "[" + strings.map(quote).joined(separator: ", ") + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything
    /// else as it is.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: if !JSONValue.appendControlEscape(scalar, to: &result) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
