import CSQLite

final class AggregateFunctionBox {
  let make: () -> any SQLiteAggregate
  init(_ make: @escaping () -> any SQLiteAggregate) { self.make = make }
}
