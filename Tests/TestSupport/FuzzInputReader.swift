/// A fuzz input read as a script: bytes in order, zeros past the end. Shared by the checks that
/// the fuzz targets and the tests' regression fixtures run (the fuzz targets compile this file
/// into their own module).
package struct FuzzInputReader {
    package let data: UnsafeBufferPointer<UInt8>
    package var position = 0

    package init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    package var isAtEnd: Bool { position >= data.count }

    package mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < data.count ? data[position] : 0
    }

    /// One of `choices`, chosen by `byte`.
    package func pick<T>(_ choices: [T], _ byte: UInt8) -> T { choices[Int(byte) % choices.count] }

    /// The next `count` bytes (fewer at the end) as text, ill-formed UTF-8 decoded with U+FFFD.
    package mutating func text(_ count: Int) -> String {
        let end = min(data.count, position + count)
        defer { position = max(position, end) }
        guard position < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: data[position..<end]), as: UTF8.self)
    }

    /// An offset in `0...count + 1` from the next two bytes: usually on the scale of `count`,
    /// sometimes past it.
    package mutating func offset(in count: Int) -> Int {
        let value = Int(byte()) << 8 | Int(byte())
        return value % (count + 2)
    }
}
