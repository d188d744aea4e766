/// What an item of an album is: a still photo, or a video with the still (if any) that stands for
/// it until it plays. A new kind of input is a new case here, and the compiler then finds every
/// place that must handle it.
package enum Media: Sendable, Equatable {
    case photo(Still)
    case video(Video, poster: Still?)
}
