/// An observer of a ``TodoStore`` (a controller or view model). It is called on the store's
/// executor: hop to the main actor for UI work.
public protocol TodoStoreDelegate: AnyObject, Sendable {
    /// The store loaded, changed, or failed to read or write the file.
    ///
    /// - Parameters:
    ///   - store: the store reporting.
    ///   - event: what happened; ``TodoStore/Event/changed(_:_:)`` carries the new list and why.
    func todoStore(_ store: TodoStore, didReport event: TodoStore.Event)
}
