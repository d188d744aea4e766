import AshlarTestSupport
import Foundation
import Testing

/// Issue 42's acceptance: a folder of HEICs of every kind — phone photos with GPS, grids and
/// `irot`, a `clap`+`irot`+`imir` image, a 10-bit image, one with alpha, one coded at an odd size,
/// one with only `nclx` Display P3, and one cut short — built as a site. Every rendition is
/// compared with libde265's decode (`heif-convert`) resized by Pillow's LANCZOS; exiftool finds no
/// location in anything published; the cut file is refused by name and the rest published.
@Suite(
    .tags(.slow, .referenceTools),
    .enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEICFolderTests {
    /// Each rendition of `out/heic` against `heif-convert`'s decode of its HEIC, resized to the
    /// rendition's size with Pillow's LANCZOS: PSNR of luma for JPEG renditions (their chroma is
    /// 4:2:0, which costs sharp synthetic colour edges more than any decoder error would), of
    /// RGBA composited over grey for PNG ones. Prints `NAME WIDTHxHEIGHT MODE PSNR` per rendition.
    static let comparison = #"""
        import math, os, subprocess, sys, tempfile
        import numpy as np
        from PIL import Image
        site, out = sys.argv[1], sys.argv[2]
        references = {}
        for name in sorted(os.listdir(out)):
            if "@" not in name: continue
            stem = name.split("@")[0]
            if stem not in references:
                folder = tempfile.mkdtemp()
                path = os.path.join(folder, "ref.png")
                subprocess.run(["heif-convert", os.path.join(site, stem + ".heic"), path], check=True,
                               capture_output=True)
                if not os.path.exists(path): path = os.path.join(folder, "ref-1.png")
                references[stem] = Image.open(path).copy()
            rendition = Image.open(os.path.join(out, name)); rendition.load()
            mode = "RGBA" if rendition.mode in ("RGBA", "LA") else "RGB"
            a = np.asarray(references[stem].convert(mode).resize(rendition.size, Image.LANCZOS), dtype=np.float64)
            b = np.asarray(rendition.convert(mode), dtype=np.float64)
            if mode == "RGBA":
                def over_grey(x): return x[..., :3] * x[..., 3:] / 255 + 128 * (1 - x[..., 3:] / 255)
                a = np.concatenate([over_grey(a), a[..., 3:]], axis=2)
                b = np.concatenate([over_grey(b), b[..., 3:]], axis=2)
            else:
                luma = np.array([0.299, 0.587, 0.114])
                a, b = a @ luma, b @ luma
            mse = ((a - b) ** 2).mean()
            psnr = 10 * math.log10(255 ** 2 / mse) if mse > 0 else 99.0
            print(f"{name} {rendition.size[0]}x{rendition.size[1]} {mode} {psnr:.2f}")
        """#

    /// A 320×240 picture of saturated gradients written as HEIC with an `nclx` of Display P3.
    static let nclxP3 = #"""
        import sys
        import numpy as np
        import pillow_heif
        from PIL import Image
        y, x = np.mgrid[0:240, 0:320]
        pixels = np.stack([x * 255 // 319, y * 255 // 239, (319 - x) * 255 // 319], axis=2).astype(np.uint8)
        heif = pillow_heif.from_pillow(Image.fromarray(pixels, "RGB"))
        heif.save(sys.argv[1], quality=90, save_nclx_profile=True, color_primaries=12,
                  transfer_characteristics=13, matrix_coefficients=6, full_range_flag=1)
        """#

    @Test func aFolderOfHEICsIsPublished() throws {
        try RequiredTool.require(RenditionTests.toolsInstalled, "exiftool and python3 with Pillow")
        try RequiredTool.require(tool: "heif-convert")
        let exiftool = try RequiredTool.require(tool: "exiftool")
        let folder = try TemporaryFolder("ashlar-heic-folder")
        let shared = SharedMaterial.folder("heic")
        let copies = [
            "iphone13pro_pug_gps_gainmap_depth.heic": "pug", // GPS, an 8×6 grid, Display P3 ICC
            "iphone8plus_arrow_irot270.heic": "arrow", // a grid turned by irot 270
            "nokia_MIAF007.heic": "turned", // clap, then irot 90, then imir
            "self_320x240_q90_10bit.heic": "tenbit", // Main 10
            "self_333x257_q90_420_alpha.heic": "alpha", // an auxl alpha plane
            "self_333x257_q90_420.heic": "odd", // 334×258 coded, cropped twice
        ]
        for (name, stem) in copies {
            try folder.copy(shared.appendingPathComponent(name), to: "site/heic/\(stem).heic")
        }
        let whole = try Data(contentsOf: shared.appendingPathComponent("self_333x257_q90_420.heic"))
        try folder.write(whole.prefix(whole.count * 2 / 3), to: "site/heic/cut.heic")
        // Display P3 stated by `nclx` alone (primaries 12, sRGB curve), as some phones write it:
        // pillow-heif writes the `colr` box (heif-enc 1.15 leaves it out).
        let p3 = try Ashlar.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", Self.nclxP3, folder.url.appendingPathComponent("site/heic/p3.heic").path])
        try #require(p3.status == 0, "\(p3.stderr)")
        try folder.write(#"{"renditions": {"quality": 90}}"#, to: "site/ashlar.json")

        let run = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(run.status == 1, "the cut file is a content error: \(run.stderr)")
        #expect(run.stderr.contains("heic/cut.heic: error: "), "\(run.stderr)")
        #expect(run.stdout.contains("Built 7 photos"), "\(run.stdout)")
        // The iPhone's XMP item ends in a NUL, as a C string; it is read, not refused.
        #expect(!run.stderr.contains("XMP"), "\(run.stderr)")
        let album = try folder.read("out/heic/index.html")
        for stem in copies.values.sorted() + ["p3"] {
            #expect(album.contains("href=\"../heic/\(stem)/index.html\""), "\(stem) has a page")
        }
        #expect(!album.contains("cut/index.html"), "the cut file has no page")
        let published = try FileManager.default.subpathsOfDirectory(
            atPath: folder.url.appendingPathComponent("out").path)
        #expect(!published.contains { $0.lowercased().hasSuffix(".heic") }, "\(published)")

        // Pixels and orientation: every rendition against libde265's decode.
        let compared = try Ashlar.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c", Self.comparison, folder.url.appendingPathComponent("site/heic").path,
                folder.url.appendingPathComponent("out/heic").path,
            ])
        try #require(compared.status == 0, "\(compared.stderr)")
        let rows = compared.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for stem in copies.values.sorted() + ["p3"] {
            #expect(rows.contains { $0[0].hasPrefix(stem + "@") }, "\(stem) has renditions")
        }
        for row in rows {
            #expect((Double(row[3]) ?? 0) >= 40, "\(row.joined(separator: " ")): PSNR under 40 dB")
            let sides = row[1].split(separator: "x").compactMap { Int($0) }
            if row[0].hasPrefix("arrow@") || row[0].hasPrefix("turned@") {
                #expect(sides[0] < sides[1], "\(row[0]) is a portrait")
            } else {
                #expect(sides[0] > sides[1], "\(row[0]) is a landscape")
            }
            #expect(row[2] == (row[0].hasPrefix("alpha@") ? "RGBA" : "RGB"), "\(row[0]): only alpha makes a PNG")
        }

        // Nothing published says where: exiftool reads every file, HTML and JSON included.
        let leaks = try Ashlar.run(
            URL(fileURLWithPath: exiftool),
            [
                "-r", "-a", "-G1", "-n", "-ee3", "-gps:all", "-xmp:GPS*", "-location:all", "-s",
                folder.url.appendingPathComponent("out").path,
            ])
        #expect(!leaks.stdout.contains("GPS"), "\(leaks.stdout)")
        // The nclx-only P3 photo's renditions say Display P3, as the iPhones' do.
        for stem in ["p3", "pug"] {
            guard let rendition = published.first(where: { $0.hasPrefix("heic/\(stem)@") }) else { continue }
            let profile = try Ashlar.run(
                URL(fileURLWithPath: exiftool),
                ["-s3", "-ICC_Profile:ProfileDescription", folder.url.appendingPathComponent("out/" + rendition).path])
            #expect(profile.stdout.contains("Display P3"), "\(rendition): \(profile.stdout)")
        }
    }

    /// `"originals": "publish"`: a HEIC's page offers a copy rebuilt from an allowlist, which
    /// libheif decodes to the same pixels as the file, with the camera and without the place.
    @Test func aHEICOriginalIsPublishedWithoutItsPlace() throws {
        try RequiredTool.require(RenditionTests.toolsInstalled, "exiftool and python3 with Pillow")
        let heifConvert = try RequiredTool.require(tool: "heif-convert")
        let exiftool = try RequiredTool.require(tool: "exiftool")
        let folder = try TemporaryFolder("ashlar-heic-original")
        let shared = SharedMaterial.folder("heic")
        try folder.copy(shared.appendingPathComponent("iphone13pro_pug_gps_gainmap_depth.heic"), to: "site/pug.heic")
        try folder.copy(shared.appendingPathComponent("self_333x257_q90_420_alpha.heic"), to: "site/alpha.heic")
        try folder.write(#"{"originals": "publish"}"#, to: "site/ashlar.json")
        let run = try Ashlar.run(["build", "site", "--output", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("original"), "\(run.stderr)")
        for stem in ["pug", "alpha"] {
            let page = try folder.read("out/\(stem)/index.html")
            #expect(page.contains(#"<a href="../\#(stem).heic" download>"#), "\(stem)'s page offers its original")
            let copy = folder.url.appendingPathComponent("out/\(stem).heic").path
            let decoded = folder.url.appendingPathComponent("\(stem)-copy.png").path
            let reference = folder.url.appendingPathComponent("\(stem)-file.png").path
            _ = try Ashlar.run(URL(fileURLWithPath: heifConvert), [copy, decoded])
            _ = try Ashlar.run(
                URL(fileURLWithPath: heifConvert),
                [folder.url.appendingPathComponent("site/\(stem).heic").path, reference])
            let same = try Ashlar.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-c",
                    "import sys, numpy as n; from PIL import Image as I; a, b = (n.asarray(I.open(p)) for p in sys.argv[1:]);"
                        + " sys.exit(0 if a.shape == b.shape and (a == b).all() else 1)",
                    decoded, reference,
                ])
            #expect(same.status == 0, "\(stem): libheif decodes the copy to other pixels: \(same.stderr)")
        }
        let tags = try Ashlar.run(
            URL(fileURLWithPath: exiftool),
            [
                "-a", "-G1", "-s", "-gps:all", "-xmp:all", "-Model",
                folder.url.appendingPathComponent("out/pug.heic").path,
            ])
        #expect(tags.stdout.contains("iPhone 13 Pro"), "\(tags.stdout)")
        #expect(!tags.stdout.contains("GPS") && !tags.stdout.contains("XMP"), "\(tags.stdout)")
    }
}
