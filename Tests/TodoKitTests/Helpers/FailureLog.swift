import XCTest

/// Collects per-input failures of a sweep and reports them together, naming each input.
struct FailureLog {
    private var entries: [(label: String, message: String)] = []
    /// How many failures are spelled out in full; the rest are only named.
    var detailed = 8

    /// Records that `label` failed with `message`.
    mutating func record(_ label: String, _ message: String) {
        entries.append((label, message))
    }

    /// Whether nothing failed.
    var isEmpty: Bool { entries.isEmpty }

    /// Fails the running test once, listing every failing input, when anything was recorded.
    func report(_ what: String, checked: Int, file: StaticString = #filePath, line: UInt = #line) {
        guard !entries.isEmpty else { return }
        var text = "\(what): \(entries.count) failure(s) in \(checked) input(s): "
        text += entries.prefix(40).map(\.label).joined(separator: ", ") + (entries.count > 40 ? ", …" : "")
        for entry in entries.prefix(detailed) {
            text += "\n--- \(entry.label)\n\(entry.message)"
        }
        if entries.count > detailed { text += "\n--- (\(entries.count - detailed) more not shown)" }
        XCTFail(text, file: file, line: line)
    }
}
