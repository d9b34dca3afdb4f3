/// IDNA2003 ToASCII of a link's host, as Mastodon's server runs it: twitter-text's Ruby
/// `is_valid_domain` calls idn-ruby's `IDN::Idna.toASCII`, which is libidn's `idna_to_ascii_8z`
/// with no flags (unassigned code points refused, STD3 rules off). A host that fails is no link.
///
/// The host is split into labels at `.`, `。`, `．` and `｡`; an empty label fails unless it is the
/// last one. A label of ASCII only must have 1–63 characters. Any other label goes through
/// Nameprep (RFC 3491): code points of table B.1 are deleted, the others case-folded (B.2) and
/// normalized (NFKC, Unicode 3.2); a prohibited or unassigned result fails; a label holding a
/// right-to-left character (D.1) must hold no left-to-right one (D.2) and begin and end with a
/// right-to-left one. A result of ASCII only must then have 1–63 characters; otherwise it must not
/// begin with `xn--` and `xn--` plus its punycode must have 1–63 characters.
///
/// NFKC is taken in two steps: each code point is mapped alone by the generated table (B.2, then
/// NFKC of Unicode 3.2), then the label's mapped code points are put in NFC, which composes across
/// them as NFKC of the whole label does (`a` and U+0301 become `á`, Hangul jamo a syllable): NFC
/// gives canonically equivalent texts the same form, and the concatenation is canonically
/// equivalent to the label's compatibility decomposition. The NFC is the standard library's, whose
/// compositions are those of Unicode 3.2 for the code points Nameprep lets through (canonical
/// compositions are frozen since Unicode 3.1). libidn composes with GLib's old loop, which, unlike
/// NFC since Unicode 4.1 (Corrigendum #5), also joins a character of combining class 0 to the
/// character before a combining mark (U+1100, U+0300, U+1161 becomes `가` and U+0300); that loop
/// is run again over the NFC where such a join could happen, so this type joins them too. (libidn
/// runs the loop on the decomposed label, not on its NFC; where marks between the two characters
/// also compose, the results could differ.)
struct Nameprep {
    private var mapped: [UInt32] = []
    private var encoded: [UInt8] = []

    /// The length of the ASCII form of the host `range`, or nil when ToASCII fails.
    /// - Complexity: O(n) for the host's n code points, plus the punycode encoding of each
    ///   non-ASCII label (quadratic in the label, whose useful length is bounded by 63).
    mutating func asciiLength(ofHost range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var labelStart = range.lowerBound
        var position = range.lowerBound
        while true {
            var scalar: UInt32 = 0
            var length = 0
            if position < range.upperBound { (scalar, length) = text.scalarValue(at: position) }
            let atEnd = position >= range.upperBound
            if atEnd || scalar == 0x2E || scalar == 0x3002 || scalar == 0xFF0E || scalar == 0xFF61 {
                if atEnd, position == labelStart, labelStart > range.lowerBound { return total }  // root label
                guard let labelLength = asciiLength(ofLabel: labelStart..<position, in: text) else { return nil }
                total += labelLength
                if atEnd { return total }
                total += 1
                position += length
                labelStart = position
            } else {
                position += length
            }
        }
    }

