/// The top-level-domain step of twitter-text's domain expression, as a trie walk instead of a
/// 1,574-way alternation.
///
/// The reference tries `(?:generic…)(?=[^0-9a-zA-Z@+-]|$)`, then `(?:country…)(?=…)`, then
/// `xn--[-0-9a-z]+`, case-insensitively: the first TLD in list order that the text starts with and
/// that is not followed by an ASCII letter, digit, `@`, `+` or `-` wins; only when none does, a
/// punycode label does. The walk reads at most the longest TLD (18 characters) plus one, compares
/// JavaScript-canonical UTF-16 units, and keeps the matching TLD of lowest list rank.
/// - Complexity: O(longest TLD) per call, plus the punycode label's length when it is used.
///
/// With ``rubyFolding`` it matches as twitter-text's Ruby expression does under Onigmo (Mastodon's
/// server): case-insensitive matching also lets a non-ASCII character whose case folding is ASCII
/// letters stand for them (the Kelvin sign for `k`, the long s for `s`, `ß` and `ẞ` for `ss`, the
/// Latin ligatures `ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ` for their letters), the look-ahead also refuses the Kelvin
/// sign and the long s, and a punycode label is `xn--[0-9a-z]+` (no hyphen after the prefix).
///
/// A class, so the scanners that hold and pass it share one reference instead of retaining each of
/// its tables; it is immutable once built.
final class TwitterTLDMatcher: Sendable {
    private struct Node: Sendable {
        var rank: Int32 = -1
        /// Whether any edge from this node is not an ASCII letter (most nodes have none, and then
        /// no hash look-up is needed).
        var hasOtherChildren = false
    }

    /// Children of ASCII-letter edges: 26 slots per node, -1 for none.
    private let letterChildren: [Int32]
    /// Children of every other edge, keyed by `node << 16 | canonical unit`.
    private let otherChildren: [UInt64: Int32]
    private let nodes: [Node]
    /// JavaScript's canonical case of every UTF-16 unit (held here so the walk reads no global).
    private let canonicalUnits = JavaScriptCaseInsensitivity.canonicalUnits
    /// Whether the walk follows Ruby's (Onigmo's) case folding and punycode class.
    let rubyFolding: Bool

    /// The same TLDs, matched as `rubyFolding` says; the tables are shared, not copied.
    init(_ other: TwitterTLDMatcher, rubyFolding: Bool) {
        letterChildren = other.letterChildren
        otherChildren = other.otherChildren
        nodes = other.nodes
        self.rubyFolding = rubyFolding
    }

    /// A new node's letter slots (copied from a constant array, which is much cheaper at start-up
    /// than appending a repeated element).
    private static let noLetterChildren = [Int32](repeating: -1, count: 26)

    /// The TLDs of `lists` (one TLD per line), ranked in order: all lines of the first list, then
    /// of the next. Reads the lists' UTF-16 directly, so no string is made per TLD.
    init(orderedLists lists: [String]) {
        // Room for every node there can be (one per unit, and the root), so that nothing is
        // copied to grow; the letter slots of nodes never made are never touched.
        let units = lists.reduce(0) { $0 + $1.utf8.count }
        var letterChildren: [Int32] = []
        letterChildren.reserveCapacity(26 * (units + 1))
        var otherChildren: [UInt64: Int32] = [:]
        otherChildren.reserveCapacity(units / 8)
        var nodes: [Node] = []
        nodes.reserveCapacity(units + 1)
        func addNode() -> Int {
            nodes.append(Node())
            letterChildren.append(contentsOf: Self.noLetterChildren)
            return nodes.count - 1
        }
        _ = addNode()
        var rank: Int32 = 0
        var node = 0
        func endLine() {
            if node != 0 {
                if nodes[node].rank < 0 { nodes[node].rank = rank }
                rank += 1
            }
            node = 0
        }
        let canonicalUnits = JavaScriptCaseInsensitivity.canonicalUnits
        func add(_ unit: UInt16) {
            let canonical = UInt32(canonicalUnits[Int(unit)])
            let isLetter = (0x41...0x5A).contains(canonical)
            let key = UInt64(node) << 16 | UInt64(canonical)
            if isLetter, letterChildren[node * 26 + Int(canonical - 0x41)] >= 0 {
                node = Int(letterChildren[node * 26 + Int(canonical - 0x41)])
            } else if !isLetter, let child = otherChildren[key] {
                node = Int(child)
            } else {
                let created = addNode()
                if isLetter {
                    letterChildren[node * 26 + Int(canonical - 0x41)] = Int32(created)
                } else {
                    otherChildren[key] = Int32(created)
                    nodes[node].hasOtherChildren = true
                }
                node = created
            }
        }
        for list in lists {
            for unit in list.utf16 {
                if unit == 0x0A { endLine() } else { add(unit) }
            }
            endLine()
        }
        self.letterChildren = letterChildren
        self.otherChildren = otherChildren
        self.nodes = nodes
        self.rubyFolding = false
    }

