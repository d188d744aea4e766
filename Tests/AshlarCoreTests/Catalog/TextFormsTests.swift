import Testing

@testable import AshlarCore

/// Small text forms every page uses, kept fast and exact.
@Suite struct TextFormsTests {
    @Test(arguments: [
        (PhotoDate(year: 2024, month: 6, day: 1, hour: 18, minute: 30, second: 5), "2024-06-01T18:30:05"),
        (PhotoDate(year: 987, month: 12, day: 31), "0987-12-31T00:00:00"),
        (
            PhotoDate(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, utcOffsetMinutes: 0),
            "2024-01-02T03:04:05Z"
        ),
        (PhotoDate(year: 2024, month: 1, day: 2, utcOffsetMinutes: 330), "2024-01-02T00:00:00+05:30"),
        (PhotoDate(year: 2024, month: 1, day: 2, utcOffsetMinutes: -600), "2024-01-02T00:00:00-10:00"),
        (PhotoDate(year: 12345, month: 1, day: 2), "12345-01-02T00:00:00"),
    ])
    func iso8601(date: PhotoDate, text: String) {
        #expect(date.iso8601 == text)
        #expect(PhotoDate(parsing: text) == date || text.hasPrefix("12345"))
    }

    @Test(arguments: [
        (ImageLocation.output("a/b.jpg"), "nature/IMG_1.jpg" as String?, "IMG_1.jpg"),
        (.referenced("../x/IMG_2.png"), nil, "../x/IMG_2.png"),
        (.referenced("x/IMG_2.png"), "x/IMG_2.png", "IMG_2.png"),
        (.remote("https://cdn.example.com/p/7.jpg?w=100&h=2"), nil, "7.jpg"),
        (.remote("https://cdn.example.com/p/folder/"), nil, "folder"),
        (.remote("https://cdn.example.com/p/8.webp"), nil, "8.webp"),
        (.remote("?"), nil, "fallback.json"),
    ])
    func imageFileName(image: ImageLocation, sourcePath: String?, name: String) {
        let photo = Photo(
            sourcePath: sourcePath, image: image, primaryPath: "p", name: "fallback.json", slug: "s",
            metadata: PhotoMetadata(),
            width: 1, height: 1)
        #expect(photo.imageFileName == name)
    }
}
