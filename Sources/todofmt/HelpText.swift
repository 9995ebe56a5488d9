/// What `todofmt --help` and `todofmt help COMMAND` print, made from a ``CommandLineDescription``.
struct HelpText {
    /// What is described.
    let description: CommandLineDescription
    /// The width the text is wrapped to.
    var width = 80

    /// The whole program: usage, what each command does, every option, environment, exit
    /// status and examples.
    func general() -> String {
        var out = usage(description.commands) + "\n"
        out += paragraphs(description.paragraphs + description.commands.flatMap(\.paragraphs))
        let column = termColumn(description.options.map(\.synopsis) + description.environment.map(\.term))
        for group in description.optionGroups {
            out += heading(group.title, note: group.note)
            out += group.options.map { entry($0.synopsis, $0.fullHelp, column: column) }.joined() + "\n"
        }
        if !description.environment.isEmpty {
            out += heading("environment")
            out += description.environment.map { entry($0.term, $0.text, column: column) }.joined() + "\n"
        }
        if !description.files.isEmpty {
            out += heading("files")
            let column = termColumn(description.files.map(\.term))
            out += description.files.map { entry($0.term, $0.text, column: column) }.joined() + "\n"
        }
        out += heading("exit status")
        let statusColumn = termColumn(description.exitStatus.map(\.term))
        out += description.exitStatus.map { entry($0.term, $0.text, column: statusColumn) }.joined() + "\n"
        out += heading("examples")
        let exampleColumn = termColumn(description.examples.map(\.term))
        out += description.examples.map { entry($0.term, $0.text, column: exampleColumn) }.joined() + "\n"
        return out
    }

    /// One command: its usage, what it does and the options it accepts.
    func command(_ command: CommandDescription) -> String {
        var out = usage([command]) + "\n"
        out += paragraphs((command.isDefault ? description.paragraphs : []) + command.paragraphs)
        // Its own options first, then the ones it shares.
        let own = description.ownOptions(of: command)
        let options = own + description.options(of: command).filter { !own.contains($0) }
        out += heading("options")
        let column = termColumn(options.map(\.synopsis))
        out += options.map { entry($0.synopsis, $0.fullHelp(for: [command]), column: column) }.joined() + "\n"
        out += TextWrapper.block("'\(description.program) --help' also explains the environment, the exit status "
                                 + "and gives examples.", width: width, indent: 0)
        return out
    }

    /// `usage: todofmt ...`, one line per command, continuation lines aligned under the first.
    private func usage(_ commands: [CommandDescription]) -> String {
        let lead = "usage: "
        let pad = String(repeating: " ", count: lead.count)
        return commands.enumerated().map { index, command in
            // A long synopsis goes on below, indented under the command, never breaking an item.
            let items = [description.program] + description.synopsis(of: command).map(\.text)
            let lines = TextWrapper.lines(words: items, width: width - pad.count - 4, length: \.count)
            return (index == 0 ? lead : pad) + lines.joined(separator: "\n" + pad + "    ") + "\n"
        }.joined()
    }

    /// Paragraphs wrapped to the width, each followed by an empty line.
    private func paragraphs(_ paragraphs: [String]) -> String {
        paragraphs.map { TextWrapper.block($0, width: width, indent: 0) + "\n" }.joined()
    }

    /// `title:` or `title (note):`, wrapped.
    private func heading(_ title: String, note: String? = nil) -> String {
        TextWrapper.block(title + (note.map { " (\($0))" } ?? "") + ":", width: width, indent: 0)
    }

    /// Where the text of a two-column list starts: two spaces, the longest term, two spaces; at
    /// most half the width, so that the text keeps room (a longer term has its text on the lines
    /// below it).
    private func termColumn(_ terms: [String]) -> Int {
        min(2 + (terms.map(\.count).max() ?? 0) + 2, width / 2)
    }

    /// A term and its text in two columns.
    private func entry(_ term: String, _ text: String, column: Int) -> String {
        TextWrapper.block(text, width: width, indent: column, lead: "  " + term)
    }
}
