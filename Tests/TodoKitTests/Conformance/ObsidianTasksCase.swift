@testable import TodoKit

/// One fact about how Obsidian Tasks reads a line, taken from its public tests, test vault or docs,
/// and what todofmt should hold for the same line.
///
/// A case names one line of its input (a task line or a small document). When that line is a
/// task, the case says what todofmt reads from it: title, mark, fields, block id, tags and, for
/// what todofmt does not read yet, recurrence, id, dependencies and on-completion action.
/// ``support`` says whether todofmt can be held to the case today.
struct ObsidianTasksCase: Sendable {
    /// What todofmt does not do yet and a case needs.
    struct Features: OptionSet, Hashable, Sendable, CustomStringConvertible {
        let rawValue: Int
        /// `🔁 every day`, `[repeat:: every day]`.
        static let recurrence = Features(rawValue: 1 << 0)
        /// `🆔 abc`, `[id:: abc]`.
        static let ids = Features(rawValue: 1 << 1)
        /// `⛔ abc,def`, `[dependsOn:: abc]`.
        static let dependsOn = Features(rawValue: 1 << 2)
        /// `🏁 delete`, `[onCompletion:: delete]`.
        static let onCompletion = Features(rawValue: 1 << 3)
        /// Obsidian Tasks' global filter (`.todofmt.json` `"globalFilter"`).
        static let globalFilter = Features(rawValue: 1 << 4)

        /// Every feature with its name, in a fixed order.
        static let named: [(Features, String)] = [
            (.recurrence, "recurrence"), (.ids, "ids"), (.dependsOn, "dependsOn"),
            (.onCompletion, "onCompletion"), (.globalFilter, "globalFilter"),
        ]

        var description: String {
            Features.named.filter { contains($0.0) }.map(\.1).joined(separator: "+")
        }
    }

    /// Whether todofmt is held to a case.
    enum Support: Sendable {
        /// todofmt reads the line as Obsidian Tasks does; the case is checked.
        case supported
        /// The case needs what todofmt does not do yet; it is listed, not checked.
        case needs(Features)
        /// todofmt differs from Obsidian Tasks on purpose (docs/FORMAT.md says so); the case holds
        /// todofmt's documented behaviour and is checked. The text says what Obsidian Tasks does
        /// and why todofmt does not.
        case differsOnPurpose(String)
    }

    /// A short name, unique in the table.
    var name: String
    /// Where the fact comes from: a path in the obsidian-tasks repository and a line number.
    var source: String
    /// A task line or a small document.
    var input: String
    /// The line of ``input`` the case is about (1-based).
    var line: Int
    /// Whether that line is a task.
    var isTask: Bool
    /// The title todofmt holds (Obsidian Tasks' description, with what todofmt keeps as text).
    var title: String
    /// The character between the brackets, as written.
    var mark: Unicode.Scalar
    /// The status todofmt reads from the mark.
    var status: TaskStatus
    /// The priority, if any.
    var priority: Priority?
    /// The date fields, by key (`"2021-06-20"`).
    var dates: [FieldKey: String]
    /// Tags Obsidian Tasks finds; todofmt keeps them in the title as written.
    var tags: [String]
    /// The block id without its caret.
    var blockID: String?
    /// The recurrence rule as written (`every day`).
    var recurrence: String?
    /// The task's `🆔` id.
    var id: String?
    /// The ids the task depends on (`⛔`).
    var dependsOn: [String]
    /// The on-completion action (`keep`, `delete`), lower-cased.
    var onCompletion: String?
    /// How many list items enclose the task, when the case says.
    var depth: Int?
    /// The global filter the source has set, if any.
    var globalFilter: String?
    /// The format in which Obsidian Tasks itself wrote the input (a docs sample its serializer
    /// generated, a serializer snapshot): formatting in that style must leave the input as it is,
    /// so that the two tools never undo each other.
    var writtenByObsidian: FieldStyle?
    /// Whether and how todofmt is held to the case.
    var support: Support

    /// A case whose line is a task.
    static func task(
        _ name: String, _ source: String, _ input: String, line: Int = 1,
        title: String, mark: Unicode.Scalar = " ", status: TaskStatus? = nil, priority: Priority? = nil,
        created: String? = nil, start: String? = nil, scheduled: String? = nil, due: String? = nil,
        cancelled: String? = nil, done: String? = nil, tags: [String] = [], blockID: String? = nil,
        recurrence: String? = nil, id: String? = nil, dependsOn: [String] = [], onCompletion: String? = nil,
        depth: Int? = nil, globalFilter: String? = nil, obsidianWrote: FieldStyle? = nil, support: Support = .supported
    ) -> ObsidianTasksCase {
        var dates: [FieldKey: String] = [:]
        dates[.created] = created
        dates[.start] = start
        dates[.scheduled] = scheduled
        dates[.due] = due
        dates[.cancelled] = cancelled
        dates[.done] = done
        return ObsidianTasksCase(
            name: name, source: source, input: input, line: line, isTask: true, title: title, mark: mark,
            status: status ?? TaskStatus(mark: mark), priority: priority, dates: dates, tags: tags,
            blockID: blockID, recurrence: recurrence, id: id, dependsOn: dependsOn, onCompletion: onCompletion,
            depth: depth, globalFilter: globalFilter, writtenByObsidian: obsidianWrote, support: support)
    }

    /// A case whose line is not a task.
    static func notTask(
        _ name: String, _ source: String, _ input: String, line: Int = 1,
        globalFilter: String? = nil, support: Support = .supported
    ) -> ObsidianTasksCase {
        ObsidianTasksCase(
            name: name, source: source, input: input, line: line, isTask: false, title: "", mark: " ",
            status: .open, priority: nil, dates: [:], tags: [], blockID: nil, recurrence: nil, id: nil,
            dependsOn: [], onCompletion: nil, depth: nil, globalFilter: globalFilter, writtenByObsidian: nil,
            support: support)
    }

    /// What the case needs, if it is listed rather than checked.
    var neededFeatures: Features? {
        if case .needs(let features) = support { return features }
        return nil
    }

    /// Why todofmt differs, if it does on purpose.
    var differenceReason: String? {
        if case .differsOnPurpose(let why) = support { return why }
        return nil
    }

    /// The facts a case states about what todofmt does not read yet, as features: a case that
    /// states a recurrence needs ``Features/recurrence``, and so on.
    var statedFeatures: Features {
        var features: Features = []
        if recurrence != nil { features.insert(.recurrence) }
        if id != nil { features.insert(.ids) }
        if !dependsOn.isEmpty { features.insert(.dependsOn) }
        if onCompletion != nil { features.insert(.onCompletion) }
        if globalFilter != nil { features.insert(.globalFilter) }
        return features
    }
}
