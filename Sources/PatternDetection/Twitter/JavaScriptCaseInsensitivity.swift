/// ECMAScript's `Canonicalize` for expressions with the `i` flag and without `u`: how twitter-text's
/// case-insensitive expressions compare characters, one UTF-16 code unit at a time.
///
/// A unit's canonical form is its `toUpperCase()` when that is a single unit, except that a non-ASCII
/// unit never maps into ASCII: `ſ`, `ı` and the Kelvin sign stay themselves, so `[a-z]` with `i`
/// still means the 52 ASCII letters. Two units match when their canonical forms are equal, and a
/// character class matches a unit when some member has the unit's canonical form; that last rule
/// lets a few characters outside a class's listed ranges in (U+0345 puts Greek iota into
/// twitter-text's URL-path class, `ɪ` puts U+A7AE into its hashtag letters).
enum JavaScriptCaseInsensitivity {
    /// The canonical form of every UTF-16 code unit (surrogates map to themselves), built on first
    /// use from ``nonIdentityTable`` (generated from the Unicode case mappings by
    /// `Scripts/GenerateJavaScriptCaseTable.swift`, so no property look-ups happen at run time).
    static let canonicalUnits: [UInt16] = {
        var table = [UInt16](unsafeUninitializedCapacity: 0x10000) { buffer, count in
            for unit in 0..<0x10000 { buffer[unit] = UInt16(unit) }
            count = 0x10000
        }
        for entry in nonIdentityTable { table[Int(entry >> 16)] = UInt16(truncatingIfNeeded: entry) }
        return table
    }()

    /// Every BMP unit whose canonical form is not itself, with that form.
    static let nonIdentityUnits: [(unit: UInt16, canonical: UInt16)] = nonIdentityTable.map { entry in
        (unit: UInt16(truncatingIfNeeded: entry >> 16), canonical: UInt16(truncatingIfNeeded: entry))
    }

    /// The canonical form of a scalar; scalars above the BMP (two surrogates to JavaScript) are
    /// never case-mapped by a non-Unicode expression.
    @inline(__always)
    static func canonical(_ scalar: UInt32) -> UInt32 {
        scalar < 0x10000 ? UInt32(canonicalUnits[Int(scalar)]) : scalar
    }
}
