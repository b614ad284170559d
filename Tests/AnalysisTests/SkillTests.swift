import Testing

@testable import Analysis

@Suite struct SkillTests {
  /// 1 − MSE/MSE_ref: 1 − 2/8 = 0.75; equal MSE is 0; twice the MSE is −1.
  @Test(
    "MSE skill against a reference",
    arguments: [(2.0, 8.0, 0.75), (5, 5, 0), (10, 5, -1), (0, 3, 1)])
  func mseSkill(_ testCase: (Double, Double, Double)) {
    #expect(Skill.mseSkill(mse: testCase.0, referenceMSE: testCase.1) == testCase.2)
  }

  /// A perfect reference leaves skill undefined.
  @Test("MSE skill is nil when the reference MSE is 0 or not finite")
  func undefined() {
    #expect(Skill.mseSkill(mse: 1, referenceMSE: 0) == nil)
    #expect(Skill.mseSkill(mse: 1, referenceMSE: .nan) == nil)
  }
}
