import Foundation
import PatternDetection

extension SessionReport {
    /// The report as one line of JSON, keys in the order of INTERFACES.md, then the extra fields
    /// (`initialBytes`, `divergencePolicy`, `turns`, per strategy `promisesUserAttributes` and, when
    /// `includeSamples`, `samples` as `[documentBytes, strategyMicroseconds, editMicroseconds]`).
    /// Times are rounded to 0.1 µs.
    public func jsonLine(includeSamples: Bool = false) -> String {
        var out = "{"
        out += "\"session\":" + JSONText.string(session)
        out += ",\"rules\":" + JSONText.string(rules)
        out += ",\"documentBytes\":\(documentBytes)"
        out += ",\"keystrokes\":\(keystrokes)"
        out += ",\"finalText\":" + JSONText.string(finalText)
        out += ",\"strategies\":["
        out += strategies.map { $0.json(includeSamples: includeSamples) }.joined(separator: ",")
        out += "]"
        out += ",\"initialBytes\":\(initialBytes)"
        out += ",\"divergencePolicy\":" + JSONText.string(divergencePolicy.description)
        out += ",\"turns\":" + JSONText.string(turns.rawValue)
        out += "}"
        return out
    }
}

extension StrategyReport {
    func json(includeSamples: Bool) -> String {
        var out = "{\"name\":" + JSONText.string(name)
        out += ",\"p50Microseconds\":" + JSONText.microseconds(p50Microseconds)
        out += ",\"p99Microseconds\":" + JSONText.microseconds(p99Microseconds)
        out += ",\"maxMicroseconds\":" + JSONText.microseconds(maxMicroseconds)
        out += ",\"editP50Microseconds\":" + JSONText.microseconds(editP50Microseconds)
        out += ",\"divergences\":\(divergences)"
        out += ",\"selectionPreserved\":\(selectionPreserved)"
        out += ",\"userAttributesPreserved\":\(userAttributesPreserved)"
        out += ",\"runsAtEnd\":\(runsAtEnd)"
        out += ",\"finalSpans\":["
        out += finalSpans.map {
            "{\"kind\":" + JSONText.string($0.kind.rawValue) + ",\"utf8\":[\($0.utf8Range.lowerBound),\($0.utf8Range.upperBound)]}"
        }.joined(separator: ",")
        out += "]"
        out += ",\"promisesUserAttributes\":\(promisesUserAttributes)"
        if includeSamples {
            out += ",\"samples\":["
            out += samples.map {
                "[\($0.documentBytes),\(JSONText.microseconds($0.strategyMicroseconds)),\(JSONText.microseconds($0.editMicroseconds))]"
            }.joined(separator: ",")
            out += "]"
        }
        return out + "}"
    }
}

extension JSONText {
    /// Microseconds rounded to 0.1, as a JSON number. (Strings use PatternDetection's
    /// `JSONText.string`, the one JSON string writer in the package.)
    static func microseconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return String(format: "%.1f", rounded)
    }
}
