/// One inline directive: an HTML comment `<!-- todofmt-… -->` that is a whole HTML block on its line.
///
/// Only comments the block scanner saw as HTML blocks count, so a directive inside a code block or
/// in the middle of a paragraph's line is text.
struct Directive: Sendable {
    /// What a directive asks for.
    enum Kind: Sendable {
        /// `todofmt-ignore`: the next list is left alone.
        case ignore
        /// `todofmt-ignore-start`: the lines up to `todofmt-ignore-end` are left alone.
        case ignoreStart
        /// `todofmt-ignore-end`.
        case ignoreEnd
        /// `todofmt-disable [rules]`: lint rules off from here.
        case disable
        /// `todofmt-enable [rules]`: lint rules on again from here.
        case enable
        /// A `todofmt-` word that is none of the above.
        case unknown
    }

    var kind: Kind
    /// The 0-based line of the comment.
    var line: Int
    /// Byte offset of the directive word (where lint reports a problem with it).
    var wordStart: Int
    /// The directive word as written, `todofmt-ignore`.
    var word: String
    /// The words after it (rule codes or names), as written; commas separate like spaces.
    var arguments: [String]
    /// Byte offset of each argument.
    var argumentStarts: [Int]
    /// The container block of the comment (numbered as ``BlockStructure/List/container``).
    var container: Int

    static let prefix: [UInt8] = Array("todofmt-".utf8)

    /// The directive in a one-line comment, or nil when its text does not start with `todofmt-`.
    init?(_ comment: BlockStructure.Comment, _ buf: UnsafeBufferPointer<UInt8>) {
        var words: [Range<Int>] = []
        var i = comment.text.lowerBound
        let end = comment.text.upperBound
        while i < end {
            while i < end && Directive.separates(buf[i]) { i += 1 }
            let start = i
            while i < end && !Directive.separates(buf[i]) { i += 1 }
            if i > start { words.append(start..<i) }
        }
        guard let first = words.first, first.count >= Directive.prefix.count, Directive.prefix.withUnsafeBufferPointer({ prefix in
            SameBytes.equal(buf, first.lowerBound..<(first.lowerBound + prefix.count), prefix, 0..<prefix.count)
        }) else { return nil }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: buf[range]), as: UTF8.self)
        }
        word = text(first)
        switch word {
        case "todofmt-ignore": kind = .ignore
        case "todofmt-ignore-start": kind = .ignoreStart
        case "todofmt-ignore-end": kind = .ignoreEnd
        case "todofmt-disable": kind = .disable
        case "todofmt-enable": kind = .enable
        default: kind = .unknown
        }
        line = comment.line
        wordStart = first.lowerBound
        arguments = words.dropFirst().map(text)
        argumentStarts = words.dropFirst().map(\.lowerBound)
        container = comment.container
    }

    private static func separates(_ c: UInt8) -> Bool {
        c.isSpaceOrTab || c == UInt8(ascii: ",")
    }
}
