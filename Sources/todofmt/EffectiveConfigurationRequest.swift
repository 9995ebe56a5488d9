/// What `todofmt config --effective PATH` was asked to show.
struct EffectiveConfigurationRequest: Equatable {
    /// The file (or directory) whose configuration is shown; it need not exist.
    var path: String
    /// Which configuration applies, and what the command line overrides in it.
    var configuration: ConfigurationOverrides
}
