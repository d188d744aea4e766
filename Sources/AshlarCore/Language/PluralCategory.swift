/// The CLDR plural categories the theme's languages use for whole numbers: a count's form is
/// chosen by its category (`1 photo`, `2 photos`; French `0 photo`). See
/// `SiteLanguage.pluralCategory(_:)`.
package enum PluralCategory: Sendable, Equatable {
    case one
    case other
}