    private mutating func asciiLength(ofLabel range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        if !range.contains(where: { text[$0] >= 0x80 }) {
            return (1...63).contains(range.count) ? range.count : nil
        }
        let table = MastodonCharacters.table
        mapped.removeAll(keepingCapacity: true)
        var position = range.lowerBound
        while position < range.upperBound {
            let (scalar, length) = text.scalarValue(at: position)
            position += length
            let flags = table.flags(of: scalar)
            if flags & MastodonCharacterClass.nameprepInvalid != 0 { return nil }
            if flags & MastodonCharacterClass.nameprepDeleted != 0 { continue }
            if flags & MastodonCharacterClass.nameprepMapped != 0, let mapping = MastodonCharacterClass.nameprepMapping(of: scalar) {
                mapped.append(contentsOf: mapping)
            } else {
                mapped.append(scalar)
            }
        }
        guard !mapped.isEmpty else { return nil }
        // Composition joins at most four code points into one (`ᾂ` is `α` and three marks), so a
        // label still over 4 × 63 code points is over 63 composed and fails before it is composed.
        guard mapped.count <= 4 * 63 else { return nil }
        // Below U+0300 nothing composes with what precedes it or has a combining class.
        if mapped.contains(where: { $0 >= 0x300 }) { Self.composeCanonically(&mapped) }
        var hasRightToLeft = false
        var hasLeftToRight = false
        for codePoint in mapped {
            let flags = table.flags(of: codePoint)
            if flags & MastodonCharacterClass.randAL != 0 { hasRightToLeft = true }
            if flags & MastodonCharacterClass.leftToRight != 0 { hasLeftToRight = true }
        }
        if hasRightToLeft {
            guard !hasLeftToRight, table.has(mapped[0], MastodonCharacterClass.randAL),
                table.has(mapped[mapped.count - 1], MastodonCharacterClass.randAL)
            else { return nil }
        }
        if mapped.allSatisfy({ $0 < 0x80 }) {
            return (1...63).contains(mapped.count) ? mapped.count : nil
        }
        if mapped.count >= 4, mapped[0] == 0x78, mapped[1] == 0x6E, mapped[2] == 0x2D, mapped[3] == 0x2D { return nil }
        // The result is never shorter than the label: a label over 63 code points fails unencoded.
        guard mapped.count <= 63 else { return nil }
        encoded.removeAll(keepingCapacity: true)
        guard Punycode.encode(mapped, into: &encoded) else { return nil }
        let length = 4 + encoded.count
        return length <= 63 ? length : nil
    }

    /// Replaces `codePoints` by their canonical composition as libidn composes: their NFC, then,
    /// when a character of combining class 0 follows a combining mark there, GLib's loop over it
    /// (a character joins the last one of class 0 when they compose, unless the character before
    /// it has the same nonzero class; after a join, that "character before" is the one two back).
    /// - Precondition: every element is a Unicode scalar value.
    /// - Complexity: O(n) for n code points, plus a string of them and its NFC, and a composition
    ///   lookup for each code point when a character of class 0 follows a mark.
    private static func composeCanonically(_ codePoints: inout [UInt32]) {
        var scalars = String.UnicodeScalarView()
        for codePoint in codePoints { scalars.append(Unicode.Scalar(codePoint)!) }
        let composed = String(decoding: String(scalars)._nfcCodeUnits, as: UTF8.self).unicodeScalars
        codePoints.removeAll(keepingCapacity: true)
        var startAfterMark = false
        var previousClass = 0
        for scalar in composed {
            let combiningClass = Self.combiningClass(of: scalar.value)
            if combiningClass == 0, previousClass != 0 { startAfterMark = true }
            previousClass = combiningClass
            codePoints.append(scalar.value)
        }
        guard startAfterMark else { return }
        // GLib's composition loop (`_g_utf8_normalize_wc` as libidn copied it), over the NFC, kept
        // in `codePoints[..<joined]`.
        var joined = 0
        var lastStart = 0
        previousClass = 0
        for index in codePoints.indices {
            let scalar = Unicode.Scalar(codePoints[index])!
            let combiningClass = Self.combiningClass(of: scalar.value)
            if index > 0, previousClass == 0 || previousClass != combiningClass,
                let composite = primaryComposite(Unicode.Scalar(codePoints[lastStart])!, scalar)
            {
                codePoints[lastStart] = composite.value
                previousClass = joined - 1 == lastStart ? 0 : Self.combiningClass(of: codePoints[joined - 2])
                continue
            }
            if combiningClass == 0 { lastStart = joined }
            previousClass = combiningClass
            codePoints[joined] = scalar.value
            joined += 1
        }
        codePoints.removeSubrange(joined...)
    }

    private static func combiningClass(of codePoint: UInt32) -> Int {
        Int(Unicode.Scalar(codePoint)!.properties.canonicalCombiningClass.rawValue)
    }

    /// The character `first` and `second` compose to, if any (their NFC is one scalar).
    private static func primaryComposite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        let composed = String(decoding: String(pair)._nfcCodeUnits, as: UTF8.self).unicodeScalars
        return composed.count == 1 ? composed.first : nil
    }
}
