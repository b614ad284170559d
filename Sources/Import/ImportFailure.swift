import SkycastModel

/// An import that stored nothing: the file has problems (all listed), or its header does.
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every problem found, in file order.
  public var problems: [ImportProblem]
  /// True when the header (or the file's encoding or CSV syntax) is wrong, so no row could be
  /// read and `--skip-invalid` cannot help.
  public var isFatal: Bool

  public init(problems: [ImportProblem], isFatal: Bool) {
    self.problems = problems
    self.isFatal = isFatal
  }

  public var description: String {
    problems.map(\.description).joined(separator: "\n")
  }
}
