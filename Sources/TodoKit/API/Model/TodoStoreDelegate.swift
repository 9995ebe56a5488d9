/// An observer of a ``TodoStore`` that is not on the main actor (a service, a test recorder).
///
/// The store calls it synchronously on the store's own executor, in order. A `@MainActor` type
/// cannot conform safely: the compiler refuses the conformance, and a `@preconcurrency`
/// conformance compiles but traps at run time on the first event, since the method is not called
/// on the main actor. Starting a `Task { @MainActor in … }` for each event is no way out either:
/// such tasks may run out of order, and a view would then show an older list after a newer one.
/// UI code should iterate ``TodoStore/events()`` from the main actor instead, which delivers the
/// events in the order the store reported them:
///
/// ```swift
/// @MainActor func follow() async {
///     for await event in await store.events() {
///         if case .changed(let list, _) = event { show(list) }
///     }
/// }
/// ```
public protocol TodoStoreDelegate: AnyObject, Sendable {
    /// The store loaded, changed, or failed to read or write the file. Called on the store's
    /// executor; it must not block.
    ///
    /// - Parameters:
    ///   - store: the store reporting.
    ///   - event: what happened; ``TodoStore/Event/changed(_:_:)`` carries the new list and why.
    func todoStore(_ store: TodoStore, didReport event: TodoStore.Event)
}
