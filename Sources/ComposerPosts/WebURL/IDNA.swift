/// UTS #46 ToASCII configured as the URL Standard's "domain to ASCII" runs it: CheckHyphens=false,
/// CheckBidi=true, CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional_Processing=false,
/// VerifyDnsLength=false.
///
/// The mapping, Bidi_Class, Joining_Type, mark and virama data are Unicode
/// ``IDNATables/unicodeVersion`` (generated). NFC is Foundation's normalizer (the one the
/// length profiles use), whose Unicode version is the toolchain's
/// (16.0 in Swift 6.3): it can differ only for code points that version does not know.
enum IDNA {
    static let fullStop: UInt32 = 0x2E

    /// The ASCII form of `domain` (labels lower-cased, non-ASCII labels as `xn--` + punycode,
    /// separated by `.`), or nil when any step records an error.
    /// - Complexity: O(n log t) for n code points and a table of t ranges, plus punycode's O(n²)
    ///   per label.
    static func toASCII(_ domain: String) -> [UInt8]? {
        var mapped: [UInt32] = []
        mapped.reserveCapacity(domain.utf8.count)
        var needsNormalization = false
        for scalar in domain.unicodeScalars {
            guard IDNAMapping.map(scalar.value, into: &mapped) else { return nil }
            if scalar.value >= 0x300 { needsNormalization = true }
        }
        if needsNormalization || mapped.contains(where: { $0 >= 0x300 }) {
            mapped = normalized(mapped)
        }

        var labels: [Label] = []
        for text in mapped.split(separator: fullStop, omittingEmptySubsequences: false) {
            guard let label = Label(converting: text) else { return nil }
            labels.append(label)
        }
        let isBidiDomain = labels.contains { label in
            label.scalars.contains { [.r, .al, .an].contains(IDNAProperties($0).bidiClass) }
        }
        var output: [UInt8] = []
        output.reserveCapacity(mapped.count + 8)
        for (index, label) in labels.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ".")) }
            guard label.isValid(bidiDomain: isBidiDomain) else { return nil }
            guard label.appendASCII(to: &output) else { return nil }
        }
        return output
    }

    /// The NFC form of `scalars`.
    static func normalized(_ scalars: [UInt32]) -> [UInt32] {
        var text = String.UnicodeScalarView()
        for value in scalars {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return NFCQuickCheck.normalized(String(text)).unicodeScalars.map(\.value)
    }
}
