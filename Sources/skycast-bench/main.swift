import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// skycast-bench: measures Skycast against the sqlite3 shell on the same data, in the same run.
// See BenchOptions.help and `skycast help performance`.

do {
  guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(BenchOptions.help)
    exit(0)
  }
  if options.report {
    print(try BenchResults.load(), terminator: "")
    exit(0)
  }
  let report = try Benchmark(options: options).run()
  print(report)
  exit(0)
} catch {
  FileHandle.standardError.write(Data("skycast-bench: \(error)\n".utf8))
  exit(1)
}
