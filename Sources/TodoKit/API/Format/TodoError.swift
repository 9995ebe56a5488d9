/// Why a todo file could not be read or formatted. The description is one short lowercase line.
public enum TodoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)
    /// The file holds a NUL byte, so it is binary, not text.
    case binary(offset: Int)
    /// The formatted result failed the safety check; nothing should be written.
    case verificationFailed(String)
    /// The file has `bytes` bytes, 1 GiB or more: more than todofmt reads (it keeps offsets in 32 bits).
    case tooLarge(bytes: Int)

    /// A one-line message without the file name (callers prefix it).
    public var description: String {
        switch self {
        case .invalidUTF8(let offset): "not valid UTF-8 (byte \(offset + 1))"
        case .binary(let offset): "binary file (NUL byte at byte \(offset + 1))"
        case .verificationFailed(let why): "refusing to write: safety check failed: \(why)"
        case .tooLarge(let bytes): "too large: \(bytes) bytes (todofmt reads files of less than 1 GiB)"
        }
    }
}
