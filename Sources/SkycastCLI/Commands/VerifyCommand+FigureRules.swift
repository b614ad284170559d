import SkycastModel
import Store
import Verify

/// `verify`'s rules on the words of its figures and files: `--ensemble`'s groups, diagram
/// and figure, the score figure's options, and the pair files (`--format verif`, `met-mpr`).
extension VerifyCommand {
  /// `--ensemble`'s groups, diagram, figure and the options only its figure reads.
  static let ensembleValueRules: [OptionRule] = [
    OptionRule.values(when: [Options.ensemble, Options.by], "--ensemble's groups") { invocation in
      let allowed = EnsembleVerifyRequest.allowedKeys
      guard let keys = try? invocation[Options.by],
        let key = keys.first(where: { !allowed.contains($0) })
      else { return nil }
      return
        "--ensemble groups by \(allowed.map(\.rawValue).joined(separator: ", ")), not \(key.rawValue)"
    },
    OptionRule.values(when: [Options.ensemble, Options.diagram], "--ensemble draws --diagram pit") {
      invocation in
      guard let diagram = (try? invocation[Options.diagram]) ?? nil, diagram != .pit else {
        return nil
      }
      return
        "--diagram \(diagram.rawValue) scores single forecasts; with --ensemble, --diagram pit"
    },
    OptionRule(
      when: [Options.ensemble, Options.diagram, Options.rankHistogram],
      "--diagram pit and --rank-histogram cannot be combined"
    ).when(Options.diagram, being: [VerifyDiagram.pit.rawValue]),
    OptionRule.values(
      when: [Options.ensemble, Options.diagram, Options.threshold],
      "--diagram pit and --threshold cannot be combined"
    ) { invocation in
      hasEvent(invocation) ? "--diagram pit and --threshold cannot be combined" : nil
    }.when(Options.diagram, being: [VerifyDiagram.pit.rawValue]),
    OptionRule.values(
      when: [Options.ensemble, Options.threshold, Options.score],
      "--format svg with --ensemble --threshold draws the reliability diagram; leave out --score"
    ) { invocation in
      hasEvent(invocation)
        ? "--format svg with --ensemble --threshold draws the reliability diagram; leave out --score"
        : nil
    }.when(SharedOptions.format(), being: figureWords),
    OptionRule.values(when: [Options.ensemble, Options.score], "--ensemble's figure scores") {
      invocation in
      guard let text = invocation[Options.score], EnsembleFigure.Score(rawValue: text) == nil
      else { return nil }
      let allowed = EnsembleFigure.Score.allCases.map(\.rawValue).joined(separator: ", ")
      return
        "The value '\(text)' is invalid for '--score' with --ensemble: expected one of \(allowed)"
    }.when(SharedOptions.format(), being: figureWords),
    OptionRule(
      when: [Options.ensemble, Options.score], unless: [Options.skill],
      "--score crpss needs --skill climatology|deterministic[:MODEL]"
    ).when(SharedOptions.format(), being: figureWords)
      .when(Options.score, being: [EnsembleFigure.Score.crpss.rawValue]),
    OptionRule(when: [Options.ensemble, Options.score], "--score chooses what --format svg draws")
      .except(SharedOptions.format(), being: figureWords),
    OptionRule(
      when: [Options.ensemble, Options.leadDays],
      "--lead-days chooses what --format svg or --diagram draws"
    ).except(SharedOptions.format(), being: figureWords)
      .except(Options.diagram, being: [VerifyDiagram.pit.rawValue]),
  ]

