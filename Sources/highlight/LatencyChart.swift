#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KeystrokeReplay

/// A hand-written SVG chart of per-keystroke strategy time against document size, log-log: every
/// keystroke as a faint dot, each session's median as a marker joined per strategy, decade ticks,
/// a legend and a title.
struct LatencyChart {
    let reports: [SessionReport]
    var width = 860.0
    var height = 540.0
    let left = 90.0, right = 30.0, top = 60.0, bottom = 70.0

    static let colors = ["full-rebuild": "#d1495b", "localized": "#00798c"]
    static let fallbackColors = ["#edae49", "#30638e", "#66a182"]

    func svg() -> String {
        let samples = reports.flatMap { $0.strategies.flatMap(\.samples) }
        let bytes = samples.map { Double(max($0.documentBytes, 1)) }
        let times = samples.map { max($0.strategyMicroseconds, 0.01) }
        let xDecades = Self.decades(bytes.min() ?? 100, bytes.max() ?? 1_000_000)
        let yDecades = Self.decades(times.min() ?? 1, times.max() ?? 1000)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ value: Double) -> Double {
            left + (log10(max(value, 1)) - xDecades.lowerBound) / (xDecades.upperBound - xDecades.lowerBound) * plotWidth
        }
        func y(_ value: Double) -> Double {
            top + plotHeight - (log10(max(value, 0.01)) - yDecades.lowerBound) / (yDecades.upperBound - yDecades.lowerBound) * plotHeight
        }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(width / 2))" y="28" text-anchor="middle" font-size="17" font-weight="bold">\
            Highlighting cost per keystroke vs document size</text>
            <text x="\(Int(width / 2))" y="46" text-anchor="middle" fill="#555">\
            typing mid-document, fragmented AttributedString, release build (log-log; dots = keystrokes, markers = medians)</text>

            """
        // Grid and ticks.
        for decade in Int(xDecades.lowerBound)...Int(xDecades.upperBound) {
            let value = pow(10, Double(decade))
            let px = Self.fmt(x(value))
            svg += "<line x1=\"\(px)\" y1=\"\(Self.fmt(top))\" x2=\"\(px)\" y2=\"\(Self.fmt(top + plotHeight))\" stroke=\"#e3e3e3\"/>\n"
            svg += "<text x=\"\(px)\" y=\"\(Self.fmt(top + plotHeight + 18))\" text-anchor=\"middle\">\(Self.bytesLabel(value))</text>\n"
        }
        for decade in Int(yDecades.lowerBound)...Int(yDecades.upperBound) {
            let value = pow(10, Double(decade))
            let py = Self.fmt(y(value))
            svg += "<line x1=\"\(Self.fmt(left))\" y1=\"\(py)\" x2=\"\(Self.fmt(left + plotWidth))\" y2=\"\(py)\" stroke=\"#e3e3e3\"/>\n"
            svg += "<text x=\"\(Self.fmt(left - 8))\" y=\"\(py)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(Self.timeLabel(value))</text>\n"
        }
        svg += "<rect x=\"\(Self.fmt(left))\" y=\"\(Self.fmt(top))\" width=\"\(Self.fmt(plotWidth))\" height=\"\(Self.fmt(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(Self.fmt(left + plotWidth / 2))\" y=\"\(Self.fmt(height - 22))\" text-anchor=\"middle\">document size (UTF-8 bytes)</text>\n"
        svg += "<text transform=\"translate(24 \(Self.fmt(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">strategy time per keystroke</text>\n"

        // Data, per strategy.
        let names = Self.strategyNames(reports)
        for (index, name) in names.enumerated() {
            let color = Self.colors[name] ?? Self.fallbackColors[index % Self.fallbackColors.count]
            svg += "<g fill=\"\(color)\" fill-opacity=\"0.25\">\n"
            for report in reports {
                for sample in report.strategies.first(where: { $0.name == name })?.samples ?? [] {
                    svg += "<circle cx=\"\(Self.fmt(x(Double(sample.documentBytes))))\" cy=\"\(Self.fmt(y(sample.strategyMicroseconds)))\" r=\"1.8\"/>\n"
                }
            }
            svg += "</g>\n"
            let medians = reports.compactMap { report -> (Double, Double)? in
                guard let strategy = report.strategies.first(where: { $0.name == name }), !strategy.samples.isEmpty else { return nil }
                return (Double(report.documentBytes), strategy.p50Microseconds)
            }.sorted { $0.0 < $1.0 }
            if medians.count > 1 {
                let points = medians.map { "\(Self.fmt(x($0.0))),\(Self.fmt(y($0.1)))" }.joined(separator: " ")
                svg += "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            }
            for (bytes, median) in medians {
                svg += "<circle cx=\"\(Self.fmt(x(bytes)))\" cy=\"\(Self.fmt(y(median)))\" r=\"5\" fill=\"\(color)\" stroke=\"white\" stroke-width=\"1.5\"/>\n"
            }
            // Legend entry.
            let legendY = top + 18 + Double(index) * 20
            svg += "<circle cx=\"\(Self.fmt(left + 20))\" cy=\"\(Self.fmt(legendY))\" r=\"5\" fill=\"\(color)\"/>\n"
            svg += "<text x=\"\(Self.fmt(left + 32))\" y=\"\(Self.fmt(legendY))\" dominant-baseline=\"middle\">\(name) (median per session)</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    static func strategyNames(_ reports: [SessionReport]) -> [String] {
        var names: [String] = []
        for report in reports {
            for strategy in report.strategies where !names.contains(strategy.name) { names.append(strategy.name) }
        }
        return names
    }

    /// Whole decades (log10) covering `low...high`.
    static func decades(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        let lower = floor(log10(max(low, 0.01)))
        let upper = max(ceil(log10(max(high, 0.01))), lower + 1)
        return lower...upper
    }

    static func bytesLabel(_ value: Double) -> String {
        switch value {
        case 1e6...: return "\(Int(value / 1e6)) MB"
        case 1e3...: return "\(Int(value / 1e3)) kB"
        default: return "\(Int(value)) B"
        }
    }

    static func timeLabel(_ value: Double) -> String {
        switch value {
        case 1e6...: return "\(Int(value / 1e6)) s"
        case 1e3...: return "\(Int(value / 1e3)) ms"
        case 1...: return "\(Int(value)) µs"
        default: return printfFormat("%g µs", value)
        }
    }

    static func fmt(_ value: Double) -> String { printfFormat("%.1f", value) }
}
