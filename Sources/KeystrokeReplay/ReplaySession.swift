#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recorded or synthetic editing session, in the `Fixtures/replays/*.json` format (see
/// <doc:SessionFormat>). Offsets are UTF-8 bytes; `cursor` defaults to the end of `initialText`.
public struct ReplaySession: Codable, Sendable, Equatable {
    public var name: String
    public var rules: String
    public var initialText: String
    public var cursor: Int?
    public var steps: [ReplayStep]

    public init(name: String, rules: String, initialText: String, cursor: Int? = nil, steps: [ReplayStep]) {
        self.name = name
        self.rules = rules
        self.initialText = initialText
        self.cursor = cursor
        self.steps = steps
    }

    /// Reads a session file, with a message naming the file and the problem when it is malformed.
    public static func load(from url: URL) throws -> ReplaySession {
        let data: Data
        do {
            data = Data(try fileContents(atPath: url.path))
        } catch {
            throw ReplayError.unreadable(path: url.path, reason: fileFailureReason(error))
        }
        do {
            return try JSONDecoder().decode(ReplaySession.self, from: data)
        } catch let error as DecodingError {
            throw ReplayError.malformed(path: url.path, reason: error.readableDescription)
        }
    }
}

/// One step of a session.
public enum ReplayStep: Codable, Sendable, Equatable {
    /// One keystroke per `Character`, each inserted at the cursor (replacing a selection).
    case type(String)
    /// N keystrokes, each deleting the selection or the `Character` before the cursor.
    case backspace(Int)
    /// One edit inserting the text at the cursor (replacing a selection).
    case paste(String)
    /// Moves the cursor (no edit).
    case moveTo(Int)
    /// Selects a UTF-8 range (no edit).
    case select(Range<Int>)
    /// One edit replacing a UTF-8 range.
    case replace(Range<Int>, with: String)
    /// The user makes a range bold (`inlinePresentationIntent = .stronglyEmphasized`).
    case bold(Range<Int>)

    private enum Key: String, CodingKey {
        case type, backspace, paste, moveTo, select, replace, bold
    }

    private struct Replacement: Codable {
        let utf8: [Int]
        let with: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a step has exactly one of: type, backspace, paste, moveTo, select, replace, bold"))
        }
        func range(_ pair: [Int]) throws -> Range<Int> {
            guard pair.count == 2, pair[0] >= 0, pair[0] <= pair[1] else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected [start, end] with 0 <= start <= end, got \(pair)")
            }
            return pair[0]..<pair[1]
        }
        switch key {
        case .type: self = .type(try container.decode(String.self, forKey: key))
        case .backspace:
            let count = try container.decode(Int.self, forKey: key)
            guard count >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "backspace count must be >= 0")
            }
            self = .backspace(count)
        case .paste: self = .paste(try container.decode(String.self, forKey: key))
        case .moveTo: self = .moveTo(try container.decode(Int.self, forKey: key))
        case .select: self = .select(try range(container.decode([Int].self, forKey: key)))
        case .replace:
            let replacement = try container.decode(Replacement.self, forKey: key)
            self = .replace(try range(replacement.utf8), with: replacement.with)
        case .bold: self = .bold(try range(container.decode([Int].self, forKey: key)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .type(let text): try container.encode(text, forKey: .type)
        case .backspace(let count): try container.encode(count, forKey: .backspace)
        case .paste(let text): try container.encode(text, forKey: .paste)
        case .moveTo(let offset): try container.encode(offset, forKey: .moveTo)
        case .select(let range): try container.encode([range.lowerBound, range.upperBound], forKey: .select)
        case .replace(let range, let text):
            try container.encode(Replacement(utf8: [range.lowerBound, range.upperBound], with: text), forKey: .replace)
        case .bold(let range): try container.encode([range.lowerBound, range.upperBound], forKey: .bold)
        }
    }
}

/// Problems with a session file or a step that cannot be carried out.
public enum ReplayError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case unknownRules(session: String, rules: String)
    /// A step (numbered from 0) that cannot be carried out; step -1 is the session's `cursor`.
    case invalidStep(session: String, step: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .malformed(let path, let reason): return "\(path): not a replay session: \(reason)"
        case .unknownRules(let session, let rules): return "session '\(session)': unknown rules '\(rules)'"
        case .invalidStep(let session, let step, let reason) where step < 0: return "session '\(session)', cursor: \(reason)"
        case .invalidStep(let session, let step, let reason): return "session '\(session)', step \(step): \(reason)"
        }
    }
}

extension DecodingError {
    /// "at steps[3].select: expected …" rather than Foundation's nested dump.
    var readableDescription: String {
        let context: DecodingError.Context
        switch self {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            context = c
        @unknown default:
            return String(describing: self)
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        var message = context.debugDescription
        if case .keyNotFound(let key, _) = self { message = "missing '\(key.stringValue)'" }
        return path.isEmpty ? message : "at \(path): \(message)"
    }
}
