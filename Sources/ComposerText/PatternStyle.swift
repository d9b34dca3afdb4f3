import PatternDetection

/// How one kind of span looks: a foreground colour and whether it is underlined.
public struct PatternStyle: Hashable, Sendable {
    public var color: TextColor?
    public var underline: Bool

    public init(color: TextColor?, underline: Bool = false) {
        self.color = color
        self.underline = underline
    }

    /// Nothing applied.
    public static let plain = PatternStyle(color: nil)
}

/// The style of every kind, evaluated once so a stream can be styled span by span without building
/// an `AttributedString`. The defaults are the seed composer's: hashtag purple, mention indigo,
/// URL blue and underlined, cashtag green, custom emoji orange — evaluated from
/// ``FormattingDefinition/standard``.
public struct PatternStyleTable: Sendable {
    public var styles: [PatternKind: PatternStyle]

    public init(styles: [PatternKind: PatternStyle]) {
        self.styles = styles
    }

    /// The standard formatting definition's styles (derived from its constraints, so the CLI and
    /// an `AttributedString` composer always agree).
    public static let `default` = FormattingDefinition.standard.styleTable()

    /// Custom kinds without a style of their own are shown in orange.
    public static let fallback = PatternStyle(color: .orange)

    public subscript(kind: PatternKind) -> PatternStyle {
        get { styles[kind] ?? Self.fallback }
        set { styles[kind] = newValue }
    }
}
