/// Estimated text widths for laying out charts without font metrics.
///
/// The renderer never sees the font, so widths come from per-character averages of the sans
/// serif faces the SVG asks for (Noto Sans, DejaVu Sans): about 0.6 em for lower-case Latin and
/// digits, narrower for `i l . ,`, wider for `m W`, and 1 em for CJK and emoji (two terminal
/// columns in ``DisplayWidth``). The estimates lean wide, so labels get room rather than
/// overlap.
package enum TextMetrics {
  /// The estimated advance width of `text` at `fontSize` pixels.
  package static func width(_ text: String, fontSize: Double) -> Double {
    var ems = 0.0
    for character in text { ems += emWidth(character) }
    return ems * fontSize
  }

  /// `text` cut to fit `maximum` pixels, ending in `…` when cut.
  package static func truncated(_ text: String, toWidth maximum: Double, fontSize: Double) -> String
  {
    guard width(text, fontSize: fontSize) > maximum else { return text }
    let ellipsis = emWidth("…") * fontSize
    var result = ""
    var used = 0.0
    for character in text {
      let next = emWidth(character) * fontSize
      if used + next + ellipsis > maximum { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// `text` broken at spaces into lines no wider than `maximum` pixels, at most `maxLines` of
  /// them; the last line is cut with `…` when the text does not fit, and a single word wider
  /// than a line is cut too.
  package static func wrapped(
    _ text: String, toWidth maximum: Double, fontSize: Double, maxLines: Int
  ) -> [String] {
    guard width(text, fontSize: fontSize) > maximum, maxLines > 1 else {
      return [truncated(text, toWidth: maximum, fontSize: fontSize)]
    }
    var lines: [String] = []
    var line = ""
    var rest = Substring(text)
    while let space = rest.firstIndex(of: " ") ?? (rest.isEmpty ? nil : rest.endIndex) {
      let word = rest[..<space]
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if !line.isEmpty && width(candidate, fontSize: fontSize) > maximum {
        lines.append(line)
        if lines.count == maxLines - 1 {
          // The last line takes everything left, shortened to fit.
          return lines + [truncated(String(rest), toWidth: maximum, fontSize: fontSize)]
        }
        line = String(word)
      } else {
        line = candidate
      }
      rest = space == rest.endIndex ? "" : rest[rest.index(after: space)...]
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { truncated($0, toWidth: maximum, fontSize: fontSize) }
  }

  /// One character's width in em.
  package static func emWidth(_ character: Character) -> Double {
    if let ascii = character.asciiValue {
      switch ascii {
      case 0x20: return 0.32
      case UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "."), UInt8(ascii: ","),
        UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "'"), UInt8(ascii: "|"),
        UInt8(ascii: "!"), UInt8(ascii: "j"):
        return 0.3
      case UInt8(ascii: "f"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "I"),
        UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
        UInt8(ascii: "-"):
        return 0.4
      case UInt8(ascii: "m"), UInt8(ascii: "w"), UInt8(ascii: "M"), UInt8(ascii: "W"):
        return 0.9
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 0.7
      case 0x00..<0x20, 0x7F: return 0
      default: return 0.62
      }
    }
    switch DisplayWidth.of(character) {
    case 0: return 0
    case 2: return 1.0
    default: return 0.65
    }
  }
}
