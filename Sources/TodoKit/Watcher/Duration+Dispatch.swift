import Dispatch

extension Duration {
    /// The duration as a Dispatch interval, clamped to zero...one year.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return .nanoseconds(0) }
        let clamped = Int(min(seconds, 366 * 86_400))
        return .nanoseconds(max(0, clamped * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }
}
