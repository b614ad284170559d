import Foundation

/// `Tests/Reference/ensemble-reference.json`: ensemble CRPS (both methods) and rank histograms
/// from the `scores` package, with spread and spread–skill from NumPy
/// (`Tests/Reference/make_ensemble_reference.py`). Member values are Float32-exact.
public struct EnsembleReferenceSet: Sendable {
  public var name: String
  /// Members per case, nil for a missing member.
  public var members: [[Double?]]
  public var observations: [Double]
  public var crpsECDF: [Double]
  public var crpsFair: [Double]
  public var meanCRPSECDF: Double
  public var meanCRPSFair: Double
  public var rankHistogram: [Double]
  public var bias: Double
  public var mae: Double
  public var rmse: Double
  public var meanMembers: Double
  public var spread: Double
  public var spreadSkill: Double

  /// Every set of the file.
  public static func load() throws -> [EnsembleReferenceSet] {
    let url = PackagePaths.root.appendingPathComponent("Tests/Reference/ensemble-reference.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard let root = object as? [String: Any], let sets = root["sets"] as? [[String: Any]] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }
    func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).map(number) }
    return sets.map { set in
      EnsembleReferenceSet(
        name: set["name"] as? String ?? "",
        members: (set["members"] as? [[Any]] ?? []).map { row in
          row.map { ($0 as? NSNumber)?.doubleValue }
        },
        observations: numbers(set["obs"]), crpsECDF: numbers(set["crps_ecdf"]),
        crpsFair: numbers(set["crps_fair"]), meanCRPSECDF: number(set["mean_crps_ecdf"]),
        meanCRPSFair: number(set["mean_crps_fair"]), rankHistogram: numbers(set["rank_histogram"]),
        bias: number(set["bias"]), mae: number(set["mae"]), rmse: number(set["rmse"]),
        meanMembers: number(set["mean_members"]), spread: number(set["spread"]),
        spreadSkill: number(set["spread_skill"]))
    }
  }
}
