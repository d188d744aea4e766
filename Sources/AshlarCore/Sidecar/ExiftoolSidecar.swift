public enum ExiftoolSidecar {
    public static func read(_ bytes: [UInt8], path: String) -> SidecarReading { SidecarReading() }
}
