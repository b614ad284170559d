/// One node of a ``Drawing``: an SVG element with its attributes in order, its text, its
/// tooltip and its children, or an XML comment.
///
/// The tree is what every chart draws; ``Drawing/svg()`` writes it as SVG text and
/// ``TikZRenderer`` as a `tikzpicture`, so both formats show the same figure.
public struct DrawingElement: Sendable, Equatable {
  /// What the node is.
  public enum Kind: Sendable, Equatable {
    /// An element: `<name …>`.
    case element
    /// An XML comment (`<!-- content -->`): a note for people reading the file, never drawn.
    case comment
  }

  /// An element or a comment.
  public var kind: Kind
  /// The element name (`path`, `text`, `g`, …); empty for a comment.
  public var name: String
  /// The attributes, unescaped, in the order written.
  public var attributes: [(name: String, value: String)]
  /// The text of a `<text>` element (or of `<title>`/`<desc>`), or the comment's text.
  public var content: String?
  /// A `<title>` child: the tooltip browsers show over the element; not drawn.
  public var tooltip: String?
  /// The child elements, in drawing order.
  public var children: [DrawingElement]
  /// True for an element opened and closed around children (`<g>` … `</g>`), even when it has
  /// none; false for an element written as a leaf (`<path …/>`).
  public var isContainer: Bool

  /// An element or comment node.
  public init(
    kind: Kind = .element, name: String, attributes: [(name: String, value: String)] = [],
    content: String? = nil, tooltip: String? = nil, children: [DrawingElement] = [],
    isContainer: Bool = false
  ) {
    self.kind = kind
    self.name = name
    self.attributes = attributes
    self.content = content
    self.tooltip = tooltip
    self.children = children
    self.isContainer = isContainer
  }

  /// The value of the attribute `name`, or nil.
  public subscript(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Same kind, name, attributes (in order), text, tooltip and children.
  public static func == (lhs: DrawingElement, rhs: DrawingElement) -> Bool {
    lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.content == rhs.content
      && lhs.tooltip == rhs.tooltip && lhs.children == rhs.children
      && lhs.isContainer == rhs.isContainer
      && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
      && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
  }
}
