// libFuzzer target over the parser, the formatter and its safety verifier.
//
// Built by `make fuzz`: this file is compiled together with the TodoKit sources into one module
// (`swiftc -sanitize=fuzzer,address`), so it sees the library exactly as a client does, without
// `@testable`. Properties checked on every input:
//   - nothing crashes, traps or trips AddressSanitizer;
//   - the UTF-8 check agrees with the standard library: valid text without NUL parses, anything
//     else throws `invalidUTF8`/`binary` (from the parser and the formatter alike);
//   - parsing is lossless: `TodoDocument(utf8:).utf8` and `TodoDocument(_:)` give back the input;
//   - formatting succeeds or throws `verificationFailed` (each such input is a finding: it is
//     counted and saved to `$FUZZ_FINDINGS`, or traps when `FUZZ_TRAP_ON_VERIFY=1`);
//   - the result is valid UTF-8, keeps the tasks (same titles and completion; besides, a done task
//     with a rule and no end date may gain one open task of its title, its next occurrence, and a
//     done one saying `🏁 delete` may go) and formatting it again changes nothing;
//   - a document without tasks comes out byte for byte (with the indentation option, up to the
//     leading white space of its lines);
//   - a block scan cut into parts (as large files are scanned, on several threads) finds the
//     structure one scan from the top finds, with the cuts forced at every heading they may be at;
//   - formatting a stretch at a time (as large files are, cut at every heading that may start a
//     stretch) gives what formatting the whole input gives, and refuses what it refuses;
//   - a pass whose lists are looked at and whose output is written in parts (as for large files)
//     gives the bytes, the pass count and the task facts of a pass in one part;
//   - the linter (every rule on) reports only places inside the document, and after formatting
//     with the defaults (what `lint --fix` does) no fixable finding is left, except TD004 for a
//     list the formatter may not move.
//   - a model edit of task lines (ticked, retitled with text from the input) read from the old
//     parse (`ParsedDocument.replacingTaskLines`) is the parse of the new bytes, where it is made;
//   - a model edit of lines (one removed, one copied elsewhere, a run moved to the end) whose
//     parse scans again only the lines between the cuts around it (`ParsedDocument.reparsing`)
//     is the parse of the new bytes, where it is made;
//   - what `--check` and `--diff` report of the input and a formatted output (ChangedLines and
//     UnifiedDiff, which split only the lines between the texts' shared ends) is what splitting
//     and comparing every line reports (their `trimmed: false` path).
// Any other violation traps, so libFuzzer saves the input as a crash artifact.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inputs whose formatting failed verification in this process, and where they were saved.
private nonisolated(unsafe) var verificationFailures = 0
private nonisolated(unsafe) var inputsSeen = 0
private nonisolated(unsafe) var summaryRegistered = false

/// A fixed "today" so that a finding reproduces on any day.
private let fuzzToday = Day("2026-11-21")!

/// Every lint rule, on or off by default.
private let linter = Linter(today: fuzzToday, rules: LintRule.all)

/// Findings that formatting must resolve (TD004 may stay where a list cannot move).
private let fixableCodes = Set(LintRule.all.filter(\.fixable).map(\.code)).subtracting(["TD004"])

/// The formatter configurations exercised; every input runs the default one and one other.
private let optionSets: [FormatOptions] = {
    var sets: [FormatOptions] = []
    for style in FieldStyle.allCases {
        for stamp in [true, false] {
            for sink in [true, false] {
                for (bullet, indentation) in [(BulletStyle.keep, nil), (.dash, 2), (.asterisk, 4), (.plus, 3), (.dash, nil), (.keep, 2)] as [(BulletStyle, Int?)] {
                    sets.append(FormatOptions(fieldStyle: style, stampDates: stamp, sinkCompleted: sink, today: fuzzToday,
                                              bullet: bullet, indentation: indentation))
                }
            }
        }
    }
    return sets
}()

/// libFuzzer's entry point: checks every property above on one input; returns 0 (keep going).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if !summaryRegistered {
        summaryRegistered = true
        atexit { printSummary() }
    }
    inputsSeen += 1
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    checkDocument(bytes)
    return 0
}

