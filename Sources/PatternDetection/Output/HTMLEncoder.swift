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
public struct HTMLEncoder: Sendable, ChunkEncoder {
    /// `<span class="KIND">` for the built-in kinds and the kinds known up front.
    private let openings: PatternKindBytes
    /// Line feeds and carriage returns become `&#10;` and `&#13;` (same text, one output line).
    public let escapesLineBreaks: Bool

    /// - Parameters:
    ///   - kinds: kinds whose opening tags are built once (others are built when met).
    ///   - escapesLineBreaks: write line breaks as character references, so a post stays on one
    ///     output line.
    public init(kinds: [PatternKind] = PatternKind.builtIn, escapesLineBreaks: Bool = false) {
        var openings = PatternKindBytes(Self.spanOpening(for:))
        for kind in kinds { openings.add(kind, Self.spanOpening(for:)) }
        self.openings = openings
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
        sink.withFlushingSink {
            encode(
                bytes, spans: spans, wellFormed: UTF8Validation.isValid(bytes), into: &$0, values: NoSpanValueBytes(),
                value: value, imageURL: imageURL)
        }
    }

    /// A streamed chunk (or a whole post): its well-formedness is known, and link values are
    /// taken straight from the span's bytes when the rule set describes them so
    /// (``SpanValueBytesProviding``).
    package func encode(_ chunk: StreamChunk, into sink: inout some ByteSink) {
        var encoder = self
        sink.withFlushingSink { encoder.encodeWithChunkValues(chunk, into: &$0) }
    }

    /// ``ChunkEncoder``: `chunk` with its values from `values`.
    package func encode(_ chunk: StreamChunk, values: some SpanValueBytesSource, into sink: inout FlushingSink) {
        encode(
            chunk.bytes, spans: chunk.spans, wellFormed: chunk.isWellFormed, into: &sink, values: values,
            value: { chunk.value(of: $0) }, imageURL: { chunk.imageURL(of: $0) })
    }

    /// The loop: text and spans' markup are written into an output block, which goes to `sink`
    /// when full; a piece too large for a block goes to `sink` on its own, after the block.
    private func encode(
        _ bytes: UnsafeBufferPointer<UInt8>, spans: [Span], wellFormed isWellFormed: Bool, into sink: inout FlushingSink,
        values: some SpanValueBytesSource, value: (Span) -> String, imageURL: (Span) -> String?
    ) {
        var position = 0
        var uri: [UInt8] = []
        openings.bytes.withUnsafeBufferPointer { tags in
        OutputBlock.withTemporaryWriter(to: &sink) { writer, sink in
            for span in spans where span.utf8Range.lowerBound >= position {
                write(.text(bytes[position..<span.utf8Range.lowerBound], wellFormed: isWellFormed), to: &writer, sink: &sink)
                let text = bytes[span.utf8Range]
                // A link whose URI the policy allows, else a span (an emoji with an image an <img>).
                let linked = span.kind == .url && withURI(of: span, in: bytes, values: values, value: value, scratch: &uri) {
                    guard HTMLLinkPolicy.allowsLink(to: $0, then: $1) else { return false }
                    write(.link(text, uriPrefix: $0, uri: $1), to: &writer, sink: &sink)
                    return true
                }
                if span.kind == .emoji, var image = imageURL(span), HTMLLinkPolicy.allowsLink(to: image.utf8) {
                    image.withUTF8 { write(.emoji(text, image: $0), to: &writer, sink: &sink) }
                } else if !linked {
                    withOpening(for: span.kind, in: tags) { write(.tagged(text, opening: $0), to: &writer, sink: &sink) }
                }
                position = span.utf8Range.upperBound
            }
            write(.text(bytes[position..<bytes.count], wellFormed: isWellFormed), to: &writer, sink: &sink)
        }
        }
    }

