import CSQLite

final class AggregateInstance {
  let aggregate: any SQLiteAggregate
  init(_ aggregate: any SQLiteAggregate) { self.aggregate = aggregate }
}