  /// A score figure (`--format svg` without `--diagram`) and the options only a figure reads.
  static let figureRules: [OptionRule] =
    [
      OptionRule(
        when: [Options.leadDays], unless: [Options.diagram, Options.ensemble] + laggedModes,
        "--lead-days chooses what --format svg or --diagram draws"
      ).except(SharedOptions.format(), being: figureWords)
    ]
    + ([Options.revisions, Options.pairs] as [any OptionKey]).map {
      OptionRule(
        when: [$0], unless: [Options.diagram, Options.ensemble] + laggedModes,
        "--format svg draws scores; leave out --revisions and --pairs"
      ).when(SharedOptions.format(), being: figureWords)
    } + [
      OptionRule.values(
        when: [Options.leadDays],
        unless: [Options.diagram, Options.reliability, Options.ensemble] + laggedModes,
        "--lead-days with a figure by valid hour or month needs --by lead-day"
      ) { invocation in
        let keys = (try? invocation[Options.by]) ?? []
        guard VerifyFigure.xKey(keys) != nil,
          !keys.contains(where: { $0 == .lead || $0 == .leadDay })
        else { return nil }
        return
          "--lead-days with a figure by valid hour or month needs --by lead-day (one line per lead day)"
      }.when(SharedOptions.format(), being: figureWords),
      OptionRule.values(
        when: [Options.score],
        unless: [Options.skill, Options.diagram, Options.ensemble] + laggedModes,
        "--score mse-skill needs --skill persistence|climatology"
      ) { invocation in
        ((try? figureScore(invocation)) ?? nil) == .mseSkill
          ? "--score mse-skill needs --skill persistence|climatology" : nil
      }.when(SharedOptions.format(), being: figureWords),
      OptionRule.values(
        when: [Options.score], unless: [Options.diagram, Options.ensemble] + laggedModes,
        "--score chooses what --format svg draws"
      ) { invocation in
        ((try? figureScore(invocation)) ?? nil) != nil
          ? "--score chooses what --format svg draws" : nil
      }.except(SharedOptions.format(), being: figureWords),
      OptionRule.values(
        when: [Options.compare, Options.score], unless: [Options.ensemble] + laggedModes,
        "--compare draws the difference of --loss's score; leave out --score"
      ) { invocation in
        ((try? figureScore(invocation)) ?? nil) != nil
          ? "--compare draws the difference of --loss's score; leave out --score" : nil
      }.when(SharedOptions.format(), being: figureWords),
    ]

  /// A reference period belongs to a percentile threshold (`--threshold p90`); the plain
  /// rules refuse it without `--threshold`.
  static let climateRules: [OptionRule] =
    ([Options.climateFrom, Options.climateTo] as [any OptionKey])
    .map { option in
      let message =
        "--\(option.spec.name) sets the reference period of --threshold pNN (such as p90)"
      return OptionRule.values(
        when: [option, Options.threshold], unless: [Options.ensemble] + laggedModes, message
      ) { invocation in
        guard let thresholds = try? invocation[Options.threshold], thresholds.percentile == nil
        else { return nil }
        return message
      }
    }

  /// The pair files: `--format verif` and `met-mpr` write `--pairs`, and `--ensemble --pairs`
  /// writes one model's members as verif's text input.
  static let pairsRules: [OptionRule] = [
    OptionRule(
      when: [SharedOptions.format()], unless: [Options.pairs] + laggedModes,
      "--format verif writes pairs; add --pairs"
    ).when(SharedOptions.format(), being: [FormatChoice.verif.rawValue]),
    OptionRule(
      when: [Options.ensemble, Options.pairs],
      "--ensemble --pairs writes the members as verif's text input: add --format verif"
    ).except(SharedOptions.format(), being: [FormatChoice.verif.rawValue]),
    OptionRule.values(
      when: [Options.ensemble, Options.pairs], "--format verif writes one forecast system per file"
    ) { invocation in
      unique(invocation[Options.model]).count != 1
        ? "--format verif writes one forecast system per file (verif compares files): give one --model"
        : nil
    },
    OptionRule(
      when: [SharedOptions.format()], unless: [Options.pairs, Options.ensemble] + laggedModes,
      "--format met-mpr writes pairs; add --pairs"
    ).when(SharedOptions.format(), being: [FormatChoice.metMPR.rawValue]),
  ]

  /// True when `--threshold` gives a number (an event; a percentile such as p90 is none
  /// until the climate is read).
  private static func hasEvent(_ invocation: Invocation) -> Bool {
    ((try? invocation[Options.threshold])?.values.first) != nil
  }
}
