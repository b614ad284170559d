/// `skycast manual`: the manual page.
enum ManualCommand {
  static let spec = CommandSpec(
    name: "manual",
    abstract: "Print the manual page (roff) for man(1).",
    discussion: """
      Generated from the same declarations as the help, so it lists every command and option.

      Example:
        skycast manual > skycast.1 && man ./skycast.1
      """,
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    try invocation.stdout.write(
      ManualPage.roff(
        root: CommandRegistry.root, globalOptions: CLI.globalOptions, version: CLI.version))
    return ExitStatus.success
  }
}
