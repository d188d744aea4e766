import Foundation

/// `DirectoryJail`'s descriptors, always used under its mutex. A kept folder in use (`users`
/// above zero) is never closed: forgetting it moves it to `retired` until its last user is done.
struct DirectoryJailHandles {
    /// Where reaching a folder starts: kept already, or a walk from a folder in use (the root, or a
    /// kept ancestor given a user until the walk is done), or nowhere.
    enum Start {
        case kept(Int32)
        case walk(base: Int32, baseKey: String?, start: String.Index)
        case failed(Int32)
    }

    var root: Int32 = -1
    var folders: [String: Kept] = [:]
    var retired: [Int32: Int] = [:]
    var clock = 0

    struct Kept {
        var descriptor: Int32
        var users: Int
        var lastUse: Int
    }

    /// `folder`'s descriptor when it is kept (with one more user, for `release`), else where to
    /// walk to it from: its nearest kept ancestor (given a user until `finish`) or the root.
    mutating func start(_ folder: String) -> Start {
        guard root >= 0 else { return .failed(ENOENT) }
        if folder.isEmpty { return .kept(root) }
        clock += 1
        // One hash of the path, here and in `release`: every file of a build comes through.
        if let index = folders.index(forKey: folder) {
            folders.values[index].users += 1
            folders.values[index].lastUse = clock
            return .kept(folders.values[index].descriptor)
        }
        var end = folder.endIndex
        while let slash = folder[..<end].utf8.lastIndex(of: UInt8(ascii: "/")) {
            let ancestor = String(folder[..<slash])
            if let index = folders.index(forKey: ancestor) {
                folders.values[index].users += 1
                folders.values[index].lastUse = clock
                let base = folders.values[index].descriptor
                return .walk(base: base, baseKey: ancestor, start: folder.utf8.index(after: slash))
            }
            end = slash
        }
        return .walk(base: root, baseKey: nil, start: folder.startIndex)
    }

    /// Keeps what a walk opened, as far as there is room, and ends the walk's use of its base.
    /// Returns `folder`'s descriptor with one user (for `release`), or nil when the walk fell
    /// short. A folder another thread kept meanwhile keeps its descriptor; the walk's is closed,
    /// or, for `folder` itself, closed by `release`.
    mutating func finish(_ folder: String, opened: [(String, Int32)], base: Int32, baseKey: String?) -> Int32? {
        if let baseKey { release(baseKey, base) }
        var reached: Int32?
        for (path, descriptor) in opened {
            let isTarget = path.utf8.count == folder.utf8.count
            if folders[path] == nil, keep(path, descriptor, users: isTarget ? 1 : 0) {
                // Kept.
            } else if isTarget {
                retired[descriptor] = 1
            } else {
                close(descriptor)
            }
            if isTarget { reached = descriptor }
        }
        return reached
    }

    /// Done with a descriptor from `start` or `finish`.
    mutating func release(_ folder: String, _ descriptor: Int32) {
        if folder.isEmpty { return }
        if let index = folders.index(forKey: folder), folders.values[index].descriptor == descriptor {
            folders.values[index].users -= 1
        } else if let users = retired[descriptor] {
            if users > 1 {
                retired[descriptor] = users - 1
            } else {
                retired[descriptor] = nil
                close(descriptor)
            }
        }
    }

    /// Keeps a descriptor, closing the least recently used one not in use to make room; false
    /// when all are in use.
    private mutating func keep(_ folder: String, _ descriptor: Int32, users: Int) -> Bool {
        if folders.count >= DirectoryJail.cacheSize {
            var oldest: (folder: String, kept: Kept)?
            for (folder, kept) in folders where kept.users == 0 && kept.lastUse < oldest?.kept.lastUse ?? .max {
                oldest = (folder, kept)
            }
            guard let oldest else { return false }
            close(oldest.kept.descriptor)
            folders[oldest.folder] = nil
        }
        folders[folder] = Kept(descriptor: descriptor, users: users, lastUse: clock)
        return true
    }

    /// Forgets `path` and every kept folder below it (it was renamed or removed).
    mutating func forget(_ path: String) {
        guard !folders.isEmpty else { return }
        let below = path + "/"
        for (folder, kept) in folders where folder == path || folder.hasPrefix(below) {
            folders[folder] = nil
            if kept.users > 0 {
                retired[kept.descriptor, default: 0] += kept.users
            } else {
                close(kept.descriptor)
            }
        }
    }

    mutating func closeAll() {
        for kept in folders.values { close(kept.descriptor) }
        for descriptor in retired.keys { close(descriptor) }
        if root >= 0 { close(root) }
        folders = [:]
        retired = [:]
        root = -1
    }
}
