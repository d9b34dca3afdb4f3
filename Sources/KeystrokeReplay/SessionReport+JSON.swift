import Foundation
import PatternDetection

extension SessionReport {
    /// The report as one line of JSON, keys in the order of INTERFACES.md, then the extra fields
    /// (`initialBytes`, `divergencePolicy`, per strategy `promisesUserAttributes` and, when
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

/// Minimal JSON text for the report writer.
enum JSONText {
    /// `value` as a JSON string literal (quotes, backslashes and control characters escaped).
    static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Microseconds rounded to 0.1, as a JSON number.
    static func microseconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return String(format: "%.1f", rounded)
    }
}
