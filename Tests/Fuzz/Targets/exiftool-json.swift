import AshlarCore

/// `exiftool -json` output beside a photo: JSON parser, tag mapping, exiftool's value forms.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzSidecar(fuzzInput(data, count)) { ExiftoolSidecar.read($0, path: $1) }
}
