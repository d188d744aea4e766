import Testing

@testable import AshlarCore

/// Titles read from file names, and the names cameras invent that give none.
@Suite struct FileNameTitleTests {
    @Test(
        arguments: [
            ("Moody_Skies.jpeg", "Moody Skies"),
            ("été-à-l'île.jpg", "Été à l'île"),
            ("NYC at night.jpg", "NYC at night"),
            ("moody skies.png", "Moody skies"),
            ("sunset-over-the-bay.webp", "Sunset over the bay"),
            ("harbour.at.dawn.jpg", "Harbour at dawn"),
            ("Jean-Luc at the X-T4 launch.jpg", "Jean-Luc at the X-T4 launch"),
            ("2024-06-01-beach.jpg", "2024-06-01 beach"),
            ("  lots   of__space .jpg", "Lots of space"),
            ("St. Ives", "St. Ives"),
            ("sunset.jpg.json", "Sunset"),
            ("sunset.xmp", "Sunset"),
            ("Photo of mum 2.jpg", "Photo of mum 2"),
            ("IMG_1234 copy.jpg", nil),
            ("ÉTÉ.JPG", "ÉTÉ"),
            ("bell\u{7}tower\u{1B}.jpg", "Belltower"),
            ("two\nlines.jpg", "Two lines"),
        ] as [(String, String?)])
    func titleFromAName(_ name: String, _ expected: String?) {
        #expect(FileNameTitle.title(fromFileName: name) == expected)
    }

    /// Names cameras, phones and their apps invent: pages keep "Photo N of M" for these.
    @Test(arguments: [
        "IMG_1234.jpg", "IMG_20240101_123456.jpg", "IMG-20240101-WA0001.jpeg", "DSC01234.JPG", "DSCF1234.RAF",
        "DSCN1234.jpg", "_DSC1234.ARW", "_MG_1234.CR2", "PXL_20240101_123456789.jpg",
        "PXL_20240101_123456789.PORTRAIT.jpg", "DJI_0001.JPG", "GOPR0001.JPG", "GH010001.MP4", "P1000123.JPG",
        "DCIM100.jpg", "MVIMG_20240101_123456.jpg", "IMG_1234-Edit.jpg", "IMG_1234 (1).jpg",
        "Screenshot 2024-01-01 at 10.00.00.png", "Screen Shot 2020-01-01 at 1.00.00 PM.png",
        "WhatsApp Image 2024-01-01 at 10.00.00.jpeg", "20240101_123456.jpg", "2024-06-01.jpg", "1234.jpg",
        "3F2504E0-4F89-11D3-9A0C-0305E82C3301.jpg", "d41d8cd98f00b204e9800998ecf8427e.jpg", "R0012345.DNG",
        "SAM_0042.JPG", ".jpg", "___.jpg", "IMG_E1234.JPG", "IMG_1234_HEVC.MOV", "MVI_1234.MOV", "FullSizeRender.jpg",
        "untitled-1.png", "image (3).png",
    ])
    func inventedNamesGiveNoTitle(_ name: String) {
        #expect(FileNameTitle.title(fromFileName: name) == nil)
    }
}