private func checkDocument(_ bytes: [UInt8]) {
    // The oracle for "is this text": the standard library's own UTF-8 validation, plus no NUL.
    let isText = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)

    let document: TodoDocument
    do throws(TodoError) {
        document = try TodoDocument(utf8: bytes)
    } catch let parseError {
        guard !isText else { violation("valid UTF-8 text was refused: \(parseError)", bytes) }
        if case .verificationFailed = parseError { violation("parsing threw verificationFailed", bytes) }
        do throws(TodoError) {
            _ = try TodoFormatter(options: optionSets[0]).format(utf8: bytes)
            violation("formatter accepted bytes the parser refused", bytes)
        } catch {
            guard error == parseError else { violation("formatter and parser disagree: \(error) / \(parseError)", bytes) }
        }
        do throws(TodoError) {
            _ = try linter.lint(utf8: bytes)
            violation("linter accepted bytes the parser refused", bytes)
        } catch {
            guard error == parseError else { violation("linter and parser disagree: \(error) / \(parseError)", bytes) }
        }
        return
    }
    guard isText else { violation("invalid UTF-8 or NUL was accepted", bytes) }
    checkScanInParts(bytes)
    checkReplacedTaskLines(bytes)
    checkReparsedRegions(bytes)

    // Lossless, through both entry points.
    guard document.utf8 == bytes else { violation("TodoDocument(utf8:).utf8 differs from the input", bytes) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard Array(TodoDocument(text).utf8) == bytes else { violation("TodoDocument(_:).utf8 differs from the input", bytes) }
    guard document.text == text else { violation("TodoDocument.text differs from the input", bytes) }

    checkFindingsAreInside(linter.lint(document), bytes)
    checkLintInParts(bytes)

    let other = 1 + Int(fnv1a(bytes) % UInt64(optionSets.count - 1))
    for options in [optionSets[0], optionSets[other]] {
        checkFormatting(bytes, document, options)
    }
    checkPassInParts(bytes, optionSets[other])
}

/// A pass in parts against a pass in one (fuzz inputs are far below the size where a pass is cut,
/// so the parts are forced), after a survey as the formatter makes one.
private func checkPassInParts(_ bytes: [UInt8], _ options: FormatOptions) {
    let doc = ParsedDocument(validated: bytes)
    var surveyed = TaskFacts(count: doc.structure.tasks.count)
    _ = CanonicalForm.survey(doc, options: options, facts: &surveyed)
    var oneFacts = surveyed
    let one = CanonicalForm.render(doc, options: options, facts: &oneFacts, allowedPasses: TodoFormatter.maximumPasses, parts: 1)
    for parts in [2, 3] {
        var facts = surveyed
        let cut = CanonicalForm.render(doc, options: options, facts: &facts, allowedPasses: TodoFormatter.maximumPasses, parts: parts)
        guard cut.bytes == one.bytes, cut.passes == one.passes, facts.keys == oneFacts.keys, facts.states == oneFacts.states,
              facts.completesTasksNow == oneFacts.completesTasksNow else {
            violation("a pass in \(parts) parts differs from a pass in one", bytes)
        }
    }
}

/// The lint pass with its tasks in parts (forced: fuzz inputs are far below the size where they
/// are split), and with titles that share hashes (one bit kept), against one pass with whole hashes.
private func checkLintInParts(_ bytes: [UInt8]) {
    let doc = ParsedDocument(validated: bytes)
    let rules = Set(LintRule.all.map(\.code))
    func lint(parts: Int, titleHashBits: UInt64) -> ([Finding], Set<String>) {
        bytes.withUnsafeBufferPointer { buf in
            var pass = LintPass(doc: doc, buf: buf, today: fuzzToday, enabled: rules)
            pass.titleHashBits = titleHashBits
            pass.run(parts: parts)
            return (pass.findings, pass.ids)
        }
    }
    let one = lint(parts: 1, titleHashBits: .max)
    for (parts, bits) in [(3, UInt64.max), (1, 1)] as [(Int, UInt64)] {
        let other = lint(parts: parts, titleHashBits: bits)
        guard other.0 == one.0, other.1 == one.1 else {
            violation("lint in \(parts) parts, title hashes of \(bits == 1 ? "one bit" : "64 bits"), differs from one pass", bytes)
        }
    }
}

/// The input formatted a stretch at a time, as large files are, with a stretch at every heading
/// that may start one (nil when it is not cut, or goes back to the whole path).
private func formattedInStretches(_ bytes: [UInt8], _ formatter: TodoFormatter) -> [UInt8]? {
    formatter.formatInStretches(bytes, minimumBytes: 1)
}

