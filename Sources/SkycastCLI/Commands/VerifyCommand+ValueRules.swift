import SkycastModel
import Store
import Verify

/// `verify`'s rules on the values of its options (the variable, several thresholds, `--by`
/// keys, `--diagram`'s kind), checked after the rules on which options are given, in the order
/// `run` met them: the time-lagged modes', the score table's, then (with the rules of
/// `VerifyCommand+FigureRules`) `--ensemble`'s, the diagrams', the figures' and the pair
/// files'.
extension VerifyCommand {
  /// The `--format` words that draw a figure.
  static let figureWords = FormatChoice.figures.map(\.rawValue)

  /// The time-lagged modes, which read their own options (`laggedRules` refuses the rest).
  static let laggedModes: [any OptionKey] = [Options.lagged, Options.jumpiness]

  /// What `--lagged N` and `--jumpiness` score (an hourly variable on a line), group by and
  /// draw (fixed lines, only as a figure).
  static let laggedValueRules: [OptionRule] =
    laggedModes.flatMap { mode in
      let name = mode.spec.name
      return [
        OptionRule.values(when: [mode, Options.var], "--\(name) scores hourly values on a line") {
          invocation in
          guard let text = invocation[Options.var], WeatherVariable.named(text) != nil,
            let variable = try? VerifyRequest.variable(named: text)
          else { return nil }
          if variable.frequency != .hourly {
            return
              "--\(name) scores hourly variables; \(variable.column) is daily (try --var temperature_2m)"
          }
          // Members, revisions and errors are differenced and averaged on a line, not on the
          // circle.
          if variable.quantity == .direction {
            return
              "--\(name) scores values on a line; \(variable.column) is an angle (its revisions and errors wrap at 360°)"
          }
          return nil
        },
        OptionRule.values(when: [mode, Options.by], "--\(name)'s groups") { invocation in
          guard let keys = try? invocation[Options.by],
            let key = keys.first(where: { !laggedKeys.contains($0) })
          else { return nil }
          return
            "--\(name) groups by \(laggedKeys.map(\.rawValue).joined(separator: ", ")), not \(key.rawValue)"
        },
      ]
    } + [
      OptionRule(
        when: [Options.lagged, Options.rankHistogram],
        "--format svg with --lagged draws CRPS by lead; leave out --rank-histogram"
      ).when(SharedOptions.format(), being: figureWords)
    ]
    + laggedModes.flatMap { mode in
      ([Options.score, Options.leadDays] as [any OptionKey]).map { option in
        OptionRule(when: [mode, option], "--\(option.spec.name) chooses what --format svg draws")
          .except(SharedOptions.format(), being: figureWords)
      }
    }
    + laggedModes.flatMap { mode in
      let name = mode.spec.name
      let fixedLines = name == Options.lagged.spec.name ? "CRPS by lead" : "mae and rmse by bin"
      return ([Options.score, Options.leadDays] as [any OptionKey]).map { option in
        OptionRule(
          when: [mode, option],
          "--\(name) draws fixed lines (\(fixedLines)); leave out --score and --lead-days"
        ).when(SharedOptions.format(), being: figureWords)
      }
    }

  /// `--scores`, `--within`, several thresholds and the pair-scored options belong to the
  /// score table, not to the modes that write something else (nor to the time-lagged modes,
  /// which refuse them by name).
  static let addedScoreRules: [OptionRule] = [
    OptionRule.values(
      when: [Options.threshold], unless: laggedModes, "--threshold takes one value here"
    ) {
      invocation in
      guard let thresholds = addedScoreThresholds(invocation), thresholds.wordCount > 1,
        let mode = givenModes(invocation).first,
        mode != Options.revisions.spec.name, mode != Options.pairs.spec.name
      else { return nil }
      return "--\(mode) takes one --threshold"
    },
    OptionRule.values(
      when: [], unless: laggedModes, "the pair-scored options belong to the score table"
    ) {
      invocation in
      guard let thresholds = addedScoreThresholds(invocation) else { return nil }
      let keys = (try? invocation[Options.by]) ?? []
      let pairPath =
        (keys.contains(.obsRange) ? ["--by obs-range"] : [])
        + (thresholds.percentile.map { ["--threshold p" + VerifyRequest.edgeText($0)] } ?? [])
      guard let option = pairPath.first else { return nil }
      if let mode = givenModes(invocation).first {
        return "\(option) applies to the score table; leave out --\(mode)"
      }
      if invocation.isGiven(Options.skill) {
        return
          "\(option) scores the matched pairs, which carry no --skill reference; leave out --skill"
      }
      return nil
    },
    OptionRule.values(
      when: [Options.obsBins], unless: laggedModes, "--obs-bins sets the bins of --by obs-range"
    ) {
      invocation in
      guard addedScoreThresholds(invocation) != nil,
        !((try? invocation[Options.by]) ?? []).contains(.obsRange)
      else { return nil }
      return "--obs-bins sets the bins of --by obs-range"
    },
    // The performance diagram draws a line per threshold; other figures draw one.
    OptionRule.values(
      when: [Options.threshold], unless: laggedModes, "a figure draws one threshold"
    ) {
      invocation in
      guard let thresholds = addedScoreThresholds(invocation), thresholds.wordCount > 1,
        (try? invocation[Options.diagram]) != .performance
      else { return nil }
      return
        "--format svg draws one threshold (--diagram performance draws several); give --threshold one value"
    }.when(SharedOptions.format(), being: figureWords),
    OptionRule.values(
      when: [Options.scores], unless: [Options.threshold] + laggedModes,
      "--scores extremes scores the contingency table of --threshold <x>"
    ) { invocation in
      guard addedScoreThresholds(invocation) != nil,
        ((try? invocation[Options.scores]) ?? []).contains(.extremes)
      else { return nil }
      return "--scores extremes scores the contingency table of --threshold <x>"
    },
  ]

