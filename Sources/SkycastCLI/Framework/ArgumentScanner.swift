import SkycastModel

/// Parses a command line against a `CommandSpec` tree.
///
/// Global options (`--db`, `-q`, `-v`, `--no-color`, `-h`) are accepted before or after the
/// subcommand. `--name=value`, `--name value`, `-o value`, combined short flags (`-qv`) and `--`
/// are understood; a value option takes the next word even when it starts with `-`, so
/// `--min -5` works. Error wording follows swift-argument-parser.
struct ArgumentScanner {
  let root: CommandSpec
  let globalOptions: [OptionSpec]

  /// The outcome of a successful scan.
  struct Result {
    var path: [CommandSpec]
    var values: [String: [String]]
    var positionals: [String]
    var names: [String] { path.dropFirst().map(\.name) }
  }

  func scan(_ arguments: [String]) throws -> Result {
    var result = Result(path: [root], values: [:], positionals: [])
    var index = 0
    var afterTerminator = false
    var current: CommandSpec { result.path.last! }

    func options() -> [OptionSpec] { current.options + globalOptions }

    func store(_ option: OptionSpec, _ value: String) {
      if option.isRepeating || option.isFlag {
        result.values[option.name, default: []].append(value)
      } else {
        result.values[option.name] = [value]
      }
    }

    func takeValue(for option: OptionSpec, inline: String?) throws -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else {
        throw ParseError.missingValue(synopsis: option.synopsis).error(for: result.names)
      }
      return arguments[index]
    }

    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if afterTerminator {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        afterTerminator = true
        continue
      }
      if argument.hasPrefix("--"), argument.count > 2 {
        let body = argument.dropFirst(2)
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let inline = parts.count > 1 ? String(parts[1]) : nil
        guard let option = options().first(where: { $0.name == name }) else {
          let hint = Suggestion.phrase(
            for: name, in: options().map(\.name), prefix: "--")
          throw ParseError.unknownOption(name, hint: hint).error(for: result.names)
        }
        if option.isFlag {
          if inline != nil {
            throw ParseError.flagTakesNoValue(name).error(for: result.names)
          }
          store(option, "true")
        } else if option.valueIsOptional, inline == nil {
          let next = index + 1 < arguments.count ? arguments[index + 1] : nil
          if let next, Self.looksNumeric(next) {
            index += 1
            store(option, next)
          } else {
            store(option, "")
          }
        } else if option.arity > 1 {
          var words = [try takeValue(for: option, inline: inline)]
          while words.count < option.arity { words.append(try takeValue(for: option, inline: nil)) }
          result.values[option.name] = words
        } else {
          store(option, try takeValue(for: option, inline: inline))
        }
        continue
      }
      if argument.hasPrefix("-"), argument.count > 1, !Self.looksNumeric(argument) {
        let letters = Array(argument.dropFirst())
        for (position, letter) in letters.enumerated() {
          guard let option = options().first(where: { $0.short == letter }) else {
            throw ParseError.unknownShortOption(letter).error(for: result.names)
          }
          if option.isFlag {
            store(option, "true")
          } else {
            let rest = String(letters[(position + 1)...])
            store(option, try takeValue(for: option, inline: rest.isEmpty ? nil : rest))
            break
          }
        }
        continue
      }
      if !current.subcommands.isEmpty, result.positionals.isEmpty {
        if let subcommand = current.subcommand(named: argument) {
          result.path.append(subcommand)
          continue
        }
        if current.run == nil {
          let hint = Suggestion.phrase(
            for: argument, in: current.subcommands.map(\.name))
          throw ParseError.unknownSubcommand(argument, hint: hint).error(for: result.names)
        }
      }
      result.positionals.append(argument)
    }
    return result
  }

  /// Checks positional arguments against the command's declared arguments.
  func validatePositionals(_ result: Result) throws {
    let spec = result.path.last!
    let declared = spec.arguments
    let repeats = declared.last?.isRepeating ?? false
    if !repeats, result.positionals.count > declared.count {
      let extra = result.positionals[declared.count]
      throw ParseError.unexpectedArgument(extra).error(for: result.names)
    }
    for (offset, argument) in declared.enumerated()
    where !argument.isOptional && offset >= result.positionals.count {
      throw ParseError.missingArgument(argument.name).error(for: result.names)
    }
    for (offset, word) in result.positionals.enumerated() {
      try declared[min(offset, declared.count - 1)].check?(word)
    }
  }

  /// `-5`, `-0.3`: negative numbers are values, not options.
  static func looksNumeric(_ text: String) -> Bool {
    Double(text) != nil
  }
}
