@testable import TodoKit

/// What tests ask of the canonical form beyond the formatter's one path (``TodoFormatter``): one
/// pass on its own, formatting until nothing changes with the lines' new order, the lists that stay
/// in place, and one task's canonical text.
extension CanonicalForm {
    /// The canonical bytes (with the document's BOM) of one pass over `doc`.
    static func render(_ doc: ParsedDocument, options: FormatOptions) -> [UInt8] {
        render(doc, options: options, scope: .all).bytes
    }

    /// The formatter's pass over `doc`, with as many passes as the formatter allows
    /// (``render(_:options:facts:allowedPasses:)``).
    static func render(_ doc: ParsedDocument, options: FormatOptions, facts: inout TaskFacts) -> (bytes: [UInt8], carried: CarriedTasks) {
        let (bytes, carried, _) = render(doc, options: options, facts: &facts, allowedPasses: TodoFormatter.maximumPasses)
        return (bytes, carried)
    }

    /// Whether one pass would change any byte of `doc` (decided by the formatter's dry run).
    static func wouldChange(_ doc: ParsedDocument, options: FormatOptions) -> Bool {
        var facts = TaskFacts(count: doc.structure.tasks.count)
        return survey(doc, options: options, facts: &facts) != .nothing
    }

    /// The outcome of formatting until nothing changes.
    struct Settled {
        /// The canonical bytes.
        var bytes: [UInt8]
        /// `bytes` parsed; formatting it again gives `bytes`.
        var document: ParsedDocument
        /// `order[p]`: the input line now at position `p`.
        var order: [Int]
        /// Whether the bytes differ from the input.
        var changed: Bool
    }

    /// Formats `doc` pass after pass until one changes nothing, keeping track of where each input
    /// line went; nil when it does not settle within ``TodoFormatter/maximumPasses`` passes.
    /// `scope`: what each pass does (the formatter's by default).
    static func settle(_ doc: ParsedDocument, options: FormatOptions, scope: Scope = .all) -> Settled? {
        var current = doc
        var order = Array(0..<doc.lines.count)
        var changed = false
        for _ in 0..<TodoFormatter.maximumPasses {
            let (bytes, pass) = render(current, options: options, scope: scope)
            if current.isPrinted(as: bytes) {
                return Settled(bytes: bytes, document: current, order: order, changed: changed)
            }
            changed = true
            order = pass.map { order[Int($0)] }
            current = ParsedDocument(validated: bytes, like: doc)
        }
        return nil
    }

    /// The first lines (0-based, in `doc`) of the lists whose completed items stay above open items
    /// after formatting, because reordering them would change the blocks around them.
    static func listsKeptInPlace(_ doc: ParsedDocument, options: FormatOptions) -> [Int] {
        guard let settled = settle(doc, options: options) else { return [] }
        let final = settled.document
        return final.bytes.withUnsafeBufferPointer { buf in
            final.structure.lists.indices.compactMap { list -> Int? in
                let items = final.structure.items(ofList: list)
                let open = items.filter { !final.isCompletedItem($0, buf) }
                let order = open + items.filter { final.isCompletedItem($0, buf) }
                guard !order.elementsEqual(items), !CanonicalForm.isPinned(list, final.structure) else { return nil }
                return settled.order[final.structure.startLine(ofList: list)]
            }
        }
    }

    /// The canonical text of a task line from its `[` to the end of the line.
    static func canonicalTail(_ doc: ParsedDocument, task: Int, _ buf: UnsafeBufferPointer<UInt8>, options: FormatOptions) -> [UInt8] {
        var out = ByteWriter()
        appendCanonicalTail(doc.text(ofTask: task, buf), ofTask: task, doc, buf, options: options, into: &out)
        return out.bytes
    }
}
