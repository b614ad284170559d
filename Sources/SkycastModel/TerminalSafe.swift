/// Text from outside (server reasons, geocoder names, CSV cells, file names, typed arguments,
/// report headers) made harmless for a terminal: every control character and every
/// bidirectional-formatting character is shown as a visible escape instead of being sent raw.
///
/// A raw ESC starts sequences that retitle or clear the terminal, move the cursor, or (OSC 52)
/// write the user's clipboard; C1 controls such as U+009B (CSI) do the same in terminals that
/// read them; bidi overrides (U+202E) make text display in another order than it is stored, so
/// a name can pose as a different one (the "Trojan Source" problem, CVE-2021-42574). Escaped:
///
/// - ESC as `\e`; TAB, LF and CR as `\t`, `\n` and `\r`;
/// - the other C0 controls, DEL and the C1 controls (U+0080–U+009F) as `\u{1B}`-style escapes
///   (`\u{0}`, `\u{7F}`, `\u{9B}`);
/// - the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069 the same way.
///
/// Everything else — CJK, emoji, accents, backslashes — is kept as it is. Human-facing output
/// (tables, views, sparkline labels, progress, warnings, errors) goes through this function;
/// CSV and JSON keep their data exact.
///
/// ```swift
/// TerminalSafe.escape("Berlin\u{1B}]52;c;…\u{7}")   // "Berlin\e]52;c;…\u{7}"
/// TerminalSafe.escape("abc\u{202E}fed")             // "abc\u{202E}fed"
/// ```
public enum TerminalSafe {
  /// `text` with every control and bidi character escaped (newlines too).
  public static func escape(_ text: String) -> String {
    escape(text, keepingNewlines: false)
  }

  /// `text` escaped, optionally keeping LF as a line break: for messages whose own layout has
  /// several lines (the parts that came from outside are escaped fully before).
  public static func escape(_ text: String, keepingNewlines: Bool) -> String {
    guard mayNeedEscaping(text.utf8) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard needsEscaping(scalar), !(keepingNewlines && scalar == "\n") else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\u{1B}": result += "\\e"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// True when `text` holds nothing that `escape` would change.
  public static func isSafe(_ text: String) -> Bool {
    !mayNeedEscaping(text.utf8) || !text.unicodeScalars.contains(where: needsEscaping)
  }

  /// True for the scalars `escape` rewrites: C0 controls, DEL, C1 controls and bidi controls.
  public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// A quick byte scan: false when no byte can start an escaped scalar (ASCII controls and DEL,
  /// or the lead bytes of U+0080–U+009F, U+061C and U+2000–U+2FFF), which is nearly all text.
  @inline(__always)
  private static func mayNeedEscaping(_ utf8: String.UTF8View) -> Bool {
    for byte in utf8
    where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
      return true
    }
    return false
  }
}
