extension Int {
    /// `self + other`, or `Int.max` where that overflows (for non-negative counts and sizes).
    package func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// `self × other`, or `Int.max` where that overflows (for non-negative counts and sizes).
    package func saturatingMultiplied(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
