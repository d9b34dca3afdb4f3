import PatternDetection

extension InputSource {
    /// Where lines end (`\n`), found a word at a time: shared by every reader of lines.
    static let lineBreaks = ByteSetSearch([UInt8(ascii: "\n")])
}

extension InputSource.OpenInput {
    /// Calls `line` with each line of the input, without its line break; a last line without a
    /// break still counts. If reading fails midway, the lines read so far are still delivered
    /// before the error is rethrown.
    func forEachLine(buffer: inout [UInt8], _ line: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var pending: [UInt8] = []
        var readError: Error?
        let newlines = InputSource.lineBreaks
        do {
            try forEachBlock(buffer: &buffer) { bytes in
                var start = 0
                while case let newline = newlines.firstIndex(in: bytes, from: start, before: bytes.count), newline < bytes.count {
                    if pending.isEmpty {
                        try line(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                    } else {
                        pending.append(contentsOf: bytes[start..<newline])
                        try pending.withUnsafeBufferPointer { try line($0) }
                        pending.removeAll(keepingCapacity: true)
                    }
                    start = newline + 1
                }
                pending.append(contentsOf: bytes[start...])
            }
        } catch let error as InputSource.ReadError {
            readError = error
        }
        if !pending.isEmpty {
            try pending.withUnsafeBufferPointer { try line($0) }
        }
        if let readError { throw readError }
    }
}
