import SkycastModel

/// `spark`'s rules, declared with the command and checked before it runs.
extension SparkCommand {
  /// Which options go together, in the order `run` met them: a figure, standard input,
  /// `--ensemble` and `--runs` each refuse what they do not draw.
  static let rules: [OptionRule] =
    [
      .values(when: [Options.format], "--format does not apply to 'spark -'") { invocation in
        givenFormat(invocation).map { "--format \($0) does not apply to 'spark -'" }
      }.arguments(given: true),
      .values(
        when: [Options.format, Options.ensemble], "--ensemble draws sparklines, not a figure"
      ) { invocation in
        givenFormat(invocation).map { "--ensemble draws sparklines; leave out --format \($0)" }
      },
      .requires(Options.model, oneOf: [Options.runs], "--model goes with --runs"),
      .values(when: [Options.min, Options.max], unless: [Options.format], "--min above --max") {
        invocation in
        guard let low = try? invocation[Options.min], let high = try? invocation[Options.max],
          low > high
        else { return nil }
        return "--min \(NumberText.shortest(low)) is above --max \(NumberText.shortest(high))"
      },
      OptionRule(
        when: [Options.runs], unless: [Options.format], "--runs does not apply to 'spark -'"
      )
      .arguments(given: true),
      .values(when: [], unless: [Options.format, Options.runs], "only '-' as argument") {
        invocation in
        guard let argument = invocation.arguments.first, argument != "-" else { return nil }
        return "Unexpected argument '\(argument)' (use '-' to read numbers from standard input)"
      },
    ]
    + standardInputRefuses.map {
      OptionRule(
        when: [$0], unless: [Options.format, Options.runs],
        "--\($0.spec.name) does not apply to 'spark -'"
      ).arguments(given: true)
    }
    + seriesOptions.map {
      OptionRule(
        when: [Options.ensemble, $0], unless: [Options.format, Options.runs],
        "--\($0.spec.name) does not apply to --ensemble"
      ).arguments(given: false)
    }
    + seriesOptions.map {
      OptionRule(when: [Options.runs, $0], "--\($0.spec.name) does not apply to --runs")
        .arguments(given: false)
    } + [
      OptionRule(
        when: [Options.runs, Options.ensemble], "--runs and --ensemble cannot be combined"),
      .requires(
        Options.runs, oneOf: [SharedOptions.at],
        "--runs needs --at, the valid time whose forecasts to draw"),
      .values(when: [Options.runs, SharedOptions.at], "--at is a local time") { invocation in
        // The word as given: --runs words its refusal for a local time.
        guard let text = invocation.texts(SharedOptions.at.spec).last,
          ReferenceTime.parse(text) == nil
        else { return nil }
        return
          "The value '\(TerminalSafe.escape(text))' is invalid for '--at': expected YYYY-MM-DDTHH:MM"
      },
    ]

  /// The database's options, which `spark -` (numbers on standard input) refuses.
  static let standardInputRefuses: [any OptionKey] = [
    SharedOptions.cities, Options.var, SharedOptions.from, SharedOptions.to, Options.series,
    Options.leadFrom, SharedOptions.at,
  ]

  /// The `--format` word when it is one `spark` draws; nil when not given or not one (its
  /// own error then comes where `run` reads it).
  static func givenFormat(_ invocation: Invocation) -> String? {
    ((try? invocation[Options.format]) ?? nil)?.rawValue
  }
}
