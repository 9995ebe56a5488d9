import TodoKit

/// What the format command was asked to do: which inputs, how to report, which options.
struct FormatRequest: Equatable {
    /// What happens with the formatted result.
    enum Mode: Equatable {
        /// Rewrite files whose content changes; standard input goes to standard output.
        case inPlace
        /// Change nothing; report each region of each input that would change.
        case check
        /// Change nothing; print a unified diff of each input that would change.
        case diff
    }

    /// The spelling of standard input among the paths.
    static let standardInput = "-"

    var mode: Mode = .inPlace
    /// The paths in command-line order; `-` is standard input; directories are walked.
    var paths: [String] = []
    /// The day stamped on completed tasks.
    var today: Day
    /// Which configuration applies, and the formatting options the command line gives.
    var configuration = ConfigurationOverrides()
    /// How `--check` and `--diff` report the regions that would change.
    var format: ReportFormat = .text
    /// Whether the diff and the findings are coloured.
    var color = ColorChoice.auto
}
