import Testing
@testable import ComposerPosts

/// Hosts through UTS #46 ToASCII as the URL Standard configures it. Where node 20 (UTS #46 15.0,
/// no domain-level Bidi rule, validating ASCII `xn--` labels) differs, the test says so.
@Suite("WebURL IDNA hosts")
struct WebURLIDNATests {
    private func host(_ domain: String) -> String? {
        WebURL(parsing: "http://\(domain)/")?.host
    }

    @Test func mappingCaseFoldingAndFullWidthDots() {
        #expect(host("MÜNCHEN.DE") == "xn--mnchen-3ya.de")
        #expect(host("ｅｘａｍｐｌｅ．ｃｏｍ") == "example.com")
        #expect(host("例え｡テスト") == "xn--r8jz45g.xn--zckzah")
        #expect(host("ΣΣ.gr") == "xn--4xaa.gr")
        #expect(host("ﬁ.com") == "fi.com")
        #expect(host("①.com") == "1.com")
    }

    @Test func deviationsAreKeptIgnoredAreDroppedDisallowedFail() {
        #expect(host("faß.de") == "xn--fa-hia.de")
        #expect(host("σς.gr") == "xn--3xab.gr")
        #expect(host("a\u{AD}b.com") == "ab.com")
        #expect(host("\u{FEFF}a.com") == "a.com")
        #expect(host("a\u{FFFD}.com") == nil)
        #expect(host("a\u{2028}.com") == nil)
    }

    /// UTS #46 15.1 maps U+1E9E to ß (15.0, and so node 20, mapped it to "ss").
    @Test func capitalSharpSMapsToSharpS() {
        #expect(host("ẞ.de") == "xn--zca.de")
    }

    @Test func normalizationToNFC() {
        #expect(host("a\u{301}.com") == "xn--1ca.com")
        #expect(host("\u{301}a.com") == nil)  // a label must not begin with a mark
    }

    @Test func asciiDomainsAreOnlyLowerCased() {
        // The URL Standard's carve-out: ASCII `xn--` labels are not decoded or validated
        // (node 20 still rejects the first three).
        #expect(host("xn--ab-j1t") == "xn--ab-j1t")
        #expect(host("XN--.com") == "xn--.com")
        #expect(host("xn--abc-.com") == "xn--abc-.com")
        #expect(host("Xn--Bcher-Kva.example") == "xn--bcher-kva.example")
    }

    @Test func punycodeLabelsInUnicodeDomainsAreValidated() {
        #expect(host("ü.xn--bcher-kva") == "xn--tda.xn--bcher-kva")
        #expect(host("ü.xn--ab-j1t") == nil)     // decodes to a mapped code point
        #expect(host("ü.xn--abc-") == nil)       // decodes to ASCII only
        #expect(host("ü.xn--") == nil)           // decodes to nothing
        #expect(host("ü.xn--ü") == nil)          // not ASCII
        #expect(host("ü.xn--zz-") == nil)        // ASCII only again
    }

    /// RFC 5893 across the whole domain once any label has R, AL or AN (node 20 checks RTL labels
    /// alone, and those loosely).
    @Test func bidiRule() {
        #expect(host("שלום.com") == "xn--9dbne9b.com")
        #expect(host("مثال.إختبار") == "xn--mgbh0fb.xn--kgbechtv")
        #expect(host("ש1.com") == "xn--1-fjc.com")         // RTL label may end in EN
        #expect(host("1.שלום") == nil)                     // "1" starts with EN, in a Bidi domain
        #expect(host("aש.com") == nil)                     // R inside an LTR label
        #expect(host("١٢.com") == nil)                     // AN first
        #expect(host("ש١1.com") == nil)                    // EN and AN together
        #expect(host("שa.com") == nil)                     // L inside an RTL label
        #expect(host("ש\u{5B0}.com") == "xn--7cb7i.com")   // trailing NSM after R
        #expect(host("1.com") == "1.com")                  // no RTL: no Bidi rule
    }

    @Test func contextJ() {
        #expect(host("क्\u{200D}ष.in") == "xn--11b2ezcw70k.in")    // ZWJ after virama
        #expect(host("a\u{200D}b.com") == nil)
        #expect(host("ب\u{200C}ب.com") == "xn--ngba799q.com")     // ZWNJ between dual-joining
        #expect(host("ب\u{200C}a.com") == nil)                    // right side does not join
        #expect(host("\u{200C}ب.com") == nil)
        #expect(host("ب\u{64B}\u{200C}\u{64B}ب.com") != nil)      // transparent marks skipped
    }

    @Test func tablesAreUnicode17() {
        #expect(IDNATables.unicodeVersion == "17.0.0")
        #expect(IDNATables.mappingStarts.first == 0 && IDNATables.propertyStarts.first == 0)
        #expect(zip(IDNATables.mappingStarts, IDNATables.mappingStarts.dropFirst()).allSatisfy { $0 < $1 })
        var out: [UInt32] = []
        #expect(IDNAMapping.map(0xC0, into: &out) && IDNAMapping.map(0xFB01, into: &out))
        #expect(out == [0xE0, 0x66, 0x69])                               // À → à, ﬁ → "fi"
        #expect(!IDNAMapping.map(0x2488, into: &out))                    // ⒈: disallowed since 16.0
    }
}
