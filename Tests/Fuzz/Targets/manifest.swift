@testable import AshlarCore

/// `OUTPUT/.ashlar-manifest.json` (and the build state kept outside the site), which a rebuild
/// trusts to say what it may overwrite and remove:
/// `BuildManifest.read` never traps, keeps only safe relative paths (no `..`, no empty segment, no
/// NUL, no leading `/`), and what it reads writes back to bytes that read as the same manifest.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    // The list a build leaves in the output folder (OutputMarker) is read from it too.
    if let files = OutputMarker.read(bytes) {
        for path in files {
            require(RelativePath.isSafe(path) && !path.hasPrefix("/"), "unsafe path '\(path)' kept in the list")
        }
        let again = OutputMarker.read(OutputMarker.bytes(files: files))
        require(again.map(Set.init) == Set(files), "the list does not survive writing and reading back")
    }
    guard let manifest = BuildManifest.read(bytes) else { return 0 }
    for path in manifest.files.keys {
        require(RelativePath.isSafe(path), "unsafe path '\(path)' kept")
        require(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "path '\(path)' leads out")
    }
    let again = BuildManifest.read(manifest.bytes)
    require(again == manifest, "the manifest does not survive writing and reading back")
    return 0
}
