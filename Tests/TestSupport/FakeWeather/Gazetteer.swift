import Foundation

/// The fake geocoder's places. Frederick ×3 is copied field for field from the recorded fixture
/// `geocoding-frederick-3-results.json`; the others use GeoNames-style values (ids, admin ids and
/// populations are plausible, not guaranteed to match GeoNames today). Among equally good matches,
/// results come in the order of this list.
struct Place: Sendable {
  var id: Int
  /// Names by language (`en` is the fallback).
  var names: [String: String]
  /// Other spellings that match a search but are never shown (`Zurich` for Zürich).
  var alternateNames: [String] = []
  var latitude: Double
  var longitude: Double
  var elevation: Double?
  var featureCode: String
  var countryCode: String
  var admin1ID: Int?
  var admin2ID: Int?
  var admin3ID: Int?
  var admin4ID: Int?
  var timezone: String
  var population: Int?
  var postcodes: [String]?
  var countryID: Int?
  var country: [String: String]
  var admin1: [String: String]?
  var admin2: [String: String]?
  var admin3: [String: String]?
  var admin4: [String: String]?
  /// Ranked above everything else for `language=zh` (open-meteo/geocoding-api#20).
  var rankedFirstInChinese = false

  /// Every name a search can match.
  var searchableNames: [String] { Array(names.values) + alternateNames }
}

