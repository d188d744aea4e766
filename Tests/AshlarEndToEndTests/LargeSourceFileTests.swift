import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// A photo file larger than any image Ashlar can decode within its memory budget (its own bytes
/// count in it) is refused before it is read whole, with an error naming it (issue 39): two
/// 400×300 JPEGs padded to 1 GiB after their end are left out of a `-j 2` build at once.
@Suite struct LargeSourceFileTests {
    @Test func aPaddedGigabyteJPEGIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder("ashlar-large-source")
        try folder.write(#"{ "title": "Large", "language": "en" }"#, to: "site/ashlar.json")
        let pixels = PixelImage(
            width: 400, height: 300, format: .rgb, pixels: [UInt8](repeating: 120, count: 400 * 300 * 3))
        let jpeg = Data(JPEGEncoder.encode(pixels))
        for name in ["one.jpg", "two.jpg"] {
            try folder.write(jpeg, to: "site/\(name)")
            try folder.write(#"{ "title": "\#(name)", "alt": "A grey square" }"#, to: "site/\(name).json")
            // Sparse zeros after the end of the image: 1 GiB that takes no room on disk.
            let handle = try FileHandle(forWritingTo: folder.url.appendingPathComponent("site/\(name)"))
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
        }
        let site = folder.url.appendingPathComponent("site")
        let run = try Ashlar.run(
            ["build", site.path, "-j", "2", "--cache-dir", folder.url.appendingPathComponent("cache").path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        for name in ["one.jpg", "two.jpg"] {
            #expect(
                run.stderr.contains(
                    "site/\(name): error: the file is 1024 MiB, more than any image Ashlar decodes within the build's memory budget of 1024 MiB (its bytes count in it); the photo is left out"
                ), "\(run.stderr)")
        }
        let check = try Ashlar.run(["check", site.path])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("site/one.jpg: error: the file is 1024 MiB"), "\(check.stderr)")
    }
}
