import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for resolver tests: answers
/// `GET /xrpc/com.atproto.identity.resolveHandle?handle=H` from a table, one request per connection
/// (`Connection: close`), `delay` after the request arrived. It counts requests per handle and the
/// most requests in flight at once. A large answer is written as the client reads it, a piece per
/// round of the loop, so it holds up no other connection.
///
/// One thread runs a `poll` loop, so the count follows the order of events on the wire: in each
/// round, connections the client closed are retired first, then due answers (a request stops being
/// in flight as its answer is written), and only then newly arrived requests are counted. A request
/// the client sends after abandoning another can therefore never be counted alongside it.
package final class HandleResolverTestServer: @unchecked Sendable {
    package enum Reply: Sendable {
        /// Status and body, sent as `application/json`.
        case answer(status: Int, body: String)
        /// Never answer; hold the connection open until the client closes it.
        case stall
        /// Close the connection without answering.
        case hangUp
        /// Status 200 and a JSON object of exactly `bytes` bytes (at least 64): `{"did":…}` and a
        /// `"padding"` string, written evenly over `seconds` (as a service on a slower link would
        /// send it; 0: as fast as the client reads). With `declaresLength`, a `Content-Length`
        /// header gives its size; without, the connection's close ends it. The request stays in
        /// flight until the last byte is written; a client that closes before is counted as having
        /// abandoned it.
        case largeAnswer(did: String, bytes: Int, declaresLength: Bool, seconds: Double)
    }

    package let port: UInt16
    private let listener: Int32
    private let wake: [Int32]
    private let replies: [String: Reply]
    private let delay: Double
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var mostInFlight = 0
    private var abandoned: [String: [Double]] = [:]
    private var largeAnswerBytesWritten: [String: [Int]] = [:]
    /// When each abandonment was seen, in ``monotonicSeconds()``.
    private var abandonedAtTimes: [String: [Double]] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening on an ephemeral port. Handles missing from `replies` get 400
    /// `{"error":"InvalidRequest","message":"Unable to resolve handle"}`, as atproto answers.
    package init(replies: [String: Reply], delay: Double = 0.05) throws {
        struct StartFailed: Error { let call: String }
        self.replies = replies
        self.delay = delay
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StartFailed(call: "socket") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        var pipeEnds: [Int32] = [0, 0]
        guard bound, listen(descriptor, 64) == 0, pipe(&pipeEnds) == 0 else {
            close(descriptor)
            throw StartFailed(call: "bind/listen/pipe")
        }
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        listener = descriptor
        wake = pipeEnds
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            run()
            finished.signal()
        }
    }

    static func loopback() -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// `http://127.0.0.1:PORT`.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Requests received per handle (as sent, percent-decoded).
    package var requestCounts: [String: Int] { lock.withLock { counts } }

    /// The most requests that were in flight (received, neither answered nor abandoned) at once.
    package var maximumInFlight: Int { lock.withLock { mostInFlight } }

    /// For requests the client gave up on (closed before an answer), per handle: seconds from the
    /// request's arrival to the client's close, as this server's own thread saw them.
    package var abandonedAfter: [String: [Double]] { lock.withLock { abandoned } }

    /// When the client closed each request for `handle` without waiting for its answer, in
    /// ``monotonicSeconds()`` (compare with a time the test took before asking).
    package func abandonmentTimes(of handle: String) -> [Double] { lock.withLock { abandonedAtTimes[handle] ?? [] } }

    /// For each large answer to `handle` that ended (written whole, or the client gone): how many
    /// of its bytes, head included, this server wrote. A client that closes the connection while
    /// bytes are unread is seen at the next write, so the count may include one piece more than
    /// the client took.
    package func largeAnswerBytes(of handle: String) -> [Int] { lock.withLock { largeAnswerBytesWritten[handle] ?? [] } }

    /// The monotonic clock the server stamps arrivals and closes with, in seconds.
    package static func monotonicSeconds() -> Double { now() }

    /// ``abandonedAfter`` for `handle`, once this server has seen the client close (its loop may
    /// see it a moment after the client moved on); empty if that did not happen within `limit`.
    package func abandonments(of handle: String, waitingUpTo limit: Duration = .seconds(5)) async -> [Double] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let seen = abandonedAfter[handle] { return seen }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return []
    }

    /// Stops the loop and closes every connection; returns once the loop has ended. Idempotent.
    package func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        finished.wait()
    }

    deinit {
        stop()
        close(listener)
        close(wake[0])
        close(wake[1])
    }

    /// One accepted connection.
    private struct Connection {
        var head: [UInt8] = []
        /// Set once the request line has arrived.
        var reply: Reply?
        var handle = ""
        var arrivedAt: Double = 0
        var answerAt: Double = 0
        /// A large answer being written, how much of it is, since when, and over how long.
        var output: [UInt8] = []
        var written = 0
        var writingSince: Double = 0
        var pace: Double = 0
    }

    private func run() {
        var connections: [Int32: Connection] = [:]
        var inFlight = 0
        defer { for descriptor in connections.keys { close(descriptor) } }
        while !lock.withLock({ stopped }) {
            let now = Self.now()
            // Answers not yet started; one being written wakes the loop when its socket is writable.
            let nextAnswer = connections.values.compactMap {
                $0.reply.flatMap(Self.isAnswer) == true && $0.output.isEmpty ? $0.answerAt : nil
            }.min()
            var timeout = nextAnswer.map { Int32(max(0, ($0 - now) * 1000).rounded(.up)) } ?? -1
            // A paced answer waiting for its next piece: look again in 5 ms.
            if connections.values.contains(where: { !$0.output.isEmpty && Self.due($0, at: now) <= $0.written }) {
                timeout = timeout < 0 ? 5 : min(timeout, 5)
            }
            var polled = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            polled += connections.map { descriptor, connection in
                let sending = !connection.output.isEmpty && Self.due(connection, at: now) > connection.written
                return pollfd(fd: descriptor, events: Int16(sending ? POLLIN | POLLOUT : POLLIN), revents: 0)
            }
            if poll(&polled, nfds_t(polled.count), timeout) < 0 && errno != EINTR { return }
            let readable = polled.dropFirst(2).filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }.map(\.fd)
            let writable = Set(polled.dropFirst(2).filter { $0.revents & Int16(POLLOUT) != 0 }.map(\.fd))

            // 1. Connections the client closed (or reset): no longer in flight.
            var arrived: [Int32] = []
            func abandon(_ descriptor: Int32) {
                if let connection = connections[descriptor], connection.reply != nil {
                    inFlight -= 1
                    let closedAt = Self.now()
                    lock.withLock {
                        abandoned[connection.handle, default: []].append(closedAt - connection.arrivedAt)
                        abandonedAtTimes[connection.handle, default: []].append(closedAt)
                        if !connection.output.isEmpty {
                            largeAnswerBytesWritten[connection.handle, default: []].append(connection.written)
                        }
                    }
                }
                connections[descriptor] = nil
                close(descriptor)
            }
            for descriptor in readable {
                var block = [UInt8](repeating: 0, count: 4096)
                let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                if count <= 0 {
                    abandon(descriptor)
                } else if connections[descriptor]?.reply == nil {
                    connections[descriptor]?.head += block[0..<count]
                    arrived.append(descriptor)
                }
            }
            // 2. Answers that are due: the request ends as its answer is written. A large answer
            // starts here and goes on a piece per round while the client reads it.
            for (descriptor, connection) in connections {
                guard let reply = connection.reply, Self.isAnswer(reply), connection.answerAt <= Self.now() else { continue }
                if case .largeAnswer(let did, let bytes, let declaresLength, let seconds) = reply {
                    if connection.output.isEmpty {
                        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
                        // A small send buffer: the answer leaves this server about as fast as the
                        // client takes it, so a client that stops reading leaves most of it unsent.
                        var size: Int32 = 65_536
                        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                        connections[descriptor]?.output = Self.largeAnswer(did: did, bytes: bytes, declaresLength: declaresLength)
                        connections[descriptor]?.writingSince = Self.now()
                        connections[descriptor]?.pace = seconds
                    } else if writable.contains(descriptor) {
                        let chunk = min(65_536, Self.due(connection, at: Self.now()) - connection.written)
                        guard chunk > 0 else { continue }
                        let count = connection.output.withUnsafeBytes {
                            sendWithoutSignal(descriptor, $0.baseAddress! + connection.written, chunk)
                        }
                        if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                        guard count > 0 else {
                            abandon(descriptor)
                            continue
                        }
                        connections[descriptor]?.written += count
                        if connection.written + count < connection.output.count { continue }
                        lock.withLock { largeAnswerBytesWritten[connection.handle, default: []].append(connection.output.count) }
                        inFlight -= 1
                        connections[descriptor] = nil
                        close(descriptor)
                    }
                    continue
                }
                inFlight -= 1
                if case .answer(let status, let body) = reply { Self.send(status: status, body: body, to: descriptor) }
                connections[descriptor] = nil
                close(descriptor)
            }
            // 3. Requests that arrived: now in flight.
            for descriptor in arrived {
                guard var connection = connections[descriptor], connection.head.count < 65_536,
                    let handle = Self.handle(inHead: connection.head)
                else { continue }
                let reply = replies[handle] ?? .answer(status: 400, body: #"{"error":"InvalidRequest","message":"Unable to resolve handle"}"#)
                inFlight += 1
                lock.withLock {
                    counts[handle, default: 0] += 1
                    mostInFlight = max(mostInFlight, inFlight)
                }
                connection.reply = reply
                connection.handle = handle
                connection.arrivedAt = Self.now()
                connection.answerAt = connection.arrivedAt + delay
                connections[descriptor] = connection
            }
            // 4. New connections.
            while true {
                let descriptor = accept(listener, nil, nil)
                guard descriptor >= 0 else { break }
                connections[descriptor] = Connection()
            }
        }
    }

    /// How much of a large answer (head included) may have been written by `time`.
    private static func due(_ connection: Connection, at time: Double) -> Int {
        guard connection.pace > 0 else { return connection.output.count }
        let share = max(0, time - connection.writingSince) / connection.pace
        return min(connection.output.count, Int(Double(connection.output.count) * share))
    }

    /// Answers and hang-ups are written when due; stalls never are.
    private static func isAnswer(_ reply: Reply) -> Bool {
        if case .stall = reply { return false }
        return true
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Head and body of a ``Reply/largeAnswer(did:bytes:declaresLength:seconds:)``.
    private static func largeAnswer(did: String, bytes: Int, declaresLength: Bool) -> [UInt8] {
        let opening = Array(#"{"did":"\#(did)","padding":""#.utf8), closing = Array(#""}"#.utf8)
        precondition(bytes >= opening.count + closing.count, "a large answer needs room for its did")
        let body = opening + [UInt8](repeating: UInt8(ascii: "a"), count: bytes - opening.count - closing.count) + closing
        let length = declaresLength ? "Content-Length: \(bytes)\r\n" : ""
        return Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(length)Connection: close\r\n\r\n".utf8) + body
    }

    /// The percent-decoded `handle` query value once the whole head has arrived (`""` for a
    /// request of another shape), else nil.
    private static func handle(inHead head: [UInt8]) -> String? {
        guard head.count >= 4, Array(head.suffix(4)) == Array("\r\n\r\n".utf8) else { return nil }
        let parts = String(decoding: head.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", let components = URLComponents(string: String(parts[1])),
            components.path == "/xrpc/com.atproto.identity.resolveHandle"
        else { return "" }
        return components.queryItems?.first { $0.name == "handle" }?.value ?? ""
    }

    private static func send(status: Int, body: String, to descriptor: Int32) {
        let bytes = Array(body.utf8)
        let head = "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        let all = Array(head.utf8) + bytes
        var offset = 0
        while offset < all.count {
            let written = all.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// `send` to a socket whose peer may be gone: an error, not `SIGPIPE`.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    return Darwin.send(descriptor, bytes, count, 0)
    #endif
}

/// A port on 127.0.0.1 that refuses connections: bound (so no other socket takes it) but not
/// listening, until this value is released.
package final class RefusingPort: @unchecked Sendable {
    package let port: UInt16
    private let descriptor: Int32

    package init() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = HandleResolverTestServer.loopback()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 ? getsockname(descriptor, pointer, &length) : -1
            }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    /// `http://127.0.0.1:PORT`.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    deinit { close(descriptor) }
}
