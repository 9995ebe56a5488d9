import XCTest
@testable import TodoKit

/// What formatting learns about tasks and carries between passes (``TaskFacts``, ``CarriedTasks``,
/// ``CanonicalForm/survey(_:options:facts:)``) stands for reading the tasks again: each shortcut is
/// compared with the reading it replaces.
final class TaskFactsTests: XCTestCase {
    private let options = FormatOptions(today: Day("2026-11-21")!)

    /// Fixtures, the shared corpus (when present) and generated documents, with their formatted outputs.
    private func documents() throws -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        let fixtures = SharedMaterial.packageRoot.appendingPathComponent("Fixtures")
        for directory in ["format", "regressions", "lint"] {
            let url = fixtures.appendingPathComponent(directory)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".md") {
                inputs.append(try SharedMaterial.bytes(of: url.appendingPathComponent(name)))
            }
        }
        if let corpus = try? SharedMaterial.corpusFiles() {
            for url in corpus { inputs.append(try SharedMaterial.bytes(of: url)) }
        }
        for seed in 0..<600 as Range<UInt64> {
            inputs.append(DocumentGenerator.document(seed: 7_000 + seed, directives: seed % 3 == 0))
        }
        var all: [[UInt8]] = []
        for bytes in inputs where (try? TodoDocument.validate(bytes)) != nil {
            all.append(bytes)
            if let formatted = try? TodoFormatter(options: options).format(utf8: bytes), formatted != bytes { all.append(formatted) }
        }
        return all
    }

    /// The key computed from the title inside a canonical tail equals the key computed by writing the
    /// title without fields again, for every task where the tail offers it, with and without stamping.
    func testKeyFromTheCanonicalTitleIsTheTaskKey() throws {
        var fromTail = 0
        var tasks = 0
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            for stamp in [true, false] {
                var options = options
                options.stampDates = stamp
                doc.bytes.withUnsafeBufferPointer { buf in
                    var text = TaskText()
                    var tail = ByteWriter()
                    var scratch = ByteWriter()
                    for task in doc.structure.tasks.indices {
                        doc.read(task: task, into: &text, buf)
                        tail.truncate(to: 0)
                        let title = CanonicalForm.appendCanonicalTail(text, ofTask: task, doc, buf, options: options, into: &tail)
                        let key = TaskKey.of(doc, task, text, buf, scratch: &scratch)
                        tasks += 1
                        guard let title else { continue }
                        fromTail += 1
                        let quick = tail.withBytes { TaskKey.of(doc, task, text, buf, title: $0, title.lowerBound, title.upperBound) }
                        if quick != key {
                            XCTFail("task \(task) of \(String(decoding: bytes.prefix(80), as: UTF8.self)): key from the tail differs")
                            return
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(fromTail, tasks / 2, "the key should usually come from the tail")
    }

    /// A dry run that finds nothing leaves the completion pass nothing to do (the formatter surveys
    /// first and completes only when the survey finds a change), also where tasks recur or say
    /// `🏁 delete` and are completed now: such a task stops the survey.
    func testASurveyThatFindsNothingLeavesNothingToComplete() throws {
        var completions = 0
        let recurring: [[UInt8]] = [
            Array("- [x] Water plants 🔁 every week 📅 2026-11-20\n- [ ] b\n".utf8),
            Array("- [x] Tidy 🏁 delete\n- [ ] keep\n".utf8),
            Array("- [x] Pay rent rec:1m due:2026-11-01\n".utf8),
            Array("- [x] Pay rent rec:1m due:2026-11-01 done:2026-11-21\n".utf8),
            Array("- [x]\n- [x] \n".utf8),
        ]
        for bytes in try documents() + recurring {
            let doc = ParsedDocument(validated: bytes)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            let pass = CompletionPass(doc, options: options)
            if pass != nil { completions += 1 }
            if CanonicalForm.survey(doc, options: options, facts: &facts) == .nothing {
                XCTAssertNil(pass, String(decoding: bytes, as: UTF8.self))
            }
        }
        XCTAssertGreaterThanOrEqual(completions, 3, "documents with something to complete were tried")
    }

    /// After a dry run that finds a change, the pass that follows tells whether the completion pass
    /// has anything to do (``TaskFacts/completesTasksNow``; the formatter completes only then): it
    /// does whenever that pass completes or deletes a task, also where lines are frozen, where only
    /// some tasks were read by the dry run, and where the only task to complete comes late.
    func testThePassTellsWhetherTheCompletionPassHasWork() throws {
        var completions = 0
        let recurring: [[UInt8]] = [
            Array("- [x] Water plants 🔁 every week 📅 2026-11-20\n- [ ] b\n".utf8),
            Array("- [ ] first\n- [ ] second  \n- [x] Tidy 🏁 delete\n- [ ] keep\n".utf8),
            Array("- [X] a\n- [x] Pay rent rec:1m due:2026-11-01\n".utf8),
            Array("<!-- todofmt-ignore-start -->\n- [x] Frozen rec:1m due:2026-11-01\n<!-- todofmt-ignore-end -->\n\n- [X] b\n- [x] Pay rent rec:1m due:2026-11-01\n".utf8),
            Array("- [x] Pay rent rec:1m due:2026-11-01 done:2026-11-21\n- [X] b\n".utf8),
        ]
        for bytes in try documents() + recurring {
            let doc = ParsedDocument(validated: bytes)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            guard CanonicalForm.survey(doc, options: options, facts: &facts) != .nothing else { continue }
            _ = CanonicalForm.render(doc, options: options, facts: &facts)
            if CompletionPass(doc, options: options) != nil {
                completions += 1
                XCTAssertTrue(facts.completesTasksNow, String(decoding: bytes, as: UTF8.self))
            }
        }
        XCTAssertGreaterThanOrEqual(completions, 3, "documents with something to complete were tried")
    }

    /// The dry run records, for every task it reads, the key the verifier computes and whether the line
    /// is canonical (formatting leaves it as it is); it stops at the first line that would change.
    func testSurveyRecordsWhatItReads() throws {
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            let change = CanonicalForm.survey(doc, options: options, facts: &facts)
            let formatted = CanonicalForm.render(doc, options: options)
            if change == .nothing { XCTAssertEqual(formatted, bytes, "a dry run that finds nothing proves the document canonical") }
            doc.bytes.withUnsafeBufferPointer { buf in
                var text = TaskText()
                var scratch = ByteWriter()
                var stopped = false
                for (task, state) in facts.states.enumerated() {
                    if stopped {
                        XCTAssertEqual(state, .unknown, "nothing is read after the first change")
                        continue
                    }
                    XCTAssertNotEqual(state, .unknown)
                    doc.read(task: task, into: &text, buf)
                    XCTAssertEqual(facts.keys[task], TaskKey.of(doc, task, text, buf, scratch: &scratch))
                    let t = doc.structure.tasks[task]
                    let canonical = CanonicalForm.canonicalTail(doc, task: task, buf, options: options)
                        .elementsEqual(UnsafeBufferPointer(rebasing: buf[t.checkbox..<doc.lines.contentEnd(t.line)]))
                    if state == .canonical { XCTAssertTrue(canonical) }
                    if state == .keyed && !doc.directives.isFrozen(t.line) {
                        XCTAssertFalse(canonical)
                        stopped = true
                    }
                }
                if change == .taskLines { XCTAssertTrue(stopped) }
            }
        }
    }

    /// A document whose task lines are all canonical but whose lists have not sunk (formatted
    /// without sinking): the dry run must find every list that would move, and finds nothing only
    /// where a pass changes nothing (a dry run that missed a list would call the document canonical,
    /// and formatting would hand it back as it is).
    func testSurveyFindsEveryListThatWouldSink() throws {
        var unsunk = options
        unsunk.sinkCompleted = false
        var listsOnly = 0
        for bytes in try documents() {
            guard let lines = try? TodoFormatter(options: unsunk).format(utf8: bytes) else { continue }
            let doc = ParsedDocument(validated: lines)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            let change = CanonicalForm.survey(doc, options: options, facts: &facts)
            let formatted = CanonicalForm.render(doc, options: options)
            XCTAssertEqual(change == .nothing, formatted == lines, String(decoding: lines.prefix(120), as: UTF8.self))
            if change == .listsOnly { listsOnly += 1 }
            // Surveyed again knowing every task line canonical (as a pass's output is, its copied
            // lines carried over): no task is read, and the lists are still found.
            guard change != .taskLines else { continue }
            XCTAssertEqual(CanonicalForm.survey(doc, options: options, facts: &facts), change)
        }
        XCTAssertGreaterThan(listsOnly, 100, "documents whose lists alone would change")
    }

    /// A pass that sinks the lists held by the lines around them once those lines have moved
    /// (``CanonicalForm/Scope/sinksHeldLists``) ends where passes that leave them to the next pass
    /// end, with each field style, with and without stamping, and with the bullet and indentation
    /// options (which leave held lists to the next pass); and some documents take fewer passes.
    func testSinkingHeldListsEndsWherePassAfterPassEnds() throws {
        let optionSets = [
            options,
            FormatOptions(fieldStyle: .emoji, today: options.today),
            FormatOptions(fieldStyle: .dataview, stampDates: false, today: options.today),
            FormatOptions(today: options.today, bullet: .dash, indentation: 2),
        ]
        var fewerPasses = 0
        for bytes in try documents() {
            for options in optionSets {
                let doc = ParsedDocument(validated: bytes)
                let oneByOne = try XCTUnwrap(CanonicalForm.settle(doc, options: options, scope: .init(sinksHeldLists: false)))
                let held = try XCTUnwrap(CanonicalForm.settle(doc, options: options))
                XCTAssertEqual(held.bytes, oneByOne.bytes, SwiftLiteral.of(bytes))
                XCTAssertEqual(held.order, oneByOne.order)
                let first = CanonicalForm.render(doc, options: options)
                if first == held.bytes && CanonicalForm.render(doc, options: options, scope: .init(sinksHeldLists: false)).bytes != first {
                    fewerPasses += 1
                }
            }
        }
        XCTAssertGreaterThan(fewerPasses, 0, "no document had a list held by its surroundings")
    }

    /// A nested list held by the line after it (its last item ends in a code block, and a list item
    /// follows right away) sinks in the pass that moves its parent item away from that line.
    func testHeldListSinksInThePassThatMovesItsParent() throws {
        let input = Array("""
        * [x] parent
          + [-] cancelled
          + [ ] open
            ```sh
            make test
            ```
        * report

        paragraph

        """.utf8)
        let doc = ParsedDocument(validated: input)
        let passByPass = try XCTUnwrap(CanonicalForm.settle(doc, options: options, scope: .init(sinksHeldLists: false)))
        let once = CanonicalForm.render(doc, options: options)
        XCTAssertNotEqual(CanonicalForm.render(doc, options: options, scope: .init(sinksHeldLists: false)).bytes, passByPass.bytes)
        XCTAssertEqual(once, passByPass.bytes)
        XCTAssertEqual(String(decoding: once, as: UTF8.self), """
        * report
        * [x] parent done:2026-11-21
          + [ ] open
            ```sh
            make test
            ```
          + [-] cancelled cancelled:2026-11-21

        paragraph

        """)
        XCTAssertEqual(try TodoFormatter(options: options).format(utf8: input), once)
    }

    /// Lists nested `depth` deep, each held by the line after it until its parent item has moved, so
    /// that pass after pass sinks one level more: one pass sinks them all, and the formatter still
    /// counts them as the passes they stand for (``TodoFormatter/maximumPasses``): seven levels
    /// settle, eight do not.
    func testHeldListsCountAsThePassesTheyStandFor() throws {
        func nested(_ depth: Int) -> [UInt8] {
            var lines: [String] = []
            func level(_ k: Int) {
                let indent = String(repeating: "  ", count: k)
                lines.append("\(indent)- [x] a\(k)")
                if k + 1 < depth { level(k + 1) }
                lines += ["\(indent)- [ ] open\(k)", "\(indent)  ```", "\(indent)  code", "\(indent)  ```"]
            }
            level(0)
            lines += ["", "paragraph", ""]
            return Array(lines.joined(separator: "\n").utf8)
        }
        let formatter = TodoFormatter(options: options)
        for depth in 1...(TodoFormatter.maximumPasses - 1) {
            let doc = ParsedDocument(validated: nested(depth))
            let passByPass = try XCTUnwrap(CanonicalForm.settle(doc, options: options, scope: .init(sinksHeldLists: false)))
            XCTAssertEqual(try formatter.format(utf8: nested(depth)), passByPass.bytes, "depth \(depth)")
            XCTAssertEqual(CanonicalForm.render(doc, options: options), passByPass.bytes, "depth \(depth)")
        }
        for depth in TodoFormatter.maximumPasses...(TodoFormatter.maximumPasses + 2) {
            XCTAssertThrowsError(try formatter.format(utf8: nested(depth)), "depth \(depth)") { error in
                XCTAssertEqual(error as? TodoError, .verificationFailed("formatting does not settle"))
            }
        }
    }

    /// A pass that knows some tasks gives the same bytes as one that reads them all, and afterwards
    /// knows every task's key.
    func testRenderWithFactsIsTheRender() throws {
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            _ = CanonicalForm.survey(doc, options: options, facts: &facts)
            let (rendered, _) = CanonicalForm.render(doc, options: options, facts: &facts)
            XCTAssertEqual(rendered, CanonicalForm.render(doc, options: options))
            XCTAssertFalse(facts.states.contains(.unknown))
        }
    }

    /// A dry run in parts reads each part up to its own first change: it finds what one part finds,
    /// records for every task it read the key of a whole pass and the canonical state of one part,
    /// and the pass that follows writes the same bytes.
    func testSurveyInPartsFindsWhatOnePartFinds() throws {
        var compared = 0
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            var oneFacts = TaskFacts(count: doc.structure.tasks.count)
            let change = CanonicalForm.survey(doc, options: options, facts: &oneFacts, parts: 1)
            var passFacts = oneFacts
            let rendered = CanonicalForm.render(doc, options: options, facts: &passFacts).bytes
            for parts in [2, 3, 7] {
                var facts = TaskFacts(count: doc.structure.tasks.count)
                let name = "\(parts) parts of \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
                XCTAssertEqual(CanonicalForm.survey(doc, options: options, facts: &facts, parts: parts), change, name)
                for task in facts.states.indices where facts.states[task] != .unknown {
                    let differs = oneFacts.states[task] != .unknown && oneFacts.states[task] != facts.states[task]
                    if passFacts.keys[task] != facts.keys[task] || differs {
                        XCTFail("\(name): task \(task) read differently")
                        return
                    }
                }
                XCTAssertEqual(CanonicalForm.render(doc, options: options, facts: &facts).bytes, rendered, name)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    /// A pass whose lists are looked at for sinking, and whose output is written, in parts at the same
    /// time gives the output of one part: the same bytes and the same facts wherever the cuts fall (in
    /// lists that sink, after a lone CR, in runs of untouched lines, in documents with fewer lines or
    /// lists than parts), under several option sets.
    func testOutputWrittenInPartsIsTheOutputWrittenInOne() throws {
        let day = Day("2026-11-21")!
        let optionSets = [
            options,
            FormatOptions(stampDates: false, sinkCompleted: false, today: day),
            FormatOptions(fieldStyle: .dataview, today: day, bullet: .asterisk, indentation: 4),
            FormatOptions(fieldStyle: .emoji, today: day, bullet: .dash, indentation: 2),
        ]
        var compared = 0
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            for options in optionSets {
                // As the formatter does: a survey first, so that some tasks are known and copied.
                var surveyed = TaskFacts(count: doc.structure.tasks.count)
                _ = CanonicalForm.survey(doc, options: options, facts: &surveyed)
                var oneFacts = surveyed
                let one = CanonicalForm.render(doc, options: options, facts: &oneFacts, allowedPasses: TodoFormatter.maximumPasses, parts: 1)
                for parts in [2, 3, 7] {
                    var facts = surveyed
                    let cut = CanonicalForm.render(doc, options: options, facts: &facts, allowedPasses: TodoFormatter.maximumPasses, parts: parts)
                    let name = "\(parts) parts of \(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription)"
                    guard cut.bytes == one.bytes, cut.passes == one.passes else {
                        XCTFail("\(name): the output differs")
                        return
                    }
                    XCTAssertEqual(facts.keys, oneFacts.keys, name)
                    XCTAssertEqual(facts.states, oneFacts.states, name)
                    XCTAssertEqual(facts.completesTasksNow, oneFacts.completesTasksNow, name)
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 5_000)
    }

    /// Carried facts recorded and read back in parts at the same time are those of one part.
    func testCarriedFactsInPartsAreThoseOfOnePart() throws {
        var compared = 0
        for bytes in try documents() {
            let doc = ParsedDocument(validated: bytes)
            var facts = TaskFacts(count: doc.structure.tasks.count)
            _ = CanonicalForm.survey(doc, options: options, facts: &facts)
            let order = (0..<doc.lines.count).map { Int32($0) }
            let one = doc.bytes.withUnsafeBufferPointer { CarriedTasks(doc, $0, facts: facts, order: order, parts: 1) }.facts(for: doc, parts: 1)
            for parts in [2, 3, 7] {
                let carried = doc.bytes.withUnsafeBufferPointer { CarriedTasks(doc, $0, facts: facts, order: order, parts: parts) }
                for readParts in [1, parts] {
                    let cut = carried.facts(for: doc, parts: readParts)
                    XCTAssertEqual(cut.keys, one.keys)
                    XCTAssertEqual(cut.states, one.states)
                    compared += 1
                }
            }
            XCTAssertEqual(one.states.filter { $0 == .canonical }.count, facts.states.filter { $0 == .canonical }.count)
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    /// Facts carried to the next document hold only for task lines whose bytes and paragraph are
    /// unchanged there; a changed line, a line that now continues a paragraph and a line moved
    /// elsewhere by hand are read again.
    func testCarriedFactsHoldOnlyForUnchangedLines() throws {
        let input = Array("""
        - [ ] first due:2026-12-01
        - [ ] second
        - [ ] third
        - [ ] fourth

        """.utf8)
        let doc = ParsedDocument(validated: input)
        var facts = TaskFacts(count: doc.structure.tasks.count)
        XCTAssertEqual(CanonicalForm.survey(doc, options: options, facts: &facts), .nothing)
        XCTAssertEqual(facts.states, [.canonical, .canonical, .canonical, .canonical])
        let (rendered, carried) = CanonicalForm.render(doc, options: options, facts: &facts)
        XCTAssertEqual(rendered, input)

        let same = carried.facts(for: ParsedDocument(validated: input))
        XCTAssertEqual(same.states, [.canonical, .canonical, .canonical, .canonical])
        XCTAssertEqual(same.keys, facts.keys)

        let edited = ParsedDocument(validated: Array("""
        - [ ] first due:2026-12-02
        - [x] second
        - [ ] third
          continued
        - [ ] fourth

        """.utf8))
        // Line 4 now holds `continued`, which is no task; `fourth` moved to line 5, where no task was.
        let carriedOver = carried.facts(for: edited)
        XCTAssertEqual(carriedOver.states, [.unknown, .unknown, .unknown, .unknown])

        let swapped = ParsedDocument(validated: Array("""
        - [ ] second
        - [ ] first due:2026-12-01
        - [ ] third
        - [ ] fourth

        """.utf8))
        XCTAssertEqual(carried.facts(for: swapped).states, [.unknown, .unknown, .canonical, .canonical])
    }
}
