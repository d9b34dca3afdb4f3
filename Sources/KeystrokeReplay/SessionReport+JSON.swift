#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

extension SessionReport {
    /// The report as one line of JSON, keys in the documented order (`docs/cli.md`), then the extra fields
    /// (`initialBytes`, `divergencePolicy`, `turns`, per strategy `promisesUserAttributes` and, when
    /// `includeSamples`, `samples` as `[documentBytes, strategyMicroseconds, editMicroseconds]`).
    /// Times are rounded to 0.1 µs.
    public func jsonLine(includeSamples: Bool = false) -> String {
        var out = "{"
        out += "\"session\":" + JSONWriter.string(session)
        out += ",\"rules\":" + JSONWriter.string(rules)
        out += ",\"documentBytes\":\(documentBytes)"
        out += ",\"keystrokes\":\(keystrokes)"
        out += ",\"finalText\":" + JSONWriter.string(finalText)
        out += ",\"strategies\":["
        out += strategies.map { $0.json(includeSamples: includeSamples) }.joined(separator: ",")
        out += "]"
        out += ",\"initialBytes\":\(initialBytes)"
        out += ",\"divergencePolicy\":" + JSONWriter.string(divergencePolicy.description)
        out += ",\"turns\":" + JSONWriter.string(turns.rawValue)
        out += "}"
        return out
    }
}

extension StrategyReport {
    func json(includeSamples: Bool) -> String {
        var out = "{\"name\":" + JSONWriter.string(name)
        out += ",\"p50Microseconds\":" + Self.microseconds(p50Microseconds)
        out += ",\"p99Microseconds\":" + Self.microseconds(p99Microseconds)
        out += ",\"maxMicroseconds\":" + Self.microseconds(maxMicroseconds)
        out += ",\"editP50Microseconds\":" + Self.microseconds(editP50Microseconds)
        out += ",\"divergences\":\(divergences)"
        out += ",\"selectionPreserved\":\(selectionPreserved)"
        out += ",\"userAttributesPreserved\":\(userAttributesPreserved)"
        out += ",\"runsAtEnd\":\(runsAtEnd)"
        out += ",\"finalSpans\":["
        out += finalSpans.map {
            "{\"kind\":" + JSONWriter.string($0.kind.rawValue) + ",\"utf8\":[\($0.utf8Range.lowerBound),\($0.utf8Range.upperBound)]}"
        }.joined(separator: ",")
        out += "]"
        out += ",\"promisesUserAttributes\":\(promisesUserAttributes)"
        if includeSamples {
            out += ",\"samples\":["
            out += samples.map {
                "[\($0.documentBytes),\(StrategyReport.microseconds($0.strategyMicroseconds)),\(StrategyReport.microseconds($0.editMicroseconds))]"
            }.joined(separator: ",")
            out += "]"
        }
        return out + "}"
    }
}

extension StrategyReport {
    /// Microseconds rounded to 0.1, as a JSON number.
    static func microseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }
}
