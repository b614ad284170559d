import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one child process cost: wall time and its own peak resident memory.
///
/// The memory comes from GNU `time` (`/usr/bin/time -f %M`), not from our own `wait4`: a child
/// spawned from this process starts as a vfork of it, and Linux carries the parent's high-water
/// mark into the child's `ru_maxrss` at exec, so every child would seem as large as the
/// benchmark itself. `time` is a small process, so the command it starts begins small.
struct ProcessCost {
  var seconds: Double
  var peakRSSKilobytes: Int
  var status: Int32
  /// User + system CPU seconds of the process and the children it waited for (steadier than
  /// wall time when other work shares the cores).
  var cpuSeconds = 0.0
}
