import PatternDetection

extension IDNA {
    /// One label after UTS #46 "Convert/Validate": the code points to validate (for an `xn--`
    /// label, the decoded ones) and, for an `xn--` label, its ASCII text as written.
    struct Label {
        var scalars: [UInt32]
        /// The mapped `xn--` label itself; nil for a label that was not punycode.
        var punycodeText: ArraySlice<UInt32>?

        /// Decodes an `xn--` label; nil when it has non-ASCII code points, does not decode, or
        /// decodes to nothing or to ASCII only.
        init?(converting text: ArraySlice<UInt32>) {
            guard text.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) else {
                scalars = Array(text)
                return
            }
            guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
            let digits = text.dropFirst(4).map { UInt8(truncatingIfNeeded: $0) }
            var decoded: [UInt32] = []
            guard Punycode.decode(digits, into: &decoded), decoded.contains(where: { $0 >= 0x80 }) else {
                return nil
            }
            scalars = decoded
            punycodeText = text
        }

        /// UTS #46 validity criteria (nontransitional, CheckHyphens=false, CheckJoiners=true, and
        /// the Bidi rule when the domain is a Bidi domain name).
        func isValid(bidiDomain: Bool) -> Bool {
            guard let first = scalars.first else { return true }
            if punycodeText != nil {
                // Decoded text must be what mapping and NFC would have produced.
                guard scalars.allSatisfy(IDNAMapping.isValid), !scalars.contains(fullStop),
                      !scalars.starts(with: [0x78, 0x6E, 0x2D, 0x2D]),
                      IDNA.normalized(scalars) == scalars
                else { return false }
            }
            if first >= 0x80, IDNAProperties(first).isMark { return false }
            guard satisfiesContextJ() else { return false }
            return !bidiDomain || satisfiesBidiRule()
        }

        /// RFC 5892 Appendix A.1 and A.2: ZWNJ after a virama or between a left- or dual-joining
        /// and a right- or dual-joining character (transparent ones skipped); ZWJ after a virama.
        func satisfiesContextJ() -> Bool {
            for index in scalars.indices where scalars[index] == 0x200C || scalars[index] == 0x200D {
                if index > 0, IDNAProperties(scalars[index - 1]).isVirama { continue }
                guard scalars[index] == 0x200C else { return false }
                var before = index - 1
                while before >= 0, IDNAProperties(scalars[before]).joiningType == .transparent { before -= 1 }
                guard before >= 0, [.left, .dual].contains(IDNAProperties(scalars[before]).joiningType) else {
                    return false
                }
                var after = index + 1
                while after < scalars.count, IDNAProperties(scalars[after]).joiningType == .transparent { after += 1 }
                guard after < scalars.count, [.right, .dual].contains(IDNAProperties(scalars[after]).joiningType) else {
                    return false
                }
            }
            return true
        }

        /// The six conditions of RFC 5893 §2.
        func satisfiesBidiRule() -> Bool {
            let classes = scalars.map { IDNAProperties($0).bidiClass }
            var last = classes.count - 1
            while last > 0, classes[last] == .nsm { last -= 1 }
            switch classes[0] {
            case .r, .al:
                let allowed: [IDNAProperties.BidiClass] = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
                guard classes.allSatisfy(allowed.contains), !(classes.contains(.en) && classes.contains(.an)) else {
                    return false
                }
                return [.r, .al, .en, .an].contains(classes[last])
            case .l:
                let allowed: [IDNAProperties.BidiClass] = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
                return classes.allSatisfy(allowed.contains) && [.l, .en].contains(classes[last])
            default:
                return false
            }
        }

        /// Appends the label's ASCII form; `false` when punycode overflows.
        func appendASCII(to output: inout [UInt8]) -> Bool {
            if let punycodeText {
                output.append(contentsOf: punycodeText.lazy.map { UInt8(truncatingIfNeeded: $0) })
            } else if scalars.allSatisfy({ $0 < 0x80 }) {
                output.append(contentsOf: scalars.lazy.map { UInt8(truncatingIfNeeded: $0) })
            } else {
                output.append(contentsOf: "xn--".utf8)
                return Punycode.encode(scalars, into: &output)
            }
            return true
        }
    }
}
