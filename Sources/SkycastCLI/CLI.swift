/// The command-line entry point. Placeholder until the CLI framework lands.
public enum CLI {
  public static func main(arguments: [String]) async -> Int32 { 0 }
}
