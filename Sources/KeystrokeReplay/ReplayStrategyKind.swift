import ComposerText
import PatternDetection

/// The strategies a replay can run, by the names `highlight replay --strategy` accepts.
public enum ReplayStrategyKind: String, CaseIterable, Sendable {
    case fullRebuild = "full-rebuild"
    case localized

    /// A fresh strategy for `rules` with the standard formatting definition.
    public func make(rules: any RuleSet) -> any HighlightingStrategy {
        switch self {
        case .fullRebuild: return FullRebuild(rules: rules)
        case .localized: return LocalizedTransform(rules: rules)
        }
    }

    /// Whether the strategy promises to keep the user's own formatting (bold and the like).
    public var promisesUserAttributes: Bool {
        switch self {
        case .fullRebuild: return false
        case .localized: return true
        }
    }
}
