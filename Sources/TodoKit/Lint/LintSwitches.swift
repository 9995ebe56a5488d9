/// Which lint rules `todofmt-disable` and `todofmt-enable` comments turn off, line by line.
///
/// A directive acts on the lines after its own: `<!-- todofmt-disable TD004 -->` on line 5 turns
/// TD004 off from line 6 to the end of the file or to a `todofmt-enable` that names it (or names
/// nothing). Without rule names, `disable` turns every rule off and `enable` every rule on again.
struct LintSwitches {
    /// A rule name in a directive that names no rule.
    struct UnknownRule {
        var directive: Int
        var argument: Int
    }

    /// The rules off after each directive that changes them: (directive line, codes off).
    private var states: [(line: Int, off: Set<String>)] = []
    /// Arguments that name no rule (they change nothing).
    private(set) var unknownRules: [UnknownRule] = []

    init(_ directives: Directives) {
        var off: Set<String> = []
        for (index, directive) in directives.all.enumerated() {
            guard directive.kind == .disable || directive.kind == .enable else { continue }
            var codes: [String] = []
            for (position, argument) in directive.arguments.enumerated() {
                if let rule = LintRule.named(argument) {
                    codes.append(rule.code)
                } else {
                    unknownRules.append(UnknownRule(directive: index, argument: position))
                }
            }
            if directive.arguments.isEmpty { codes = LintRule.all.map(\.code) }
            if directive.kind == .disable {
                off.formUnion(codes)
            } else {
                off.subtract(codes)
            }
            states.append((directive.line, off))
        }
    }

    /// Whether the rule with `code` is off on `line` (0-based).
    func isOff(_ code: String, line: Int) -> Bool {
        guard !states.isEmpty else { return false }
        // The last directive before `line`.
        let after = BinarySearch.partitionPoint(in: states.indices) { states[$0].line < line }
        return after > 0 && states[after - 1].off.contains(code)
    }
}
