import Foundation
import SkycastModel

/// The second stage of a Parquet export: a thread that encodes rows into their files' row
/// groups while the first (SQLite and the cells of the next rows) carries on.
///
/// Rows travel in batches of `batchRows`: the producer fills one batch while the thread
/// encodes the previous one, so at most two batches exist and memory stays bounded. The thread
/// also keeps the buffered row groups within the budget. An error on the thread is thrown by
/// the producer's next `submit` or `finish`.
package final class ParquetEncodingThread: @unchecked Sendable {
  // @unchecked: `batch`, `failure` and the files' writers are touched by one thread at a time,
  // handed over through the two semaphores (each wait/signal pair orders the accesses).

  /// Rows for the thread: the kept cells of each row, row after row, and each row's file.
  package struct Batch {
    package var cells: [Cell] = []
    package var files: [ParquetDatasetWriter.OpenFile] = []
  }

  package static let batchRows = 4096

  private let width: Int
  private let memoryBudget: Int
  private let ready = DispatchSemaphore(value: 0)
  private let idle = DispatchSemaphore(value: 1)
  private var batch: Batch?
  private var stopping = false
  private var failure: (any Error)?
  private var running = false
  /// Every file the thread has written to, for the memory budget.
  private var seen: [ObjectIdentifier: ParquetDatasetWriter.OpenFile] = [:]

  package init(width: Int, memoryBudget: Int) {
    self.width = width
    self.memoryBudget = memoryBudget
  }

  package func start() {
    running = true
    let thread = Thread { [self] in loop() }
    thread.name = "skycast parquet encoder"
    thread.start()
  }

  /// Hands a full batch over (waiting while the thread is still busy with the previous one).
  package func submit(_ next: Batch) throws {
    idle.wait()
    if let failure {
      idle.signal()
      throw failure
    }
    batch = next
    ready.signal()
  }

  /// Waits for the thread to finish the last batch and stops it; throws its error, if any.
  package func finish() throws {
    guard running else { return }
    running = false
    idle.wait()
    stopping = true
    ready.signal()
    idle.wait()
    // Back to the starting count: libdispatch refuses to free a semaphore below it.
    idle.signal()
    if let failure { throw failure }
  }

  private func loop() {
    while true {
      ready.wait()
      if stopping {
        idle.signal()
        return
      }
      if let work = batch, failure == nil {
        do { try encode(work) } catch { failure = error }
      }
      batch = nil
      idle.signal()
    }
  }

  private func encode(_ work: Batch) throws {
    var start = 0
    for file in work.files {
      try file.writer.write(work.cells[start..<start + width])
      start += width
      if !file.pending.isEmpty { try file.drain() }
      seen[ObjectIdentifier(file)] = file
    }
    var sizes = seen.values.map { ($0, $0.writer.bufferedBytes) }
    var total = sizes.reduce(0) { $0 + $1.1 }
    guard total > memoryBudget else { return }
    sizes.sort { $0.1 > $1.1 }
    for (file, size) in sizes where total > memoryBudget {
      try file.writer.flushRowGroup()
      try file.drain()
      total -= size
    }
  }
}
