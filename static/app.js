// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  // Copy-link buttons next to rule numbers: the anchor works without JS;
  // with JS a click also copies the absolute URL.
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a.num");
    if (!a || !navigator.clipboard) return;
    navigator.clipboard.writeText(a.href).catch(function () {});
  });
})();

// Worked examples: ← and → move between steps without a full reload; the
// address follows, so every step stays linkable. Without JS the links do
// the same with a page load.
(function () {
  "use strict";
  if (!document.querySelector("[data-sim]") || !window.fetch || !window.DOMParser) return;

  function show(url, push) {
    return fetch(url, { headers: { Accept: "text/html" } })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.querySelector("[data-sim]");
        var cur = document.querySelector("[data-sim]");
        if (!next || !cur) throw new Error("no simulator");
        cur.replaceWith(document.importNode(next, true));
        document.title = doc.title;
        if (push) history.pushState({ sim: true }, "", url);
      })
      .catch(function () { window.location.href = url; });
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var rel = e.key === "ArrowRight" ? "next" : e.key === "ArrowLeft" ? "prev" : "";
    if (!rel) return;
    var a = document.querySelector('[data-sim] a[data-step="' + rel + '"]');
    if (!a) return;
    e.preventDefault();
    show(a.href, true);
  });

  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("[data-sim] a[data-step], [data-sim] .step-list a");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    show(a.href, true);
  });

  window.addEventListener("popstate", function () { show(window.location.href, false); });
})();
