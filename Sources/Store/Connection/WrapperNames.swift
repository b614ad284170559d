internal import SQLiteKit

// The SQLite wrapper's types under the Store's internal names. Nothing above the Store can name
// them (SQLiteKit is imported `internal`, and no other target depends on it); tests reach them
// through `@testable import Store`, to tamper with a file the way another program would.

typealias Database = SQLiteKit.Database
typealias Statement = SQLiteKit.Statement
typealias SQLiteValue = SQLiteKit.SQLiteValue
typealias SQLiteError = SQLiteKit.SQLiteError
typealias Row = SQLiteKit.Row
typealias ResultCode = SQLiteKit.ResultCode
