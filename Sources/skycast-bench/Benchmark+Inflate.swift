import Foundation
import Inflate
import SkycastModel

extension Benchmark {
  /// The script that gzips a file and times zlib's own decompression of it (the baseline):
  /// `python3 - FILE` writes FILE.gz (level 6) and prints zlib's best of 3 in seconds and the
  /// size it decoded, timed inside Python so interpreter start-up does not count.
  static let zlibScript = """
    import gzip, sys, time, zlib
    path = sys.argv[1]
    data = open(path, "rb").read()
    packed = gzip.compress(data, compresslevel=6, mtime=0)
    open(path + ".gz", "wb").write(packed)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        out = zlib.decompress(packed, 31)
        best = min(best, time.perf_counter() - start)
    print(best, len(out))
    """

  /// Gzip decoding by Skycast's own `Inflate` (what reads station files and compressed
  /// replies) against zlib on the same file in the same run: CSV text of the history's kind
  /// (100 MB, 8 MB with `--quick`), gzipped at level 6; each side decodes it whole three times
  /// and keeps its best, the output counted but not kept. Target: at least half of zlib's speed.
  func inflate() throws -> Figure {
    let size = options.quick ? 8 << 20 : 100_000_000
    guard let python = Subprocess.which("python3") else {
      throw BenchError("inflate: python3 (with its zlib) is needed for the baseline")
    }
    let text = directory + "/inflate.csv"
    log("inflate: writing \(Self.decimalMegabytes(size)) of CSV text, gzip level 6 by Python")
    try Data(Self.csvText(bytes: size, seed: options.seed)).write(
      to: URL(fileURLWithPath: text))
    let script = directory + "/inflate-zlib.py"
    try Self.zlibScript.write(toFile: script, atomically: true, encoding: .utf8)
    let timing = directory + "/inflate-zlib.txt"
    _ = try Subprocess.run(python, [script, text], stdoutPath: timing)
    let reply = try String(contentsOfFile: timing, encoding: .utf8).split(separator: " ")
    guard reply.count == 2, let zlibSeconds = Double(reply[0]),
      let zlibBytes = Int(reply[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw BenchError("inflate: no timing from python3") }
    let packed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: text + ".gz")))
    var best = Double.infinity
    for _ in 0..<3 {
      var decoded = 0
      let (_, seconds) = try measure {
        var decoder = GzipDecoder()
        try decoder.decompress(packed) { decoded += $0.count }
        try decoder.finish()
      }
      guard decoded == size, zlibBytes == size else {
        throw BenchError("inflate: decoded \(decoded) bytes, zlib \(zlibBytes), expected \(size)")
      }
      best = min(best, seconds)
    }
    let ours = Double(size) / best / 1e6
    let zlib = Double(size) / zlibSeconds / 1e6
    let ratio = ours / zlib
    return Figure(
      name:
        "inflate gzip (\(Self.decimalMegabytes(size)) of CSV from \(Self.decimalMegabytes(packed.count)); best of 3)",
      ours: "\(NumberText.fixed(ours, decimals: 0)) MB/s (\(Self.seconds(best)))",
      baseline: "zlib \(NumberText.fixed(zlib, decimals: 0)) MB/s (\(Self.seconds(zlibSeconds)))",
      ratio: ratio, target: "≥ 0.5× zlib's speed", holds: ratio >= 0.5)
  }

  /// `bytes` of hourly-forecast-like CSV (city, times, a dozen values with one decimal), the
  /// same for a seed: compresses about as well as a real export.
  static func csvText(bytes: Int, seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var out: [UInt8] = []
    out.reserveCapacity(bytes + 256)
    out += Array("city,valid_at,issued_at,lead_hours,temperature_2m,relative_humidity_2m,".utf8)
    out += Array("precipitation,cloud_cover,pressure_msl,wind_speed_10m,wind_gusts_10m\n".utf8)
    var time: Int64 = 1_774_000_000
    var temperature = 10.0
    while out.count < bytes {
      time += 3600
      temperature += random.nextGaussian() * 0.8 - (temperature - 10) * 0.05
      let values = [
        temperature, 60 + 30 * random.nextUniform(), max(0, random.nextGaussian() - 1),
        (random.nextUniform() * 100).rounded(), 1013 + 8 * random.nextGaussian(),
        abs(12 + 5 * random.nextGaussian()), abs(25 + 9 * random.nextGaussian()),
      ]
      var line = "Place \(Int(random.nextUniform() * 70)),\(time),\(time - 21_600),6"
      for value in values { line += "," + NumberText.fixed(value, decimals: 1) }
      out += Array((line + "\n").utf8)
    }
    return Array(out.prefix(bytes))
  }

  /// `8.4 MB`, `100 MB`, `17.9 MB` (decimal megabytes, as file sizes are given).
  static func decimalMegabytes(_ bytes: Int) -> String {
    let value = Double(bytes) / 1e6
    return
      (value >= 10 ? NumberText.fixed(value, decimals: 0) : NumberText.fixed(value, decimals: 1))
      + " MB"
  }
}