    /// `body` with the URI of `span` (a link) as a prefix that needs no escape and the rest: the
    /// value's prefix and bytes of the text when the rule set gives the value so, else the value
    /// copied into `scratch` (a `String` value, or one upper-cased).
    @inline(__always)
    private func withURI<Result>(
        of span: Span, in bytes: UnsafeBufferPointer<UInt8>, values: some SpanValueBytesSource, value: (Span) -> String,
        scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Slice<UnsafeBufferPointer<UInt8>>) -> Result
    ) -> Result {
        let form = values.valueBytes(of: span, in: bytes)
        if let form, !form.uppercasesASCII {
            return body(UnsafeBufferPointer(start: form.prefix.utf8Start, count: form.prefix.utf8CodeUnitCount), bytes[form.range])
        }
        scratch.removeAll(keepingCapacity: true)
        if let form {
            form.append(in: bytes, to: &scratch)
        } else {
            var value = value(span)
            value.withUTF8 { scratch.append(contentsOf: $0) }
        }
        return scratch.withUnsafeBufferPointer { body(UnsafeBufferPointer(start: nil, count: 0), $0[...]) }
    }

    /// A piece of the output: text between spans, or a span with its markup.
    private enum Piece {
        /// Text between spans; ill-formed sequences become U+FFFD unless it is `wellFormed`.
        case text(Slice<UnsafeBufferPointer<UInt8>>, wellFormed: Bool)
        /// `<span class="KIND">text</span>`, `opening` being the first tag.
        case tagged(Slice<UnsafeBufferPointer<UInt8>>, opening: UnsafeBufferPointer<UInt8>)
        /// `<a class="url" href="URI">text</a>`, the URI being `uriPrefix` (which needs no escape,
        /// as a ``SpanValueBytes/prefix``) then `uri`.
        case link(Slice<UnsafeBufferPointer<UInt8>>, uriPrefix: UnsafeBufferPointer<UInt8>, uri: Slice<UnsafeBufferPointer<UInt8>>)
        /// `<img class="emoji" src="IMAGE" alt="text" title="text">`.
        case emoji(Slice<UnsafeBufferPointer<UInt8>>, image: UnsafeBufferPointer<UInt8>)

        /// The most bytes the piece takes: every escaped byte may take six (`&quot;`).
        var maximumLength: Int {
            switch self {
            case .text(let text, _): 6 &* text.count
            case .tagged(let text, let opening): 16 &+ opening.count &+ 6 &* text.count
            case .link(let text, let prefix, let uri): 48 &+ prefix.count &+ 6 &* (uri.count &+ text.count)
            case .emoji(let text, let image): 64 &+ 6 &* (image.count &+ 2 &* text.count)
            }
        }
    }

    /// Writes `piece` into the block when it fits one, else straight to `sink` after the block
    /// (an enormous span or a long text needs no memory beyond the block).
    @inline(__always)
    private func write(_ piece: Piece, to writer: inout OutputBlock.Writer, sink: inout FlushingSink) {
        let maximum = piece.maximumLength
        if maximum <= OutputBlock.capacity {
            writer.write(maximum: maximum, to: &sink) { write(piece, to: &$0) }
        } else {
            writer.flush(to: &sink)
            write(piece, to: &sink)
        }
    }

    /// Writes `piece` escaped.
    @inline(__always)
    private func write(_ piece: Piece, to sink: inout some ByteSink) {
        switch piece {
        case .text(let text, let wellFormed):
            writeEscaped(text, wellFormed: wellFormed, to: &sink)
        case .tagged(let text, let opening):
            sink.write(opening)
            writeEscaped(text, wellFormed: true, to: &sink)
            sink.write("</span>")
        case .link(let text, let prefix, let uri):
            sink.write("<a class=\"url\" href=\"")
            sink.write(prefix)
            writeEscaped(uri, wellFormed: true, to: &sink)
            sink.write("\">")
            writeEscaped(text, wellFormed: true, to: &sink)
            sink.write("</a>")
        case .emoji(let text, let image):
            sink.write("<img class=\"emoji\" src=\"")
            writeEscaped(image[...], wellFormed: true, to: &sink)
            for attribute in ["\" alt=\"", "\" title=\""] as [StaticString] {
                sink.write(attribute)
                writeEscaped(text, wellFormed: true, to: &sink)
            }
            sink.write("\">")
        }
    }

    /// `body` with the opening tag of `kind`, from `tags` (``openings``' bytes) when it was built
    /// up front.
    @inline(__always)
    private func withOpening(
        for kind: PatternKind, in tags: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let index = openings.index(of: kind) else { return Self.spanOpening(for: kind).withUnsafeBufferPointer(body) }
        body(UnsafeBufferPointer(rebasing: tags[openings.range(at: index)]))
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
        // Runs go to the escaper as slices of the whole buffer, which it reads in whole blocks
        // past a run's end where the buffer allows.
        guard !wellFormed else {
            return HTMLEscaping.writeEscaped(bytes, lineBreaks: escapesLineBreaks, to: &sink)
        }
        let text = UnsafeBufferPointer(rebasing: bytes)
        let offset = bytes.startIndex
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
            HTMLEscaping.writeEscaped(bytes.base[offset + runStart..<offset + index], lineBreaks: escapesLineBreaks, to: &sink)
            sink.write("\u{FFFD}" as StaticString)
            index += UTF8Validation.invalidLength(text, at: index)
            runStart = index
        }
        HTMLEscaping.writeEscaped(bytes.base[offset + runStart..<offset + text.count], lineBreaks: escapesLineBreaks, to: &sink)
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
                var found = ByteBlock.htmlEscapeCandidates(in: ByteBlock.load(base, at: index), lineBreaks: lineBreaks)
                if index &+ 16 > end { found &= ByteBlock.lanes(before: end &- index) }
                guard let lane = ByteBlock.firstSetLane(found) else {
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
        allowsLink(to: uri, then: EmptyCollection())
    }

    /// Whether the URI whose UTF-8 is `first`, then `rest`, starts with `http://` or `https://`
    /// (any case).
    package static func allowsLink(to first: some Collection<UInt8>, then rest: some Collection<UInt8>) -> Bool {
        var word: UInt64 = 0
        var count = 0
        func add(_ byte: UInt8) {
            let lowered = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            word |= UInt64(lowered) &<< UInt64(8 &* count)
            count &+= 1
        }
        first.prefix(8).forEach(add)
        rest.prefix(8 &- count).forEach(add)
        // "http://" and "https://", first byte lowest.
        return (count >= 7 && word & 0x00FF_FFFF_FFFF_FFFF == 0x2F2F_3A70_7474_68)
            || (count == 8 && word == 0x2F2F_3A73_7074_7468)
    }
}
