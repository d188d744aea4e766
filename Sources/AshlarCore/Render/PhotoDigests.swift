/// Each photo's part of the page signatures — everything its tile and page show
/// (`AlbumSignature.combine`) — hashed once per build. An album's signature and the signatures
/// of the keyword and place pages that show the photo each add its digest instead of hashing the
/// photo again: on the 10,000-photo benchmark site (two keywords on every photo) the photos were
/// hashed 30,000 times, 5 % of the build's instructions, the keyword pages' share of it on one
/// thread.
struct PhotoDigests: Sendable {
    private var digests: [PhotoID: UInt64] = [:]

    /// No digests: each photo is hashed when asked for.
    init() {}

    /// The digests of every photo of `albums`, hashed on `workers` threads.
    init(albums: [Album], published: PublishedImages, workers: Int?) {
        let perAlbum = albums.parallelMap(workers: workers) { album in
            album.photos.map { (id: $0.id, digest: AlbumSignature.digest(of: $0, published: published)) }
        }
        digests.reserveCapacity(perAlbum.reduce(0) { $0 + $1.count })
        for album in perAlbum {
            for photo in album { digests[photo.id] = photo.digest }
        }
    }

    /// `photo`'s digest: the one made for the build, or made now for a photo not in it.
    func digest(of photo: Photo, published: PublishedImages) -> UInt64 {
        digests[photo.id] ?? AlbumSignature.digest(of: photo, published: published)
    }
}
