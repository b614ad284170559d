import SkycastModel

/// One group key's value in a result row.
public enum VerifyKeyValue: Sendable, Hashable, Comparable, CustomStringConvertible {
  case integer(Int64)
  case text(String)

  /// Integers sort numerically, text by Unicode scalar values, integers before text; two
  /// season names sort in the year's order (DJF, MAM, JJA, SON), as a table of seasons reads.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let left), .integer(let right)): return left < right
    case (.text(let left), .text(let right)):
      if let a = VerifyKey.seasonNames.firstIndex(of: left),
        let b = VerifyKey.seasonNames.firstIndex(of: right), a > 0, b > 0
      {
        return a < b
      }
      return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
    case (.integer, .text): return true
    case (.text, .integer): return false
    }
  }

  public var description: String {
    switch self {
    case .integer(let value): String(value)
    case .text(let value): value
    }
  }
}
