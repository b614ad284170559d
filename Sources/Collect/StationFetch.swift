import Foundation
import Import
import OpenMeteo
import SkycastModel
import Stations
import Store

/// `observe --station PROVIDER:ID`: one station's file fetched from its provider with the
/// client's deadline, retries and body cap, read by the provider's reader while it is checked
/// (a truncated or undecodable file is retried like an undecodable Open-Meteo reply), and
/// stored exactly as `import observations --format` stores the same file, with its fetch-log
/// row. A failure stores one failed fetch-log row and nothing else.
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
          companionBytes = try await client.send(mapRequest) { bytes in bytes }.value
        } catch let error as APIError where error.httpStatus == 404 {
          // No map published: the reading's notes say model-filled values cannot be told apart.
          companionBytes = nil
        }
      }
      let map = companionBytes
      let options = StationReadOptions(stationID: id)
      let (body, reading) = try await client.send(request) { bytes in
        try StationFiles.read(
          bytes, name: file.name, provider: provider, options: options,
          sibling: { name in name.hasSuffix(".map.csv.gz") ? map : nil })
      }
      // Checked after the download, not while it is read: another station's file is an answer,
      // not a garbled one, and asking again would bring the same file.
      if let mismatch = reading.mismatch(asked: id) {
        throw APIError.decoding("\(mismatch); nothing stored")
      }
      return try StationFileImport.store(
        reading, city: city, url: request.displayURL,
        file: StationFileImport.FileDigest(body.bytes), store: store,
        now: body.requestedAt, keepSuspect: keepSuspect)
    } catch let error as APIError {
      try store.write {
        _ = try store.insertFetch(
          FetchRecord(
            cityID: city.id, source: source.fetchLogValue, model: StationFileImport.model,
            requestedAt: now(),
            status: .failed, httpStatus: error.httpStatus, error: "\(error)",
            url: request.displayURL))
      }
      throw error
    }
  }
}
