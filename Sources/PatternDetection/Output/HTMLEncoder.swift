/// Text with its spans as an escaped HTML fragment: spans become `<span class="KIND">`, links
/// `<a class="url" href>` when the link policy allows their value (http and https only) (the rule set's URI), other
/// links stay `<span class="url">`. Every byte of text, attribute and class name is escaped
/// so neither the text nor a URL can open a tag or an attribute. Ill-formed
/// UTF-8 and NUL (U+0000, which HTML does not allow in text or attribute values) become U+FFFD.
///
/// Streams: each piece is written as it comes, nothing is kept between pieces. Byte-level: the
/// opening tag of each kind is built once, text is copied in runs between the bytes that need an
/// entity.
///
/// An immutable value, `Sendable`: one encoder (a global, a server's shared one) may encode on
/// any number of threads at once.
public struct HTMLEncoder: Sendable {
    /// `<span class="KIND">` for the kinds known up front.
    private let openings: [Opening]
    /// Line feeds and carriage returns become `&#10;` and `&#13;` (same text, one output line).
    public let escapesLineBreaks: Bool

    private struct Opening {
        let kind: PatternKind
        let tag: [UInt8]
    }

    /// - Parameters:
    ///   - kinds: kinds whose opening tags are built once (others are built when met).
    ///   - escapesLineBreaks: write line breaks as character references, so a post stays on one
    ///     output line.
    public init(kinds: [PatternKind] = PatternKind.builtIn, escapesLineBreaks: Bool = false) {
        openings = kinds.map { Opening(kind: $0, tag: Self.spanOpening(for: $0)) }
        self.escapesLineBreaks = escapesLineBreaks
    }

    /// Writes `bytes` with `spans` (sorted, non-overlapping, relative to `bytes`) marked up;
    /// `value` gives a span's value (a link's URI).
    /// - Complexity: O(bytes + spans).
    /// `imageURL` gives an emoji span's image (written as `<img class="emoji">` when it is an
    /// http or https URL).
    public func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], value: (Span) -> String,
        imageURL: (Span) -> String? = { _ in nil }, into sink: inout some ByteSink
    ) {
        encode(
            bytes, spans: spans, wellFormed: UTF8Validation.isValid(bytes), into: &sink, valueBytes: { _ in nil },
            value: value, imageURL: imageURL)
    }

    /// A streamed chunk (or a whole post): its well-formedness is known, and link values are
    /// taken straight from the span's bytes when the rule set describes them so
    /// (``SpanValueBytesProviding``).
    package func encode(_ chunk: StreamChunk, into sink: inout some ByteSink) {
        chunk.withValueBytes { valueBytes in
            encode(
                chunk.bytes, spans: chunk.spans, wellFormed: chunk.isWellFormed, into: &sink,
                valueBytes: valueBytes, value: { chunk.value(of: $0) }, imageURL: { chunk.imageURL(of: $0) })
        }
    }

    private func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], wellFormed isWellFormed: Bool, into sink: inout some ByteSink,
        valueBytes: (Span) -> SpanValueBytes?, value: (Span) -> String, imageURL: (Span) -> String?
    ) {
        var position = 0
        var uri: [UInt8] = []
        for span in spans where span.utf8Range.lowerBound >= position {
            writeEscaped(bytes[position..<span.utf8Range.lowerBound], wellFormed: isWellFormed, to: &sink)
            var isLink = false
            if span.kind == .url {
                uri.removeAll(keepingCapacity: true)
                if let form = valueBytes(span) {
                    form.append(in: bytes, to: &uri)
                } else {
                    var value = value(span)
                    value.withUTF8 { uri.append(contentsOf: $0) }
                }
                isLink = HTMLLinkPolicy.allowsLink(to: uri)
            }
            if span.kind == .emoji, let image = imageURL(span), HTMLLinkPolicy.allowsLink(to: image.utf8) {
                // <img class="emoji" src="…" alt=":shortcode:" title=":shortcode:">
                sink.write("<img class=\"emoji\" src=\"")
                var source = image
                source.withUTF8 { writeEscaped($0[...], wellFormed: true, to: &sink) }
                for attribute in ["\" alt=\"", "\" title=\""] as [StaticString] {
                    sink.write(attribute)
                    writeEscaped(bytes[span.utf8Range], wellFormed: true, to: &sink)
                }
                sink.write("\">")
            } else if isLink {
                sink.write("<a class=\"url\" href=\"")
                uri.withUnsafeBufferPointer { writeEscaped($0[...], wellFormed: true, to: &sink) }
                sink.write("\">")
                writeEscaped(bytes[span.utf8Range], wellFormed: true, to: &sink)
                sink.write("</a>")
            } else {
                writeOpening(for: span.kind, to: &sink)
                writeEscaped(bytes[span.utf8Range], wellFormed: true, to: &sink)
                sink.write("</span>")
            }
            position = span.utf8Range.upperBound
        }
        writeEscaped(bytes[position..<bytes.count], wellFormed: isWellFormed, to: &sink)
    }

    @inline(__always)
    private func writeOpening(for kind: PatternKind, to sink: inout some ByteSink) {
        for opening in openings where opening.kind == kind {
            return opening.tag.withUnsafeBufferPointer { sink.write($0) }
        }
        sink.write(Self.spanOpening(for: kind))
    }

    private static func spanOpening(for kind: PatternKind) -> [UInt8] {
        var tag = Array("<span class=\"".utf8)
        HTMLEscaping.appendEscaped(kind.rawValue, to: &tag)
        return tag + Array("\">".utf8)
    }

    /// Writes `bytes` escaped; each maximal ill-formed subsequence (only possible when
    /// `wellFormed` is false) becomes one U+FFFD, as Swift's repairing decoder has it.
    /// - Complexity: O(bytes), no allocation.
    private func writeEscaped(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, wellFormed: Bool, to sink: inout some ByteSink) {
        let text = UnsafeBufferPointer(rebasing: bytes)
        guard !wellFormed else {
            return HTMLEscaping.writeEscaped(text[...], lineBreaks: escapesLineBreaks, to: &sink)
        }
        var runStart = 0
        var index = 0
        while index < text.count {
            if text[index] < 0x80 {
                index += 1
                continue
            }
            let length = UTF8Validation.sequenceLength(text, at: index)
            if length > 0 {
                index += length
                continue
            }
            HTMLEscaping.writeEscaped(text[runStart..<index], lineBreaks: escapesLineBreaks, to: &sink)
            sink.write("\u{FFFD}" as StaticString)
            index += UTF8Validation.invalidLength(text, at: index)
            runStart = index
        }
        HTMLEscaping.writeEscaped(text[runStart..<text.count], lineBreaks: escapesLineBreaks, to: &sink)
    }
}

