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
