extension Chromium {
    /// JavaScript that sets `value` to the width an `<img>` named `img` asks for in its `sizes`
    /// attribute at this viewport and device pixel ratio (the first entry whose media condition
    /// matches, else the last; a condition may join features with `and`, a value may nest
    /// functions: `min(100vw, calc(150vh - 216px))`),
    /// and `probe` to a `div` of that width appended to the page, so the caller can read the
    /// width in pixels from `probe.getBoundingClientRect()`.
    static let resolveSizes = """
        const entries = []; let depth = 0, from = 0; const text = img.getAttribute('sizes');
        for (let at = 0; at <= text.length; at++) {
          const c = text[at];
          if (c === '(') depth++; else if (c === ')') depth--;
          else if (at === text.length || (c === ',' && depth === 0)) { entries.push(text.slice(from, at).trim()); from = at + 1; }
        }
        let value = entries[entries.length - 1];
        for (const entry of entries) {
          const match = entry.match(/^(\\(.*\\))\\s+([a-z-]+\\(.*\\)|[^\\s()]+)$/);
          if (match && matchMedia(match[1]).matches) { value = match[2]; break; }
        }
        const probe = document.createElement('div');
        probe.style.width = value;
        document.body.append(probe);
        """
}
