/* Ashlar's photo-page script: optional, every link and image works without it. Keys, swipes,
   zoom and prefetch; the hooks it reads are listed in the theme's README. */
(() => {
  "use strict";
  const figure = document.querySelector("[data-ashlar-photo]");
  const image = figure && figure.querySelector("img");
  const find = (selector) => document.querySelector(selector);
  const go = (link) => {
    if (link && link.href) location.assign(link.href);
  };
  const busy = (target) =>
    target instanceof Element &&
    target.closest("input, textarea, select, video, audio, [contenteditable]:not([contenteditable=false])");
  let dialog = null;
  const zoomed = () => dialog !== null && dialog.open;

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.isComposing || zoomed() || busy(event.target)) return;
    let link = null;
    if (event.key === "ArrowLeft") link = find('a[rel~="prev"]');
    else if (event.key === "ArrowRight") link = find('a[rel~="next"]');
    else if (event.key === "Escape" || (event.key === "ArrowUp" && !event.repeat && window.scrollY <= 0)) {
      link = find("[data-ashlar-album]");
    }
    if (!link) return;
    event.preventDefault();
    go(link);
  });

  // Horizontal swipes are this page's: the browser's own swipe back would take the same gesture.
  document.documentElement.classList.add("ashlar-swipe");
  let touch = null;
  const pinched = () => window.visualViewport && window.visualViewport.scale > 1.01;
  addEventListener(
    "touchstart",
    (event) => {
      const point = event.touches[0];
      touch = event.touches.length === 1 && !zoomed() && !pinched() && !busy(event.target)
        ? { x: point.clientX, y: point.clientY, time: event.timeStamp }
        : null;
    },
    { passive: true },
  );
  addEventListener("touchcancel", () => (touch = null), { passive: true });
  addEventListener(
    "touchend",
    (event) => {
      const start = touch;
      touch = null;
      if (!start || event.touches.length > 0 || event.timeStamp - start.time > 800) return;
      const point = event.changedTouches[0];
      const dx = point.clientX - start.x;
      const dy = point.clientY - start.y;
      if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
      go(find(dx < 0 ? 'a[rel~="next"]' : 'a[rel~="prev"]'));
    },
    { passive: true },
  );

  if (!image) return;
  const full = find("[data-ashlar-full]");
  const button = find("button[data-ashlar-zoom]");
  const fullWidth = Number(full && full.dataset.width) || image.naturalWidth || Number(image.getAttribute("width"));

  // A tap is a click too: on touch screens a double tap zooms, so that a tap or swipe never does.
  let lastTap = null;
  let pointer = "mouse";
  addEventListener("pointerdown", (event) => (pointer = event.pointerType), { passive: true });
  const activated = (event) => {
    if ((event.pointerType || pointer) !== "touch") return true;
    const tap = { x: event.clientX, y: event.clientY, time: event.timeStamp };
    const double = lastTap && tap.time - lastTap.time < 400 && Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) < 40;
    lastTap = double ? null : tap;
    return double;
  };

  const open = (x, y) => {
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.className = "zoom-view";
      // The page gives the words in its language; English when a theme's page does not.
      const fullSize = (button && button.dataset.fullSize) || "Full size";
      dialog.setAttribute("aria-label", image.alt ? fullSize + ": " + image.alt : fullSize);
      const close = document.createElement("button");
      close.type = "button";
      close.className = "zoom-close";
      close.textContent = (button && button.dataset.closeFullSize) || "Close full size";
      close.addEventListener("click", () => dialog.close());
      const large = image.cloneNode();
      large.removeAttribute("style");
      large.removeAttribute("fetchpriority");
      large.removeAttribute("aria-describedby");
      large.sizes = fullWidth + "px";
      large.style.width = fullWidth + "px";
      large.addEventListener("click", (event) => {
        if (activated(event)) dialog.close();
      });
      dialog.append(close, large);
      // A click on the black around a small photo closes the view too.
      dialog.addEventListener("click", (event) => {
        if (event.target === dialog) dialog.close();
      });
      dialog.addEventListener("close", () => button && button.setAttribute("aria-pressed", "false"));
      document.body.append(dialog);
    }
    dialog.showModal();
    if (button) button.setAttribute("aria-pressed", "true");
    const large = dialog.querySelector("img");
    dialog.scrollLeft = x * large.offsetWidth - dialog.clientWidth / 2;
    dialog.scrollTop = y * large.offsetHeight - dialog.clientHeight / 2;
  };

  image.addEventListener("click", (event) => {
    if (!activated(event)) return;
    const box = image.getBoundingClientRect();
    open((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  });
  figure.classList.add("zoomable");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", () => open(0.5, 0.5));
  }

  const supportsRules = window.HTMLScriptElement && HTMLScriptElement.supports && HTMLScriptElement.supports("speculationrules");
  const next = find('a[rel~="next"][data-image]');
  if (supportsRules || !next || (navigator.connection && navigator.connection.saveData)) return;
  const widths = (srcset) =>
    (srcset || "").split(/,\s*/).filter((part) => part.trim()).map((part) => {
      const [url, width] = part.trim().split(/\s+/);
      return { url: new URL(url, document.baseURI).href, width: parseInt(width, 10) || 0 };
    });
  const prefetch = () => {
    const shown = widths(image.getAttribute("srcset")).find((candidate) => candidate.url === image.currentSrc);
    const candidates = widths(next.dataset.srcset).sort((a, b) => a.width - b.width);
    const wanted = shown ? shown.width : image.naturalWidth;
    const pick = candidates.find((candidate) => candidate.width >= wanted) || candidates[candidates.length - 1];
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "image";
    link.href = pick && pick.url ? pick.url : next.dataset.image;
    document.head.append(link);
  };
  if (image.complete) prefetch();
  else image.addEventListener("load", prefetch, { once: true });
})();