/// The regions of lines that formatting the input changes, found a stretch at a time as
/// `--check` finds them in a large file (nil when it is not cut, or goes back to the whole path).
private func changedLinesInStretches(_ bytes: [UInt8], _ formatter: TodoFormatter) -> [ChangedLines.Region]? {
    bytes.withUnsafeBufferPointer { formatter.changedLinesInStretches($0, minimumBytes: 1) }
}

/// The scan in parts against one scan (fuzz inputs are far below the size where files are cut,
/// so the cuts are forced: every part at least one line).
private func checkScanInParts(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buf in
        let lines = LineTable(buf)
        let one = BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: 1)
        for parts in [2, 3] {
            let cut = BlockScanner.scan(buf, lines: lines, skipLines: 0, parts: parts, minimumLines: 1)
            guard cut == one else { violation("the block scan in \(parts) parts differs from one scan", bytes) }
        }
    }
}

/// Whether `derived`, a parse read another way, is the parse of `bytes`: the same text, lines,
/// structure, front matter and directives.
private func isParse(_ derived: ParsedDocument, of bytes: [UInt8]) -> Bool {
    let parsed = ParsedDocument(validated: bytes)
    let sameLines = derived.lines.count == parsed.lines.count && (0..<parsed.lines.count).allSatisfy {
        derived.lines.end($0) == parsed.lines.end($0) && derived.lines.contentEnd($0) == parsed.lines.contentEnd($0)
    }
    return derived.utf8 == bytes && derived.bytes == parsed.bytes && sameLines && derived.structure == parsed.structure
        && derived.frontMatterLines == parsed.frontMatterLines
        && derived.directives.all.map(\.line) == parsed.directives.all.map(\.line)
        && derived.directives.frozen == parsed.directives.frozen
}

/// Lines of the input removed, copied and moved (chosen from the input's hash): a parse that scans
/// again only the lines around the change, where it is made, must be the parse of the new bytes.
private func checkReparsedRegions(_ bytes: [UInt8]) {
    let doc = ParsedDocument(validated: bytes)
    let lineCount = doc.lines.count
    guard lineCount > 1 else { return }
    let hash = fnv1a(bytes)
    let (k, j) = (Int(hash % UInt64(lineCount)), Int((hash >> 20) % UInt64(lineCount)))
    func line(_ index: Int) -> ArraySlice<UInt8> { doc.utf8[(doc.lines.start(index) + (doc.hasBOM ? 3 : 0))..<(doc.lines.end(index) + (doc.hasBOM ? 3 : 0))] }
    let head = doc.utf8[..<(doc.hasBOM ? 3 : 0)]
    let all = (0..<lineCount).map(line)
    var edits: [[ArraySlice<UInt8>]] = []
    var removed = all
    removed.remove(at: k)
    edits.append(removed)
    var copied = all
    copied.insert(all[k], at: j)
    edits.append(copied)
    var moved = all
    let run = Array(moved[min(k, j)...max(k, j)])
    moved.removeSubrange(min(k, j)...max(k, j))
    edits.append(moved + run)
    for edit in edits {
        let edited = Array(head) + edit.flatMap { $0 }
        guard let derived = ParsedDocument.reparsing(edited, editing: doc) else { continue }
        guard isParse(derived, of: edited) else {
            violation("lines scanned again around an edit differ from the parse of the new bytes", bytes)
        }
    }
}

