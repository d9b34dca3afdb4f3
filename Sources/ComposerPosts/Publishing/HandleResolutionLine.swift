/// One handle's outcome as one line of text, for handing resolutions between processes: the CLI
/// runs the URLSession resolver (module `ComposerPostsHTTP`, which loads libcurl) in a helper
/// process, so the CLI itself never loads networking.
///
/// Form: fields separated by tabs, `handle`, then `ok` and the DID, or the failure's case name and
/// its payload: `notInMap`, `noResolver`, `httpStatus` code and `-` or `+message`, `timedOut`
/// seconds and attoseconds, `transport`/`badResponse`/`notADID` and the text. Text fields escape
/// `\`, tab and line feed as `\\`, `\t`, `\n`, so a line never holds a line break.
///
/// Invariant: `decode(encode(handle, outcome)) == (handle, outcome)` for every outcome.
package enum HandleResolutionLine {
    /// The line for `handle`'s outcome, without a line break.
    package static func encode(handle: String, outcome: Result<String, HandleResolutionFailure>) -> String {
        var fields = [escape(handle)]
        switch outcome {
        case .success(let did): fields += ["ok", escape(did)]
        case .failure(.notInMap): fields += ["notInMap"]
        case .failure(.noResolver): fields += ["noResolver"]
        case .failure(.httpStatus(let status, let message)):
            fields += ["httpStatus", String(status), message.map { "+" + escape($0) } ?? "-"]
        case .failure(.timedOut(let timeout)):
            let (seconds, attoseconds) = timeout.components
            fields += ["timedOut", String(seconds), String(attoseconds)]
        case .failure(.transport(let reason)): fields += ["transport", escape(reason)]
        case .failure(.badResponse(let reason)): fields += ["badResponse", escape(reason)]
        case .failure(.notADID(let value)): fields += ["notADID", escape(value)]
        }
        return fields.joined(separator: "\t")
    }

    /// The handle and outcome of a line `encode` made; `nil` for anything else.
    package static func decode(_ line: Substring) -> (handle: String, outcome: Result<String, HandleResolutionFailure>)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
        guard fields.count >= 2 else { return nil }
        let handle = fields[0]
        switch (fields[1], fields.count) {
        case ("ok", 3): return (handle, .success(fields[2]))
        case ("notInMap", 2): return (handle, .failure(.notInMap))
        case ("noResolver", 2): return (handle, .failure(.noResolver))
        case ("httpStatus", 4):
            guard let status = Int(fields[2]) else { return nil }
            let message = fields[3] == "-" ? nil : String(fields[3].dropFirst())
            return (handle, .failure(.httpStatus(status, message: message)))
        case ("timedOut", 4):
            guard let seconds = Int64(fields[2]), let attoseconds = Int64(fields[3]) else { return nil }
            return (handle, .failure(.timedOut(Duration(secondsComponent: seconds, attosecondsComponent: attoseconds))))
        case ("transport", 3): return (handle, .failure(.transport(fields[2])))
        case ("badResponse", 3): return (handle, .failure(.badResponse(fields[2])))
        case ("notADID", 3): return (handle, .failure(.notADID(fields[2])))
        default: return nil
        }
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func unescape(_ field: Substring) -> String {
        var text = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                text.unicodeScalars.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.unicodeScalars.append(character)
            }
        }
        return text
    }
}