    @inline(__always)
    private func child(of node: Int, _ canonical: UInt32) -> Int? {
        if (0x41...0x5A).contains(canonical) {
            let child = letterChildren[node * 26 + Int(canonical - 0x41)]
            return child < 0 ? nil : Int(child)
        }
        guard nodes[node].hasOtherChildren, canonical < 0x10000,
            let child = otherChildren[UInt64(node) << 16 | UInt64(canonical)]
        else {
            return nil
        }
        return Int(child)
    }

    /// The end of the TLD (or punycode label) the reference would match at `start`, reading no
    /// further than `bound` (which counts as the end of the subject for the look-ahead).
    func matchEnd(in text: UnsafeBufferPointer<UInt8>, at start: Int, bound: Int) -> Int? {
        var node = 0
        var position = start
        var best: (rank: Int32, end: Int)?
        while position < bound {
            let (scalar, length) = text.scalarValue(at: position)
            if rubyFolding, scalar >= 0x80, let letters = Self.asciiFolding(of: scalar) {
                var folded: Int? = node
                for index in 0..<letters.utf8CodeUnitCount {
                    folded = folded.flatMap { child(of: $0, UInt32(letters.utf8Start[index])) }
                }
                guard let next = folded else { break }
                node = next
            } else {
                guard scalar < 0x10000, let next = child(of: node, UInt32(canonicalUnits[Int(scalar)])) else { break }
                node = next
            }
            position += length
            let rank = nodes[node].rank
            if rank >= 0, best.map({ rank < $0.rank }) ?? true, endsLabel(text, at: position, bound: bound) {
                best = (rank, position)
            }
        }
        if let best { return best.end }
        return Self.punycodeEnd(in: text, at: start, bound: bound, allowsHyphen: !rubyFolding)
    }

    /// The ASCII letters (upper case) a non-ASCII scalar's case folding stands for, where Onigmo's
    /// case-insensitive matching lets it match them.
    @inline(__always)
    private static func asciiFolding(of scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x212A: return "K"
        case 0x17F: return "S"
        case 0xDF, 0x1E9E: return "SS"
        case 0xFB00: return "FF"
        case 0xFB01: return "FI"
        case 0xFB02: return "FL"
        case 0xFB03: return "FFI"
        case 0xFB04: return "FFL"
        case 0xFB05, 0xFB06: return "ST"
        default: return nil
        }
    }

    /// The look-ahead `(?=[^0-9a-zA-Z@+-]|$)`.
    @inline(__always)
    private func endsLabel(_ text: UnsafeBufferPointer<UInt8>, at position: Int, bound: Int) -> Bool {
        guard position < bound else { return true }
        let byte = text[position]
        if rubyFolding, byte == 0xE2 || byte == 0xC5 {
            let (scalar, _) = text.scalarValue(at: position)
            if scalar == 0x212A || scalar == 0x17F { return false }
        }
        return !(TwitterCharacterClasses.isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "@")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))
    }

    /// `xn--[-0-9a-z]+` (case-insensitive), greedy; without `allowsHyphen`, `xn--[0-9a-z]+`.
    private static func punycodeEnd(in text: UnsafeBufferPointer<UInt8>, at start: Int, bound: Int, allowsHyphen: Bool) -> Int? {
        guard bound - start >= 5, text[start] | 0x20 == UInt8(ascii: "x"), text[start + 1] | 0x20 == UInt8(ascii: "n"),
            text[start + 2] == UInt8(ascii: "-"), text[start + 3] == UInt8(ascii: "-")
        else { return nil }
        var end = start + 4
        while end < bound, TwitterCharacterClasses.isASCIIAlphanumeric(text[end]) || (allowsHyphen && text[end] == UInt8(ascii: "-")) {
            end += 1
        }
        return end > start + 4 ? end : nil
    }
}
