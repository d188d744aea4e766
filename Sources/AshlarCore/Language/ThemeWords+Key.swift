extension ThemeWords {
    /// Every word the theme shows: `words.KEY` in templates, and the key of `ashlar.json`'s
    /// `words` that replaces it. Keys whose text has `{placeholders}` are filled in by Ashlar
    /// (templates receive the filled text, as `positionText` or `photoCountText`); the others
    /// templates show as they are.
    package enum Key: String, CaseIterable, Sendable {
        /// the skip link at the top of every page
        case skipToContent
        /// the footer's credit to Ashlar
        case madeWithAshlar
        /// before `site.author` in the footer, without a copyright line
        case photographsBy
        /// the breadcrumbs' `aria-label`
        case breadcrumbs
        /// the heading of an album's sub-albums
        case albums
        /// an album with neither photos nor sub-albums
        case emptyAlbum
        /// the pagination's `aria-label`
        case pages
        /// the link to the previous page or photo
        case previous
        /// the link to the next page or photo
        case next
        /// said (not shown) after `previous` and `next` in the pagination; may be empty
        case pageAfterDirection
        /// said (not shown) before a page number in the pagination
        case pageBeforeNumber
        /// the `aria-label` of a photo page's previous/next navigation
        case photos
        /// the script's zoom button
        case zoom
        /// the summary of a photo's long description
        case imageDescription
        /// the `aria-label` of a photo's tags, and the title of the keyword pages
        case tags
        /// the title of the place pages
        case places
        /// the site menu's `aria-label`
        case siteMenu
        /// the `aria-label` of the front page's links to the keyword and place indexes
        case browse
        /// the front page's link to the keyword index
        case allTags
        /// the front page's link to the place index
        case allPlaces
        /// before a photo's creator
        case photoBy
        /// the link to a photo's licence
        case licenceTerms
        /// the link to the largest image
        case viewFullSize
        /// a video page's download link
        case downloadVideo
        /// the link to the published original
        case downloadOriginal
        /// between a photo's position and its album's link ("Photo 3 of 5 in Summer")
        case inAlbum
        /// a video tile's badge
        case video
        /// before a video's alt text in labels
        case videoLabel
        /// inside `<video>`, for browsers that cannot play it
        case cannotPlayVideo
        /// the download link inside `<video>`, before the file's name
        case downloadTheVideo
        /// the script's full-size view's label
        case fullSize
        /// the button that closes the script's full-size view
        case closeFullSize
        /// the photo page's link from the photo down to its caption and camera details
        case details
        /// a camera detail's label: the camera's make and model
        case camera
        /// a camera detail's label: the lens
        case lens
        /// a camera detail's label: the focal length
        case focalLength
        /// a camera detail's label: the aperture
        case aperture
        /// a camera detail's label: the exposure time
        case shutter
        /// a camera detail's label: the exposure compensation
        case exposureCompensation
        /// a camera detail's label: the ISO sensitivity
        case sensitivity
        /// `{page}`, `{count}`: a page's place in a paginated album or keyword, after its title
        case pageOfCount
        /// `{album}`: the label of an album's gallery
        case photosInAlbum
        /// `{album}`: the label of an album's sub-albums' gallery
        case albumsInAlbum
        /// `{tag}`: a keyword page's description and gallery label
        case photosTagged
        /// `{place}`: a place page's description and gallery label
        case photosTakenIn
        /// `{position}`, `{count}`: an untitled photo's title, and a photo page's position
        case photoPosition
        /// `{position}`, `{count}`: an untitled video's title, and a video page's position
        case videoPosition
        /// `{count}`: a count of photos in the plural category `one`
        case photoCountOne
        /// `{count}`: a count of photos in any other plural category
        case photoCountOther
        /// `{count}`: a count of videos in the plural category `one`
        case videoCountOne
        /// `{count}`: a count of videos in any other plural category
        case videoCountOther
        /// between the parts of a list: the count of photos and the count of videos, a gallery's
        /// label and its page
        case listSeparator
    }
}
