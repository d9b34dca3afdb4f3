import Foundation
import TestSupport
import Testing

/// Nothing Linux-only leaks into an Apple build: every import of a module that exists only off
/// Apple platforms, and every `/proc` path, sits inside an `#if` that names it (`canImport(…)` of
/// that module, or `os(Linux)`-like).
@Suite("Linux-only modules are guarded")
struct PlatformImportTests {
    static let linuxOnlyModules: Set<String> = ["Glibc", "Musl", "FoundationNetworking", "FoundationXML", "Bionic", "Android", "WASILibc"]
    static let nonApplePlatforms = ["os(Linux)", "os(Android)", "os(Windows)", "os(WASI)", "os(FreeBSD)", "os(OpenBSD)"]

    /// Each unguarded use in `source`: `line: text`.
    static func unguardedUses(in source: String) -> [String] {
        // One frame per open #if: whether the branch being read names a non-Apple condition.
        var frames: [(condition: String, inElse: Bool)] = []
        var problems: [String] = []
        for (number, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                frames.append((String(line.dropFirst(4)), false))
            } else if line.hasPrefix("#elseif "), !frames.isEmpty {
                frames[frames.count - 1] = (String(line.dropFirst(8)), false)
            } else if line.hasPrefix("#else"), !frames.isEmpty {
                frames[frames.count - 1].inElse = true
            } else if line.hasPrefix("#endif"), !frames.isEmpty {
                frames.removeLast()
            }
            let guards = frames.filter { !$0.inElse && !$0.condition.hasPrefix("!") }.map(\.condition)
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                words[..<importIndex].allSatisfy({ ["@preconcurrency", "internal", "public", "package", "private", "fileprivate", "@_exported", "@testable"].contains($0) })
            {
                let module = String(words[importIndex + 1].split(separator: ".")[0])
                if linuxOnlyModules.contains(module),
                    !guards.contains(where: { $0.contains("canImport(\(module))") || nonApplePlatforms.contains(where: $0.contains) })
                {
                    problems.append("\(number + 1): \(line)")
                }
            }
            if line.contains("\"/proc/"), !line.hasPrefix("//"), !guards.contains(where: { condition in nonApplePlatforms.contains(where: condition.contains) || condition.contains("canImport(Glibc)") }) {
                problems.append("\(number + 1): \(line)")
            }
        }
        return problems
    }

    @Test func sourcesImportLinuxOnlyModulesOnlyBehindAGuard() throws {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100)
        var problems: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            problems += Self.unguardedUses(in: source).map { "\(file.path.dropFirst(sources.path.count + 1)):\($0)" }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theCheckFindsUnguardedUses() {
        #expect(Self.unguardedUses(in: "import Foundation\nimport FoundationNetworking\n") == ["2: import FoundationNetworking"])
        #expect(Self.unguardedUses(in: "#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif") == ["4: import Glibc"])
        #expect(Self.unguardedUses(in: "#if !canImport(Glibc)\n#else\nimport Glibc\n#endif").count == 1)
        #expect(Self.unguardedUses(in: #"let stat = "/proc/self/status""#).count == 1)
        #expect(Self.unguardedUses(in: "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Musl)\nimport Musl\n#endif").isEmpty)
        #expect(Self.unguardedUses(in: "#if os(Linux)\nlet s = \"/proc/self/status\"\n#endif").isEmpty)
    }
}
