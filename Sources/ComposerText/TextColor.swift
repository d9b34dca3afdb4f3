/// An sRGB colour, 8 bits per channel: the package's own colour value, so styles work without
/// SwiftUI or AppKit. An Apple-platform adapter maps it to `Color(red:green:blue:)` in one line.
public struct TextColor: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    // Apple's system palette (light appearance), the colours the seed's composer uses.
    public static let purple = TextColor(red: 175, green: 82, blue: 222)
    public static let indigo = TextColor(red: 88, green: 86, blue: 214)
    public static let blue = TextColor(red: 0, green: 122, blue: 255)
    public static let green = TextColor(red: 52, green: 199, blue: 89)
    public static let orange = TextColor(red: 255, green: 149, blue: 0)
    public static let red = TextColor(red: 255, green: 59, blue: 48)
    public static let pink = TextColor(red: 255, green: 45, blue: 85)
    public static let teal = TextColor(red: 48, green: 176, blue: 199)
    public static let yellow = TextColor(red: 255, green: 204, blue: 0)
    public static let gray = TextColor(red: 142, green: 142, blue: 147)

    /// Names accepted by ``init(name:)`` (and `highlight --style`).
    public static let named: [String: TextColor] = [
        "purple": .purple, "indigo": .indigo, "blue": .blue, "green": .green, "orange": .orange,
        "red": .red, "pink": .pink, "teal": .teal, "yellow": .yellow, "gray": .gray, "grey": .gray,
    ]

    /// A palette name (`purple`) or a hex triplet (`#af52de`, `af52de`).
    public init?(name: String) {
        let lowered = name.lowercased()
        if let color = Self.named[lowered] {
            self = color
            return
        }
        let hex = lowered.hasPrefix("#") ? String(lowered.dropFirst()) : lowered
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        func two(_ v: UInt8) -> String { v < 16 ? "0" + String(v, radix: 16) : String(v, radix: 16) }
        return "#" + two(red) + two(green) + two(blue)
    }

    public var description: String { hex }

    /// The nearest colour of the xterm 256-colour palette (the 6×6×6 cube or the grey ramp).
    public var xterm256Index: Int {
        func cubeLevel(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let levels = [0, 95, 135, 175, 215, 255]
        let r = cubeLevel(red), g = cubeLevel(green), b = cubeLevel(blue)
        func distance(_ cr: Int, _ cg: Int, _ cb: Int) -> Int {
            let dr = cr - Int(red), dg = cg - Int(green), db = cb - Int(blue)
            return dr * dr + dg * dg + db * db
        }
        let cubeDistance = distance(levels[r], levels[g], levels[b])
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyLevel = 8 + 10 * greyIndex
        if distance(greyLevel, greyLevel, greyLevel) < cubeDistance {
            return 232 + greyIndex
        }
        return 16 + 36 * r + 6 * g + b
    }
}
