/// ANSI SGR colours for terminal views, or none.
///
/// Views build plain text and ask the palette to wrap parts of it; with `enabled == false`
/// (not a terminal, `NO_COLOR`, `--no-color`) every method returns its input unchanged, so the
/// same renderer prints byte-identical plain text.
public struct TerminalPalette: Sendable, Equatable {
  /// The colours a view uses.
  public enum Style: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case magenta = "35"
    case cyan = "36"
  }

  public let enabled: Bool

  public init(enabled: Bool) {
    self.enabled = enabled
  }

  /// `text` in `style` (reset afterwards), or `text` itself when colour is off or it is empty.
  public func apply(_ style: Style, _ text: String) -> String {
    guard enabled, !text.isEmpty else { return text }
    return "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m"
  }

  /// A colour for a temperature in °C: blue below 0, cyan below 10, green below 20, yellow
  /// below 28, red from 28.
  public static func style(forTemperature celsius: Double) -> Style {
    switch celsius {
    case ..<0: .blue
    case ..<10: .cyan
    case ..<20: .green
    case ..<28: .yellow
    default: .red
    }
  }
}
