extension Configuration {
    /// The configuration as a `.todofmt.json` file: every key, in a fixed order, every rule by
    /// code with the level it has here. Reading the text back gives the same settings.
    public var json: String {
        var lines = ["{"]
        lines.append("  \"fieldStyle\": \(JSONWriter.literal(fieldStyle.rawValue)),")
        lines.append("  \"stampDates\": \(stampDates),")
        lines.append("  \"sinkCompleted\": \(sinkCompleted),")
        lines.append("  \"bullet\": \(JSONWriter.literal(bullet.rawValue)),")
        lines.append("  \"indentation\": \(indentation.map(String.init) ?? JSONWriter.literal("keep")),")
        lines.append("  \"nextOccurrence\": \(JSONWriter.literal(nextOccurrence.rawValue)),")
        let statusMembers = statuses.entries.map { "\(JSONWriter.literal(String($0.mark))): \(JSONWriter.literal($0.kind.rawValue))" }
        lines.append("  \"statuses\": {\(statusMembers.joined(separator: ", "))},")
        lines.append("  \"globalFilter\": \(JSONWriter.literal(globalFilter ?? "")),")
        lines.append("  \"include\": \(Self.array(include)),")
        lines.append("  \"exclude\": \(Self.array(exclude)),")
        var archiveMembers = ["\"olderThanDays\": \(archive.olderThanDays)"]
        if let to = archive.to { archiveMembers.append("\"to\": \(JSONWriter.literal(to))") }
        if let section = archive.section { archiveMembers.append("\"section\": \(JSONWriter.literal(section))") }
        lines.append("  \"archive\": {\(archiveMembers.joined(separator: ", "))},")
        lines.append("  \"rules\": {")
        for (offset, rule) in LintRule.all.enumerated() {
            let comma = offset == LintRule.all.count - 1 ? "" : ","
            lines.append("    \(JSONWriter.literal(rule.code)): \(JSONWriter.literal(level(of: rule).rawValue))\(comma)")
        }
        lines.append("  }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func array(_ strings: [String]) -> String {
        guard !strings.isEmpty else { return "[]" }
        return "[" + strings.map(JSONWriter.literal).joined(separator: ", ") + "]"
    }
}
