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

/// A progress line on standard error for long sessions, only when standard error is a terminal.
final class ReplayProgress {
    let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// A callback for the runner that redraws `session: done/total keystrokes` every 10 keystrokes
    /// (sessions under 100 keystrokes show nothing).
    func reporter(for session: String) -> ((Int, Int) -> Void)? {
        guard enabled else { return nil }
        return { [self] done, total in
            guard total >= 100, done % 10 == 0 || done == total else { return }
            write("\r\u{1B}[K\(session): \(done)/\(total) keystrokes")
            shown = true
        }
    }

    /// Erases the progress line.
    func clear() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { systemWrite(2, $0.baseAddress!, $0.count) }
    }
}
