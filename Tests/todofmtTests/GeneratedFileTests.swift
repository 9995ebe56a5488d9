@testable import todofmt
import Foundation
import TodoKit
import XCTest

/// `todofmt --generate KIND`: the man page renders cleanly, and the completion scripts really
/// complete in bash and fish (zsh: the script is valid zsh).
final class GeneratedFileTests: XCTestCase {
    private let description = CommandLineDescription.todofmt

    /// The choices of `option` that `command` accepts, sorted, as a shell should offer them.
    private func choices(_ option: OptionDescription, for command: CommandDescription = .lint) -> [String] {
        guard case .choices(let list)? = option.value?.completion else { return [] }
        return list.accepted(by: command).map(\.term).sorted()
    }

    /// The names starting with `prefix` of the options `command` accepts, sorted.
    private func options(of command: CommandDescription, startingWith prefix: String) -> [String] {
        description.options(of: command).filter { $0 != .endOfOptions }.flatMap(\.names)
            .filter { $0.hasPrefix(prefix) }.sorted()
    }

    /// The text `todofmt --generate kind` prints, written to `name` in the sandbox.
    private func generate(_ kind: String, to name: String, in sandbox: Sandbox) throws -> String {
        let result = try sandbox.todofmt("--generate", kind)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        try sandbox.write(name, result.stdout)
        return result.stdout
    }

