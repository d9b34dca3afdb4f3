#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeystrokeReplay

/// The `--format table` rendering of replay reports, for people.
enum ReplayTable {
    /// One session: a heading, a row per strategy, and the full-rebuild/localized ratio.
    static func render(_ report: SessionReport) -> String {
        var lines: [String] = []
        lines.append(
            "\(report.session) — \(report.rules), \(report.initialBytes) → \(report.documentBytes) B, "
                + "\(report.keystrokes) keystrokes, divergence check: \(report.divergencePolicy), turns: \(report.turns)")
        let header = ["strategy", "p50 µs", "p99 µs", "max µs", "edit p50 µs", "divergences", "selection", "formatting", "runs"]
        var rows = [header]
        for strategy in report.strategies {
            rows.append([
                strategy.name,
                number(strategy.p50Microseconds), number(strategy.p99Microseconds), number(strategy.maxMicroseconds),
                number(strategy.editP50Microseconds),
                "\(strategy.divergences)",
                strategy.selectionPreserved ? "kept" : "LOST",
                strategy.userAttributesPreserved ? "kept" : (strategy.promisesUserAttributes ? "LOST" : "lost (by design)"),
                "\(strategy.runsAtEnd)",
            ])
        }
        lines += layout(rows).map { "  " + $0 }
        if let ratio = ratio(report) { lines.append("  full-rebuild / localized (p50): \(ratio)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A closing table of p50 per session and strategy, when several sessions ran.
    static func summary(_ reports: [SessionReport]) -> String {
        let names = reports.first?.strategies.map(\.name) ?? []
        var rows = [["session", "bytes", "keystrokes"] + names.map { "\($0) p50 µs" } + ["ratio"]]
        for report in reports {
            rows.append(
                [report.session, "\(report.documentBytes)", "\(report.keystrokes)"]
                    + names.map { name in report.strategies.first { $0.name == name }.map { number($0.p50Microseconds) } ?? "—" }
                    + [ratio(report) ?? "—"])
        }
        return "summary\n" + layout(rows).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    static func ratio(_ report: SessionReport) -> String? {
        guard let full = report.strategies.first(where: { $0.name == "full-rebuild" }),
            let localized = report.strategies.first(where: { $0.name == "localized" }), localized.p50Microseconds > 0
        else { return nil }
        let ratio = full.p50Microseconds / localized.p50Microseconds
        return printfFormat(ratio < 10 ? "%.1f×" : "%.0f×", ratio)
    }

    static func number(_ value: Double) -> String {
        value >= 100 ? printfFormat("%.0f", value) : printfFormat("%.1f", value)
    }

    /// Columns padded to their widest cell; the first column left-aligned, the others right-aligned.
    static func layout(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return index == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
    }
}
