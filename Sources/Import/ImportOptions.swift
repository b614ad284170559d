import Foundation
import SkycastModel
import Store

/// How to run one import.
public struct ImportOptions: Sendable {
  public var kind: ImportKind
  /// The bare source NAME on the rows (`fetches.source` is `import:NAME`).
  public var source: String
  /// `--city`: the city of rows without a city cell.
  public var city: City?
  /// `--encoding`; nil detects (BOM, UTF-8, GB18030 fallback).
  public var encoding: ImportEncoding?
  /// `--skip-invalid`: store the valid rows and report the others.
  public var skipInvalid = false
  /// `--dry-run`: check the whole file, store nothing.
  public var dryRun = false
  /// The CSV read buffer's first size (tests make it small, so records straddle its end).
  package var readBufferSize = CSVByteReader.defaultBufferSize
  /// False sends every record through the general checks (`ImportPlan`) instead of trying the
  /// byte-level one (`ImportByteCheck`) first; the tests compare the two.
  package var byteLevelChecks = true

  public init(kind: ImportKind, source: String, city: City? = nil, encoding: ImportEncoding? = nil)
  {
    self.kind = kind
    self.source = source
    self.city = city
    self.encoding = encoding
  }
}