enum Gazetteer {
  static let places: [Place] = [
    Place(
      id: 2_950_159, names: ["en": "Berlin", "de": "Berlin", "zh": "柏林"],
      latitude: 52.52437, longitude: 13.41053, elevation: 74.0, featureCode: "PPLC",
      countryCode: "DE", admin1ID: 2_950_157, admin3ID: 6_547_383, admin4ID: 6_547_539,
      timezone: "Europe/Berlin", population: 3_426_354, postcodes: ["10967", "13347"],
      countryID: 2_921_044, country: ["en": "Germany", "de": "Deutschland", "zh": "德国"],
      admin1: ["en": "Land Berlin", "de": "Land Berlin", "zh": "柏林"],
      admin3: ["en": "Berlin, Stadt"], admin4: ["en": "Berlin"]),
    Place(
      id: 2_661_552, names: ["en": "Bern", "de": "Bern", "fr": "Berne", "zh": "伯尔尼"],
      latitude: 46.94809, longitude: 7.44744, elevation: 542.0, featureCode: "PPLC",
      countryCode: "CH", admin1ID: 2_661_551, admin2ID: 6_458_782, timezone: "Europe/Zurich",
      population: 121_631, postcodes: ["3000", "3001"], countryID: 2_658_434,
      country: ["en": "Switzerland", "de": "Schweiz", "zh": "瑞士"],
      admin1: ["en": "Bern", "zh": "伯尔尼州"], admin2: ["en": "Bern-Mittelland District"]),
    // The three Frederick results, exactly as recorded (t-shahan/virga tests/fixtures/geocode.json).
    Place(
      id: 4_355_585, names: ["en": "Frederick"], latitude: 39.41427, longitude: -77.41054,
      elevation: 87.0, featureCode: "PPLA2", countryCode: "US", admin1ID: 4_361_885,
      admin2ID: 4_355_594, timezone: "America/New_York", population: 69_479,
      postcodes: ["21701", "21702", "21703", "21704", "21705", "21709"], countryID: 6_252_001,
      country: ["en": "United States"], admin1: ["en": "Maryland"],
      admin2: ["en": "Frederick County"]),
    Place(
      id: 4_537_289, names: ["en": "Frederick"], latitude: 34.39203, longitude: -99.01841,
      elevation: 398.0, featureCode: "PPLA2", countryCode: "US", admin1ID: 4_544_379,
      admin2ID: 4_553_073, timezone: "America/Chicago", population: 3692, postcodes: ["73542"],
      countryID: 6_252_001, country: ["en": "United States"], admin1: ["en": "Oklahoma"],
      admin2: ["en": "Tillman"]),
    Place(
      id: 5_577_217, names: ["en": "Frederick"], latitude: 40.09915, longitude: -104.9372,
      elevation: 1519.0, featureCode: "PPL", countryCode: "US", admin1ID: 5_417_618,
      admin2ID: 5_583_239, timezone: "America/Denver", population: 11_413, postcodes: ["80530"],
      countryID: 6_252_001, country: ["en": "United States"], admin1: ["en": "Colorado"],
      admin2: ["en": "Weld"]),
    // Beijing and two small homonyms that upstream ranks first for name=北京&language=zh.
    Place(
      id: 1_816_670, names: ["en": "Beijing", "zh": "北京"], alternateNames: ["Peking"],
      latitude: 39.9075, longitude: 116.39723, elevation: 49.0, featureCode: "PPLC",
      countryCode: "CN", admin1ID: 2_038_349, timezone: "Asia/Shanghai", population: 18_960_744,
      countryID: 1_814_991, country: ["en": "China", "zh": "中国"],
      admin1: ["en": "Beijing", "zh": "北京市"]),
    Place(
      id: 8_404_324, names: ["en": "Beijing", "zh": "北京"], latitude: 30.72608,
      longitude: 108.67483, elevation: 684.0, featureCode: "PPL", countryCode: "CN",
      admin1ID: 1_814_905, admin2ID: 1_814_906, timezone: "Asia/Shanghai", countryID: 1_814_991,
      country: ["en": "China", "zh": "中国"], admin1: ["en": "Chongqing", "zh": "重庆市"],
      admin2: ["en": "Chongqing", "zh": "重庆市"], rankedFirstInChinese: true),
    Place(
      id: 10_196_578, names: ["en": "Beijing", "zh": "北京"], latitude: 30.5722,
      longitude: 104.0665, elevation: 505.0, featureCode: "PPL", countryCode: "CN",
      admin1ID: 1_794_299, admin2ID: 1_815_285, timezone: "Asia/Shanghai", countryID: 1_814_991,
      country: ["en": "China", "zh": "中国"], admin1: ["en": "Sichuan", "zh": "四川"],
      admin2: ["en": "Chengdu", "zh": "成都"], rankedFirstInChinese: true),
    Place(
      id: 2_657_896, names: ["en": "Zürich", "de": "Zürich", "zh": "苏黎世"],
      alternateNames: ["Zurich", "Zuerich"], latitude: 47.36667, longitude: 8.55,
      elevation: 429.0, featureCode: "PPLA", countryCode: "CH", admin1ID: 2_657_895,
      admin2ID: 6_458_798, admin3ID: 6_295_521, timezone: "Europe/Zurich", population: 341_730,
      postcodes: ["8000", "8001"], countryID: 2_658_434,
      country: ["en": "Switzerland", "de": "Schweiz", "zh": "瑞士"],
      admin1: ["en": "Zurich", "de": "Zürich"], admin2: ["en": "Bezirk Zürich"],
      admin3: ["en": "Zürich"]),
    Place(
      id: 5_419_384, names: ["en": "Denver", "zh": "丹佛"], latitude: 39.73915,
      longitude: -104.9847, elevation: 1636.0, featureCode: "PPLA", countryCode: "US",
      admin1ID: 5_417_618, admin2ID: 5_419_401, timezone: "America/Denver", population: 715_522,
      postcodes: ["80201", "80202"], countryID: 6_252_001,
      country: ["en": "United States", "zh": "美国"], admin1: ["en": "Colorado"],
      admin2: ["en": "Denver"]),
    Place(
      id: 2_618_425, names: ["en": "Copenhagen", "da": "København", "zh": "哥本哈根"],
      latitude: 55.67594, longitude: 12.56553, elevation: 14.0, featureCode: "PPLC",
      countryCode: "DK", admin1ID: 6_418_538, timezone: "Europe/Copenhagen",
      population: 1_153_615, postcodes: ["1050", "1051"], countryID: 2_623_032,
      country: ["en": "Denmark", "da": "Danmark", "zh": "丹麦"],
      admin1: ["en": "Capital Region", "da": "Region Hovedstaden"]),
    Place(
      id: 3_182_351, names: ["en": "L'Aquila", "it": "L'Aquila"], alternateNames: ["LAquila"],
      latitude: 42.35055, longitude: 13.39954, elevation: 714.0, featureCode: "PPLA",
      countryCode: "IT", admin1ID: 3_183_560, admin2ID: 3_182_350, admin3ID: 6_540_064,
      timezone: "Europe/Rome", population: 68_503, postcodes: ["67100"], countryID: 3_175_395,
      country: ["en": "Italy", "it": "Italia"], admin1: ["en": "Abruzzo"],
      admin2: ["en": "Provincia dell'Aquila"], admin3: ["en": "L'Aquila"]),
    Place(
      id: 2_756_071, names: ["en": "Enschede"], latitude: 52.21833, longitude: 6.89583,
      elevation: 43.0, featureCode: "PPL", countryCode: "NL", admin1ID: 2_749_879,
      admin2ID: 2_756_070, timezone: "Europe/Amsterdam", population: 158_261,
      countryID: 2_750_405, country: ["en": "Netherlands", "nl": "Nederland"],
      admin1: ["en": "Overijssel"], admin2: ["en": "Gemeente Enschede"]),
    Place(
      id: 1_275_004, names: ["en": "Kolkata", "zh": "加尔各答"], alternateNames: ["Calcutta"],
      latitude: 22.56263, longitude: 88.36304, elevation: 9.0, featureCode: "PPLA",
      countryCode: "IN", admin1ID: 1_252_881, timezone: "Asia/Kolkata", population: 4_631_392,
      countryID: 1_269_750, country: ["en": "India", "zh": "印度"], admin1: ["en": "West Bengal"]),
    Place(
      id: 2_147_714, names: ["en": "Sydney", "zh": "悉尼"], latitude: -33.86785,
      longitude: 151.20732, elevation: 58.0, featureCode: "PPLA", countryCode: "AU",
      admin1ID: 2_155_400, timezone: "Australia/Sydney", population: 4_627_345,
      countryID: 2_077_456, country: ["en": "Australia", "zh": "澳大利亚"],
      admin1: ["en": "New South Wales"]),
    // A two-letter name (exact match only) next to a longer one it must not match.
    Place(
      id: 656_130, names: ["en": "Ii"], latitude: 65.31667, longitude: 25.36667, elevation: 9.0,
      featureCode: "PPLA3", countryCode: "FI", admin1ID: 830_603, timezone: "Europe/Helsinki",
      population: 9_900, countryID: 660_013, country: ["en": "Finland", "fi": "Suomi"],
      admin1: ["en": "North Ostrobothnia"]),
    Place(
      id: 656_820, names: ["en": "Iisalmi"], latitude: 63.55915, longitude: 27.19067,
      elevation: 104.0, featureCode: "PPLA3", countryCode: "FI", admin1ID: 830_696,
      timezone: "Europe/Helsinki", population: 22_000, countryID: 660_013,
      country: ["en": "Finland", "fi": "Suomi"], admin1: ["en": "North Savo"]),
  ]

  /// The place nearest to a coordinate within `degrees`, if any.
  static func nearest(latitude: Double, longitude: Double, within degrees: Double) -> Place? {
    places.map { place -> (Place, Double) in
      let dLat = place.latitude - latitude
      let dLon = (place.longitude - longitude) * cos(latitude * .pi / 180)
      return (place, (dLat * dLat + dLon * dLon).squareRoot())
    }
    .filter { $0.1 <= degrees }
    .min { $0.1 < $1.1 }?.0
  }
}
