import Foundation

/// Sebastiano Vigna's SplitMix64 generator: a 64-bit seed, a Weyl sequence and a mixing function.
///
/// Used where results must be reproducible from a seed on every platform (the demo's synthetic
/// history, test data), which `SystemRandomNumberGenerator` cannot give. Not for cryptography.
/// Reference: <https://prng.di.unimi.it/splitmix64.c>.
///
/// ```swift
/// var random = SplitMix64(seed: 1_234_567)
/// random.next()           // 6457827717110365317
/// random.nextUniform()    // in [0, 1)
/// random.nextGaussian()   // standard normal
/// Int.random(in: 1...6, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The generator's whole state; the next output mixes `state + 0x9E3779B97F4A7C15`.
  public private(set) var state: UInt64

  /// A generator that starts from `seed` (any value, including 0, is a good seed).
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1): the top 53 bits of `next()` times 2⁻⁵³.
  public mutating func nextUniform() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A standard normal variate (mean 0, standard deviation 1) by the Box–Muller transform.
  ///
  /// Each call draws two uniforms, u₁ = 1 − `nextUniform()` (in (0, 1], so the logarithm is
  /// finite) and u₂ = `nextUniform()`, and returns √(−2 ln u₁) · cos(2π u₂). The sine partner is
  /// not cached, so the output depends only on the state, which keeps sequences easy to reproduce.
  public mutating func nextGaussian() -> Double {
    let u1 = 1 - nextUniform()
    let u2 = nextUniform()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }

  /// A normal variate with the given mean and standard deviation.
  public mutating func nextGaussian(mean: Double, standardDeviation: Double) -> Double {
    mean + standardDeviation * nextGaussian()
  }
}