/// The first tasks' lines replaced by a model edit (each alone, then all at once): the parse read
/// from the old one, where it is made, must be the parse of the new bytes.
private func checkReplacedTaskLines(_ bytes: [UInt8]) {
    let doc = ParsedDocument(validated: bytes)
    // A title from the input's first line: whatever the fuzzer puts in a line goes into one.
    let title = String(decoding: bytes.prefix(48).prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    let tasks = Array(doc.structure.tasks.indices.prefix(6))
    let changes = [TaskLineEditor.Change(status: .done), TaskLineEditor.Change(status: .open),
                   TaskLineEditor.Change(title: title), TaskLineEditor.Change(fields: [.due: .day(fuzzToday)])]
    for change in changes {
        for group in tasks.map({ [$0] }) + [tasks] where !group.isEmpty {
            var lines = EditableLines(doc, ids: [TodoID?](repeating: nil, count: doc.lines.count))
            var replacements: [(task: Int, content: [UInt8])] = []
            for task in group {
                guard let content = try? TaskLineEditor.edit(doc, task: task, change, today: fuzzToday, defaultStyle: .plain) else { continue }
                lines[content: doc.structure.tasks[task].line] = content
                replacements.append((task, content))
            }
            let edited = lines.bytes
            guard let derived = doc.replacingTaskLines(replacements) else { continue }
            guard isParse(derived, of: edited) else {
                violation("task lines replaced in the old parse differ from the parse of the new bytes", bytes)
            }
        }
    }
}

private func checkFormatting(_ bytes: [UInt8], _ document: TodoDocument, _ options: FormatOptions) {
    let formatter = TodoFormatter(options: options)
    let output: [UInt8]
    do throws(TodoError) {
        output = try formatter.format(utf8: bytes)
    } catch {
        guard case .verificationFailed(let why) = error else { violation("valid text failed to format: \(error)", bytes) }
        recordVerificationFailure(why, options, bytes)
        guard formattedInStretches(bytes, formatter) == nil, changedLinesInStretches(bytes, formatter) == nil else {
            violation("formatted in stretches, refused whole", bytes)
        }
        return
    }
    if let stretches = formattedInStretches(bytes, formatter), stretches != output {
        violation("formatting in stretches differs from formatting whole", bytes)
    }
    if let regions = changedLinesInStretches(bytes, formatter), regions != ChangedLines(old: bytes, new: output).regions {
        violation("the changed lines found in stretches differ from those of the whole output", bytes)
    }
    checkTrimmedLines(bytes, output)
    if document.tasks.isEmpty {
        if options.indentation != nil {
            guard unindentedLines(output) == unindentedLines(bytes) else { violation("a document without tasks changed beyond indentation", bytes) }
        } else {
            guard output == bytes else { violation("a document without tasks was changed", bytes) }
        }
        return
    }
    let reparsed: TodoDocument
    do throws(TodoError) {
        reparsed = try TodoDocument(utf8: output)
    } catch {
        violation("formatter output is not valid text: \(error)", bytes)
    }
    if let problem = identityChange(from: document, to: reparsed, stamping: options.stampDates) {
        violation(problem, bytes)
    }

    if options == optionSets[0] {
        let findings = linter.lint(reparsed)
        checkFindingsAreInside(findings, output)
        if let left = findings.first(where: { fixableCodes.contains($0.code) }) {
            violation("lint --fix does not converge: \(left.code) at \(left.location.line):\(left.location.column)", bytes)
        }
    }

    // Idempotent: the output is a fixed point, via the bytes and the parsed-document entry points.
    do {
        let again = try formatter.format(utf8: output)
        guard again == output else { violation("formatting is not idempotent", bytes) }
        let viaDocument = try formatter.format(reparsed)
        guard viaDocument == output else { violation("format(TodoDocument) differs from format(utf8:)", bytes) }
    } catch {
        violation("formatting the output threw: \(error)", bytes)
    }
}

/// ChangedLines and UnifiedDiff from the lines between the shared ends against every line.
private func checkTrimmedLines(_ bytes: [UInt8], _ output: [UInt8]) {
    let trimmed = ChangedLines(old: bytes, new: output), full = ChangedLines(old: bytes, new: output, trimmed: false)
    guard trimmed.regions == full.regions, trimmed.oldLineCount == full.oldLineCount, trimmed.newLineCount == full.newLineCount,
          trimmed.regions.allSatisfy({ trimmed.oldByteRange(ofLines: $0.old) == full.oldByteRange(ofLines: $0.old)
              && trimmed.newByteRange(ofLines: $0.new) == full.newByteRange(ofLines: $0.new) })
    else { violation("ChangedLines from the lines between the shared ends differs from every line's", bytes) }
    let diff = UnifiedDiff(old: bytes, new: output, context: 3, costLimit: 4096)
    let fullDiff = UnifiedDiff(old: bytes, new: output, context: 3, costLimit: 4096, trimmed: false)
    guard diff.rendered(oldLabel: "a", newLabel: "b") == fullDiff.rendered(oldLabel: "a", newLabel: "b") else {
        violation("UnifiedDiff from the lines between the shared ends differs from every line's", bytes)
    }
}

/// Every finding must point at a line of the document and at most one byte past its end.
private func checkFindingsAreInside(_ findings: [Finding], _ bytes: [UInt8]) {
    guard !findings.isEmpty else { return }
    var lengths: [Int] = []
    var start = 0, i = 0
    while i < bytes.count {
        if bytes[i] == 0x0A || bytes[i] == 0x0D {
            lengths.append(i - start)
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            start = i
        } else {
            i += 1
        }
    }
    lengths.append(i - start)
    for finding in findings {
        let line = finding.location.line, column = finding.location.column
        guard line >= 1, line <= lengths.count, column >= 1, column <= lengths[line - 1] + 1 else {
            violation("lint finding \(finding.code) points outside the document (\(line):\(column))", bytes)
        }
    }
}

/// The lines (split at LF, CR and CRLF, endings dropped) without their leading spaces and tabs.
private func unindentedLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0, i = 0
    while i < bytes.count {
        if bytes[i] == 0x0A || bytes[i] == 0x0D {
            lines.append(bytes[start..<i].drop { $0 == 0x20 || $0 == 0x09 })
            i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            start = i
        } else {
            i += 1
        }
    }
    lines.append(bytes[start..<i].drop { $0 == 0x20 || $0 == 0x09 })
    return lines
}

