import SkycastModel

extension SharedOptions {
  /// `--at`: the time a view relative to now is drawn at, parsed where it is declared (read
  /// where the command reads it, so its error comes in the command's order of checks).
  static let at = Option<ReferenceTime?>.parsed(
    OptionSpec(
      "at", value: "time",
      help:
        "Draw the view as of this local time, YYYY-MM-DD[THH:MM] (a date: its last hour; Z or an offset: UTC or that offset).",
      default: "$SKYCAST_NOW, or the clock"),
    whole: true
  ) { words in
    guard let word = words.last else { return nil }
    guard let time = ReferenceTime.parse(word) else {
      throw InvalidOptionValue(
        word, expected: "YYYY-MM-DD or YYYY-MM-DDTHH:MM (optionally Z or +HH:MM)")
    }
    return time
  }
}

extension Invocation {
  /// The environment variable that pins "now" for the views relative to it, as `--at` does.
  static let nowVariable = "SKYCAST_NOW"

  /// `--at`, else `SKYCAST_NOW`, else the clock; `pinned` when the user chose the time (the
  /// views then do not fall back to the newest stored data).
  func referenceTime() throws -> (time: ReferenceTime, pinned: Bool) {
    if let time = try self[SharedOptions.at] { return (time, true) }
    if let text = context.environment[Self.nowVariable], !text.isEmpty {
      guard let time = ReferenceTime.parse(text) else {
        throw usage(
          "The value '\(TerminalSafe.escape(text))' of \(Self.nowVariable) is invalid: expected YYYY-MM-DD, YYYY-MM-DDTHH:MM (optionally Z or +HH:MM) or epoch seconds"
        )
      }
      return (time, true)
    }
    return (.instant(context.nowEpoch), false)
  }
}
