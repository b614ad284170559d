internal import SQLiteKit

@available(*, unavailable)
extension ImportKeyLog: Sendable {}
