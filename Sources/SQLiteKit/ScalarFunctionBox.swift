import CSQLite

final class ScalarFunctionBox {
  let body: ([SQLiteValue]) throws -> SQLiteValue
  init(_ body: @escaping ([SQLiteValue]) throws -> SQLiteValue) { self.body = body }
}
