// The page's voice for what a frame draws anew. A screen reader says the changes of a
// live region, never the words a region is drawn with (NVDA and JAWS in Chromium), so
// a verdict that arrives with a new screen would go unsaid. An element of #app marked
// data-say that a frame adds (or that a morph turns into one) says its words once
// through #said, a polite region in index.html that lives as long as the page. A
// control marked data-say-name says its new name when a frame changes it, if it is
// the control the player is on (focused, or the last one tapped: Safari focuses no
// tapped button): a seat switched to a bot keeps the focus on its button, and not
// every screen reader tells a focused control's new name. A name changed by another
// control (a bot seat's level renames its seat's button) is not said.
(function () {
  "use strict";
  const app = document.getElementById("app");
  const said = document.getElementById("said");
  if (!app || !said) return;
  const words = (el) => el.textContent.replace(/\s+/g, " ").trim();
  let tapped = null; // the last control tapped or clicked
  document.addEventListener("click", (event) => {
    tapped = event.target instanceof Element ? event.target.closest("button") : null;
  }, true);
  new MutationObserver((records) => {
    const news = [];
    for (const record of records) {
      if (record.attributeName === "aria-label") {
        const el = record.target;
        const on = el === document.activeElement || el === tapped;
        const name = on && el.matches("[data-say-name]") && el.getAttribute("aria-label");
        if (name && !news.includes(name)) news.push(name);
        continue;
      }
      const nodes = record.type === "attributes" ? [record.target] : record.addedNodes;
      for (const node of nodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        const marked = node.matches("[data-say]") ? [node] : [];
        marked.push(...node.querySelectorAll("[data-say]"));
        news.push(...marked.map(words).filter(Boolean));
      }
    }
    if (!news.length) return;
    const text = news.join(" ");
    // the same words again are news again: a change the screen reader hears
    said.textContent = said.textContent === text ? text + "\u00a0" : text;
  }).observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-say", "aria-label"] });
})();
