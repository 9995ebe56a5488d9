@testable import todofmt
import TodoKit
import XCTest

/// The command-line description against what the binary does: help lists everything described,
/// and the parser knows every described option, its value and every described choice.
final class CommandLineDescriptionTests: XCTestCase {
    private let description = CommandLineDescription.todofmt

    func testHelpListsEveryDescribedOptionCommandAndVariable() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.todofmt("--help")
        XCTAssertEqual(help.status, 0)
        for option in description.options {
            XCTAssertTrue(help.stdout.contains("\n  \(option.synopsis)  "), "help does not list \(option.synopsis)")
        }
        // A long usage line goes on, indented, on the next line.
        let usageBlock = help.stdout.components(separatedBy: "\n\n")[0]
        let words = " " + usageBlock.split(whereSeparator: \.isWhitespace).joined(separator: " ") + " "
        for command in description.commands {
            let usage = (["todofmt"] + description.synopsis(of: command).map(\.text)).joined(separator: " ")
            XCTAssertTrue(words.contains(" " + usage + " todofmt ") || words.hasSuffix(" " + usage + " "),
                          "help has no usage line \(usage)")
            // Every command's own help lists exactly the options it accepts.
            let own = try sandbox.todofmt("help", command.name)
            XCTAssertEqual(own.status, 0, own.stderr)
            for option in description.options {
                XCTAssertEqual(own.stdout.contains("\n  \(option.synopsis)  "), option.isAccepted(by: command),
                               "help \(command.name) and \(option.synopsis)")
            }
        }
        for entry in description.environment + description.exitStatus + description.examples + description.files {
            // A long term has its text on the lines below it.
            XCTAssertTrue(help.stdout.contains("\n  \(entry.term)  ") || help.stdout.contains("\n  \(entry.term)\n    "),
                          "help does not explain \(entry.term)")
        }
    }

    /// Each option with each value a shell would complete, followed by `--help`: the parser takes
    /// exactly one value for an option that has one (else `--help` would be taken as the value or
    /// a value as a path) and accepts every choice.
    func testParserKnowsEveryDescribedOptionAndChoice() throws {
        let sandbox = try Sandbox()
        for option in description.options where option != .endOfOptions {
            var values: [String?] = [nil]
            switch option.value?.completion {
            case nil: values = [nil]
            case .choices(let choices)?: values = choices.all(of: option.commands).map(\.term)
            case .rules?: values = LintRule.all.map(\.code) + LintRule.all.map(\.name)
            case .none?: values = [option == .today ? Samples.today : "x"]
            default: values = ["todos.md"]
            }
            for (index, value) in values.enumerated() {
                for name in option.names {
                    let command = option.commands.first { !$0.isDefault }?.word
                    let spelled = value.map { [name, $0] } ?? [name]
                    let arguments = [command].compactMap { $0 } + spelled + ["--help"]
                    let result = try sandbox.todofmt(arguments)
                    XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
                    XCTAssertEqual(result.stderr, "", "\(arguments)")
                    XCTAssertFalse(result.stdout.isEmpty, "\(arguments)")
                    if let value, index == 0, name.hasPrefix("--") {
                        let inline = try sandbox.todofmt([command].compactMap { $0 } + ["\(name)=\(value)", "--help"])
                        XCTAssertEqual(inline.status, 0, "\(name)=\(value): \(inline.stderr)")
                    }
                }
            }
        }
    }

    /// A word that is not one of an option's choices is refused, naming exactly the choices the
    /// description lists (which come from the option's enum), whichever command takes it.
    func testEveryChoiceOptionRefusesOtherWordsNamingItsChoices() throws {
        let parser = ArgumentParser(environmentToday: nil)
        var checked = 0
        for option in description.options {
            guard case .choices(let choices)? = option.value?.completion else { continue }
            for command in option.commands {
                let arguments = [command.word].compactMap { $0 } + [option.name, "no-such-choice"]
                XCTAssertThrowsError(try parser.parse(arguments), "\(arguments)") { error in
                    let message = (error as? UsageError)?.message ?? ""
                    XCTAssertTrue(message.hasPrefix("invalid "), "\(arguments): \(message)")
                    // --format: each command names the formats it prints. --priority is read before the
                    // command is known, so add's message names `none` too (add then refuses it).
                    let words = option == .priority ? PriorityChoice.words : choices.accepted(by: command).map(\.term)
                    let expected = TextWrapper.list(words)
                    XCTAssertTrue(message.hasSuffix("'no-such-choice' for \(option.name) (expected \(expected))"),
                                  "\(arguments): \(message)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// An option given to a command that does not accept it is refused with exit 2.
    func testEveryCommandRefusesTheOptionsItDoesNotAccept() throws {
        let sandbox = try Sandbox()
        try sandbox.write("todos.md", Samples.messy)
        for command in description.commands {
            for option in description.options where !option.isAccepted(by: command) {
                var arguments = [command.word].compactMap { $0 } + [option.name]
                if case .choices(let choices)? = option.value?.completion {
                    arguments.append(choices.all(of: option.commands)[0].term)
                }
                if case .rules? = option.value?.completion { arguments.append("TD014") }
                if option == .today { arguments.append(Samples.today) }
                arguments.append("todos.md")
                let result = try sandbox.todofmt(arguments)
                XCTAssertEqual(result.status, 2, "\(arguments)")
                XCTAssertTrue(result.stderr.hasPrefix("todofmt: option '\(option.name)' can"), "\(arguments): \(result.stderr)")
            }
        }
        XCTAssertEqual(try sandbox.read("todos.md"), Samples.messy)
    }
}
