import Foundation
import Testing
@testable import TutorGradebook

@Suite struct TimestampTests {
    @Test func readsISO8601AndNbgraderStyleTimesWithAZone() {
        let base = Timestamp.parse("2026-12-15T23:59Z")
        #expect(base == Date(timeIntervalSince1970: 1_797_379_140))
        #expect(Timestamp.parse("2026-12-15T23:59:00Z") == base)
        #expect(Timestamp.parse("2026-12-16T00:59+01:00") == base)
        #expect(Timestamp.parse("2026-12-16T00:59+0100") == base)
        #expect(Timestamp.parse("2026-12-15T18:59-05") == base)
        #expect(Timestamp.parse("2026-12-15 23:59:00 UTC") == base)
        #expect(Timestamp.parse("2026-12-15 23:59:00.500000 UTC") == base!.addingTimeInterval(0.5))
    }

    @Test func refusesTimesWithoutAZoneAndDatesThatDoNotExist() {
        for text in ["2026-12-15T23:59", "2026-12-15", "2026-11-31T10:00Z", "2026-13-01T10:00Z", "2026-12-15T24:00Z", "yesterday", "2026-12-15T23:59 CET"] {
            #expect(Timestamp.parse(text) == nil, "\(text)")
        }
    }

    @Test func formatsInUTCAndReadsBack() {
        let date = Date(timeIntervalSince1970: 1_797_379_140)
        #expect(Timestamp.format(date) == "2026-12-15T23:59:00Z")
        #expect(Timestamp.readable(date) == "2026-12-15 23:59 UTC")
        #expect(Timestamp.parse(Timestamp.format(date)) == date)
    }

    @Test func durationsReadAndPrintAsPeopleWriteThem() {
        #expect(DurationText.parse("15m") == 900)
        #expect(DurationText.parse("1h30m") == 5400)
        #expect(DurationText.parse("2 d") == 172_800)
        #expect(DurationText.parse("0") == 0)
        #expect(DurationText.parse("soon") == nil)
        #expect(DurationText.parse("15") == nil)
        #expect(DurationText.format(93_780) == "1 d 2 h 3 min")
        #expect(DurationText.format(86_400) == "1 d")
        #expect(DurationText.format(42) == "42 s")
    }

    /// Found by the fuzzer: a length past Int's range (which `parse` reads) crashed `format`.
    @Test func aHugeDurationPrintsInsteadOfCrashing() {
        let seconds = DurationText.parse("99999999999999999999d0h30m")
        #expect(seconds != nil)
        #expect(DurationText.format(seconds!).contains(" d"))
        #expect(DurationText.format(-5) == "0 s")
        #expect(DurationText.format(.nan) == "0 s")
    }

    /// Found by the fuzzer: moments `format` cannot write back in four digits were taken,
    /// so a deadline stored in the gradebook could not be read again.
    @Test func momentsOutsideTheYears1To9999AreRefused() {
        #expect(Timestamp.parse("9999-12-31T23:59:59-18:00") == nil)
        #expect(Timestamp.parse("0000-01-01T00:00Z") == nil)
        #expect(Timestamp.parse("0001-01-01T00:30+01:00") == nil)
        let last = Timestamp.parse("9999-12-31T23:59:59Z")
        #expect(last != nil && Timestamp.parse(Timestamp.format(last!)) == last)
    }
}
