import ComposerCore
import Testing

@testable import PatternDetection

/// `TwitterDomainSearch` against the domain expression `sub* name tld` read literally: split the
/// labels from the start, and take the largest number of `sub` labels after which a `name` label
/// and a TLD follow (what a backtracking engine's greedy `sub*` settles on). The search remembers
/// one first label and one chain of labels between queries; asking in forward order exercises what
/// it remembers, asking in a shuffled order checks that a remembered walk is used only where it
/// applies.
@Suite("twitter domain search")
struct TwitterDomainSearchTests {
    struct Label {
        var start: Int
        var end: Int
        var startsWithDomainCharacter: Bool
        var endsWithDomainCharacter: Bool
        /// Where its `_` are.
        var underscores: [Int]
        var isDotTerminated: Bool
    }

    static func labels(from start: Int, in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable) -> [Label] {
        func isDomainCharacter(_ scalar: UInt32) -> Bool {
            scalar < 0x80
                ? classes.contains(UInt8(scalar), TwitterCharacterClasses.asciiDomainCharacter)
                : TwitterCharacterClasses.isDomainCharacter(scalar)
        }
        var labels: [Label] = []
        var position = start
        while true {
            let labelStart = position
            var scalars: [(offset: Int, value: UInt32)] = []
            while position < text.count {
                let (value, length) = text.scalarValue(at: position)
                guard isDomainCharacter(value) || value == 0x2D || value == 0x5F else { break }
                scalars.append((position, value))
                position += length
            }
            let dotted = position < text.count && text[position] == UInt8(ascii: ".")
            labels.append(Label(
                start: labelStart, end: position,
                startsWithDomainCharacter: scalars.first.map { isDomainCharacter($0.value) } ?? false,
                endsWithDomainCharacter: scalars.last.map { isDomainCharacter($0.value) } ?? false,
                underscores: scalars.filter { $0.value == 0x5F }.map(\.offset),
                isDotTerminated: dotted))
            guard dotted else { return labels }
            position += 1
        }
    }

    /// The model: the largest q such that labels 0..<q are dot-terminated `sub` labels, label q a
    /// dot-terminated `name` label, and a TLD starts at label q + 1. The first label is judged from
    /// `restStart` on and needs no domain character at its start.
    static func modelDomainEnd(
        labelStart: Int, restStart: Int, in text: UnsafeBufferPointer<UInt8>, tlds: TwitterTLDMatcher,
        classes: ByteClassTable
    ) -> Int? {
        let labels = labels(from: labelStart, in: text, classes: classes)
        func isSub(_ index: Int) -> Bool {
            let label = labels[index]
            guard label.isDotTerminated else { return false }
            if index == 0 { return restStart == label.end || label.endsWithDomainCharacter }
            return label.startsWithDomainCharacter && label.endsWithDomainCharacter
        }
        func isName(_ index: Int) -> Bool {
            isSub(index) && !labels[index].underscores.contains { $0 >= (index == 0 ? restStart : labels[index].start) }
        }
        var subs = 0
        while subs < labels.count && isSub(subs) { subs += 1 }
        for q in stride(from: min(subs, labels.count - 2), through: 0, by: -1) where isName(q) {
            if let end = tlds.matchEnd(in: text, at: labels[q + 1].start, bound: text.count) { return end }
        }
        return nil
    }

    static let pieces = [
        "a", "b", "z", "9", "-", "_", ".", ".", "..", "co", "com", "jp", "x", "é", "日本", "😀", "ab.", ".com", "_a",
        "a-", "a_b", " ", "/", "xn--", "a.co", "b.com.", "\\", "\u{301}",
    ]

    static func text(_ random: inout SplitMix64) -> String {
        (0..<(1 + Int(random.next() % 24))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// Every query a scanner could make in `text`: each offset with a domain character, from there
    /// and (for an astral character) from just past it.
    static func queries(in text: UnsafeBufferPointer<UInt8>, classes: ByteClassTable) -> [(Int, Int)] {
        var queries: [(Int, Int)] = []
        var offset = 0
        while offset < text.count {
            let (value, length) = text.scalarValue(at: offset)
            let isDomain = value < 0x80
                ? classes.contains(UInt8(value), TwitterCharacterClasses.asciiDomainCharacter)
                : TwitterCharacterClasses.isDomainCharacter(value)
            if isDomain {
                queries.append((offset, offset))
                if value >= 0x10000 { queries.append((offset, offset + length)) }
            }
            offset += length
        }
        return queries
    }

    @Test("agrees with the expression read literally, queries in order and shuffled", arguments: ["twitter", "mastodon"])
    func agreesWithTheModel(rules: String) {
        let tlds = rules == "twitter" ? TwitterRules.shared.tlds : MastodonRules.shared.tlds
        let classes = rules == "twitter" ? TwitterCharacterClasses.asciiClasses : MastodonCharacters.asciiDomainClasses
        var random = SplitMix64(seed: rules == "twitter" ? 22 : 23)
        var checked = 0
        var found = 0
        var mismatches: [String] = []
        for _ in 0..<3000 {
            let post = Self.text(&random)
            withUTF8Bytes(of: post) { text in
                var queries = Self.queries(in: text, classes: classes)
                for order in 0..<2 {
                    if order == 1 { queries.shuffle(using: &random) }
                    var search = TwitterDomainSearch()
                    for (labelStart, restStart) in queries {
                        let expected = Self.modelDomainEnd(
                            labelStart: labelStart, restStart: restStart, in: text, tlds: tlds, classes: classes)
                        let actual = search.domainEnd(
                            labelStart: labelStart, restStart: restStart, in: text, tlds: tlds, classes: classes)
                        checked += 1
                        if expected != nil { found += 1 }
                        if actual != expected, mismatches.count < 5 {
                            mismatches.append("\(post.debugDescription) from \(labelStart)/\(restStart): \(String(describing: actual)), model \(String(describing: expected))")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // The generator reaches both answers often.
        #expect(found > checked / 10 && found < checked * 9 / 10, "\(found) domains in \(checked) queries")
    }

    @Test("every start in a long chain of labels finds the TLD at its end")
    func longChain() {
        let post = String(repeating: "ab.", count: 20_000) + "com"
        let tlds = TwitterRules.shared.tlds
        withUTF8Bytes(of: post) { text in
            var search = TwitterDomainSearch()
            var wrong: [Int] = []
            for labelStart in stride(from: 0, to: text.count - 3, by: 3) {
                let end = search.domainEnd(
                    labelStart: labelStart, restStart: labelStart, in: text, tlds: tlds,
                    classes: TwitterCharacterClasses.asciiClasses)
                if end != text.count { wrong.append(labelStart) }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        }
    }
}
