import Foundation

extension FakeOpenMeteo {
  /// Ready-made failures for the `faults` hook, each one seen from the real API or a proxy.
  public enum Faults {
    /// A 200 whose body is not JSON: `nan` where numbers belong (the API has sent this).
    public static let nanBody = Reply.ok(
      #"{"latitude":nan,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":0,"#
        + #""timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"#
        + #""hourly_units":{"time":"iso8601","temperature_2m":"°C"},"#
        + #""hourly":{"time":["2026-03-20T00:00","2026-03-20T01:00"],"temperature_2m":[nan,8.7]}}"#)

    /// A 200 whose hourly arrays have different lengths (3 times, 2 temperatures).
    public static let mismatchedArrays = Reply.ok(
      #"{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.2,"utc_offset_seconds":0,"#
        + #""timezone":"GMT","timezone_abbreviation":"GMT","elevation":38.0,"#
        + #""hourly_units":{"time":"iso8601","temperature_2m":"°C"},"#
        + #""hourly":{"time":["2026-03-20T00:00","2026-03-20T01:00","2026-03-20T02:00"],"#
        + #""temperature_2m":[8.9,8.7]}}"#)

    /// A 200 carrying Open-Meteo's error object instead of data.
    public static func errorWithStatus200(reason: String = "Internal error") -> Reply {
      .openMeteoError(status: 200, reason: reason)
    }

    /// An HTML error page from a proxy or load balancer.
    public static func htmlErrorPage(status: Int = 502) -> Reply {
      .html(
        status: status,
        body: "<html>\r\n<head><title>\(status) \(Reply.reasonPhrase(status))</title></head>\r\n"
          + "<body>\r\n<center><h1>\(status) \(Reply.reasonPhrase(status))</h1></center>\r\n"
          + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")
    }

    /// A 400 as the API sends for a bad parameter.
    public static func badRequest(_ reason: String) -> Reply {
      .openMeteoError(status: 400, reason: reason)
    }

    /// `reply` cut short: the headers announce the full body, only `keeping` bytes (default
    /// half) are sent, then the connection closes.
    public static func truncate(_ reply: Reply, keeping: Int? = nil) -> Reply {
      let body = reply.body
      let kept = min(body.count, keeping ?? body.count / 2)
      return .truncated(
        status: reply.status ?? 200, body: Array(body.prefix(kept)),
        declaredLength: max(body.count, kept + 1))
    }

    /// A hook that answers `reply` for requests whose `latitude` list includes `latitude`
    /// (compared to 4 decimals) and leaves all others alone.
    public static func forLatitude(
      _ latitude: Double, reply: Reply
    ) -> @Sendable (RecordedRequest) -> Reply? {
      { request in
        let wanted = (latitude * 10_000).rounded()
        let matches = request.list("latitude").contains {
          Double($0).map { ($0 * 10_000).rounded() == wanted } ?? false
        }
        return matches ? reply : nil
      }
    }

    /// A hook that answers the first `count` requests (to `path`, or any path) with `reply`,
    /// then lets the fake answer.
    public static func first(
      _ count: Int, path: String? = nil, reply: Reply
    ) -> @Sendable (RecordedRequest) -> Reply? {
      let seen = LockedBox(0)
      return { request in
        if let path, request.path != path { return nil }
        let index = seen.withLock { value -> Int in
          value += 1
          return value
        }
        return index <= count ? reply : nil
      }
    }
  }
}
