/// The character classes Mastodon's expressions test, as Ruby's regular-expression engine (Onigmo)
/// answers them on Unicode strings, plus the IDNA2003 Nameprep data its link validation needs.
///
/// One 16-bit flag word per code point, read through a two-stage table (an entry per 256 code
/// points, which is the flags themselves for most blocks, else the block's words) built once, in
/// one pass, from the generated range tables
/// (`MastodonTables`, made by `Scripts/generate_mastodon_tables.py`). ASCII is answered from a
/// byte table without decoding.
///
/// Invariant: immutable after it is built; shared by every scan.
struct MastodonCharacterClass: @unchecked Sendable {
    /// `[[:word:]]`: Alphabetic, marks, decimal digits, connector punctuation.
    static let word: UInt16 = 1
    /// `[[:alpha:]]`: the Alphabetic property.
    static let alpha: UInt16 = 2
    /// `[[:alnum:]]`: Alphabetic and decimal digits.
    static let alnum: UInt16 = 4
    /// `[[:space:]]` and `\p{White_Space}`.
    static let space: UInt16 = 8
    /// `\p{Cyrillic}` (the script).
    static let cyrillic: UInt16 = 16
    /// `\p{Pd}` (dash punctuation).
    static let dash: UInt16 = 32
    /// Nameprep maps the code point to other code points (see ``nameprepMapping(of:)``).
    static let nameprepMapped: UInt16 = 64
    /// Nameprep deletes the code point (table B.1).
    static let nameprepDeleted: UInt16 = 128
    /// Nameprep fails on the code point: prohibited after mapping, or unassigned in Unicode 3.2.
    static let nameprepInvalid: UInt16 = 256
    /// RFC 3454 table D.1 (RandALCat).
    static let randAL: UInt16 = 512
    /// RFC 3454 table D.2 (LCat).
    static let leftToRight: UInt16 = 1024

    /// The flags of every code point, shared.
    static let shared = MastodonCharacterClass()

    /// Per 256 code points: `0x8000 | flags` when the whole block has the same flags, else the
    /// block's number in ``blocks``.
    private let blockIndex: UnsafeMutablePointer<UInt16>
    private let blocks: UnsafeMutablePointer<UInt16>

    /// One pass over the ranges: most blocks have one value and store nothing else; the others
    /// (about 140) are filled in.
    private init() {
        let starts = MastodonTables.flagStarts
        let flags = MastodonTables.flags
        var index = [UInt16](repeating: 0, count: 0x1100)
        var stored: [UInt16] = []
        var range = 0
        for blockNumber in 0..<0x1100 {
            let first = UInt32(blockNumber << 8)
            while range + 1 < starts.count, starts[range + 1] <= first { range += 1 }
            if range + 1 >= starts.count || starts[range + 1] >= first + 256 {
                index[blockNumber] = 0x8000 | flags[range]
                continue
            }
            index[blockNumber] = UInt16(stored.count >> 8)
            var next = range
            for offset in 0..<UInt32(256) {
                while next + 1 < starts.count, starts[next + 1] <= first + offset { next += 1 }
                stored.append(flags[next])
            }
        }
        blockIndex = .allocate(capacity: index.count)
        blockIndex.initialize(from: index, count: index.count)
        blocks = .allocate(capacity: max(stored.count, 1))
        blocks.initialize(from: stored, count: stored.count)
    }

    /// The flags of `codePoint` (none above U+10FFFF).
    @inline(__always)
    func flags(of codePoint: UInt32) -> UInt16 {
        guard codePoint < 0x110000 else { return Self.nameprepInvalid }
        let entry = blockIndex[Int(codePoint >> 8)]
        if entry & 0x8000 != 0 { return entry & 0x7FFF }
        return blocks[Int(entry) << 8 | Int(codePoint & 0xFF)]
    }

    /// Whether `codePoint` has any flag of `mask`.
    @inline(__always)
    func has(_ codePoint: UInt32, _ mask: UInt16) -> Bool {
        flags(of: codePoint) & mask != 0
    }

    /// Nameprep's mapping of a code point flagged ``nameprepMapped`` (case folding, then NFKC of
    /// Unicode 3.2, for the code point alone), or `nil` for any other.
    static func nameprepMapping(of codePoint: UInt32) -> ArraySlice<UInt32>? {
        let keys = MastodonTables.nameprepKeys
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] >> 8 < codePoint { low = middle + 1 } else { high = middle }
        }
        guard low < keys.count, keys[low] >> 8 == codePoint else { return nil }
        let offset = Int(MastodonTables.nameprepOffsets[low])
        return MastodonTables.nameprepPool[offset..<offset + Int(keys[low] & 0xFF)]
    }
}
