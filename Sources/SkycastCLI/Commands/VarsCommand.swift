import Export
import SkycastModel

/// `skycast vars`: the variable catalog with units, precision and where each is used.
enum VarsCommand {
  static let spec = CommandSpec(
    name: "vars", abstract: "List the weather variables Skycast stores, with units and precision.",
    discussion:
      "Variable names are Open-Meteo's and are also the SQL column names. Values are stored in the canonical unit shown; exports round to the precision shown (half away from zero).",
    options: SharedOptions.output,
    run: { try run($0) })

  static let columns: [Column] = [
    Column("name", .text), Column("frequency", .text), Column("unit", .text),
    Column("decimals", .integer), Column("tables", .text), Column("requested_by", .text),
  ]

  static func run(_ invocation: Invocation) throws -> Int32 {
    let writer = invocation.rowWriter(
      format: try invocation.outputFormat(), output: try invocation.dataOutput(), excel: false)
    try writer.begin(columns: columns)
    for variable in WeatherVariable.allCases {
      let roles = variable.roles
      var tables: [String] = []
      if roles.contains(.hourlyForecast) { tables.append("hourly_forecasts") }
      if roles.contains(.dailyForecast) { tables.append("daily_forecasts") }
      if roles.contains(.current) { tables.append("current_conditions") }
      if roles.contains(.hourlyObservation) { tables.append("hourly_observations") }
      if roles.contains(.dailyObservation) { tables.append("daily_observations") }
      var commands: [String] = []
      if roles.contains(.hourlyForecast) || roles.contains(.dailyForecast) {
        commands.append("collect")
      }
      if roles.contains(.hourlyForecast) { commands.append("backfill") }
      if roles.contains(.archive) { commands.append("observe") }
      if roles.contains(.hourlyObservation) || roles.contains(.dailyObservation) {
        commands.append("import")
      }
      try writer.write([
        .text(variable.apiName), .text(variable.frequency.rawValue),
        .text(variable.quantity == .instant ? "UTC epoch s" : variable.unit),
        .integer(Int64(variable.decimals)), .text(tables.joined(separator: " ")),
        .text(commands.joined(separator: " ")),
      ])
    }
    try writer.finish()
    return ExitStatus.success
  }
}
