#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `--handles` file as JSON: an object whose values are strings or not, or something else.
enum HandleFile: Decodable {
    enum Value: Decodable {
        case string(String)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = (try? container.decode(String.self)).map(Value.string) ?? .other
        }
    }

    case object([String: Value])
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = .object(try container.decode([String: Value].self))
        } catch DecodingError.typeMismatch {
            self = .other
        }
    }
}
