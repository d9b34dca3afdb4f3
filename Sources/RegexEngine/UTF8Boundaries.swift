/// Scalar boundaries of valid UTF-8, for stepping over one scalar.
enum UTF8Boundaries {
    /// The length in bytes of the scalar whose lead byte is `lead`.
    @inline(__always)
    static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The start of the scalar that ends at `offset`.
    /// - Precondition: `offset > 0` lies on a scalar boundary of valid UTF-8.
    static func scalarStart(before offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
