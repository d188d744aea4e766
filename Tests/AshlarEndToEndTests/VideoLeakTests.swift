import AshlarTestSupport
import Foundation
import Testing

/// The acceptance check of issue 39 for videos: a site built from every kind of MP4 that leaks
/// where a denylist misses (`make-mp4-leaks.sh`: a Keys `location`, a Sony `rtmd` GPS track, GPS
/// subtitles, a Garmin `uuid` in `moov`, cover art with GPS, serial number and owner, a GoPro GPS
/// track and serial number) publishes none of it: exiftool `-a -G1 -n -ee3` finds no location,
/// serial number or owner in any file of the site.
@Suite struct VideoLeakTests {
    static let leaks = [
        "leak-keys.mp4", "leak-rtmd.mp4", "leak-tx3g.mp4", "leak-uuid.mp4", "leak-covr.mp4", "leak-gopro.mp4",
    ]

    @Test(.enabled(if: RequiredTool.runs(whenInstalled: PrivacyTests.toolsInstalled), "needs exiftool"))
    func theBuiltSiteHoldsNoLocationSerialOrOwner() throws {
        let folder = try TemporaryFolder("ashlar-video-leaks")
        try folder.write(#"{ "title": "Leaks", "language": "en" }"#, to: "site/ashlar.json")
        for name in Self.leaks {
            try folder.copy(VideoTests.fixtures.appendingPathComponent(name), to: "site/clips/\(name)")
        }
        let site = folder.url.appendingPathComponent("site")
        let before = try Self.findings(in: site.appendingPathComponent("clips"))
        #expect(Set(before.map { $0.prefix { $0 != ":" } }).count == Self.leaks.count, "\(before)")
        let run = try VideoTests.build(site, cache: folder.url.appendingPathComponent("cache"))
        #expect(run.status == 0, "\(run.stderr)")
        let output = site.appendingPathComponent("_site")
        for name in Self.leaks {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("clips/\(name)").path))
        }
        let after = try Self.findings(in: output)
        #expect(after.isEmpty, "\n\(after.joined(separator: "\n"))")
    }

    /// What exiftool, with the timed metadata of every track (`-ee3`), finds private in `folder`:
    /// `FILE: GROUP:TAG` for each location, serial number, owner or cover art.
    static func findings(in folder: URL) throws -> [String] {
        let run = try Ashlar.run(
            PrivacyTests.exiftool, ["-a", "-G1", "-n", "-ee3", "-j", "-r", "-ext", "mp4", "."], in: folder)
        let records = try #require(
            try? JSONSerialization.jsonObject(with: run.stdoutBytes) as? [[String: Any]], "exiftool: \(run.stderr)")
        var lines: [String] = []
        for record in records {
            let file = record["SourceFile"] as? String ?? "?"
            for key in record.keys.sorted() {
                let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if PrivacyTests.isPrivate(group: parts[0], tag: parts[1]) || parts[1] == "CoverArt"
                    || parts[1].lowercased().contains("location")
                {
                    lines.append("\(file): \(key)")
                }
            }
        }
        return lines
    }
}
