import Foundation
import SkycastModel
import Testing

/// Reference values were computed independently with Python (arbitrary-precision integers masked
/// to 64 bits; `math.log`, `math.cos`, `math.sqrt` for Box–Muller).
@Suite struct SplitMix64Tests {
  /// Seed 1234567 gives the sequence published with Vigna's reference implementation.
  @Test("matches the reference outputs for seed 1234567")
  func referenceSeed() {
    var random = SplitMix64(seed: 1_234_567)
    let outputs = (0..<5).map { _ in random.next() }
    #expect(
      outputs == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ])
  }

  @Test("matches the reference outputs for seeds 0 and 2^64-1")
  func edgeSeeds() {
    var zero = SplitMix64(seed: 0)
    #expect(
      (0..<3).map { _ in zero.next() } == [
        16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679,
      ])
    var maximum = SplitMix64(seed: .max)
    #expect(
      (0..<2).map { _ in maximum.next() } == [
        16_490_336_266_968_443_936, 16_834_447_057_089_888_969,
      ])
  }

  /// Uniforms are the top 53 bits times 2^-53; Gaussians use u1 = 1 - uniform, u2 = uniform.
  @Test("matches reference uniforms and Gaussians for seed 42")
  func uniformAndGaussian() {
    var random = SplitMix64(seed: 42)
    let uniforms = (0..<3).map { _ in random.nextUniform() }
    #expect(uniforms == [0.7415648787718233, 0.1599103928769201, 0.27860113025513866])
    let gaussians = (0..<3).map { _ in random.nextGaussian() }
    let expected = [0.892470392690831, 0.3970518252519789, -0.9616264486159954]
    for (value, reference) in zip(gaussians, expected) {
      #expect(abs(value - reference) < 1e-12)
    }
  }

  @Test("repeats the same sequence from the same seed")
  func reproducible() {
    var first = SplitMix64(seed: 2026)
    var second = SplitMix64(seed: 2026)
    let a = (0..<1000).map { _ in first.next() }
    let b = (0..<1000).map { _ in second.next() }
    #expect(a == b)
    var third = SplitMix64(seed: 2027)
    #expect(SplitMix64(seed: 2026).state != third.state)
    #expect(first.next() != third.next())
  }

  /// Range checks and rough moments over many draws (loose bounds: 100,000 samples).
  @Test("draws uniforms in [0, 1) and standard normal Gaussians")
  func distributions() {
    var random = SplitMix64(seed: 7)
    var sum = 0.0
    var outOfRange = 0
    for _ in 0..<100_000 {
      let u = random.nextUniform()
      if !(u >= 0 && u < 1) { outOfRange += 1 }
      sum += u
    }
    #expect(outOfRange == 0)
    #expect(abs(sum / 100_000 - 0.5) < 0.01)
    var mean = 0.0
    var squares = 0.0
    var nonFinite = 0
    for _ in 0..<100_000 {
      let g = random.nextGaussian()
      if !g.isFinite { nonFinite += 1 }
      mean += g
      squares += g * g
    }
    #expect(nonFinite == 0)
    mean /= 100_000
    #expect(abs(mean) < 0.02)
    #expect(abs(squares / 100_000 - mean * mean - 1) < 0.03)
    let roll = Int.random(in: 1...6, using: &random)
    #expect((1...6).contains(roll))
  }
}
