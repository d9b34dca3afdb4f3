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
/// Each code point is mapped on its own: NFKC's composition across code points (a letter and a
/// following combining mark becoming one precomposed letter) is not applied, which can only change
/// the punycode length of such a label by a few characters.
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
}
