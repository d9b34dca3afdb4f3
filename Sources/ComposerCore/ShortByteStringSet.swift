/// A set of short byte strings looked up straight from the bytes of a text: no `String` is made
/// and nothing is hashed with a seeded hasher, so a lookup costs a few word operations and one or
/// two probes. For the scanners' fixed word lists (TLDs).
///
/// Each member is packed into three little-endian words, zero-padded; the table is open-addressed
/// with linear probing and at most half full.
///
/// Invariant: immutable once built; the storage is allocated once per set and never freed (the
/// sets are `static let`s that live as long as the process), so sharing it across threads is safe.
package struct ShortByteStringSet: @unchecked Sendable {
    /// The longest member, in bytes.
    package static let maximumLength = 24

    /// Three words per slot; a slot whose words are all zero is empty.
    private let slots: UnsafeMutablePointer<UInt64>
    private let slotMask: Int
    private let slotBits: Int

    /// - Precondition: every member is 1…``maximumLength`` bytes long and holds no zero byte.
    package init(_ members: [[UInt8]]) {
        self.init(memberCount: members.count)
        for member in members { member.withUnsafeBufferPointer { insert($0[...]) } }
    }

    /// The words of `list`, separated by spaces and line breaks (a generated word list), read in
    /// place: no array is made per word, so building a set of a thousand TLDs at start-up costs
    /// about what hashing them does.
    /// - Precondition: as for ``init(_:)``, for every word.
    package init(separatedBySpaces list: StaticString) {
        let bytes = UnsafeBufferPointer(start: list.utf8Start, count: list.utf8CodeUnitCount)
        @inline(__always) func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") }
        /// Calls `body` with each word, in order.
        @inline(__always) func forEachWord(_ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
            var start = 0
            for index in 0...bytes.count where index == bytes.count || isSeparator(bytes[index]) {
                if index > start { body(bytes[start..<index]) }
                start = index + 1
            }
        }
        var count = 0
        forEachWord { _ in count += 1 }
        self.init(memberCount: count)
        forEachWord { insert($0) }
    }

    /// An empty table with room for `memberCount` members, at most half full.
    private init(memberCount: Int) {
        var bits = 4
        while 1 << bits < 2 * max(memberCount, 1) { bits += 1 }
        slotBits = bits
        slotMask = (1 << bits) - 1
        slots = .allocate(capacity: 3 << bits)
        slots.initialize(repeating: 0, count: 3 << bits)
    }

    /// Adds `member` (while the set is being built: the storage is not shared yet).
    private func insert(_ member: Slice<UnsafeBufferPointer<UInt8>>) {
        precondition(
            !member.isEmpty && member.count <= Self.maximumLength && !member.contains(0), "not a short byte string")
        let key = Self.key(of: member)
        var slot = Self.slot(of: key, bits: slotBits)
        while !isEmpty(slot) && !holds(key, at: slot) { slot = (slot + 1) & slotMask }
        (slots[3 * slot], slots[3 * slot + 1], slots[3 * slot + 2]) = key
    }

    /// Whether `bytes` is a member.
    /// - Complexity: O(1): at most three words read from `bytes`, probes until an empty slot.
    @inline(__always)
    package func contains(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return false }
        let key = Self.key(of: bytes)
        // A zero byte would be taken for padding: no member holds one.
        guard Self.packedLength(key) == bytes.count else { return false }
        var slot = Self.slot(of: key, bits: slotBits)
        while !isEmpty(slot) {
            if holds(key, at: slot) { return true }
            slot = (slot + 1) & slotMask
        }
        return false
    }

    private typealias Key = (UInt64, UInt64, UInt64)

    /// `bytes` (at most 24) in three little-endian words, zero-padded: whole words loaded where the
    /// buffer has them, the rest byte by byte.
    @inline(__always)
    private static func key(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Key {
        @inline(__always) func word(_ index: Int) -> UInt64 {
            let start = bytes.startIndex + 8 * index
            let count = min(8, bytes.endIndex - start)
            guard count > 0 else { return 0 }
            let buffer = bytes.base
            if start + 8 <= buffer.count {
                let loaded = UInt64(littleEndian: UnsafeRawPointer(buffer.baseAddress! + start).loadUnaligned(as: UInt64.self))
                return count == 8 ? loaded : loaded & ((1 &<< UInt64(8 * count)) &- 1)
            }
            var value: UInt64 = 0
            for lane in 0..<count { value |= UInt64(buffer[start + lane]) &<< UInt64(8 * lane) }
            return value
        }
        return (word(0), word(1), word(2))
    }

    /// The bytes before the first zero byte of a key.
    @inline(__always)
    private static func packedLength(_ key: Key) -> Int {
        func length(_ word: UInt64) -> Int {
            // The lanes that are zero, as high bits (exact: no borrow crosses a zero lane upwards
            // before the first one, which is all that is counted).
            let zeros = (word &- ByteWord.ones) & ~word & ByteWord.highBits
            return zeros == 0 ? 8 : zeros.trailingZeroBitCount >> 3
        }
        let first = length(key.0)
        guard first == 8 else { return first }
        let second = length(key.1)
        return second == 8 ? 16 + length(key.2) : 8 + second
    }

    @inline(__always)
    private static func slot(of key: Key, bits: Int) -> Int {
        let mixed = key.0 &* 0x9E37_79B9_7F4A_7C15 ^ key.1 &* 0xC2B2_AE3D_27D4_EB4F ^ key.2 &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - bits))
    }

    @inline(__always)
    private func isEmpty(_ slot: Int) -> Bool {
        slots[3 * slot] == 0
    }

    @inline(__always)
    private func holds(_ key: Key, at slot: Int) -> Bool {
        slots[3 * slot] == key.0 && slots[3 * slot + 1] == key.1 && slots[3 * slot + 2] == key.2
    }
}
