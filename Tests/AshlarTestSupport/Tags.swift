import Testing

extension Tag {
    /// Drives headless Chromium (and chromedriver): seconds a case, and CPU the other tests share.
    @Tag public static var browser: Self
    /// Takes more than a few seconds on the 2-core CI machine (whole-site builds, large inputs,
    /// load tests, quality sweeps).
    @Tag public static var slow: Self
    /// Compares against a reference tool outside the package (libjpeg-turbo, exiftool, ffmpeg,
    /// Pillow, ImageMagick, libvips, the Nu checker, axe-core, `ssimulacra2`).
    @Tag public static var referenceTools: Self
}
