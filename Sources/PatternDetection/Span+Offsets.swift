extension Span {
    /// The span's range in UTF-16 code units of `string` (what `NSString`, JavaScript and
    /// twitter-text count).
    public func utf16Range(in string: String) -> Range<Int> {
        let offsets = TextOffsets.utf16Offsets([utf8Range.lowerBound, utf8Range.upperBound], in: string)
        return offsets[0]..<offsets[1]
    }

    /// The span's range in Unicode scalars of `string` (what Python's `str` counts).
    public func scalarRange(in string: String) -> Range<Int> {
        let offsets = TextOffsets.scalarOffsets([utf8Range.lowerBound, utf8Range.upperBound], in: string)
        return offsets[0]..<offsets[1]
    }
}
