/// A todo file parsed without loss: printing it gives back every byte that was read.
///
/// Parsing never fails on valid UTF-8; anything that is not a task is kept as it stands.
public struct TodoDocument: Sendable {
    /// The file's bytes after an optional byte-order mark.
    let bytes: [UInt8]
    /// Whether the file began with a UTF-8 byte-order mark.
    let hasBOM: Bool

    /// The tasks in file order.
    public private(set) var tasks: [TaskLine]

    /// Parses text.
    public init(_ text: String) {
        self.init(validated: Array(text.utf8))
    }

    /// Parses UTF-8 bytes, refusing bytes that are not UTF-8 text.
    public init(utf8 bytes: [UInt8]) throws(TodoError) {
        try TodoDocument.validate(bytes)
        self.init(validated: bytes)
    }

    init(validated input: [UInt8]) {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if input.starts(with: bom) {
            hasBOM = true
            bytes = Array(input.dropFirst(3))
        } else {
            hasBOM = false
            bytes = input
        }
        tasks = []
    }

    /// Checks that bytes are UTF-8 text without NUL bytes.
    static func validate(_ bytes: [UInt8]) throws(TodoError) {
        if let nul = bytes.firstIndex(of: 0) { throw .binary(offset: nul) }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: break loop
            case .error: throw .invalidUTF8(offset: offset)
            }
        }
    }

    /// The document printed back, byte for byte as it was read.
    public var utf8: [UInt8] {
        hasBOM ? [0xEF, 0xBB, 0xBF] + bytes : bytes
    }

    /// The document printed back as text.
    public var text: String {
        String(decoding: utf8, as: UTF8.self)
    }
}