/// HTML escaping for text and attribute values: `& < > " '` become entities, NUL (U+0000) becomes
/// U+FFFD, as an HTML parser reads it (and, on request, line breaks become character
/// references). The one escaper of the package.
package enum HTMLEscaping {
    /// `text` escaped.
    package static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { writeEscaped($0[...], lineBreaks: false, to: &out) }
    }

    /// Writes well-formed `text` escaped, copying runs of safe bytes at once.
    /// - Complexity: O(text): sixteen bytes at a time to the next byte that may need an entity
    ///   (the last block of the text read from its buffer past it, masked, where the buffer
    ///   allows), the rest eight at a time and then byte by byte.
    static func writeEscaped(
        _ text: Slice<UnsafeBufferPointer<UInt8>>, lineBreaks: Bool, to sink: inout some ByteSink
    ) {
        let bytes = text.base
        var start = text.startIndex
        var index = start
        let end = text.endIndex
        // Every byte that may need an entity is below 64: one bit each.
        var escaped: UInt64 = 1 << 0x00 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27
        if lineBreaks { escaped |= 1 << 0x0A | 1 << 0x0D }
        let base = UnsafeRawPointer(bytes.baseAddress)
        while index < end {
            if let base, index + 16 <= bytes.count {
                let block = ByteBlock.load(base, at: index)
                var found = ByteBlock.lanes(of: block, equalTo: 0x26) | ByteBlock.lanes(of: block, equalTo: 0x3C)
                    | ByteBlock.lanes(of: block, equalTo: 0x3E) | ByteBlock.lanes(of: block, equalTo: 0x22)
                    | ByteBlock.lanes(of: block, equalTo: 0x27) | ByteBlock.lanes(of: block, equalTo: 0x00)
                if lineBreaks { found |= ByteBlock.lanes(of: block, equalTo: 0x0A) | ByteBlock.lanes(of: block, equalTo: 0x0D) }
                guard let lane = ByteBlock.firstSetLane(found & ByteBlock.lanes(before: end &- index)) else {
                    index = Swift.min(index &+ 16, end)
                    continue
                }
                index &+= lane
            } else if index + 8 <= end, let base {
                // Within sixteen bytes of the buffer's end: eight bytes at a time.
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                var found = ByteWord.bytes(of: word, equalTo: 0x26) | ByteWord.bytes(of: word, equalTo: 0x3C)
                    | ByteWord.bytes(of: word, equalTo: 0x3E) | ByteWord.bytes(of: word, equalTo: 0x22)
                    | ByteWord.bytes(of: word, equalTo: 0x27) | ByteWord.bytes(of: word, equalTo: 0x00)
                if lineBreaks { found |= ByteWord.bytes(of: word, equalTo: 0x0A) | ByteWord.bytes(of: word, equalTo: 0x0D) }
                if found == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            guard byte < 64, escaped >> byte & 1 != 0, let entity = entity(for: byte, lineBreaks: lineBreaks) else {
                index += 1
                continue
            }
            sink.write(bytes[start..<index])
            sink.write(entity)
            index += 1
            start = index
        }
        sink.write(bytes[start..<end])
    }

    @inline(__always)
    private static func entity(for byte: UInt8, lineBreaks: Bool) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        case 0x00: return "\u{FFFD}"
        case 0x0A where lineBreaks: return "&#10;"
        case 0x0D where lineBreaks: return "&#13;"
        default: return nil
        }
    }
}

/// Which links HTML output makes clickable: only `http` and `https` URIs, in any case, so no
/// `javascript:` or `data:` URI is ever linked.
package enum HTMLLinkPolicy {
    /// `uri` when it starts with `http://` or `https://` (any case), else `nil`.
    package static func href(forURI uri: String) -> String? {
        allowsLink(to: uri.utf8) ? uri : nil
    }

    /// Whether the URI whose UTF-8 is `uri` starts with `http://` or `https://` (any case).
    /// - Complexity: O(1): its first eight bytes, lower-cased in one word.
    package static func allowsLink(to uri: some Collection<UInt8>) -> Bool {
        var word: UInt64 = 0
        var count = 0
        for byte in uri.prefix(8) {
            let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            word |= UInt64(lowered) &<< UInt64(8 &* count)
            count &+= 1
        }
        // "http://" and "https://", first byte lowest.
        return (count >= 7 && word & 0x00FF_FFFF_FFFF_FFFF == 0x2F2F_3A70_7474_68)
            || (count == 8 && word == 0x2F2F_3A73_7074_7468)
    }
}
