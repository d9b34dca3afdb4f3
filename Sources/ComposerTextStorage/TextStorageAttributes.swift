import ComposerText
import Foundation
import PatternDetection

/// How a composer's attributes become the attributes a text view draws: foreground colour,
/// underline and, for links, the link target.
///
/// The keys are `NSAttributedString.Key`s with the raw values UIKit and AppKit use
/// (`NSColor`, `NSUnderline`, `NSLink`), so a text view reads them as its own. The values are
/// made by closures an app replaces: on Apple platforms with `UIColor`/`NSColor`, an
/// `NSUnderlineStyle` raw value and a `URL`; the defaults (used on Linux and in tests) are the
/// package's own `TextColor`, the underline's raw value and the link's URI string.
public struct TextStorageAttributes: @unchecked Sendable {
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let link = NSAttributedString.Key("NSLink")
    /// The keys a ``TextStorageMirror`` writes: it sets or removes these and no others.
    public static let keys = [foregroundColor, underlineStyle, link]

    /// The value stored under ``foregroundColor`` for a colour.
    public var color: (TextColor) -> Any
    /// The value stored under ``underlineStyle`` for an underline (UIKit's `NSUnderlineStyle`
    /// raw values: single 1, thick 2, double 9).
    public var underline: (UnderlineStyle) -> Any
    /// The value stored under ``link`` for a link whose value (its URI) is given; `nil` stores none.
    public var link: (String) -> Any?

    public init(
        color: @escaping (TextColor) -> Any = { $0 },
        underline: @escaping (UnderlineStyle) -> Any = { Self.underlineRawValue($0) },
        link: @escaping (String) -> Any? = { $0 }
    ) {
        self.color = color
        self.underline = underline
        self.link = link
    }

    /// `NSUnderlineStyle`'s raw value for `style`.
    public static func underlineRawValue(_ style: UnderlineStyle) -> Int {
        switch style {
        case .single: return 1
        case .thick: return 2
        case .double: return 9
        }
    }

    /// The text-view attributes for one run of the composer's text: `linkURI` is the run's link
    /// target when it is part of a link span.
    public func attributes(of run: AttributedString.Runs.Run, linkURI: String?) -> [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
        if let color = run[ForegroundColorAttribute.self] { result[Self.foregroundColor] = self.color(color) }
        if let style = run[UnderlineStyleAttribute.self] { result[Self.underlineStyle] = underline(style) }
        if let linkURI, let value = link(linkURI) { result[Self.link] = value }
        return result
    }
}
