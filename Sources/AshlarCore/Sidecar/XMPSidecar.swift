import FoundationXML

public enum XMPSidecar {
    public static func read(_ bytes: [UInt8], path: String, language: String? = nil) -> SidecarReading { SidecarReading() }
}