  /// `--threshold`'s values when it and `--within` parse (their own errors come first).
  private static func addedScoreThresholds(_ invocation: Invocation) -> VerifyThresholds? {
    guard let thresholds = try? invocation[Options.threshold],
      (try? invocation[Options.within]) != nil
    else { return nil }
    return thresholds
  }

  /// The modes given that write something other than the score table, in `modeFlags` order
  /// then `--compare`.
  private static func givenModes(_ invocation: Invocation) -> [String] {
    ((modeFlags as [any OptionKey]) + [Options.compare]).filter { invocation.isGiven($0) }
      .map(\.spec.name)
  }

  /// The variable a single-forecast mode scores, when the name is one `verify` knows (an
  /// unknown name's error comes where `run` reads it).
  private static func knownVariable(_ invocation: Invocation) -> String? {
    let name =
      invocation[Options.var] ?? invocation[Options.vars].first
      ?? (invocation[Options.reliability] ? "precipitation" : "temperature_2m")
    guard
      name == VerifyRequest.windVectorName
        || (WeatherVariable.named(name) != nil
          && (try? VerifyRequest.variable(named: name)) != nil)
    else { return nil }
    return name
  }

  /// `--diagram`'s event, variable and groups, and `--reliability`'s and `--scorecard`'s.
  static let diagramValueRules: [OptionRule] =
    [
      OptionRule(
        when: [Options.diagram], unless: [Options.ensemble],
        "--diagram pit is the PIT histogram of an ensemble: add --ensemble"
      ).when(Options.diagram, being: [VerifyDiagram.pit.rawValue])
    ]
    + VerifyDiagram.allCases.filter(\.needsEvent).map {
      OptionRule(
        when: [Options.diagram], unless: [Options.threshold, Options.ensemble],
        "--diagram \($0.rawValue) scores a yes/no event: add --threshold X (and --op)"
      ).when(Options.diagram, being: [$0.rawValue])
    } + [
      OptionRule.values(when: [Options.diagram], unless: [Options.ensemble], "--diagram's variable")
      {
        invocation in
        guard let name = knownVariable(invocation),
          name == VerifyRequest.windVectorName
            || WeatherVariable.named(name)?.quantity == .direction
        else { return nil }
        return
          "--diagram needs a variable on a line, not \(name) (directions and vectors have no quantiles or bins)"
      },
      OptionRule.values(
        when: [Options.diagram, Options.by], unless: [Options.ensemble], "--diagram's groups"
      ) { invocation in
        guard knownVariable(invocation) != nil,
          let diagram = (try? invocation[Options.diagram]) ?? nil, diagram.usesPairs,
          let key = ((try? invocation[Options.by]) ?? []).first(where: {
            !DiagramPairs.supportedKeys.contains($0)
          })
        else { return nil }
        return
          "--diagram \(diagram.rawValue) groups by lead, lead-day, city, model or source, not \(key.rawValue)"
      },
      OptionRule.values(when: [Options.scorecard, Options.by], "--scorecard's columns") {
        invocation in
        guard knownVariable(invocation) != nil,
          !((try? invocation[Options.by]) ?? []).allSatisfy({ $0 == .leadDay })
        else { return nil }
        return "--scorecard has lead days as its columns; leave out --by"
      },
      OptionRule.values(
        when: [Options.reliability], "--reliability scores precipitation_probability"
      ) { invocation in
        guard let name = knownVariable(invocation), name != WeatherVariable.precipitation.column
        else { return nil }
        return
          "--reliability scores precipitation_probability: use --var precipitation (the only variable with a stored probability)"
      },
      // The intervals belong to the decomposition table; the bin table and the diagram have
      // no column for them.
      OptionRule(
        when: [Options.reliability, Options.ci, Options.bins],
        "--ci with --reliability adds intervals to the decomposition table; leave out --bins and --format svg"
      ),
      OptionRule(
        when: [Options.reliability, Options.ci],
        "--ci with --reliability adds intervals to the decomposition table; leave out --bins and --format svg"
      ).when(SharedOptions.format(), being: figureWords),
    ]
}
