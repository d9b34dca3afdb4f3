// Shared by the tests (regression fixtures) and the `regex` fuzz target (Fuzz/RegexFuzz.swift),
// which compiles the PatternDetection sources into its own module and so must not import it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if FUZZING
internal import RegexEngine  // as PatternDetection imports it
#else
import RegexEngine
import TestSupport
@testable import PatternDetection
#endif

/// What the `regex` fuzz target checks: custom expressions — generated from a grammar both engines
/// read alike, or the input's own bytes — on the engines this build has (PCRE2 with the `PCRE2`
/// trait, NSRegularExpression without it; both in debug builds with it and in the fuzz build).
///
/// Every search ends within a bounded CPU time, and its matches are non-empty, in order, apart
/// and on scalar boundaries; so are the spans of a custom rule set made of the expression. Where
/// both engines run a generated expression on text the documented differences (article "Regex
/// engines": Unicode versions, full case folding, case properties under `(?i)`, `(?s)` `.` over CR LF, empty-preferring
/// expressions, syntax only one engine takes, what a look-around sees past a rule set's cut) cannot touch, their matches and
/// spans are equal. With PCRE2, its JIT and its interpreter find the same matches on any expression.
enum RegexChecks {
    /// The engines of this build.
    static let engines: [any RegexPattern.Type] = {
        #if PCRE2 && (DEBUG || FOUNDATION_REGEX_ORACLE)
        [PCRE2Pattern.self, FoundationRegexPattern.self]
        #elseif PCRE2
        [PCRE2Pattern.self]
        #else
        [FoundationRegexPattern.self]
        #endif
    }()

    /// The most CPU time one call of `forEachMatch` over a whole text (at most a few KB) may take:
    /// ICU gives up after 100 ms (plus 250 ns per UTF-16 unit), PCRE2 at its match limits.
    static let searchBound: Duration = .seconds(3)

    /// An expression from the grammar, whether it has a look-around (a rule set's cut can then
    /// tell the engines apart), and the classes it was drawn from (``classes``, or with
    /// ``posixClasses`` too, whose tables differ between the engines).
    struct Generated {
        var expression = ""
        var hasLookAround = false
        var classes = RegexChecks.classes
        var usesPOSIXClasses: Bool { classes.count > RegexChecks.classes.count }
    }

