import Export
import SkycastModel
import Store
import Verify

/// The command tree flattened for shell completion scripts: every command path with its
/// subcommands and options, and what each option's value completes to.
struct CompletionModel {
  /// One command of the tree, `/city/add` for `skycast city add` (`""` for the root).
  struct Command {
    var path: String
    var spec: CommandSpec
    /// The options the command accepts: its own, the global ones, `--help` (and `--version`
    /// at the root).
    var options: [OptionSpec]
  }

  /// What the value of an option completes to.
  enum ValueCompletion: Equatable {
    /// Saved city names, read from the database when completing.
    case cities
    /// A fixed list of words.
    case words([String])
    /// File names.
    case files
    /// Nothing to offer (a number, a date, free text).
    case none
  }

  let commandName: String
  let commands: [Command]

  /// The model of `root`'s tree; with `topics`, also the `help` word, which completes to every
  /// command and topic name (`skycast help verif<TAB>` offers `verify` and `verification`).
  init(root: CommandSpec, globalOptions: [OptionSpec], topics: [HelpTopic] = []) {
    commandName = root.name
    var root = root
    if !topics.isEmpty {
      let words =
        root.subcommands.map { CommandSpec(name: $0.name, abstract: $0.abstract) }
        + topics.map { CommandSpec(name: $0.name, abstract: $0.abstract) }
      root.subcommands.append(
        CommandSpec(
          name: "help", abstract: "Show a command's help or read a reference topic.",
          subcommands: words))
    }
    var commands: [Command] = []
    func visit(_ spec: CommandSpec, path: String, isRoot: Bool) {
      var options = spec.options + globalOptions
      if isRoot { options.append(SharedOptions.version.spec) }
      options.append(SharedOptions.help.spec)
      commands.append(Command(path: path, spec: spec, options: options))
      for subcommand in spec.subcommands {
        visit(subcommand, path: path + "/" + subcommand.name, isRoot: false)
      }
    }
    visit(root, path: "", isRoot: true)
    self.commands = commands
  }

  /// Every option spelling that takes a value (`--city`, `-o`), for skipping values while
  /// finding the command path.
  var valueOptionSpellings: [String] {
    var spellings = Set<String>()
    for command in commands {
      for option in command.options where !option.isFlag {
        spellings.insert("--" + option.name)
        if let short = option.short { spellings.insert("-\(short)") }
      }
    }
    return spellings.sorted()
  }

  /// The command paths that are not the root (`/collect`, `/city/add`).
  var subcommandPaths: [String] { commands.map(\.path).filter { !$0.isEmpty } }

  /// The value options of the whole tree grouped by what they complete to, as patterns for a
  /// shell `case` on `"$cmdpath $prev"`: `*" --city"` where a spelling completes the same way in
  /// every command, `"/observe --model"` where commands differ (`summary --by day|month|…`
  /// against `verify --by lead|…`, `observe --model` against `verify --model` free text).
  var valueCompletions: [(patterns: [String], completion: ValueCompletion)] {
    var uses: [String: [(path: String, completion: ValueCompletion)]] = [:]
    var spellingOrder: [String] = []
    for command in commands {
      for option in command.options where !option.isFlag {
        let completion = Self.completion(of: option)
        for spelling in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) {
          if uses[spelling] == nil { spellingOrder.append(spelling) }
          uses[spelling, default: []].append((command.path, completion))
        }
      }
    }
    var order: [ValueCompletion] = []
    var patterns: [Int: [String]] = [:]
    func add(_ pattern: String, _ completion: ValueCompletion) {
      guard completion != .none else { return }
      let index = order.firstIndex(of: completion) ?? order.count
      if index == order.count { order.append(completion) }
      patterns[index, default: []].append(pattern)
    }
    for spelling in spellingOrder {
      let all = uses[spelling, default: []]
      if Set(all.map { "\($0.completion)" }).count == 1 {
        add("*\" \(spelling)\"", all[0].completion)
      } else {
        for use in all { add("\"\(use.path) \(spelling)\"", use.completion) }
      }
    }
    return order.indices.map { (patterns[$0, default: []].sorted(), order[$0]) }
  }

  /// What `option`'s value completes to: a choice option's words, else by its name.
  static func completion(of option: OptionSpec) -> ValueCompletion {
    if case .choice(let words)? = option.valueType { return .words(words) }
    return switch option.name {
    case "city": .cities
    case "var", "vars": .words(uniqued(WeatherVariable.allCases.map(\.apiName)))
    case "by": .words(VerifyKey.allCases.map(\.rawValue))
    case "db", "output": .files
    default: .none
    }
  }

  /// `words` without repeats, in first-seen order (`weather_code` is hourly and daily).
  private static func uniqued(_ words: [String]) -> [String] {
    var seen = Set<String>()
    return words.filter { seen.insert($0).inserted }
  }

  /// The words offered after `command`: its subcommands, then its options.
  static func words(of command: Command) -> [String] {
    var words = command.spec.subcommands.map(\.name)
    for option in command.options {
      words.append("--" + option.name)
      if let short = option.short { words.append("-\(short)") }
    }
    return words
  }

  /// The first sentence of a help text, for the one-line descriptions fish and zsh show.
  static func summary(_ help: String) -> String {
    let text = help.replacingOccurrences(of: "\n", with: " ")
    guard let end = text.range(of: ". ") else {
      return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
    return String(text[..<end.lowerBound])
  }
}
