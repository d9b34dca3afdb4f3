import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `highlight` as a child process through `posix_spawn`, feeding its standard input
/// and collecting its output on threads, and reaps it with `wait4` so its peak memory can be read
/// from the kernel (`ru_maxrss`).
enum ChildProcess {
    struct Result: Sendable {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// `ru_maxrss` from `wait4`, in bytes. Beware: `posix_spawn` starts the child with
        /// `vfork`, and Linux carries the parent's high-water mark into the child's `maxrss` at
        /// `exec`, so this is at least this test process's own peak.
        var maxResidentBytes: Int
        /// The child's own high-water mark (`VmHWM` of `/proc/PID/status`, which `exec` resets),
        /// sampled while its input was written and once after the last write; in bytes.
        var peakResidentBytes: Int
        /// Bytes the child wrote to standard output (also when they were not kept).
        var stdoutCount: Int

        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    enum Input: Sendable {
        case bytes([UInt8])
        /// Called with a writer until it returns; the writer returns false once the pipe is closed.
        case generated(@Sendable (_ write: ([UInt8]) -> Bool) -> Void)
    }

    enum Output: Sendable {
        case keep
        /// Count the bytes, keep none.
        case discard
        /// Keep the first `count` bytes, then close the pipe (as `| head -c` would).
        case closeAfter(Int)
    }

    /// The `highlight` executable built next to the test bundle.
    static let highlightPath: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("highlight").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fromArgument = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("highlight").path
        return fromArgument
    }()

    /// Runs `highlight arguments…`. The environment is this process's without the variables that
    /// steer colour (`TERM`, `COLORTERM`, `NO_COLOR`), plus `environment`.
    static func highlight(
        _ arguments: [String], input: Input = .bytes([]), output: Output = .keep,
        environment: [String: String] = [:]
    ) -> Result {
        var variables = ProcessInfo.processInfo.environment
        for name in ["TERM", "COLORTERM", "NO_COLOR"] { variables[name] = nil }
        variables["SWIFT_BACKTRACE"] = "enable=no"
        for (name, value) in environment { variables[name] = value }
        return run(highlightPath, arguments, input: input, output: output, environment: variables)
    }

    /// Runs `highlight arguments…` with its data segment limited to `dataLimitBytes`
    /// (`RLIMIT_DATA`, set by `/bin/sh`'s `ulimit -d` before it execs `highlight`): heap beyond the
    /// limit fails to allocate, and the child stops with a non-zero status. That bounds the
    /// child's peak memory wherever it happens, also after its input is closed, where
    /// ``Result/peakResidentBytes`` no longer samples.
    static func highlight(_ arguments: [String], input: Input, dataLimitBytes: Int) -> Result {
        let script = "ulimit -d \(dataLimitBytes / 1024) && exec \"$0\" \"$@\""
        var variables = ProcessInfo.processInfo.environment
        for name in ["TERM", "COLORTERM", "NO_COLOR"] { variables[name] = nil }
        variables["SWIFT_BACKTRACE"] = "enable=no"
        return run("/bin/sh", ["-c", script, highlightPath] + arguments, input: input, output: .discard, environment: variables)
    }

    /// Runs `highlight arguments…` with `input` on standard input.
    static func highlight(_ arguments: [String], input: String, environment: [String: String] = [:]) -> Result {
        highlight(arguments, input: .bytes(Array(input.utf8)), environment: environment)
    }

    /// Runs `highlight arguments…` with `input` on standard input.
    static func highlight(_ arguments: [String], input: [UInt8], environment: [String: String] = [:]) -> Result {
        highlight(arguments, input: .bytes(input), environment: environment)
    }

