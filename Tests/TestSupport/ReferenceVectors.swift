import Foundation

/// `Tests/Reference/verification-reference.json`: statistics computed by the `scores` and
/// `verif` Python packages (`Tests/Reference/make_verification_reference.py`), which the Swift
/// implementations must reproduce to 1e-6.
public enum ReferenceVectors {
  /// The decoded file.
  public static func load() throws -> [String: Any] {
    let url = PackagePaths.root.appendingPathComponent(
      "Tests/Reference/verification-reference.json")
    let data = try Data(contentsOf: url)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return object
  }

  /// A number or nil (JSON null).
  public static func double(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
  }

  /// An array of numbers, JSON nulls as nil.
  public static func doubles(_ value: Any?) -> [Double?] {
    (value as? [Any] ?? []).map { double($0) }
  }
}
