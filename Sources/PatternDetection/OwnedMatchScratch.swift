/// Match scratch a value type can own and stay `Sendable`: the scratch is made on first use and
/// made anew whenever a copy of the owner shares it, so two values never match with the same
/// scratch (which is not thread-safe).
package struct OwnedMatchScratch: Sendable {
    private var box: Box?

    package init() {}

    /// The owner's own scratch. Call only from mutating methods of the owner.
    package mutating func unique() -> MatchScratch {
        if box == nil || !isKnownUniquelyReferenced(&box!) { box = Box() }
        return box!.scratch
    }

    /// `@unchecked Sendable`: its scratch is only used through ``unique()``, after the check that
    /// no other value holds the box.
    private final class Box: @unchecked Sendable {
        let scratch = MatchScratch()
    }
}
