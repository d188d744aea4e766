/// Ashlar's version: printed by `ashlar --version`, and part of every build's fingerprint, so a
/// new version rebuilds sites it built before.
public enum AshlarVersion {
    public static let current = "0.1.0"
}
