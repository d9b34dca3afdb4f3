/// The rule sets that ship with the package, by the names `--rules` accepts.
public enum BuiltInRules: String, CaseIterable, Sendable {
    case bluesky
    case twitter
    case icysky

    /// Thrown for a rule set that is named but not built yet.
    public struct Unavailable: Error, CustomStringConvertible {
        public let name: String
        public var description: String {
            "the '\(name)' rule set is not available yet; use --rules icysky"
        }
    }

    /// The shared, compiled rule set.
    public func ruleSet() throws(Unavailable) -> any RuleSet {
        switch self {
        case .icysky: return IcyskyRules.shared
        case .twitter: return TwitterRules.shared
        case .bluesky: throw Unavailable(name: rawValue)
        }
    }
}
