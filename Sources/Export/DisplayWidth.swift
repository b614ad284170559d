/// How many terminal columns text takes, for aligned tables and sparkline labels.
///
/// Computed per grapheme cluster from Unicode properties, not with glibc's `wcwidth`: that needs
/// `setlocale`, which is process-global and would break tests running in parallel in one process.
/// A scalar is:
/// - 0 for combining and enclosing marks (Mn, Me), format characters (Cf: zero-width space and
///   joiners, soft hyphen), variation selectors, Hangul medial vowels and final consonants, and
///   control characters;
/// - 2 for East Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, fullwidth
///   forms) and for emoji with emoji presentation (also a text-default emoji followed by U+FE0F);
/// - 1 for everything else, including East Asian Ambiguous characters such as the block elements
///   `▁…█` and box drawing (one column in Western terminal settings; CJK-configured terminals may
///   draw them two columns wide).
///
/// A cluster is the sum of its scalars, except emoji sequences (flags, skin tones, ZWJ
/// families, keycaps, U+FE0F presentation), which take 2.
///
/// ```swift
/// DisplayWidth.of("北京")      // 4
/// DisplayWidth.of("Zürich")   // 6, precomposed or decomposed
/// DisplayWidth.of("😀")        // 2
/// ```
public enum DisplayWidth {
  /// The number of terminal columns `text` occupies.
  public static func of(_ text: String) -> Int {
    var asciiWidth = 0
    var isASCII = true
    for byte in text.utf8 {
      if byte >= 0x80 {
        isASCII = false
        break
      }
      if byte >= 0x20 && byte != 0x7F { asciiWidth += 1 }
    }
    if isASCII { return asciiWidth }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// The number of terminal columns one grapheme cluster occupies.
  ///
  /// The sum of its scalars' widths (marks add nothing; halfwidth kana with a halfwidth voiced
  /// mark, `ｶﾞ`, takes two columns as terminals draw it), except that an emoji sequence — an
  /// emoji followed by U+FE0F, a skin-tone modifier, a zero-width joiner, or a second regional
  /// indicator (a flag) — is one two-column glyph.
  public static func of(_ character: Character) -> Int {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    var width = of(first)
    let emojiBase = first.properties.isEmoji
    while let scalar = scalars.next() {
      if emojiBase
        && (scalar.value == 0xFE0F || scalar.value == 0x200D || scalar.properties.isEmojiModifier
          || (0x1F1E6...0x1F1FF).contains(scalar.value))
      {
        return 2
      }
      width += of(scalar)
    }
    return width
  }

  /// The width of one scalar on its own (0, 1 or 2).
  package static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return value == 0xAD ? 0 : 1 }
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Binary search in the East Asian Wide/Fullwidth ranges.
  package static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count / 2 - 1
    while low <= high {
      let middle = (low + high) / 2
      if value < wideRanges[2 * middle] {
        high = middle - 1
      } else if value > wideRanges[2 * middle + 1] {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// `text` padded with spaces to `width` columns: on the left when `alignRight`, else on the
  /// right. Text already as wide or wider is returned unchanged (never cut).
  public static func padded(_ text: String, to width: Int, alignRight: Bool) -> String {
    let missing = width - of(text)
    guard missing > 0 else { return text }
    let padding = String(repeating: " ", count: missing)
    return alignRight ? padding + text : text + padding
  }
}
