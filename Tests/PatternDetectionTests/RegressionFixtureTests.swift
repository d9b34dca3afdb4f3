import Foundation
import TestSupport
import PatternDetection
import Testing

/// Every input the scanner fuzz target ever crashed on (`Fixtures/regressions/scanner/`, raw fuzz
/// inputs as libFuzzer saved them) is replayed through the same checks (`ScanChecks`) for every
/// available rule set.
@Suite("Fuzz regressions")
struct RegressionFixtureTests {
    @Test(.enabled(if: !FuzzRegressions.names("scanner").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("scanner"))
    func replay(_ name: String) throws {
        let data = try FuzzRegressions.input("scanner", name)
        let input = [UInt8](data)
        let text = input.withUnsafeBufferPointer(ScanChecks.text(fromFuzzInput:))
        for rules in ScanChecks.ruleSets() {
            let violation = text.withUnsafeBufferPointer { bytes in
                ScanChecks.violation(in: bytes, rules: rules, seed: 0)
            }
            #expect(violation == nil, "\(name), \(rules.name)")
        }
    }

    /// Inputs the `regex` target crashed on (`Fixtures/regressions/regex/`), through ``RegexChecks``
    /// on the engines this build has (with and without the `PCRE2` trait).
    @Test(.enabled(if: !FuzzRegressions.names("regex").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("regex"))
    func replayRegex(_ name: String) throws {
        let violation = try FuzzRegressions.input("regex", name).withUnsafeBufferPointer { RegexChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    /// The expression each `regex` fixture decodes to, as when it was saved. The grammar in
    /// ``RegexChecks`` reads choice bytes modulo the length of its lists, so a new list entry
    /// silently turns a fixture into another expression; add to the grammar in ways that keep these.
    static let regexFixtureExpressions = [
        "caseless-case-property": #"(?i)(?s) a*|b(?<!\p{Ll})[A-Z0-9]*?"#,
        "dotall-crlf": #"(?i)(?s) (?<!-)|."#,
        "jit-atomic-start": #"(?i)(?m)(?s)[#@$]~*?.|(?>@+|(?:[^a]+?[A-Z0-9][^\p{L}]?)(?<!\p{Han}))a"#,
        "multiline-caret-after-cut-line-feed": #"(?m)(?s)(?>(?>(..*?.*?.*?).*?^\D*|b)|b)|a"#,
        "multiline-caret-after-final-line-feed": #"(?i)(?m)(?s).^"#,
    ]

    @Test func regexFixturesDecodeAsSaved() throws {
        #expect(Set(FuzzRegressions.names("regex")) == Set(Self.regexFixtureExpressions.keys))
        for (name, expression) in Self.regexFixtureExpressions {
            let decoded = try FuzzRegressions.input("regex", name).withUnsafeBufferPointer { RegexChecks.decode($0).expression }
            #expect(decoded == expression, "\(name)")
        }
    }
}
