import CSQLite

private func readArguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?)
  -> [SQLiteValue]
{
  guard let values else { return [] }
  return (0..<Int(count)).map { index in
    guard let value = values[index] else { return .null }
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
      let count = Int(sqlite3_value_bytes(value))
      guard let text = sqlite3_value_text(value) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_value_bytes(value))
      guard count > 0, let blob = sqlite3_value_blob(value) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
    default: return .null
    }
  }
}

private func setResult(_ context: OpaquePointer?, _ value: SQLiteValue) {
  switch value {
  case .null: sqlite3_result_null(context)
  case .integer(let integer): sqlite3_result_int64(context, integer)
  case .real(let real):
    if real.isNaN { sqlite3_result_null(context) } else { sqlite3_result_double(context, real) }
  case .text(let text): sqlite3_result_text(context, text, -1, SQLITE_TRANSIENT)
  case .blob(let bytes):
    bytes.withUnsafeBytes {
      sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT)
    }
  }
}

private func setError(_ context: OpaquePointer?, _ error: any Error) {
  sqlite3_result_error(context, "\(error)", -1)
}

extension Database {
  /// Registers a scalar SQL function on this connection.
  ///
  /// `NaN` results become NULL, so an undefined formula never leaks `NaN` into SQL.
  ///
  /// - Parameters:
  ///   - name: the SQL name.
  ///   - argumentCount: the number of arguments, or -1 for any.
  ///   - deterministic: lets SQLite use the function in indexes and factor out repeated calls.
  ///   - body: computes the result from the arguments.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/create_function.html>
  public func createFunction(
    _ name: String, argumentCount: Int32, deterministic: Bool = true,
    _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
  ) throws {
    let box = Unmanaged.passRetained(ScalarFunctionBox(body)).toOpaque()
    // Innocuous: our functions are pure arithmetic, so views and triggers may still call them
    // with `SQLITE_DBCONFIG_TRUSTED_SCHEMA` off (see `Database.harden()`).
    let flags = SQLITE_UTF8 | SQLITE_INNOCUOUS | (deterministic ? SQLITE_DETERMINISTIC : 0)
    let code = sqlite3_create_function_v2(
      handle, name, argumentCount, flags, box,
      { context, count, values in
        let box = Unmanaged<ScalarFunctionBox>.fromOpaque(sqlite3_user_data(context))
          .takeUnretainedValue()
        do {
          setResult(context, try box.body(readArguments(count, values)))
        } catch {
          setError(context, error)
        }
      },
      nil, nil,
      { pointer in
        if let pointer { Unmanaged<ScalarFunctionBox>.fromOpaque(pointer).release() }
      })
    try check(code, sql: "create function \(name)")
  }

  /// Registers an aggregate SQL function; `make` creates the state for each group.
  public func createAggregate(
    _ name: String, argumentCount: Int32, _ make: @escaping () -> any SQLiteAggregate
  ) throws {
    let box = Unmanaged.passRetained(AggregateFunctionBox(make)).toOpaque()
    let code = sqlite3_create_function_v2(
      handle, name, argumentCount, SQLITE_UTF8 | SQLITE_INNOCUOUS | SQLITE_DETERMINISTIC, box, nil,
      { context, count, values in
        guard
          let slot = sqlite3_aggregate_context(
            context, Int32(MemoryLayout<UnsafeMutableRawPointer>.size))
        else {
          sqlite3_result_error_nomem(context)
          return
        }
        let pointer = slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let instance: AggregateInstance
        if let existing = pointer.pointee {
          instance = Unmanaged<AggregateInstance>.fromOpaque(existing).takeUnretainedValue()
        } else {
          let box = Unmanaged<AggregateFunctionBox>.fromOpaque(sqlite3_user_data(context))
            .takeUnretainedValue()
          instance = AggregateInstance(box.make())
          pointer.pointee = Unmanaged.passRetained(instance).toOpaque()
        }
        do {
          try instance.aggregate.step(readArguments(count, values))
        } catch {
          setError(context, error)
        }
      },
      { context in
        let slot = sqlite3_aggregate_context(context, 0)
        let pointer = slot?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let instance: AggregateInstance
        if let existing = pointer?.pointee {
          instance = Unmanaged<AggregateInstance>.fromOpaque(existing).takeRetainedValue()
          pointer?.pointee = nil
        } else {
          // No rows in the group: finalize a fresh state.
          let box = Unmanaged<AggregateFunctionBox>.fromOpaque(sqlite3_user_data(context))
            .takeUnretainedValue()
          instance = AggregateInstance(box.make())
        }
        do {
          setResult(context, try instance.aggregate.finalize())
        } catch {
          setError(context, error)
        }
      },
      { pointer in
        if let pointer { Unmanaged<AggregateFunctionBox>.fromOpaque(pointer).release() }
      })
    try check(code, sql: "create aggregate \(name)")
  }
}
