import Foundation
import XCTest

/// `.todofmt.json` end to end: the built binary in real directories, with discovery, `--config`,
/// `--no-config`, command-line overrides, `--stdin-filename`, `config --effective` and bad files.
final class ConfigurationCommandTests: XCTestCase {
    private let today = Samples.today
    /// A completed task above an open one with a due date.
    private let messy = "- [x] Pay rent\n- [ ] Renew passport due:2026-12-01\n"

    /// A sandbox that is a repository root, so no configuration above it can apply.
    private func repository() throws -> Sandbox {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path(".git"), withIntermediateDirectories: true)
        return sandbox
    }

    private func mkdir(_ sandbox: Sandbox, _ name: String) throws {
        try FileManager.default.createDirectory(atPath: sandbox.path(name), withIntermediateDirectories: true)
    }

    func testConfigurationChangesTheFieldStyle() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try sandbox.write("todo.md", messy)
        let result = try sandbox.todofmt("--today", today, "todo.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"), "- [ ] Renew passport 📅 2026-12-01\n- [x] Pay rent ✅ \(today)\n")
    }

    func testGlobalFilterMakesOnlyMatchingChecklistItemsTasks() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", ##"{"globalFilter": "#task"}"##)
        try sandbox.write("todo.md", "- [x] Buy milk\n- [x] Ship it #task\n- [ ] Open #task\n- [ ] Plain checklist item\n")
        let formatted = try sandbox.todofmt("--today", today, "todo.md")
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"),
                       "- [x] Buy milk\n- [ ] Open #task\n- [ ] Plain checklist item\n- [x] Ship it #task done:\(today)\n")
        let lint = try sandbox.todofmt("lint", "--today", today, "todo.md")
        XCTAssertEqual(lint.stdout, "", "a checked item without the filter is no task, so no finding")
        let tasks = try sandbox.todofmt("tasks", "--today", today, "--format", "tsv", "-q", "done")
        XCTAssertEqual(tasks.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[1]) }, ["4"])
        let state = ["XDG_STATE_HOME": sandbox.path("state")]
        let done = try sandbox.todofmt(["done", "--today", today, "--match", "Open"], environment: state)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"),
                       "- [x] Buy milk\n- [ ] Plain checklist item\n- [x] Open #task done:\(today)\n- [x] Ship it #task done:\(today)\n",
                       "the model sinks a todo just done to the top of the completed ones")
        let unmatched = try sandbox.todofmt(["done", "--today", today, "--match", "Plain"], environment: state)
        XCTAssertEqual(unmatched.status, 2, "an item without the filter is not a task to complete")
        let effective = try sandbox.todofmt("config", "--effective", "todo.md")
        XCTAssertTrue(effective.stdout.contains(##""globalFilter": "#task","##), effective.stdout)
        try sandbox.write(".todofmt.json", #"{"globalFilter": 3}"#)
        let bad = try sandbox.todofmt("--check", "todo.md")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("globalFilter"), bad.stderr)
    }

    func testNearestConfigurationPerFileInADirectoryWalk() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try mkdir(sandbox, "work/deep")
        try sandbox.write("work/.todofmt.json", #"{"fieldStyle": "dataview", "sinkCompleted": false}"#)
        for name in ["todo.md", "work/todo.md", "work/b.todo.md", "work/c.todo.md", "work/deep/todo.md"] {
            try sandbox.write(name, messy)
        }
        let result = try sandbox.todofmt("--today", today, ".")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"), "- [ ] Renew passport 📅 2026-12-01\n- [x] Pay rent ✅ \(today)\n")
        let dataview = "- [x] Pay rent  [completion:: \(today)]\n- [ ] Renew passport  [due:: 2026-12-01]\n"
        XCTAssertEqual(try sandbox.read("work/todo.md"), dataview, "nothing merged: sinking off, dataview")
        for name in ["work/b.todo.md", "work/c.todo.md"] {
            XCTAssertEqual(try sandbox.read(name), dataview, "the files of a directory share its configuration")
        }
        XCTAssertEqual(try sandbox.read("work/deep/todo.md"), dataview)
    }

    func testCommandLineOverridesTheConfiguration() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji", "stampDates": false}"#)
        try sandbox.write("todo.md", messy)
        let plain = try sandbox.todofmt("--today", today, "--field-style", "plain", "--no-sink", "-", stdin: messy)
        XCTAssertEqual(plain.stdout, "- [x] Pay rent\n- [ ] Renew passport due:2026-12-01\n", "no stamp (file), no sink (flag)")
        let configured = try sandbox.todofmt("--today", today, stdin: messy)
        XCTAssertEqual(configured.stdout, "- [ ] Renew passport 📅 2026-12-01\n- [x] Pay rent\n",
                       "standard input uses the current directory's configuration")
    }

    func testNoConfigAndConfigFile() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try mkdir(sandbox, "ci")
        try sandbox.write("ci/team.json", #"{"fieldStyle": "dataview", "stampDates": false}"#)
        let none = try sandbox.todofmt("--today", today, "--no-config", stdin: messy)
        XCTAssertEqual(none.stdout, "- [ ] Renew passport due:2026-12-01\n- [x] Pay rent done:\(today)\n")
        let team = try sandbox.todofmt("--today", today, "--config", "ci/team.json", stdin: messy)
        XCTAssertEqual(team.stdout, "- [ ] Renew passport  [due:: 2026-12-01]\n- [x] Pay rent\n")

        let both = try sandbox.todofmt("--config", "ci/team.json", "--no-config", stdin: messy)
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "todofmt: options '--config' and '--no-config' cannot be used together\n")
        let missing = try sandbox.todofmt("--config", "nope.json", "todo.md")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "todofmt: nope.json: no such file\n")
    }

    func testBadKeyIsOneExactLineAndExitTwoWhileOtherInputsAreProcessed() throws {
        let sandbox = try Sandbox()
        try mkdir(sandbox, "bad/.git")
        try mkdir(sandbox, "good/.git")
        try sandbox.write("bad/.todofmt.json", "{\n  \"feildStyle\": \"emoji\"\n}\n")
        for name in ["bad/todo.md", "bad/b.todo.md", "good/todo.md"] { try sandbox.write(name, messy) }
        let result = try sandbox.todofmt("--today", today, "bad/todo.md", "good/todo.md", "bad/b.todo.md")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "todofmt: bad/.todofmt.json:2:3: unknown key 'feildStyle' (did you mean 'fieldStyle'?)\n",
                       "one line for the file, not one per input")
        XCTAssertEqual(try sandbox.read("bad/todo.md"), messy, "an input a bad configuration governs is not touched")
        XCTAssertEqual(try sandbox.read("bad/b.todo.md"), messy)
        XCTAssertEqual(try sandbox.read("good/todo.md"), "- [ ] Renew passport due:2026-12-01\n- [x] Pay rent done:\(today)\n")

        let lint = try sandbox.todofmt("lint", "--today", today, "bad", "good")
        XCTAssertEqual(lint.status, 2)
        XCTAssertEqual(lint.stderr, "todofmt: bad/.todofmt.json:2:3: unknown key 'feildStyle' (did you mean 'fieldStyle'?)\n")
        XCTAssertEqual(lint.stdout, "", "good/todo.md is canonical now")

        try sandbox.write("bad/.todofmt.json", "{\"fieldStyle\": \"fancy\"}")
        let check = try sandbox.todofmt("--check", "bad")
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr,
                       "todofmt: bad/.todofmt.json:1:16: invalid value 'fancy' for 'fieldStyle' (expected plain, emoji or dataview)\n")
    }

    func testEffectiveConfiguration() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", "{\"fieldStyle\": \"emoji\", \"exclude\": [\"archive/\"],\n \"rules\": {\"TD004\": \"off\", \"overdue-task\": \"warning\"}}")
        let result = try sandbox.todofmt("config", "--effective", "notes/week.todo.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "todofmt: notes/week.todo.md: configuration from .todofmt.json; a directory walk includes it\n")
        XCTAssertTrue(result.stdout.hasPrefix("""
            {
              "fieldStyle": "emoji",
              "stampDates": true,
              "sinkCompleted": true,
              "bullet": "keep",
              "indentation": "keep",
              "nextOccurrence": "above",
              "statuses": {},
              "globalFilter": "",
              "include": ["todo.md", "todos.md", "*.todo.md"],
              "exclude": ["archive/"],
              "archive": {"olderThanDays": 0},
              "rules": {
                "TD000": "off",
                "TD001": "error",

            """), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n    \"TD004\": \"off\",\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n    \"TD014\": \"warning\""), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n  }\n}\n"), result.stdout)

        // The output is a configuration file that says the same.
        try sandbox.write("effective.json", result.stdout)
        let again = try sandbox.todofmt("config", "--effective", "--config", "effective.json", "notes/week.todo.md")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, result.stdout)
        XCTAssertEqual(again.stderr,
                       "todofmt: notes/week.todo.md: configuration from effective.json (--config); a directory walk includes it\n")

        let excluded = try sandbox.todofmt("config", "--effective", "archive/todo.md")
        XCTAssertEqual(excluded.stderr,
                       "todofmt: archive/todo.md: configuration from .todofmt.json; a directory walk does not include it\n")
        try mkdir(sandbox, "archive")
        try mkdir(sandbox, "notes")
        XCTAssertEqual(try sandbox.todofmt("config", "--effective", "archive").stderr,
                       "todofmt: archive: configuration from .todofmt.json; a directory walk does not enter it\n")
        XCTAssertEqual(try sandbox.todofmt("config", "--effective", "notes").stderr,
                       "todofmt: notes: configuration from .todofmt.json; a directory walk enters it\n")
        // What a walk passes over whatever the configuration says, with the reason.
        try sandbox.write(".gitignore", "build/\n")
        try mkdir(sandbox, "node_modules")
        XCTAssertEqual(try sandbox.todofmt("config", "node_modules/pkg/todo.md").stderr,
                       "todofmt: node_modules/pkg/todo.md: configuration from .todofmt.json; a directory walk does not include it (no walk enters node_modules)\n")
        XCTAssertEqual(try sandbox.todofmt("config", "node_modules").stderr,
                       "todofmt: node_modules: configuration from .todofmt.json; a directory walk does not enter it (no walk enters node_modules)\n")
        XCTAssertEqual(try sandbox.todofmt("config", "build/todo.md").stderr,
                       "todofmt: build/todo.md: configuration from .todofmt.json; a directory walk does not include it (Git ignores it)\n")
        XCTAssertEqual(try sandbox.todofmt("config", "\(sandbox.url.path)/.git/todo.md").stderr,
                       "todofmt: \(sandbox.url.path)/.git/todo.md: configuration from .todofmt.json; a directory walk does not include it (no walk enters .git)\n")
        let overridden = try sandbox.todofmt("config", "--effective", "--field-style", "dataview", "--no-sink",
                                             "--indentation", "2", "todo.md")
        XCTAssertTrue(overridden.stdout.contains("\"fieldStyle\": \"dataview\""), overridden.stdout)
        XCTAssertTrue(overridden.stdout.contains("\"indentation\": 2,"), overridden.stdout)
        XCTAssertTrue(overridden.stdout.contains("\"sinkCompleted\": false,"), overridden.stdout)
        let defaults = try sandbox.todofmt("config", "--effective", "--no-config", "notes.md")
        XCTAssertEqual(defaults.stderr, "todofmt: notes.md: defaults (--no-config); a directory walk does not include it\n")
        XCTAssertTrue(defaults.stdout.contains("\"fieldStyle\": \"plain\""))
    }

    func testEffectiveConfigurationWithoutAndWithABadFile() throws {
        let sandbox = try repository()
        let none = try sandbox.todofmt("config", "--effective", "TODO.md")
        XCTAssertEqual(none.status, 0)
        XCTAssertEqual(none.stderr, "todofmt: TODO.md: defaults (no .todofmt.json found); a directory walk includes it\n")
        try sandbox.write(".todofmt.json", "{\"rules\": {\"TD099\": \"off\"}}")
        let bad = try sandbox.todofmt("config", "--effective", "TODO.md")
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(bad.stderr, "todofmt: .todofmt.json:1:12: unknown rule 'TD099' in 'rules'\n")
        // --effective is what config prints; without the word it prints the same.
        try sandbox.write(".todofmt.json", "{\"fieldStyle\": \"emoji\"}")
        let effective = try sandbox.todofmt("config", "--effective", "TODO.md")
        let plain = try sandbox.todofmt("config", "TODO.md")
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stdout, effective.stdout)
        XCTAssertTrue(plain.stdout.contains("\"fieldStyle\": \"emoji\""), plain.stdout)
        let usage = try sandbox.todofmt("config")
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(usage.stderr, "todofmt: config --effective needs one PATH (see 'todofmt help config')\n")
        let standardInput = try sandbox.todofmt("config", "-")
        XCTAssertEqual(standardInput.status, 2)
        XCTAssertEqual(standardInput.stderr, "todofmt: config cannot read standard input ('-')\n")
    }

    func testRuleLevelsInLintOutput() throws {
        let sandbox = try repository()
        try sandbox.write("todo.md", "- [x] Pack\n- [ ] Pay rent due:2026-11-01\n- [?] Ask Bob\n")
        let defaults = try sandbox.todofmt("lint", "--today", today, "todo.md")
        XCTAssertEqual(defaults.status, 0, defaults.stderr)
        XCTAssertEqual(defaults.stdout, """
            todo.md:1:3: warning: done task has no done date [TD003]
            todo.md:1:3: warning: completed task above open items [TD004]
            todo.md:3:4: info: unknown status character '?' [TD009]

            """)
        try sandbox.write(".todofmt.json", #"{"rules": {"TD004": "off", "completed-without-date": "error", "overdue-task": "info", "TD009": "off"}}"#)
        let configured = try sandbox.todofmt("lint", "--today", today, "todo.md")
        XCTAssertEqual(configured.status, 1, "TD003 is an error now")
        XCTAssertEqual(configured.stdout, """
            todo.md:1:3: error: done task has no done date [TD003]
            todo.md:2:16: info: overdue since 2026-11-01 [TD014]

            """)
        let ruleBack = try sandbox.todofmt("lint", "--today", today, "--rule", "TD004", "todo.md")
        XCTAssertTrue(ruleBack.stdout.contains("warning: completed task above open items [TD004]"), ruleBack.stdout)
        let none = try sandbox.todofmt("lint", "--today", today, "--no-config", "todo.md")
        XCTAssertEqual(none.stdout, defaults.stdout)
    }

    /// A walk under a configuration file that cannot be used takes only files with default names;
    /// when there are none, the error is still reported (not "no todo files found" and exit 0).
    func testABadConfigurationOverAWalkThatFindsNothingIsStillAnError() throws {
        let sandbox = try repository()
        try mkdir(sandbox, "notes")
        try sandbox.write("notes/a.md", messy)
        try sandbox.write(".todofmt.json", #"{"include": ["notes/*.md"], "colour": 1}"# + "\n")
        for arguments in [["--check", "."], ["lint", "."], ["."]] {
            let result = try sandbox.todofmt(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("todofmt: .todofmt.json:1:29: unknown key 'colour'\n"), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try sandbox.read("notes/a.md"), messy)
    }

    func testStandardInputWithAFileName() throws {
        let sandbox = try repository()
        try mkdir(sandbox, "work")
        try sandbox.write("work/.todofmt.json", #"{"fieldStyle": "dataview"}"#)
        let formatted = try sandbox.todofmt("--today", today, "--stdin-filename", "work/new.todo.md", stdin: messy)
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(formatted.stdout, "- [ ] Renew passport  [due:: 2026-12-01]\n- [x] Pay rent  [completion:: \(today)]\n")
        let check = try sandbox.todofmt("--check", "--stdin-filename", "work/new.todo.md", "-", stdin: messy)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "work/new.todo.md:1:1: error: would reformat lines 1-2 [TD000]\n")
        let lint = try sandbox.todofmt("lint", "--today", today, "--stdin-filename", "work/new.todo.md", stdin: "- [ ] a deu:2026-01-01\n")
        XCTAssertEqual(lint.stdout, "work/new.todo.md:1:9: error: unknown field key 'deu', did you mean 'due'? [TD011]\n")
        let noInput = try sandbox.todofmt("--stdin-filename", "x.md", "todo.md")
        XCTAssertEqual(noInput.status, 2)
        XCTAssertEqual(noInput.stderr, "todofmt: option '--stdin-filename' needs standard input ('-') as an input\n")
    }

    func testIncludeAndExcludeSelectWhatAWalkTakes() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"include": ["*.md"], "exclude": ["archive/", "README.md"]}"#)
        try mkdir(sandbox, "archive")
        for name in ["notes.md", "README.md", "archive/todo.md", "plan.txt"] { try sandbox.write(name, messy) }
        let walk = try sandbox.todofmt("--check", ".")
        XCTAssertEqual(walk.status, 1)
        XCTAssertEqual(walk.stdout, "notes.md:1:1: error: would reformat lines 1-2 [TD000]\n")
        let explicit = try sandbox.todofmt("--check", "archive/todo.md", "README.md")
        XCTAssertEqual(explicit.stdout, """
            README.md:1:1: error: would reformat lines 1-2 [TD000]
            archive/todo.md:1:1: error: would reformat lines 1-2 [TD000]

            """, "explicit paths are always processed")
    }

    func testBulletAndIndentationFromTheConfigurationAndTheCommandLine() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"bullet": "-", "indentation": 2}"#)
        let nested = "* [ ] a\n    * [ ] b\n* [x] c done:2026-11-20\n"
        try sandbox.write("todo.md", nested)
        let result = try sandbox.todofmt("todo.md")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try sandbox.read("todo.md"), "- [ ] a\n  - [ ] b\n- [x] c done:2026-11-20\n")
        let overridden = try sandbox.todofmt("--bullet", "+", "--indentation", "keep", stdin: nested)
        XCTAssertEqual(overridden.stdout, "+ [ ] a\n    + [ ] b\n+ [x] c done:2026-11-20\n")
        let four = try sandbox.todofmt("--bullet=keep", "--indentation=4", stdin: "* [ ] a\n  * [ ] b\n")
        XCTAssertEqual(four.stdout, "* [ ] a\n    * [ ] b\n")
        XCTAssertEqual(try sandbox.todofmt("--no-config", stdin: nested).stdout, nested)
    }

    func testBulletAndIndentationValuesAreChecked() throws {
        let sandbox = try repository()
        let bullet = try sandbox.todofmt("--bullet", "x", stdin: messy)
        XCTAssertEqual(bullet.status, 2)
        XCTAssertEqual(bullet.stderr, "todofmt: invalid bullet style 'x' for --bullet (expected keep, -, * or +)\n")
        let indentation = try sandbox.todofmt("--indentation=5", stdin: messy)
        XCTAssertEqual(indentation.status, 2)
        XCTAssertEqual(indentation.stderr, "todofmt: invalid indentation '5' for --indentation (expected keep, 2, 3 or 4)\n")
    }

    func testWatchUsesTheConfiguration() throws {
        let sandbox = try repository()
        try sandbox.write(".todofmt.json", #"{"fieldStyle": "emoji"}"#)
        try sandbox.write("todo.md", "- [ ] b\n")
        let watch = try WatchProcess(["--today", today, "."], in: sandbox.url)
        XCTAssertTrue(watch.waitForLine("todofmt: watching 1 file"), watch.stderr)
        EditorSave.atomicRename.save(messy, to: sandbox.path("todo.md"))
        let expected = "- [ ] Renew passport 📅 2026-12-01\n- [x] Pay rent ✅ \(today)\n"
        XCTAssertTrue(WatchProcess.eventually { (try? sandbox.read("todo.md")) == expected },
                      "\((try? sandbox.read("todo.md")).debugDescription); \(watch.stderr)")
        XCTAssertEqual(watch.stop(), 0, watch.stderr)
    }

    /// Named files are processed even when excluded, unless --force-exclude; walks never take them.
    func testForceExcludeSkipsNamedFilesTheConfigurationExcludes() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path("archive/old"), withIntermediateDirectories: true)
        try sandbox.write(".todofmt.json", "{\"exclude\": [\"archive/\"]}\n")
        try sandbox.write("archive/old/todo.md", Samples.messy)
        try sandbox.write("todo.md", Samples.messy)
        let named = try sandbox.todofmt("--check", "--today", Samples.today, "archive/old/todo.md", "todo.md")
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.stdout.contains("archive/old/todo.md:"), named.stdout)
        let forced = try sandbox.todofmt("--check", "--force-exclude", "--today", Samples.today, "archive/old/todo.md", "todo.md")
        XCTAssertEqual(forced.status, 1)
        XCTAssertEqual(forced.stdout, "todo.md:3:1: error: would reformat lines 3-5 [TD000]\n")
        let lint = try sandbox.todofmt("lint", "--force-exclude", "--today", Samples.today, "archive/old/todo.md")
        XCTAssertEqual(lint.status, 0)
        XCTAssertEqual(lint.stdout + lint.stderr, "")
        let inPlace = try sandbox.todofmt("--force-exclude", "--today", Samples.today, "archive/old/todo.md", "todo.md")
        XCTAssertEqual(inPlace.status, 0, inPlace.stderr)
        XCTAssertEqual(try sandbox.read("archive/old/todo.md"), Samples.messy)
        XCTAssertEqual(try sandbox.read("todo.md"), Samples.messyFormatted)
    }

    /// Standard input standing for an excluded file gets the excluded treatment with
    /// `--force-exclude`: echoed unchanged, nothing to check, nothing to lint.
    func testForceExcludeAppliesToTheStandardInputFilename() throws {
        let sandbox = try repository()
        try mkdir(sandbox, "archive")
        try sandbox.write(".todofmt.json", "{\"exclude\": [\"archive/\"]}\n")
        let excluded = ["--stdin-filename", "archive/todo.md", "--force-exclude", "--today", today]
        let formatted = try sandbox.todofmt(excluded, stdin: messy)
        XCTAssertEqual(formatted.status, 0, formatted.stderr)
        XCTAssertEqual(formatted.stdout, messy)
        XCTAssertEqual(formatted.stderr, "")
        for mode in ["--check", "--diff"] {
            let result = try sandbox.todofmt([mode] + excluded + ["-"], stdin: messy)
            XCTAssertEqual(result.status, 0, "\(mode): \(result.stderr)")
            XCTAssertEqual(result.stdout + result.stderr, "", mode)
        }
        let lint = try sandbox.todofmt(["lint"] + excluded, stdin: messy)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertEqual(lint.stdout + lint.stderr, "")

        // Without --force-exclude, or for a file the configuration does not exclude, it is formatted.
        let named = try sandbox.todofmt("--stdin-filename", "archive/todo.md", "--today", today, stdin: messy)
        XCTAssertEqual(named.stdout, "- [ ] Renew passport due:2026-12-01\n- [x] Pay rent done:\(today)\n")
        let included = try sandbox.todofmt(["--check", "--stdin-filename", "todo.md", "--force-exclude"], stdin: messy)
        XCTAssertEqual(included.status, 1, included.stderr)
    }
}
