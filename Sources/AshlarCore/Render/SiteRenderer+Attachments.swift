import AshlarImage

extension SiteRenderer {
    /// The files of `pages/` the pages show, each published beside every page that names it
    /// (`about.md`'s `![Me](me.jpg)` → `about/me.jpg`). Only images are published, as the copy
    /// any photo gets (``PublishedCopy``: its metadata from an allowlist, so no location), or as
    /// they are when `"publishAsIs"` names their format. Warnings name a page's link or image that
    /// leads to no file, a file that is not an image or cannot be copied, and a file no page names.
    func attachmentFiles() -> ([OutputFile], [Diagnostic]) {
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        let byName = Dictionary(pageAttachments.map { ($0.name, $0) }) { first, _ in first }
        var copies: [String: AttachmentCopy] = [:]
        var named = Set<String>()
        for page in pages {
            for name in page.localFiles {
                guard name.lowercased() != "index.html" else {
                    diagnostics.append(
                        .warning(
                            "'\(name)' is not published: it would take the place of the page itself",
                            path: page.displayPath))
                    continue
                }
                guard let attachment = byName[name] else {
                    diagnostics.append(
                        .warning(
                            "'\(name)' leads nowhere: it is not a file of pages/ (put the file beside the page; a link to another page is ../SLUG/)",
                            path: page.displayPath))
                    continue
                }
                named.insert(name)
                let copy: AttachmentCopy
                if let made = copies[name] {
                    copy = made
                } else {
                    // Made once however many pages show it, and refused with one warning.
                    copy = publishedBytes(of: attachment)
                    copies[name] = copy
                    if case .refused(let message) = copy {
                        diagnostics.append(.warning("not published: \(message)", path: attachment.displayPath))
                    }
                }
                if case .published(let bytes) = copy {
                    files.append(OutputFile(path: page.folder + "/" + name, contents: .bytes(bytes)))
                }
            }
        }
        for attachment in pageAttachments where !named.contains(attachment.name) {
            diagnostics.append(
                .warning(
                    "not published: no page of pages/ shows or links to it (a page's `![text](\(attachment.name))` would)",
                    path: attachment.displayPath))
        }
        return (files, diagnostics)
    }

    /// What becomes of a file of `pages/` a page names.
    private enum AttachmentCopy {
        case published([UInt8])
        /// Why it is not published.
        case refused(String)
    }

    /// An image's published bytes, or why it is not published.
    private func publishedBytes(of attachment: PageAttachment) -> AttachmentCopy {
        guard let format = ImageFormat.detect(attachment.bytes) else {
            return .refused("only images (JPEG, PNG, GIF, WebP, AVIF, HEIC) are published from pages/")
        }
        if configuration.renditions.publishAsIs.contains(format) { return .published(attachment.bytes) }
        do throws(ImageError) {
            return .published(try PublishedCopy.make(attachment.bytes, format: format))
        } catch {
            return .refused(RenditionStage.copyRefusal(error, format: format))
        }
    }
}
