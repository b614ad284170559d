/// A marker shape, drawn filled with a thin white outline so it shows on top of lines.
public enum MarkerShape: String, Sendable, CaseIterable {
  case circle, square, triangleUp, diamond, triangleDown, plus, cross
}
