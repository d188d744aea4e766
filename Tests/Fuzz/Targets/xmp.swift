import AshlarCore

/// An XMP sidecar: the DTD refusal, the XML reader, the RDF walk and the field checks. The
/// language the build asks for alternates with the input's length, so both paths of the
/// language-alternative choice are taken.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let language = count % 2 == 0 ? "en" : nil
    return fuzzSidecar(fuzzInput(data, count)) { XMPSidecar.read($0, path: $1, language: language) }
}
