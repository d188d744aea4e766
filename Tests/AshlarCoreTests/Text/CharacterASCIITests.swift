import Testing

@testable import AshlarCore

/// The ASCII-first letter and digit tests answer what Unicode's properties answer.
@Suite struct CharacterASCIITests {
    static let characters: [Character] =
        (0..<128).map { Character(UnicodeScalar(UInt8($0))) }
        + ["\r\n", "é", "ß", "Ж", "日", "²", "٣", "Ⅻ", "e\u{301}", "👍", "\u{00A0}", "ｓ"]

    @Test(arguments: characters)
    func sameAnswerAsUnicode(_ character: Character) {
        #expect(character.isLetterASCIIFirst == character.isLetter)
        #expect(character.isNumberASCIIFirst == character.isNumber)
    }
}
