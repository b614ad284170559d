import Foundation
import Testing

/// Reference data made by python's zlib, gzip and zipfile at test time, read once per run.
///
/// Files are named `INPUT.raw` (the original) and `INPUT.VARIANT.deflate` (raw DEFLATE at one
/// zlib setting); `*.gz` and `*.zip` files come with their expected contents. Everything is
/// loaded into memory and the temporary directory is deleted at once.
struct Corpus: Sendable {
  /// File name to bytes.
  let files: [String: [UInt8]]

  /// The inputs compressed at every setting.
  static let inputs = ["empty", "one", "text", "random", "runs", "large"]
  /// zlib settings: (level, strategy) as passed to `zlib.compressobj`.
  static let variants = ["stored", "fixed", "default", "huffman", "rle", "best", "fast", "flushes"]

  /// The bytes of `name`; fails the test when the script did not produce it.
  func bytes(_ name: String) throws -> [UInt8] {
    try #require(files[name], "corpus file \(name) is missing")
  }

  /// The corpus, or nil with an issue recorded when python3 is missing.
  static func load() throws -> Corpus? {
    switch shared {
    case .success(let corpus?): return corpus
    case .success(nil):
      Issue.record("python3 is not installed; the reference corpus could not be built")
      return nil
    case .failure(let error): throw error
    }
  }

  /// Built on first use; test functions run in parallel and share it.
  private static let shared: Result<Corpus?, Python.Failure> = {
    do {
      let directory = try ScratchDirectory()
      guard try Python.run(script, arguments: [directory.path]) else { return .success(nil) }
      var files: [String: [UInt8]] = [:]
      for name in try directory.fileNames() { files[name] = try directory.read(name) }
      return .success(Corpus(files: files))
    } catch let error as Python.Failure {
      return .failure(error)
    } catch {
      return .failure(Python.Failure(description: "corpus: \(error)"))
    }
  }()

  /// Writes the corpus into the directory given as its argument.
  static let script = #"""
    import gzip, io, os, random, struct, sys, zipfile, zlib
    out = sys.argv[1]
    def put(name, data):
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
    rng = random.Random(20240601)
    source = b''.join(open(m.__file__, 'rb').read() for m in (os, zipfile, gzip, random))
    rows = ''.join('1048;%d;%d;%.1f;%.1f;%.1f;eor\n' % (
        20230101 + day, rng.randrange(1, 10), rng.uniform(-15, 35), rng.uniform(0, 20),
        rng.uniform(0, 30)) for day in range(4000))
    text = source[:200000] + rows.encode()
    runs = (b'a' * 70000 + b'ab' * 20000 + b'abc' * 9000 + b'abcdefg' * 4000
            + bytes(range(256)) * 64 + b'\0' * 70000 + b'xyz')
    large = b''.join(text[rng.randrange(len(text) // 2):] + rng.randbytes(20000)
                     for _ in range(10))
    inputs = {'empty': b'', 'one': b'Z', 'text': text, 'random': rng.randbytes(100000),
              'runs': runs, 'large': large}
    settings = {'stored': (0, zlib.Z_DEFAULT_STRATEGY), 'fixed': (6, zlib.Z_FIXED),
                'default': (6, zlib.Z_DEFAULT_STRATEGY), 'huffman': (6, zlib.Z_HUFFMAN_ONLY),
                'rle': (6, zlib.Z_RLE), 'best': (9, zlib.Z_DEFAULT_STRATEGY),
                'fast': (1, zlib.Z_DEFAULT_STRATEGY)}
    def deflate(data, level, strategy):
        c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
        return c.compress(data) + c.flush()
    for name, data in inputs.items():
        put(name + '.raw', data)
        for variant, (level, strategy) in settings.items():
            put('%s.%s.deflate' % (name, variant), deflate(data, level, strategy))
        # Sync and full flushes add empty stored blocks and odd block boundaries.
        c = zlib.compressobj(6, zlib.DEFLATED, -15)
        parts = []
        for i in range(0, len(data), 7777):
            parts.append(c.compress(data[i:i + 7777]))
            parts.append(c.flush(zlib.Z_SYNC_FLUSH if i % 2 else zlib.Z_FULL_FLUSH))
        put(name + '.flushes.deflate', b''.join(parts) + c.flush())

    # gzip: several members, one empty, at different levels.
    members = [(text, 9), (b'', 6), (inputs['random'], 1), (runs, 6)]
    put('multi.gz', b''.join(gzip.compress(d, l, mtime=0) for d, l in members))
    put('multi.raw', b''.join(d for d, _ in members))
    # A hand-built header with every optional field (RFC 1952 2.3.1), then a python member.
    flags = 0x01 | 0x02 | 0x04 | 0x08 | 0x10
    extra = b'AP\x04\x00abcd'
    header = (b'\x1f\x8b\x08' + bytes([flags]) + struct.pack('<I', 1700000000) + b'\x02\x03'
              + struct.pack('<H', len(extra)) + extra + 'données.txt'.encode('latin-1') + b'\0'
              + b'made by the corpus script\0')
    header += struct.pack('<H', zlib.crc32(header) & 0xFFFF)
    body = deflate(runs, 6, zlib.Z_DEFAULT_STRATEGY)
    first = header + body + struct.pack('<II', zlib.crc32(runs), len(runs) & 0xFFFFFFFF)
    buffer = io.BytesIO()
    with gzip.GzipFile(filename='produkt.txt', mode='wb', fileobj=buffer, mtime=1234) as f:
        f.write(text)
    put('flags.gz', first + buffer.getvalue())
    put('flags.raw', runs + text)
    put('padded.gz', gzip.compress(text, mtime=0) + b'\0' * 1000)

    # zip: DWD-like entries mixing stored and deflated, a directory, a UTF-8 name, a comment.
    entries = [('Metadaten_Geographie_01048.txt', zipfile.ZIP_STORED, rows[:3000].encode()),
               ('produkt_klima_tag_19340101_20231231_01048.txt', zipfile.ZIP_DEFLATED,
                rows.encode() * 3),
               ('Metadaten_Parameter_klima_tag_01048.txt', zipfile.ZIP_DEFLATED, text[:5000]),
               ('empty.txt', zipfile.ZIP_DEFLATED, b''),
               ('sub/', zipfile.ZIP_STORED, b''),
               ('sub/Ünïcode.txt', zipfile.ZIP_STORED, 'grüße'.encode()),
               ('zeros.bin', zipfile.ZIP_DEFLATED, bytes(5000000))]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, 'w') as archive:
        for index, (name, method, data) in enumerate(entries):
            archive.writestr(zipfile.ZipInfo(name, (2023, 12, 31, 23, 59, 58)), data,
                             compress_type=method)
            put('archive.%d.raw' % index, data)
        archive.comment = b'DWD test archive'
    put('archive.zip', buffer.getvalue())
    put('archive.names', '\n'.join(n for n, _, _ in entries).encode())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, 'w') as archive:
        archive.writestr('data.bz2.txt', text, compress_type=zipfile.ZIP_BZIP2)
    put('bzip2.zip', buffer.getvalue())
    """#
}
