/// Breaks text into lines that fit a terminal, at spaces, by display width (a CJK character
/// takes two columns). A word wider than the line stands alone rather than being cut, so a
/// path or URL stays whole and copyable.
public enum WordWrap {
  /// The lines of `text` (its own line breaks kept) of at most `width` display columns, the
  /// second and later lines of each paragraph starting with `indent`; a paragraph's leading
  /// spaces stay on its first line.
  public static func lines(_ text: String, width: Int, indent: String = "") -> [String] {
    var result: [String] = []
    let indentWidth = DisplayWidth.of(indent)
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let leading = String(paragraph.prefix { $0 == " " })
      var line = leading
      var lineWidth = leading.count
      var empty = true
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        let wordWidth = DisplayWidth.of(String(word))
        if empty {
          line += word
          lineWidth += wordWidth
          empty = false
        } else if lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
        } else {
          result.append(line)
          line = indent + word
          lineWidth = indentWidth + wordWidth
        }
      }
      result.append(line)
    }
    return result
  }
}
