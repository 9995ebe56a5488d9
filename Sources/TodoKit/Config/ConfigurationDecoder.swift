/// Turns the bytes of a configuration file into a ``Configuration``, or into an error that names
/// the file, the place and the key.
struct ConfigurationDecoder {
    /// The keys of a configuration file, in the order ``Configuration/json`` writes them.
    static let keys = ["fieldStyle", "stampDates", "sinkCompleted", "bullet", "indentation", "nextOccurrence", "statuses", "globalFilter", "include", "exclude", "archive", "rules"]

    let bytes: [UInt8]
    let path: String

    func decode() throws(ConfigurationError) -> Configuration {
        let root: JSONValue
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw failure(error.message, at: error.offset)
        }
        guard case .object(let members) = root.kind else {
            throw failure("expected a JSON object ({...}) at the top, found \(root.quoted)", at: root.offset)
        }
        var configuration = Configuration()
        configuration.file = path
        for member in members {
            let value = member.value
            switch member.key {
            case "fieldStyle":
                guard case .string(let text) = value.kind, let style = FieldStyle(rawValue: text) else {
                    throw invalid(value, for: member.key, expected: "plain, emoji or dataview")
                }
                configuration.fieldStyle = style
            case "stampDates":
                configuration.stampDates = try bool(value, for: member.key)
            case "sinkCompleted":
                configuration.sinkCompleted = try bool(value, for: member.key)
            case "bullet":
                guard case .string(let text) = value.kind,
                      let bullet = BulletStyle(rawValue: text) else {
                    throw invalid(value, for: member.key, expected: "keep, -, * or +")
                }
                configuration.bullet = bullet
            case "indentation":
                if case .string("keep") = value.kind {
                    configuration.indentation = nil
                } else if case .number(let literal) = value.kind, let columns = Int(literal), FormatOptions.indentationWidths.contains(columns) {
                    configuration.indentation = columns
                } else {
                    throw invalid(value, for: member.key, expected: "keep, 2, 3 or 4")
                }
            case "nextOccurrence":
                guard case .string(let text) = value.kind, let placement = OccurrencePlacement(rawValue: text) else {
                    throw invalid(value, for: member.key, expected: "above or below")
                }
                configuration.nextOccurrence = placement
            case "statuses":
                try readStatuses(value, into: &configuration)
            case "globalFilter":
                guard case .string(let filter) = value.kind, !filter.contains(where: { $0 == "\n" || $0 == "\r" }) else {
                    throw invalid(value, for: member.key, expected: "a string such as \"#task\" (\"\" for none)")
                }
                configuration.globalFilter = filter.isEmpty ? nil : filter
            case "include":
                let (include, compiled) = try patterns(value, for: member.key)
                configuration.setInclude(include, compiled: compiled)
            case "exclude":
                (configuration.exclude, configuration.excludePatterns) = try patterns(value, for: member.key)
            case "rules":
                try readRules(value, into: &configuration)
            case "archive":
                configuration.archive = try archiveSettings(value)
            default:
                throw failure("unknown key '\(JSONValue.printable(member.key))'" + suggestion(member.key, among: Self.keys), at: member.keyOffset)
            }
        }
        return configuration
    }

    private func bool(_ value: JSONValue, for key: String) throws(ConfigurationError) -> Bool {
        guard case .bool(let flag) = value.kind else { throw invalid(value, for: key, expected: "true or false") }
        return flag
    }

    /// An array of glob patterns, as written and compiled.
    private func patterns(_ value: JSONValue, for key: String) throws(ConfigurationError) -> ([String], [PathPattern]) {
        guard case .array(let elements) = value.kind else {
            throw invalid(value, for: key, expected: "an array of glob patterns")
        }
        var texts: [String] = []
        var patterns: [PathPattern] = []
        for element in elements {
            guard case .string(let text) = element.kind, !text.isEmpty else {
                throw failure("invalid value \(element.quoted) in '\(key)' (expected a glob pattern)", at: element.offset)
            }
            if key == "include", text.hasSuffix("/") {
                throw failure("invalid pattern '\(JSONValue.printable(text))' in 'include' (it matches directories only; "
                              + "'\(JSONValue.printable(text))**' matches the files below them)", at: element.offset)
            }
            do {
                patterns.append(try PathPattern(text))
            } catch {
                throw failure("invalid pattern in '\(key)': \(JSONValue.printable(error.description, limit: nil))",
                              at: element.offset)
            }
            texts.append(text)
        }
        return (texts, patterns)
    }

    /// `{"olderThanDays": 30, "to": "done.md"}` or `{"section": "Archive"}`.
    private func archiveSettings(_ value: JSONValue) throws(ConfigurationError) -> ArchiveSettings {
        guard case .object(let members) = value.kind else {
            throw invalid(value, for: "archive", expected: "an object with olderThanDays, to or section")
        }
        var settings = ArchiveSettings()
        for member in members {
            let value = member.value
            switch member.key {
            case "olderThanDays":
                guard case .number(let literal) = value.kind, let days = Int(literal), days >= 0 else {
                    throw invalid(value, for: "archive.olderThanDays", expected: "a whole number of days, 0 or more")
                }
                settings.olderThanDays = days
            case "to", "section":
                guard case .string(let text) = value.kind, !text.isEmpty, !text.contains("\n") else {
                    throw invalid(value, for: "archive.\(member.key)",
                                  expected: member.key == "to" ? "a file path" : "a heading's text")
                }
                if member.key == "to" { settings.to = text } else { settings.section = text }
            default:
                throw failure("unknown key '\(JSONValue.printable(member.key))' in 'archive'"
                              + suggestion(member.key, among: ["olderThanDays", "to", "section"]), at: member.keyOffset)
            }
        }
        if settings.to != nil && settings.section != nil {
            throw failure("'archive' takes 'to' or 'section', not both", at: value.offset)
        }
        return settings
    }

    /// An object from rule codes or names to levels.
    private func readRules(_ value: JSONValue, into configuration: inout Configuration) throws(ConfigurationError) {
        guard case .object(let members) = value.kind else {
            throw invalid(value, for: "rules", expected: "an object of rule codes or names and severities")
        }
        var spelling: [String: String] = [:]
        for member in members {
            guard let rule = LintRule.named(member.key) else {
                let known = LintRule.all.flatMap { [$0.code, $0.name] }
                throw failure("unknown rule '\(JSONValue.printable(member.key))' in 'rules'" + suggestion(member.key, among: known),
                              at: member.keyOffset)
            }
            if let earlier = spelling[rule.code] {
                throw failure("rule '\(member.key)' in 'rules' is '\(earlier)' again", at: member.keyOffset)
            }
            guard case .string(let text) = member.value.kind, let level = RuleLevel(rawValue: text) else {
                throw failure("invalid value \(member.value.quoted) for '\(member.key)' in 'rules' "
                              + "(expected error, warning, info or off)", at: member.value.offset)
            }
            spelling[rule.code] = member.key
            configuration.setLevel(level, of: rule)
        }
    }

    /// `"statuses": {">": "open", "~": "cancelled"}`: one checkbox mark (one Unicode scalar, not a
    /// standard mark, white space or a bracket) to open, inProgress, done or cancelled.
    private func readStatuses(_ value: JSONValue, into configuration: inout Configuration) throws(ConfigurationError) {
        guard case .object(let members) = value.kind else {
            throw invalid(value, for: "statuses", expected: "an object of checkbox marks and open, inProgress, done or cancelled")
        }
        var statuses = StatusMap()
        for member in members {
            let scalars = member.key.unicodeScalars
            // A space is the open task's standard mark (other white space is never a checkbox mark).
            guard member.key != " " else {
                throw failure("' ' in 'statuses' is a standard mark; only other marks can be mapped", at: member.keyOffset)
            }
            guard scalars.count == 1, let mark = scalars.first, !mark.properties.isWhitespace, mark != "[", mark != "]" else {
                throw failure("invalid checkbox mark '\(JSONValue.printable(member.key))' in 'statuses' (expected one character)",
                              at: member.keyOffset)
            }
            guard !StatusMap.standardMarks.contains(mark) else {
                throw failure("'\(member.key)' in 'statuses' is a standard mark; only other marks can be mapped", at: member.keyOffset)
            }
            guard statuses[mark] == nil else {
                throw failure("mark '\(member.key)' in 'statuses' is mapped twice", at: member.keyOffset)
            }
            guard case .string(let text) = member.value.kind, let kind = TaskStatus.Kind(rawValue: text) else {
                throw failure("invalid value \(member.value.quoted) for '\(member.key)' in 'statuses' "
                              + "(expected open, inProgress, done or cancelled)", at: member.value.offset)
            }
            statuses[mark] = kind
        }
        configuration.statuses = statuses
    }

    private func invalid(_ value: JSONValue, for key: String, expected: String) -> ConfigurationError {
        failure("invalid value \(value.quoted) for '\(key)' (expected \(expected))", at: value.offset)
    }

    private func failure(_ message: String, at offset: Int) -> ConfigurationError {
        ConfigurationError(path: path, location: JSONReader.location(of: offset, in: bytes), message: message)
    }

    /// ` (did you mean 'x'?)` when `word` is a likely typo of one of `known`, else nothing.
    private func suggestion(_ word: String, among known: [String]) -> String {
        guard let match = EditDistance.closest(to: word, among: known) else { return "" }
        return " (did you mean '\(match)'?)"
    }
}
