import ComposerPosts
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--resolver URL`: resolves handles in a `highlight-resolver` process (installed next to
/// `highlight`), which runs the URLSession resolver of `ComposerPostsHTTP`. Networking (libcurl and
/// its TLS stack) is loaded by that process only, so `highlight` starts without it.
///
/// A helper that cannot be started, or answers nothing for a handle, leaves that handle
/// unresolved with a `transport` failure naming the reason.
struct ResolverProcess: HandleResolver {
    let serviceURL: String
    let timeoutMilliseconds: Int
    let maximumConcurrentRequests: Int

    /// The helper's path: `highlight-resolver` in the directory of the running executable.
    static func helperPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        var executable = CommandLine.arguments.first ?? "highlight"
        #if os(Linux)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        guard let slash = executable.lastIndex(of: "/") else { return "highlight-resolver" }
        return executable[...slash] + "highlight-resolver"
    }

    func resolve(_ handles: [String]) async -> [String: Result<String, HandleResolutionFailure>] {
        let input = handles.map { $0 + "\n" }.joined()
        let failed = { (reason: String) in
            Dictionary(handles.map { ($0, Result<String, HandleResolutionFailure>.failure(.transport(reason))) }) { a, _ in a }
        }
        guard let answer = Self.run(
            Self.helperPath(), arguments: [serviceURL, String(timeoutMilliseconds), String(maximumConcurrentRequests)],
            input: Array(input.utf8))
        else { return failed("cannot run \(Self.helperPath())") }
        var outcomes: [String: Result<String, HandleResolutionFailure>] = [:]
        for line in String(decoding: answer, as: UTF8.self).split(separator: "\n") {
            if let (handle, outcome) = HandleResolutionLine.decode(line) { outcomes[handle] = outcome }
        }
        for handle in handles where outcomes[handle] == nil {
            outcomes[handle] = .failure(.transport("no answer from \(Self.helperPath())"))
        }
        return outcomes
    }

    /// Runs `path` with `arguments`, writes `input` to its standard input (then closes it), and
    /// returns its standard output once it exits with status 0; `nil` when it cannot be started or
    /// fails. Its standard error is this process's. The helper reads all its input before it
    /// writes, so writing everything first cannot deadlock.
    static func run(_ path: String, arguments: [String], input: [UInt8]) -> [UInt8]? {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1]); close(fromChild[0])
            return nil
        }
        input.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(toChild[1], bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 { if errno == EINTR { continue } else { break } }
                offset += written
            }
        }
        close(toChild[1])
        var output: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = block.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += block[0..<count]
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status == 0 ? output : nil
    }
}
