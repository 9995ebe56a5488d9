import TodoKit

/// Spelling words for the shell scripts the completions are.
enum ShellWord {
    /// `word` in single quotes for sh, bash and zsh: `it's` → `'it'\''s'`.
    static func quoted(_ word: String) -> String {
        "'" + word.replacing(every: "'", with: "'\\''") + "'"
    }

    /// A `case` pattern matching exactly these words: `--today|--rule`. The words are option and
    /// command names (letters, digits, `-`, `_`), which need no quoting.
    static func bashPattern(_ words: [String]) -> String {
        words.joined(separator: "|")
    }

    /// `name` as part of a shell function or variable name: `field-style` → `field_style`.
    static func identifier(_ name: String) -> String {
        String(name.drop { $0 == "-" }.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
