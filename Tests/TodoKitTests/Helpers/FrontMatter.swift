/// YAML front matter as the format rules define it: `---` on the first line (after an optional BOM)
/// up to a closing `---` or `...` line. GitHub's renderer does not know it, so the rendering
/// judge hides it from the renderer and compares it byte for byte instead.
enum FrontMatter {
    /// The front matter's bytes (BOM included), and the document with those lines emptied (line
    /// endings kept, so line numbers stay) and without a BOM.
    static func split(_ bytes: [UInt8]) -> (frontMatter: [UInt8], blanked: [UInt8]) {
        var lines = Shrinker.lines(bytes)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        func content(_ line: [UInt8]) -> ArraySlice<UInt8> {
            var end = line.count
            while end > 0, [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(line[end - 1]) { end -= 1 }
            return line[..<end]
        }
        func ending(_ line: [UInt8]) -> [UInt8] {
            Array(line.drop { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") })
        }
        guard lines.count > 1, content(lines[0]).elementsEqual("---".utf8) || content(lines[0]).elementsEqual(bom + Array("---".utf8)),
              let close = lines.indices.dropFirst().first(where: {
                  content(lines[$0]).elementsEqual("---".utf8) || content(lines[$0]).elementsEqual("...".utf8)
              }) else { return ([], bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes) }
        let frontMatter = lines[0...close].flatMap { $0 }
        for i in 0...close { lines[i] = ending(lines[i]) }
        return (frontMatter, lines.flatMap { $0 })
    }
}
