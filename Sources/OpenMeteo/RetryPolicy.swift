import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Retry and timeout settings for API requests.
public struct RetryPolicy: Sendable {
  /// The pause per call of weight between consecutive requests: Open-Meteo's free tier allows
  /// 600 calls a minute, so a request weighing 5 calls is followed by half a second.
  public static let secondsPerCall = 0.1

  /// Total time allowed for one attempt, enforced by the transport's own deadline (Linux
  /// URLSession does not enforce `timeoutIntervalForResource`).
  public var timeout: Double = 10
  /// Further attempts after the first, for timeouts, transport errors, 429, 5xx and bodies that
  /// do not decode. Never for 400.
  public var retries: Int = 3
  /// First backoff in seconds; doubles each attempt, with ±50 % jitter.
  public var baseDelay: Double = 1
  /// How long to wait for a "Minutely" 429 before the next attempt.
  public var minutelyWait: Double = 60

  public init(
    timeout: Double = 10, retries: Int = 3, baseDelay: Double = 1, minutelyWait: Double = 60
  ) {
    self.timeout = timeout
    self.retries = retries
    self.baseDelay = baseDelay
    self.minutelyWait = minutelyWait
  }
}
