import AshlarCore

/// Ashlar's own JSON sidecar (`IMG_2041.jpg.json`): JSON parser, field checks, diagnostics.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzSidecar(fuzzInput(data, count)) { AshlarSidecar.read($0, path: $1) }
}
