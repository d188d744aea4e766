/// Ashlar's version: printed by `ashlar --version`, and part of every build's fingerprint, so a
/// new version rebuilds sites it built before.
package enum AshlarVersion {
    package static let current = "0.1.0"
}
