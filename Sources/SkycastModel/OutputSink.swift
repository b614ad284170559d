import Foundation

#if canImport(Glibc)
  import Glibc
#endif

@available(*, unavailable)
extension TextOutput: Sendable {}
