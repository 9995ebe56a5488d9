/// Text from a file made safe to show on a terminal: a todo file cloned from someone else's repository
/// must not be able to set the terminal's title, move its cursor or reorder what follows, as `ls`
/// shows such names escaped.
enum TerminalText {
    /// `text` with every control character shown instead of obeyed: C0 controls and DEL as their
    /// Unicode control pictures (ESC as `␛`, BEL as `␇`; a tab as a space), C1 controls and the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) as `�`.
    /// - Parameter text: A title, heading or path read from a file.
    /// - Returns: `text` itself when it has none of them (the common case: nothing is copied).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result.append(" ")
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            default: result.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }

    /// Whether the terminal would obey `scalar` rather than show it.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
