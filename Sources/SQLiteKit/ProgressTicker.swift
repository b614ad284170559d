/// The closure ``Database/reportProgress(_:every:_:)`` calls from SQLite's progress handler.
final class ProgressTicker {
  let tick: () -> Void

  init(_ tick: @escaping () -> Void) { self.tick = tick }
}
