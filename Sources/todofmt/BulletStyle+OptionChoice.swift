import TodoKit

/// `--bullet STYLE`: written as on the command line and in .todofmt.json, `keep` or the marker.
extension BulletStyle: OptionChoice {
    /// What a task looks like with the style.
    var help: String {
        switch self {
        case .keep: "markers as written, the default"
        case .dash: "- [ ] task"
        case .asterisk: "* [ ] task"
        case .plus: "+ [ ] task"
        }
    }
}
