// The page's one patcher: window.tapeteSyncRegions(ids, html) and
// window.tapeteSyncContent(element, html), through which web/shell/page.js's _morph
// draws every frame, a new screen as a table's next move. index.html loads this file
// (a same-origin script, so the CSP needs no hash for it) before Python runs; this file
// loads the table's motion and sound and the phones' links (web/shell/motion.js,
// web/shell/sound.js, web/shell/phones.js: same-origin scripts too, long loaded when
// Python starts) and web/shell/said.js (what a frame draws anew, said to a screen reader).
//
// They bring the page to its new HTML in place, matching nodes by position: a table
// keeps its shape from move to move (the same cards in the same places), and a new
// screen shares its frame (the bar, the screen's box) with the last one, so kept nodes
// keep focus and run CSS transitions; a node whose tag changed is replaced. A form
// field shows the value its new HTML gives it (a kept <input> would otherwise keep
// what was typed into the field drawn there before), and the focus stays on the
// element with the focused one's id when the patch moved that id to another node.
(function () {
  "use strict";
  const here = document.currentScript && document.currentScript.src;
  for (const name of ["motion.js", "sound.js", "phones.js", "said.js"]) {
    const script = document.createElement("script");
    script.src = here ? new URL(name, here).href : "./web/shell/" + name;
    document.head.appendChild(script);
  }
  const parser = document.createElement("template");

  /** A kept form field's live state (not its attributes) as fresh's HTML says. */
  function syncField(old, fresh) {
    if (old.nodeName === "INPUT" && old.type !== "file") {
      if (old.checked !== fresh.hasAttribute("checked")) old.checked = !old.checked;
      const value = fresh.getAttribute("value") || "";
      if (old.value !== value) old.value = value;
    } else if (old.nodeName === "TEXTAREA") {
      if (old.value !== fresh.textContent) old.value = fresh.textContent;
    } else if (old.nodeName === "OPTION") {
      if (old.selected !== fresh.hasAttribute("selected")) old.selected = !old.selected;
    }
  }

  /** Bring old (a node) to fresh, a node of the same type and tag. */
  function syncNode(old, fresh) {
    if (old.nodeType !== Node.ELEMENT_NODE) {
      if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
      return;
    }
    for (const { name, value } of fresh.attributes) {
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    for (let i = old.attributes.length - 1; i >= 0; i--) {
      const { name } = old.attributes[i];
      if (!fresh.hasAttribute(name)) old.removeAttribute(name);
    }
    syncChildren(old, fresh);
    syncField(old, fresh);
  }

  /** Bring old's children to fresh's, position by position; fresh's nodes that
      are not matched move into old. */
  function syncChildren(old, fresh) {
    let mine = old.firstChild;
    for (let theirs = fresh.firstChild; theirs; ) {
      const next = theirs.nextSibling;
      if (!mine) {
        old.appendChild(theirs);
      } else if (mine.nodeType === theirs.nodeType && mine.nodeName === theirs.nodeName) {
        syncNode(mine, theirs);
        mine = mine.nextSibling;
      } else {
        const after = mine.nextSibling;
        old.replaceChild(theirs, mine);
        mine = after;
      }
      theirs = next;
    }
    while (mine) {
      const after = mine.nextSibling;
      old.removeChild(mine);
      mine = after;
    }
  }

  /** Run patch; then the element with the id the focused one had takes the
      focus, if the patch gave that id to another node (a list drawn again with
      an item fewer keeps the player on the same control). */
  function keepingFocus(patch) {
    const active = document.activeElement;
    const id = active && active !== document.body ? active.id : "";
    const done = patch();
    const now = id ? document.getElementById(id) : null;
    if (now && now !== document.activeElement) now.focus({ preventScroll: true });
    return done;
  }

  // The elements with these ids, each brought to its part of html (one element
  // each, in order). Returns false, having changed nothing, when one is missing.
  window.tapeteSyncRegions = (ids, html) => {
    parser.innerHTML = html;
    const parts = parser.content.children;
    const targets = Array.from(ids, (id) => document.getElementById(id));
    if (
      parts.length !== targets.length ||
      targets.some((t, i) => !t || t.nodeName !== parts[i].nodeName)
    ) {
      return false;
    }
    return keepingFocus(() => {
      targets.forEach((target, i) => syncNode(target, parts[i]));
      return true;
    });
  };

  // The content of element brought to html.
  window.tapeteSyncContent = (element, html) => {
    parser.innerHTML = html;
    keepingFocus(() => syncChildren(element, parser.content));
  };
})();