/// What is wrong with the tasks of `output` as a formatting of `input`, if anything: every task keeps
/// its completion and title, except that a done task completed now (no end date, stamping on) with a
/// rule may gain an open task of its title and one saying `🏁 delete` may go.
private func identityChange(from input: TodoDocument, to output: TodoDocument, stamping: Bool) -> String? {
    var difference: [String: Int] = [:]
    for id in identities(output) { difference[id, default: 0] += 1 }
    for id in identities(input) { difference[id, default: 0] -= 1 }
    var mayAdd: [String: Int] = [:], mayDrop: [String: Int] = [:]
    for task in input.tasks where stamping && task.status.kind == .done && task.field(.done) == nil && task.field(.cancelled) == nil {
        if task.field(.recurrence) != nil { mayAdd["o " + task.title, default: 0] += 1 }
        if task.field(.onCompletion)?.value == .onCompletion(.delete) { mayDrop["x " + task.title, default: 0] += 1 }
    }
    for (id, change) in difference where change != 0 {
        if change > 0 && change <= mayAdd[id, default: 0] { continue }
        if change < 0 && -change <= mayDrop[id, default: 0] { continue }
        return change > 0 ? "a task appeared: \(id)" : "a task's title or completion changed: \(id)"
    }
    return nil
}

/// Each task's completion and title, sorted: formatting may move and rewrite tasks, never change these.
private func identities(_ document: TodoDocument) -> [String] {
    document.tasks.map { ($0.status.isCompleted ? "x " : "o ") + $0.title }.sorted()
}

private func recordVerificationFailure(_ why: String, _ options: FormatOptions, _ bytes: [UInt8]) {
    if getenv("FUZZ_TRAP_ON_VERIFY") != nil {
        violation("verification failed (\(describe(options))): \(why)", bytes)
    }
    verificationFailures += 1
    guard let dir = getenv("FUZZ_FINDINGS") else { return }
    // One file per distinct input, named by its hash, so repeats overwrite themselves.
    let hash = String(fnv1a(bytes), radix: 16)
    let path = String(cString: dir) + "/verification-" + hash
    guard let file = fopen(path, "wb") else { return }
    bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    if let note = fopen(path + ".txt", "wb") {
        fputs("\(why) [\(describe(options))]\n", note)
        fclose(note)
    }
}

private func describe(_ options: FormatOptions) -> String {
    "style \(options.fieldStyle), stampDates \(options.stampDates), sinkCompleted \(options.sinkCompleted), "
        + "bullet \(options.bullet), indentation \(options.indentation.map { String($0) } ?? "kept")"
}

private func printSummary() {
    writeError("todofmt fuzz: \(inputsSeen) inputs, \(verificationFailures) verificationFailed\n")
}

/// Reports a broken property and stops, so that libFuzzer keeps the input.
private func violation(_ what: String, _ bytes: [UInt8]) -> Never {
    writeError("todofmt fuzz: property violated: \(what) (input of \(bytes.count) bytes)\n")
    fatalError(what)
}

/// Writes to standard error unbuffered (the C `stderr` global is not concurrency-safe in Swift 6).
private func writeError(_ message: String) {
    var message = message
    message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
}
