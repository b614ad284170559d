/// A hatch drawn in white over a bar's colour, so bars stay apart in greyscale.
public enum HatchPattern: String, Sendable, CaseIterable {
  case none, forward, backward, crossed, horizontal, vertical, dots
}
