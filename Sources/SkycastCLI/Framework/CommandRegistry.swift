/// The command tree. Adding a command is one file in `Commands/` and one line here.
enum CommandRegistry {
  static let root = CommandSpec(
    name: "skycast",
    abstract:
      "Keep a history of weather forecasts for saved cities, and turn it into tables, error statistics, sparklines and figures.",
    discussion: """
      Data: Open-Meteo (https://open-meteo.com, no API key; Weather data by Open-Meteo.com, \
      CC BY 4.0). The history lives in one SQLite file (--db).
      """,
    subcommands: [
      CityCommand.spec,
      CollectCommand.spec,
      ObserveCommand.spec,
      BackfillCommand.spec,
      ImportCommand.spec,
      StationCommand.spec,
      NowCommand.spec,
      SummaryCommand.spec,
      VerifyCommand.spec,
      ArchiveCommand.spec,
      SparkCommand.spec,
      ExportCommand.spec,
      ReportCommand.spec,
      SQLCommand.spec,
      DatabaseCommand.spec,
      VarsCommand.spec,
      DemoCommand.spec,
      CompletionsCommand.spec,
      ManualCommand.spec,
    ])
}
