import Foundation

#if canImport(Glibc)
  import Glibc
#endif

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
