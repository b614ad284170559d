import Testing

@testable import OpenMeteo

@Suite struct JSONParserTests {
  func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test("numeric arrays with nulls become [Double?]")
  func numericArrays() throws {
    let value = try parse(#"{"a":[1,null,-2.5,0.30,1e3]}"#)
    #expect(value["a"]?.numberArray == [1, nil, -2.5, 0.3, 1000])
  }

  @Test(
    "decimal numbers parse to the same double as strtod",
    arguments: [
      "0.1", "0.30", "-6.2", "1013.25", "123456789012345", "0.000001", "12.345678901234567",
      "1.7976931348623157e308", "5e-324", "-0", "0.1234567890123456789",
    ])
  func numbers(text: String) throws {
    #expect(try parse("[\(text)]").numberArray == [Double(text)!])
  }

  @Test(
    "nan, truncated and trailing data are errors, never crashes",
    arguments: [
      #"{"latitude":nan}"#, #"{"a":[1,2"#, "{} {}", "", #"{"a":tru}"#, #"["\u12"]"#, "[1.]", "[-]",
      #"{"a" 1}"#, "[01x]",
    ])
  func invalid(text: String) {
    #expect(throws: JSONParseError.self) { try parse(text) }
  }

  @Test("strings unescape, including surrogate pairs, and keep CJK")
  func strings() throws {
    let value = try parse(#"["\u00b0C","北京","a\"b\\c\/d\n","\ud83d\ude00"]"#)
    #expect(value.arrayValue?.compactMap(\.stringValue) == ["°C", "北京", "a\"b\\c/d\n", "😀"])
  }

  @Test("deep nesting is refused")
  func depth() {
    let text = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    #expect(throws: JSONParseError.self) { try parse(text) }
  }

  @Test("objects keep member order and the last duplicate wins")
  func objects() throws {
    let object = try #require(try parse(#"{"b":1,"a":2,"b":3}"#).objectValue)
    #expect(object.keys == ["b", "a", "b"])
    #expect(object["b"] == .number(3))
  }
}
