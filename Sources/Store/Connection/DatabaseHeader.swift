import Foundation

/// The sizes a SQLite file's 100-byte header records, read without SQLite, to explain a damaged
/// file in words (a truncated copy is the common case).
///
/// Related SQLite documentation: <https://www.sqlite.org/fileformat2.html#the_database_header>
public struct DatabaseHeader: Sendable, Equatable {
  /// Bytes per page.
  public let pageSize: Int
  /// Pages the header says the file has (0 when the header's count is not valid).
  public let pageCount: Int
  /// The file's actual size in bytes.
  public let fileSize: Int

  /// Reads the header of the file at `path`; nil when it is not a SQLite file.
  public init?(path: String) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 100), data.count == 100,
      data.starts(with: Array("SQLite format 3\0".utf8)),
      let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    else { return nil }
    let bytes = Array(data)
    func integer(_ offset: Int, _ count: Int) -> Int {
      bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
    let rawPageSize = integer(16, 2)
    pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    // The in-header size is valid only when the change counter matches "version-valid-for".
    pageCount = integer(24, 4) == integer(92, 4) ? integer(28, 4) : 0
    fileSize = size
  }

  /// The size the header promises, in bytes (0 when unknown).
  public var expectedSize: Int { pageSize * pageCount }

  /// True when the file is shorter than its header says: it was cut off.
  public var isTruncated: Bool { pageCount > 0 && fileSize < expectedSize }
}