    func testGenerateRefusesAnUnknownKind() throws {
        let result = try Sandbox().todofmt("--generate", "complete-tcsh")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: invalid kind 'complete-tcsh' for --generate "
                       + "(expected man, complete-bash, complete-zsh or complete-fish)\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testManPageHasEverySectionOptionAndCommand() throws {
        let sandbox = try Sandbox()
        let page = try generate("man", to: "todofmt.1", in: sandbox)
        var sections: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line starting with a control character is a request this page means to make;
            // text that happens to start with '.' or '\'' must have been escaped.
            if line.hasPrefix(".") || line.hasPrefix("'") {
                let request = String(line.prefix { $0 != " " })
                XCTAssertTrue([".\\\"", ".TH", ".nh", ".ad", ".SH", ".SS", ".TP", ".IP", ".PP", ".nf", ".fi", ".if"].contains(request),
                              "unexpected request: \(line)")
            }
            if line.hasPrefix(".SH ") { sections.append(String(line.dropFirst(4)).replacing("\"", with: "")) }
            if !line.hasPrefix(".\\\"") { XCTAssertFalse(line.contains("--"), "an unescaped hyphen: \(line)") }
        }
        var expected = ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT"]
        if !description.files.isEmpty { expected.append("FILES") }
        expected += ["EXIT STATUS", "EXAMPLES", "SEE ALSO"]
        XCTAssertEqual(sections, expected)
        for option in description.options {
            for name in option.names {
                XCTAssertTrue(page.contains("\\fB\(name.replacing("-", with: "\\-"))\\fR"), "man page lacks \(name)")
            }
        }
        for command in description.commands {
            XCTAssertTrue(page.contains("\\fBtodofmt" + (command.word.map { " " + $0 } ?? "") + "\\fR"),
                          "man page lacks \(command.name)")
        }
    }

    func testManPageRendersWithoutWarnings() throws {
        let sandbox = try Sandbox()
        _ = try generate("man", to: "todofmt.1", in: sandbox)
        let page = sandbox.path("todofmt.1")
        var checked = 0
        if let groff = ExternalTool.optional("groff") {
            for device in ["utf8", "ascii"] {
                let result = try groff.run(["-man", "-ww", "-z", "-T\(device)", page])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(result.stderr, "", "groff -T\(device)")
            }
            // The rendered page reads as plain text: option names with ASCII hyphens.
            let text = try groff.run(["-man", "-Tascii", "-P", "-cbou", page], environment: ["MANWIDTH": "80"])
            for name in description.options.flatMap(\.names) {
                XCTAssertTrue(text.stdout.contains(name), "rendered page lacks \(name)")
            }
            XCTAssertTrue(text.stdout.contains("<U+1F4C5>"), "no fallback for a glyph ASCII lacks")
            // No word is hyphenated at a line's end (`--in-` / `dentation`).
            for line in text.stdout.split(separator: "\n") where line.hasSuffix("-") {
                XCTFail("hyphenated: \(line)")
            }
            checked += 1
        }
        if let mandoc = ExternalTool.optional("mandoc") {
            let result = try mandoc.run(["-T", "lint", page])
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            XCTAssertEqual(result.stdout + result.stderr, "")
            checked += 1
        }
        if let man = ExternalTool.optional("man") {
            for locale in ["C", "C.UTF-8"] {
                let result = try man.run(["--warnings", "-l", page], environment: ["MANWIDTH": "80", "LC_ALL": locale,
                                                                                   "MANPAGER": "cat", "PAGER": "cat"])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertEqual(result.stderr, "", "man in the \(locale) locale")
                XCTAssertTrue(result.stdout.contains("EXIT STATUS"))
            }
            checked += 1
        }
        if checked == 0 { throw XCTSkip("none of groff, mandoc and man is installed") }
    }

    /// Runs the bash completion function for `words` (the last one is being completed) in `sandbox`.
    private func bashComplete(_ words: [String], bash: ExternalTool, in sandbox: Sandbox) throws -> [String] {
        let quoted = words.map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source ./todofmt.bash || exit 3
            [[ $(complete -p todofmt) == 'complete -F _todofmt todofmt' ]] || exit 4
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=()
            _todofmt
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try bash.run(["--norc", "--noprofile", "-c", script], in: sandbox.url)
        XCTAssertEqual(result.status, 0, "\(words): \(result.stderr)")
        XCTAssertEqual(result.stderr, "", "\(words)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletionCompletes() throws {
        let bash = try ExternalTool.required("bash")
        let sandbox = try Sandbox()
        _ = try generate("complete-bash", to: "todofmt.bash", in: sandbox)
        try sandbox.write("todos.md", "- [ ] a\n")
        try sandbox.write("my list.md", "- [ ] a\n")
        try sandbox.write("notes.txt", "text\n")
        try FileManager.default.createDirectory(atPath: sandbox.path("docs"), withIntermediateDirectories: true)
        func complete(_ words: String...) throws -> [String] { try bashComplete(words, bash: bash, in: sandbox) }

        let paths = ["docs", "my list.md", "todos.md", "todofmt.bash"].filter { $0.hasSuffix(".md") || $0 == "docs" }
        XCTAssertEqual(try complete("todofmt", "li"), ["lint"])
        XCTAssertEqual(try complete("todofmt", ""), (["add", "archive", "cancel", "config", "done", "edit", "help", "lint", "lsp", "redo", "reopen", "rm", "rules", "start", "tasks", "undo", "watch"] + paths).sorted())
        XCTAssertEqual(try complete("todofmt", "lint", "--format", ""), ["github", "json", "sarif", "text"])
        // Each command its own words: tsv is for tasks, sarif for lint and --check.
        XCTAssertEqual(try complete("todofmt", "tasks", "--format", ""), ["json", "text", "tsv"])
        XCTAssertEqual(try complete("todofmt", "--check", "--format", ""), ["github", "json", "sarif", "text"])
        XCTAssertEqual(try complete("todofmt", "--format", "=", "t"), ["text"])
        XCTAssertEqual(try complete("todofmt", "tasks", "--format=t"), ["--format=text", "--format=tsv"])
        XCTAssertEqual(try complete("todofmt", "lint", "--format=j"), ["--format=json"])
        // bash breaks `--format=j` into three words when '=' is in COMP_WORDBREAKS (the default).
        XCTAssertEqual(try complete("todofmt", "lint", "--format", "=", "g"), ["github"])
        XCTAssertEqual(try complete("todofmt", "--field-style", ""), choices(.fieldStyle))
        // add refuses `none`, which clears a priority in edit.
        XCTAssertEqual(try complete("todofmt", "add", "--priority", ""), ["high", "highest", "low", "lowest", "medium"])
        XCTAssertEqual(try complete("todofmt", "edit", "--priority", ""), ["high", "highest", "low", "lowest", "medium", "none"])
        // A configuration is a JSON file; a query file any file.
        try sandbox.write("settings.json", "{}\n")
        defer { try? FileManager.default.removeItem(atPath: sandbox.path("settings.json")) }
        XCTAssertEqual(try complete("todofmt", "--config", ""), ["docs", "settings.json"])
        XCTAssertEqual(try complete("todofmt", "tasks", "--query-file", "no"), ["notes.txt"])
        // `*` is a value, not a pattern: it used to be expanded to the names in the directory.
        XCTAssertEqual(try complete("todofmt", "--bullet", ""), choices(.bullet))
        XCTAssertEqual(try complete("todofmt", "--bullet=*"), ["--bullet=*"])
        XCTAssertEqual(try complete("todofmt", "--indentation", ""), choices(.indentation))
        XCTAssertEqual(try complete("todofmt", "lint", "--rule", "TD00"), ["TD000", "TD001", "TD002", "TD003", "TD004", "TD005", "TD006", "TD007", "TD008", "TD009"])
        XCTAssertEqual(try complete("todofmt", "lint", "--rule", "overdue"), ["overdue-task"])
        XCTAssertEqual(try complete("todofmt", "--generate", "complete-"),
                       ["complete-bash", "complete-fish", "complete-zsh"])
        XCTAssertEqual(try complete("todofmt", "--today", ""), [])
        // Options depend on the command; options before the command word and values are skipped.
        XCTAssertEqual(try complete("todofmt", "lint", "--f"), options(of: .lint, startingWith: "--f"))
        XCTAssertTrue(try complete("todofmt", "lint", "--f").contains("--fix"))
        XCTAssertEqual(try complete("todofmt", "--f"), options(of: .format, startingWith: "--f"))
        XCTAssertFalse(try complete("todofmt", "--f").contains("--fix"))
        XCTAssertEqual(try complete("todofmt", "--today", Samples.today, "watch", "--n"), options(of: .watch, startingWith: "--n"))
        XCTAssertEqual(try complete("todofmt", "rules", "-"), options(of: .rules, startingWith: "-"))
        XCTAssertFalse(try complete("todofmt", "rules", "-").contains("--today"))
        XCTAssertEqual(try complete("todofmt", "--today", Samples.today, "li"), ["lint"])
        // Operands: Markdown files and directories; a command word only as the first operand.
        XCTAssertEqual(try complete("todofmt", "lint", ""), paths)
        XCTAssertEqual(try complete("todofmt", "todos.md", "li"), [])
        XCTAssertEqual(try complete("todofmt", "--", "li"), [])
        XCTAssertEqual(try complete("todofmt", "--", "--format", ""), paths, "after --, --format is a path")
        XCTAssertEqual(try complete("todofmt", "my"), ["my list.md"])
        XCTAssertEqual(try complete("todofmt", "no"), ["notes.txt"], "any file when no Markdown file matches")
        XCTAssertEqual(try complete("todofmt", "rules", ""), [])
        XCTAssertEqual(try complete("todofmt", "help", ""), ["add", "archive", "cancel", "config", "done", "edit", "format", "help", "lint", "lsp", "redo", "reopen", "rm", "rules", "start", "tasks", "undo", "watch"])
        XCTAssertEqual(try complete("todofmt", "help", "lint", ""), [])

        // Every value bash offers is one the parser accepts (run for real: `--help` would stop
        // the parsing before the command checks the word).
        for value in try complete("todofmt", "lint", "--format", "") {
            let result = try sandbox.todofmt("lint", "--format", value, "todos.md")
            XCTAssertEqual(result.status, 0, "lint --format \(value): \(result.stderr)")
        }
        for value in try complete("todofmt", "tasks", "--format", "") {
            let result = try sandbox.todofmt("tasks", "--format", value, "todos.md")
            XCTAssertEqual(result.status, 0, "tasks --format \(value): \(result.stderr)")
        }
        for (option, prefix) in [("--field-style", ""), ("--bullet", ""), ("--indentation", ""),
                                 ("--generate", ""), ("--rule", "TD")] {
            for value in try complete("todofmt", "lint", option, prefix) {
                let result = try sandbox.todofmt("lint", option, value, "--help")
                XCTAssertEqual(result.status, 0, "\(option) \(value): \(result.stderr)")
            }
        }
    }

    func testZshCompletionIsValidZsh() throws {
        let zsh = try ExternalTool.required("zsh")
        let sandbox = try Sandbox()
        let script = try generate("complete-zsh", to: "_todofmt", in: sandbox)
        XCTAssertTrue(script.hasPrefix("#compdef todofmt\n"))
        let result = try zsh.run(["-n", sandbox.path("_todofmt")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        // Every option of every command is offered with its summary.
        for option in description.options where option != .endOfOptions {
            for name in option.names {
                // A value follows `=` after a long name, and directly or after a space (`+`) after a short one.
                let separator = option.value == nil ? "" : (name.hasPrefix("--") ? "=" : "+")
                XCTAssertTrue(script.contains("'\(option.repeatable ? "*" : "")\(name)\(separator)["), "no spec for \(name)")
            }
        }
    }

    /// What zsh's completion system offers for the command line `line` (a Tab after it), found by
    /// typing into an interactive `zsh -f` on a pseudo-terminal (zsh/zpty) whose `compadd`
    /// prints every candidate it is given.
    private func zshComplete(_ line: String, zsh: ExternalTool, in sandbox: Sandbox) throws -> [String] {
        // On a loaded machine the interactive zsh can drop the typed line as type-ahead before its
        // editor starts (no candidate at all); the line is then typed once more.
        for attempt in 1...2 {
            let result = try zsh.run(["-f", sandbox.path("capture.zsh"), line], in: sandbox.url)
            XCTAssertEqual(result.status, 0, "\(line): \(result.stderr)")
            // A candidate may be offered more than once (zsh tries matchers in turn).
            let candidates = Set(result.stdout.split(separator: "\n").map(String.init)).sorted()
            if !candidates.isEmpty || attempt == 2 { return candidates }
        }
        return []
    }

    func testZshCompletionCompletes() throws {
        let zsh = try ExternalTool.required("zsh")
        let sandbox = try Sandbox()
        _ = try generate("complete-zsh", to: "_todofmt", in: sandbox)
        guard try zsh.run(["-f", "-c", "zmodload zsh/zpty"]).status == 0 else { throw XCTSkip("zsh has no zpty module") }
        try sandbox.write("init.zsh", """
            PROMPT='' RPROMPT=''
            fpath=(\(sandbox.url.path) $fpath)
            autoload -Uz compinit && compinit -u -D
            # The typed line is run after the Tab; it must do nothing.
            todofmt() { : }
            compadd() {
              local -a found
              builtin compadd -O found "$@"
              local candidate
              for candidate in $found; do print -r -- "<<$candidate>>"; done
              builtin compadd "$@"
            }
            bindkey '^I' complete-word

            """)
        // Types the line, a Tab and Return, then a command that marks the end; prints the candidates.
        try sandbox.write("capture.zsh", """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "source \(sandbox.path("init.zsh"))"
            zpty -w z "$1"$'\\t'
            zpty -w z 'print -r -- DONE''-MARKER'
            local line out=
            integer tries=0
            while (( tries++ < 400 )); do
              if zpty -r -t z line; then
                out+=$line
                [[ $out == *DONE-MARKER* ]] && break
              else
                sleep 0.05
              fi
            done
            zpty -d z
            [[ $out == *DONE-MARKER* ]] || { print -u2 "zsh did not answer"; exit 1 }
            print -r -- "$out" | tr '\\r' '\\n' | grep -a '<<' | sed 's/.*<<//; s/>>.*//'

            """)
        try sandbox.write("todos.md", "- [ ] a\n")
        try FileManager.default.createDirectory(atPath: sandbox.path("docs"), withIntermediateDirectories: true)
        func complete(_ line: String) throws -> [String] { try zshComplete(line, zsh: zsh, in: sandbox) }

        XCTAssertEqual(try complete("todofmt lint --format "), ["github", "json", "sarif", "text"])
        XCTAssertEqual(try complete("todofmt tasks --format "), ["json", "text", "tsv"])
        XCTAssertEqual(try complete("todofmt add --priority "), ["high", "highest", "low", "lowest", "medium"])
        XCTAssertEqual(try complete("todofmt li"), ["lint"])
        XCTAssertEqual(try complete("todofmt --field-style="), choices(.fieldStyle))
        XCTAssertEqual(try complete("todofmt --bullet "), choices(.bullet))
        XCTAssertEqual(try complete("todofmt lint --rule TD00"), ["TD000", "TD001", "TD002", "TD003", "TD004", "TD005", "TD006", "TD007", "TD008", "TD009"])
        XCTAssertEqual(try complete("todofmt lint --f"), options(of: .lint, startingWith: "--f"))
        XCTAssertEqual(try complete("todofmt --today 2026-11-21 li"), ["lint"])
        XCTAssertEqual(try complete("todofmt help "), ["add", "archive", "cancel", "config", "done", "edit", "format", "help", "lint", "lsp", "redo", "reopen", "rm", "rules", "start", "tasks", "undo", "watch"])
        let first = try complete("todofmt ")
        XCTAssertTrue(Set(["help", "lint", "rules", "watch", "todos.md", "docs"]).isSubset(of: first), "\(first)")
        XCTAssertFalse(first.contains("format"), "format has no command word: \(first)")
        XCTAssertFalse(first.contains("_todofmt"), "only Markdown files and directories: \(first)")
    }

    /// What fish completes for the command line `line` (the completions without descriptions).
    private func fishComplete(_ line: String, fish: ExternalTool, in sandbox: Sandbox) throws -> [String] {
        let result = try fish.run(["--no-config", "-c", "source ./todofmt.fish; and complete -C '\(line)'"],
                                  in: sandbox.url, environment: ["HOME": sandbox.url.path])
        XCTAssertEqual(result.status, 0, "\(line): \(result.stderr)")
        XCTAssertEqual(result.stderr, "", line)
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }

    func testFishCompletionCompletes() throws {
        let fish = try ExternalTool.required("fish")
        let sandbox = try Sandbox()
        _ = try generate("complete-fish", to: "todofmt.fish", in: sandbox)
        let syntax = try fish.run(["--no-config", "-n", sandbox.path("todofmt.fish")])
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        try sandbox.write("todos.md", "- [ ] a\n")
        try FileManager.default.createDirectory(atPath: sandbox.path("docs"), withIntermediateDirectories: true)
        func complete(_ line: String) throws -> [String] { try fishComplete(line, fish: fish, in: sandbox) }

        XCTAssertEqual(try complete("todofmt lint --format "), ["github", "json", "sarif", "text"])
        XCTAssertEqual(try complete("todofmt tasks --format "), ["json", "text", "tsv"])
        XCTAssertEqual(try complete("todofmt --check --format "), ["github", "json", "sarif", "text"])
        XCTAssertEqual(try complete("todofmt add --priority "), ["high", "highest", "low", "lowest", "medium"])
        XCTAssertEqual(try complete("todofmt edit --priority "), ["high", "highest", "low", "lowest", "medium", "none"])
        XCTAssertEqual(try complete("todofmt lint --format=j"), ["--format=json"])
        XCTAssertEqual(try complete("todofmt li"), ["lint"])
        XCTAssertEqual(try complete("todofmt --field-style "), choices(.fieldStyle))
        XCTAssertEqual(try complete("todofmt --bullet "), choices(.bullet))
        XCTAssertEqual(try complete("todofmt lint --rule TD00"), ["TD000", "TD001", "TD002", "TD003", "TD004", "TD005", "TD006", "TD007", "TD008", "TD009"])
        XCTAssertEqual(try complete("todofmt lint --f"), options(of: .lint, startingWith: "--f"))
        XCTAssertEqual(try complete("todofmt --f"), options(of: .format, startingWith: "--f"))
        XCTAssertEqual(try complete("todofmt --today 2026-11-21 li"), ["lint"])
        XCTAssertEqual(try complete("todofmt -- li"), [])
        XCTAssertEqual(try complete("todofmt help "), ["add", "archive", "cancel", "config", "done", "edit", "format", "help", "lint", "lsp", "redo", "reopen", "rm", "rules", "start", "tasks", "undo", "watch"])
        XCTAssertEqual(try complete("todofmt rules "), [])
        let operands = try complete("todofmt lint ")
        XCTAssertTrue(operands.contains("todos.md") && operands.contains("docs/"), "\(operands)")
        XCTAssertFalse(operands.contains("lint"), "\(operands)")
    }
}
