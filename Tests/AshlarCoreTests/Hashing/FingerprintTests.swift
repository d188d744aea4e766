import Testing

@testable import AshlarCore

@Suite struct FingerprintTests {
    static func of(_ build: (inout Fingerprint) -> Void) -> String {
        var fingerprint = Fingerprint()
        build(&fingerprint)
        return fingerprint.hex
    }

    /// Pairs of different field sequences that text joined by hand, or a sentinel for "absent",
    /// would hash alike.
    @Test(arguments: [
        (
            "ab + c vs a + bc",
            of {
                $0.add("ab")
                $0.add("c")
            },
            of {
                $0.add("a")
                $0.add("bc")
            }
        ),
        ("absent vs NUL", of { $0.add(nil as String?) }, of { $0.add("\u{0}") }),
        ("absent vs empty", of { $0.add(nil as String?) }, of { $0.add("") }),
        ("absent number vs min", of { $0.add(nil as Int?) }, of { $0.add(Int.min) }),
        ("flag vs number", of { $0.add(true) }, of { $0.add(1) }),
        ("text vs bytes", of { $0.add("a") }, of { $0.add([UInt8(ascii: "a")]) }),
        (
            "lists split apart",
            of {
                $0.add(["a", "b"]) { $0.add($1) }
                $0.add(["c"]) { $0.add($1) }
            },
            of {
                $0.add(["a"]) { $0.add($1) }
                $0.add(["b", "c"]) { $0.add($1) }
            }
        ),
        ("0.1 vs nearly", of { $0.add(0.1 as Double?) }, of { $0.add(0.1000000001 as Double?) }),
    ])
    func differentFieldsDiffer(_ name: String, _ first: String, _ second: String) {
        #expect(first != second, "\(name)")
    }

    @Test func theSameFieldsGiveTheSameFingerprint() {
        let build: (inout Fingerprint) -> Void = {
            $0.add("album")
            $0.add(nil as String?)
            $0.add(3)
            $0.add([1, 2]) { $0.add($1) }
        }
        #expect(Self.of(build) == Self.of(build))
        #expect(Self.of(build).count == 16)
    }
}