    static func run(
        _ path: String, _ arguments: [String], input: Input, output: Output, environment: [String: String]
    ) -> Result {
        var stdinPipe: [Int32] = [0, 0], stdoutPipe: [Int32] = [0, 0], stderrPipe: [Int32] = [0, 0]
        // Close-on-exec, so a child started in parallel by another test does not inherit (and hold
        // open) this child's pipes; dup2 onto 0, 1 and 2 clears the flag for this child. The lock
        // keeps other spawns out of the window between pipe() and fcntl().
        spawnLock.lock()
        precondition(pipe(&stdinPipe) == 0 && pipe(&stdoutPipe) == 0 && pipe(&stderrPipe) == 0)
        for descriptor in stdinPipe + stdoutPipe + stderrPipe {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        for descriptor in stdinPipe + stdoutPipe + stderrPipe {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The test process ignores SIGPIPE (its writer may outlive a child that stopped reading);
        // the child gets the default disposition back, as from a shell.
        _ = ignoreBrokenPipes
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        precondition(spawned == 0, "cannot start \(path): \(String(cString: strerror(spawned)))")
        close(stdinPipe[0])
        close(stdoutPipe[1])
        close(stderrPipe[1])
        spawnLock.unlock()

        let group = DispatchGroup()
        let writeEnd = stdinPipe[1]
        let peak = PeakSampler(pid: pid)
        DispatchQueue.global().async(group: group) {
            feed(input, to: writeEnd, sampler: peak)
            peak.sample()
            close(writeEnd)
        }
        let stdout = Collector(descriptor: stdoutPipe[0], mode: output)
        let stderr = Collector(descriptor: stderrPipe[0], mode: .keep)
        DispatchQueue.global().async(group: group) { stdout.drain() }
        DispatchQueue.global().async(group: group) { stderr.drain() }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        group.wait()
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, stdout: stdout.bytes, stderr: stderr.bytes,
            maxResidentBytes: Int(usage.ru_maxrss) * 1024, peakResidentBytes: peak.peakBytes,
            stdoutCount: stdout.count)
    }

    private static let spawnLock = NSLock()
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    private static func feed(_ input: Input, to descriptor: Int32, sampler: PeakSampler) {
        var sinceSample = 0
        func write(_ bytes: [UInt8]) -> Bool {
            sinceSample += bytes.count
            if sinceSample >= 4 << 20 {
                sampler.sample()
                sinceSample = 0
            }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        switch input {
        case .bytes(let bytes): _ = write(bytes)
        case .generated(let generate): generate(write)
        }
    }

    /// Reads `VmHWM` (the peak resident set of the process's current image) from /proc.
    private final class PeakSampler: @unchecked Sendable {
        let pid: pid_t
        var peakBytes = 0

        init(pid: pid_t) { self.pid = pid }

        func sample() {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return }
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
                peakBytes = max(peakBytes, kilobytes * 1024)
            }
        }
    }

    /// Reads one pipe to its end on a worker thread.
    private final class Collector: @unchecked Sendable {
        let descriptor: Int32
        let mode: Output
        var bytes: [UInt8] = []
        var count = 0

        init(descriptor: Int32, mode: Output) {
            self.descriptor = descriptor
            self.mode = mode
        }

        func drain() {
            defer { close(descriptor) }
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let read = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
                if read < 0 && errno == EINTR { continue }
                if read <= 0 { return }
                count += read
                switch mode {
                case .keep: bytes.append(contentsOf: block[0..<read])
                case .discard: break
                case .closeAfter(let limit):
                    bytes.append(contentsOf: block[0..<min(read, limit - bytes.count)])
                    if bytes.count >= limit { return }
                }
            }
        }
    }
}

/// The SGR escapes `highlight` writes: `ESC [` digits and `;` `m`.
enum ANSIEscapes {
    /// `output` without any SGR escape sequence.
    static func stripped(_ output: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(output.count)
        var index = 0
        while index < output.count {
            if output[index] == 0x1B, let end = sequenceEnd(output, from: index) {
                index = end
                continue
            }
            result.append(output[index])
            index += 1
        }
        return result
    }

    /// The styled ranges of `output`, in offsets of the stripped text, with their opening escape.
    static func styledRanges(_ output: [UInt8]) -> [(range: Range<Int>, escape: String)] {
        var ranges: [(Range<Int>, String)] = []
        var plainOffset = 0
        var open: (start: Int, escape: String)?
        var index = 0
        while index < output.count {
            if output[index] == 0x1B, let end = sequenceEnd(output, from: index) {
                let escape = String(decoding: output[index..<end], as: UTF8.self)
                if escape == "\u{1B}[0m" {
                    if let opened = open { ranges.append((opened.start..<plainOffset, opened.escape)) }
                    open = nil
                } else {
                    open = (plainOffset, escape)
                }
                index = end
                continue
            }
            plainOffset += 1
            index += 1
        }
        return ranges
    }

    private static func sequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count, (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) || bytes[index] == UInt8(ascii: ";") {
            index += 1
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: "m") ? index + 1 : nil
    }
}
