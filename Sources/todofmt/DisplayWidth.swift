#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks and other zero-width characters none, everything else one.
enum DisplayWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one user-perceived character takes.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji presentation selector or a ZWJ sequence makes the whole cluster an emoji.
        if scalars.contains(where: { $0.value == 0xFE0F }) || (scalars.count > 1 && scalars.contains { $0.value == 0x200D }) {
            return 2
        }
        if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// East Asian Wide and Fullwidth blocks.
    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// `text` cut to at most `columns` columns, ending in `…` when something was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns >= 1 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// The width of the terminal on standard output: its size, else `COLUMNS`, else nil.
    static func terminalColumns() -> Int? {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        return nil
    }
}
