import Testing

@testable import Store
@testable import Views

@Suite struct SparkInputTests {
  @Test(
    "reads numbers and gaps",
    arguments: [
      ("1 2 3", [1, 2, 3] as [Double?], 0),
      ("1,2,3\n", [1, 2, 3], 0),
      ("1\r\n2\r\n3\r\n", [1, 2, 3], 0),
      ("1, 2 ,3", [1, 2, 3], 0),
      ("1,,3", [1, nil, 3], 0),
      ("1 nan NaN null NULL none NA 2", [1, nil, nil, nil, nil, nil, nil, 2], 0),
      ("1\n\n2", [1, nil, 2], 0),
      ("\u{FEFF}-6.25 0.5e1 inf", [-6.25, 5, nil], 2),
      ("\n\n 4 \n\n", [4], 0),
      ("0.1234567", [0.1234567], 6),
    ])
  func reads(_ input: String, _ values: [Double?], _ decimals: Int) throws {
    let parsed = try SparkInput.parse(Array(input.utf8))
    #expect(parsed.values == values)
    #expect(parsed.decimals == decimals)
  }

  @Test("names the bad value")
  func bad() {
    #expect(
      throws: SparkInputError(
        message:
          "spark -: 'abc' (value 3) is not a number; write nan, null or an empty field for a gap")
    ) {
      try SparkInput.parse(Array("1 2 abc".utf8))
    }
    #expect(throws: SparkInputError(message: "spark -: no numbers on standard input")) {
      try SparkInput.parse(Array(" \n\t".utf8))
    }
  }
}

@Suite struct SeriesSelectionTests {
  @Test("parses --series")
  func parse() {
    #expect(SeriesSelection(argument: "forecast") == .forecast)
    #expect(SeriesSelection(argument: "observed") == .observed(source: nil))
    #expect(
      SeriesSelection(argument: "observed:station-7") == .observed(source: .imported("station-7")))
    #expect(SeriesSelection(argument: "observed:") == nil)
    #expect(SeriesSelection(argument: "forecasts") == nil)
  }
}
