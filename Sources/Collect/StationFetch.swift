import Foundation
import Import
import OpenMeteo
import SkycastModel
import Stations
import Store

/// `observe --station PROVIDER:ID`: one station's file fetched from its provider with the
/// client's deadline, retries and a per-provider size cap (`StationDownload.replyLimit`),
/// streamed to a temporary file, read from there by the provider's streaming reader while it
/// is checked (a truncated or undecodable file is retried like an undecodable Open-Meteo
/// reply), and stored exactly as `import observations --format` stores the same file, with
/// its fetch-log row. Memory stays flat whatever the server sends. A failure stores one failed
/// fetch-log row and nothing else.
package enum StationFetch {
  /// Fetches and stores station `id` of `provider` for `city` from `base`.
  ///
  /// - Throws: `APIError` when the file could not be fetched or read (after the failed row is
  ///   stored); store errors as they come.
  package static func run(
    provider: StationProvider, id: String, city: City, base: String, client: HTTPClient,
    store: Store, keepSuspect: Bool = false, now: @escaping @Sendable () -> Int64
  ) async throws -> StationFileImport.Result {
    guard let file = StationDownload.file(provider, id: id) else {
      throw APIError.invalidURL("\(provider.rawValue) files are imported, not fetched")
    }
    let request = APIRequest(base: base, path: file.path, query: [], weight: 0)
    let source = FetchSource.station(provider: provider, id: id)
    do {
      var companionBytes: [UInt8]?
      if let companion = StationDownload.companion(provider, id: id) {
        let mapRequest = APIRequest(base: base, path: companion.path, query: [], weight: 0)
        do {
          // To a file first, under the list cap, so a flood of the map is refused by name too.
          companionBytes = try await client.download(
            mapRequest, limit: StationDownload.listLimit
          ) { download in
            guard let bytes = StationFileBytes.contents(atPath: download.path) else {
              throw APIError.decoding("cannot read the downloaded source map")
            }
            return bytes
          }.value
        } catch let error as APIError where error.httpStatus == 404 {
          // No map published: the reading's notes say model-filled values cannot be told apart.
          companionBytes = nil
        }
      }
      let map = companionBytes
      let options = StationReadOptions(stationID: id)
      let sibling: @Sendable (String) -> [UInt8]? = { name in
        name.hasSuffix(".map.csv.gz") ? map : nil
      }
      // The first read checks every line and keeps no row; the second stores them.
      let (download, checked) = try await client.download(
        request, limit: StationDownload.replyLimit(provider)
      ) { download in
        try check(download, name: file.name, provider: provider, options: options, sibling: sibling)
      }
      let summary = checked.summary
      // Checked after the download, not while it is read: another station's file is an answer,
      // not a garbled one, and asking again would bring the same file.
      if let mismatch = summary.reading.mismatch(asked: id) {
        throw APIError.decoding("\(mismatch); nothing stored")
      }
      do {
        // One transaction, the file read again and stored batch by batch.
        return try StationFileImport.store(
          checked, path: download.path, provider: provider, options: options, name: file.name,
          sibling: sibling, city: city, url: request.displayURL, store: store,
          now: download.requestedAt, keepSuspect: keepSuspect)
      } catch let error as StationFileError {
        throw APIError.decoding("\(error)")
      }
    } catch let error as APIError {
      try store.write {
        _ = try store.insertFetch(
          FetchRecord(
            cityID: city.id, source: source, model: StationFileImport.model,
            requestedAt: now(),
            status: .failed, httpStatus: error.httpStatus, error: "\(error)",
            url: request.displayURL))
      }
      throw error
    }
  }

  /// Reads the downloaded file once as a stream, checking every line (`StationFileImport.check`).
  /// Errors are `APIError.decoding`, so a garbled file is fetched again.
  static func check(
    _ download: HTTPDownload, name: String, provider: StationProvider,
    options: StationReadOptions, sibling: @escaping (String) -> [UInt8]?
  ) throws -> StationFileImport.Checked {
    do {
      return try StationFileImport.check(
        path: download.path, provider: provider, options: options, name: name, sibling: sibling)
    } catch let error as StationFileError {
      throw APIError.decoding("\(error)")
    }
  }
}