    static let literals = Array("abcxyzAZ019_-#@$:/%&'\"!?,;~=<> ")
    static let classes = [
        "[a-z]", "[A-Z0-9]", #"[^\s]"#, #"[^a-z\s]"#, "[#@$]", #"[\w-]"#, #"[^\W\d]"#, #"[\p{L}\p{M}]"#, #"[^\p{L}]"#, "[.]",
        #"[\d_]"#, "[^a]",
    ]
    /// Classes drawn only by inputs whose mode has bit 4 set, so that the inputs saved before
    /// they were added still decode to the same expressions (``decode(_:)``). PCRE2 records no
    /// start bytes for them in UCP mode, and under `(?i)` a negated `[:upper:]` reads differently
    /// without UCP (see `PCRE2Pattern.startBytesStandIn(for:)`).
    static let posixClasses = ["[[:digit:]]", "[^[:upper:]]", "[[:^lower:]_]", "[^[:alpha:]x]", "[[:punct:]]"]
    static let escapes = [#"\d"#, #"\w"#, #"\s"#, #"\S"#, #"\W"#, #"\D"#, #"\p{L}"#, #"\p{Lu}"#, #"\p{Ll}"#, #"\p{N}"#, #"\p{P}"#, #"\p{Han}"#, #"\p{M}"#]
    static let quantifiers = ["+", "{1,3}", "{2}", "+?", "{1,2}?", "++"]
    static let optionalQuantifiers = ["?", "*", "*?", "??", "{0,2}"]
    static let assertions = [#"\b"#, #"\B"#, "^", "$"]

    /// A single character: a literal, one of `classes`, an escape or `.`.
    static func character(_ reader: inout FuzzInputReader, classes: [String]) -> String {
        switch reader.byte() % 4 {
        case 0:
            let literal = reader.pick(literals, reader.byte())
            return #"\^$.|?*+()[]{}"#.contains(literal) ? "\\\(literal)" : String(literal)
        case 1: return reader.pick(classes, reader.byte())
        case 2: return reader.pick(escapes, reader.byte())
        default: return "."
        }
    }

    /// Something that never matches empty.
    static func atom(_ reader: inout FuzzInputReader, depth: Int, into generated: inout Generated) -> String {
        switch reader.byte() % 8 {
        case 0, 1, 2: return character(&reader, classes: generated.classes)
        case 3 where depth < 3:
            var alternatives = [sequence(&reader, depth: depth + 1, into: &generated)]
            if reader.byte() % 2 == 0 { alternatives.append(sequence(&reader, depth: depth + 1, into: &generated)) }
            return reader.pick(["(?:", "(", "(?>"], reader.byte()) + alternatives.joined(separator: "|") + ")"
        case 4: return character(&reader, classes: generated.classes) + reader.pick(quantifiers, reader.byte())
        case 5: return character(&reader, classes: generated.classes) + character(&reader, classes: generated.classes)
        default: return character(&reader, classes: generated.classes)
        }
    }

    /// An atom, then up to three more pieces that may match empty: atoms, optional atoms,
    /// assertions, look-arounds (look-behinds of one character: fixed length in both engines).
    static func sequence(_ reader: inout FuzzInputReader, depth: Int, into generated: inout Generated) -> String {
        var text = atom(&reader, depth: depth, into: &generated)
        for _ in 0..<Int(reader.byte() % 4) {
            switch reader.byte() % 6 {
            case 0: text += atom(&reader, depth: depth, into: &generated)
            case 1: text += character(&reader, classes: generated.classes) + reader.pick(optionalQuantifiers, reader.byte())
            case 2: text += reader.pick(assertions, reader.byte())
            case 3:
                generated.hasLookAround = true
                text += reader.pick(["(?=", "(?!"], reader.byte()) + atom(&reader, depth: depth + 1, into: &generated) + ")"
            case 4:
                generated.hasLookAround = true
                text += reader.pick(["(?<=", "(?<!"], reader.byte()) + character(&reader, classes: generated.classes) + ")"
            default: text += character(&reader, classes: generated.classes)
            }
        }
        return text
    }

    /// An input: byte 0 the mode (bit 0: raw expression; bits 1–3: `(?i)`, `(?m)`, `(?s)`; bit 4:
    /// ``posixClasses`` among the classes),
    /// byte 1 the length of what makes the expression (grammar choices, or the raw expression's
    /// bytes), then those bytes; the rest is the text.
    static func decode(_ data: UnsafeBufferPointer<UInt8>) -> (
        expression: String, generated: Generated?, caseless: Bool, dotAll: Bool, text: [UInt8]
    ) {
        var reader = FuzzInputReader(data)
        let mode = reader.byte()
        let length = Int(reader.byte())
        let end = min(data.count, 2 + length)
        let text = Array(String(decoding: UnsafeBufferPointer(rebasing: data[min(end, data.count)...]), as: UTF8.self).utf8)
        var flags = ""
        if mode & 2 != 0 { flags += "(?i)" }
        if mode & 4 != 0 { flags += "(?m)" }
        if mode & 8 != 0 { flags += "(?s)" }
        if mode & 1 != 0 {
            let raw = String(decoding: UnsafeBufferPointer(rebasing: data[min(2, end)..<end]), as: UTF8.self)
            return (flags + raw, nil, mode & 2 != 0, mode & 8 != 0, text)
        }
        var choices = FuzzInputReader(UnsafeBufferPointer(rebasing: data[min(2, end)..<end]))
        var generated = Generated()
        if mode & 16 != 0 { generated.classes += posixClasses }
        generated.expression = flags + sequence(&choices, depth: 0, into: &generated)
        if choices.byte() % 3 == 0 { generated.expression += "|" + sequence(&choices, depth: 0, into: &generated) }
        return (generated.expression, generated, mode & 2 != 0, mode & 8 != 0, text)
    }

    /// The first violated property for the fuzz input, or `nil`.
    static func violation(fuzzInput data: UnsafeBufferPointer<UInt8>) -> String? {
        let (expression, generated, caseless, dotAll, text) = decode(data)
        var compiled: [any RegexPattern] = []
        var failures: [String] = []
        for engine in engines {
            do {
                compiled.append(try engine.init(expression, options: [.neverBackslashC, .pcre2Classes]))
            } catch {
                failures.append("\(engine.engineName): \(error)")
            }
        }
        if generated != nil, !failures.isEmpty {
            return "the generated \(expression.debugDescription) does not compile: \(failures)"
        }
        let context = "\(expression.debugDescription) on \(String(decoding: text, as: UTF8.self).debugDescription)"
        var results: [(matches: [Range<Int>], complete: Bool)] = []
        for pattern in compiled {
            switch searchViolation(pattern, text) {
            case .failure(let problem): return "\(type(of: pattern).engineName) \(context): \(problem)"
            case .success(let found): results.append(found)
            }
        }
        for (pattern, found) in zip(compiled, results) {
            if let problem = jitViolation(pattern, found: found, text, context: context) { return problem }
        }
        // Custom patterns skip the words without a byte a match can start with; `\K` reports a
        // start after that byte ...
        for (pattern, found) in zip(compiled, results) where !expression.contains(#"\K"#) {
            if let starts = pattern.matchStartBytes,
               let match = found.matches.first(where: { !starts.contains(text[$0.lowerBound]) }) {
                return "\(type(of: pattern).engineName) \(context): the match at \(match) starts with none of \(starts)"
            }
            // ... and those lacking a byte of a set every match needs.
            for set in pattern.matchRequiredBytes {
                if let match = found.matches.first(where: { !text[$0].contains(where: set.contains) }) {
                    return "\(type(of: pattern).engineName) \(context): the match at \(match) holds none of \(set)"
                }
            }
        }
        var spans: [[Span]] = []
        for engine in engines where compiled.count == engines.count {
            guard let pattern = try? CustomPattern(name: "fuzz", expression: expression, trigger: nil, engine: engine) else {
                return "\(engine.engineName) \(context): compiles as an expression, not as a custom pattern"
            }
            for base in [nil, BlueskyRules.shared as any RuleSet] {
                guard let rules = try? CustomRuleSet(patterns: [pattern], over: base) else { continue }
                let found = text.withUnsafeBufferPointer { rules.spans(in: $0) }
                if let problem = text.withUnsafeBufferPointer({ SpanInvariants.structuralViolation(found, in: $0) }) {
                    return "\(engine.engineName) \(rules.name) \(context): \(problem)"
                }
                if base == nil { spans.append(found) }
            }
            if pattern.limits.snapshot.count > 0 { spans = [] }
        }
        // Equal where no documented difference applies.
        guard let generated, results.count == 2, results.allSatisfy(\.complete),
            comparable(text, caseless: caseless, dotAll: dotAll),
            !caseless || !["\\p{Ll}", "\\p{Lu}", "\\p{Lt}"].contains(where: expression.contains),
            !generated.usesPOSIXClasses  // each engine's own tables (article "Regex engines")
        else { return nil }
        // `(?m)` `^` after a line feed that ends the text, or a word's subject: a line start to
        // ICU, not to PCRE2 (the article's table); `[^` is a negated class, not an assertion.
        let multilineCaret = expression.contains("(?m)") && expression.replacing("[^", with: "[").contains("^")
        if results[0].matches != results[1].matches, !(multilineCaret && text.last == 0x0A) {
            return "engines differ on \(context): PCRE2 \(show(results[0].matches, text)), ICU \(show(results[1].matches, text))"
        }
        let caretAtCut = multilineCaret && text.contains(0x0A)
        if !generated.hasLookAround, !caretAtCut, spans.count == 2, spans[0] != spans[1] {
            return "custom rule sets differ on \(context): PCRE2 \(show(spans[0].map(\.utf8Range), text)), ICU \(show(spans[1].map(\.utf8Range), text))"
        }
        return nil
    }

    /// PCRE2's JIT and its interpreter find the same matches when both complete: no documented
    /// difference applies between them (the library's start-optimization bug with atomic groups
    /// before 10.43 is worked around in `PCRE2Pattern`).
    static func jitViolation(
        _ pattern: any RegexPattern, found fast: (matches: [Range<Int>], complete: Bool), _ text: [UInt8], context: String
    ) -> String? {
        #if PCRE2
        guard let jit = pattern as? PCRE2Pattern, jit.isJITCompiled, fast.complete,
            let interpreter = try? PCRE2Pattern(jit.expression, options: jit.options, useJIT: false),
            case .success(let slow) = searchViolation(interpreter, text), slow.complete,
            fast.matches != slow.matches
        else { return nil }
        return "PCRE2's JIT and interpreter differ on \(context): JIT \(show(fast.matches, text)), interpreter \(show(slow.matches, text))"
        #else
        return nil
        #endif
    }

    static func show(_ ranges: [Range<Int>], _ text: [UInt8]) -> String {
        ranges.map { "\($0) \(String(decoding: text[$0], as: UTF8.self).debugDescription)" }.description
    }

    /// Runs `pattern` over the whole text: a failure for a violated property, else the matches and
    /// whether the search completed.
    static func searchViolation(_ pattern: any RegexPattern, _ text: [UInt8]) -> Result<(matches: [Range<Int>], complete: Bool), Failure> {
        var matches: [Range<Int>] = []
        let start = threadCPUTime()
        let outcome = text.withUnsafeBufferPointer { bytes in
            pattern.forEachMatch(in: bytes, visible: nil, startingIn: 0..<bytes.count) { match in
                matches.append(match)
                return true
            }
        }
        let elapsed = threadCPUTime() - start
        if elapsed > searchBound { return .failure(Failure("a search took \(elapsed) of CPU time")) }
        var previousEnd = 0
        for match in matches {
            guard !match.isEmpty, match.lowerBound >= previousEnd, match.upperBound <= text.count else {
                return .failure(Failure("match \(match) after \(previousEnd): empty, overlapping or outside"))
            }
            for offset in [match.lowerBound, match.upperBound] where offset < text.count && text[offset] & 0xC0 == 0x80 {
                return .failure(Failure("match \(match) splits a scalar"))
            }
            previousEnd = match.upperBound
        }
        if case .gaveUp = outcome { return .success((matches, false)) }
        return .success((matches, true))
    }

    struct Failure: Error {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Whether a text is out of reach of the engines' documented differences: every scalar in
    /// PCRE2's Unicode version (14.0, the older of the two); for a caseless expression, no scalar
    /// whose case mappings are longer than one scalar (ICU folds fully, PCRE2 simply); for a
    /// dot-all one, no CR LF (ICU's `.` takes both at once).
    static func comparable(_ text: [UInt8], caseless: Bool, dotAll: Bool) -> Bool {
        if dotAll, zip(text, text.dropFirst()).contains(where: { $0 == 0x0D && $1 == 0x0A }) { return false }
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            guard let age = scalar.properties.age, age.major < 14 || (age.major == 14 && age.minor == 0) else { return false }
            if caseless, !scalar.isASCII {
                let properties = scalar.properties
                for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping]
                where mapping.unicodeScalars.count != 1 {
                    return false
                }
            }
        }
        return true
    }

    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}
