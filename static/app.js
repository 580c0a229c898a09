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

// copyButton makes a button that copies text() and a status that says so,
// labelled by from's data-copy-label and data-copied.
function copyButton(from, text) {
  "use strict";
  var b = document.createElement("button");
  b.type = "button";
  b.className = "copy secondary";
  b.textContent = from.getAttribute("data-copy-label");
  var said = document.createElement("span");
  said.className = "copied";
  said.setAttribute("role", "status");
  b.addEventListener("click", function () {
    navigator.clipboard.writeText(text()).then(function () {
      said.textContent = from.getAttribute("data-copied") || "";
    }).catch(function () {});
  });
  return [b, said];
}

// The language switcher and the alternate links name the page's own
// address; after a page part is swapped in, they follow the new address.
function syncHead(doc) {
  "use strict";
  var langs = document.querySelector("nav.langs"), next = doc.querySelector("nav.langs");
  if (langs && next) langs.innerHTML = next.innerHTML;
  ["link[rel=canonical]", 'meta[property="og:url"]'].forEach(function (sel) {
    var a = document.querySelector(sel), b = doc.querySelector(sel);
    if (a && b) a.replaceWith(document.importNode(b, true));
  });
}

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
        syncHead(doc);
        if (push) history.pushState({ sim: true }, "", url);
        // A step chosen below the board (the step list, the pager at the
        // bottom) brings the new step's narration and board into view.
        var sim = document.querySelector("[data-sim]");
        if (sim.getBoundingClientRect().top < 0) sim.scrollIntoView({ block: "start" });
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

// Sandbox: a move (or undo, or an earlier position) swaps in the new
// position without a reload. The address follows through the history API,
// so every position stays linkable and Back works; the page keeps its
// scroll position, and focus moves to the first move now offered. When
// the status (priority and stack) would be out of sight, it is brought
// into view. Without JS the links load the page. A "copy link" button is
// added beside the position's link.
(function () {
  "use strict";
  if (!document.querySelector("[data-play]") || !window.fetch || !window.DOMParser || !window.history.pushState) return;
  var busy = false;
  // A live region that stays while the sandbox is swapped: it says what
  // the move did and who holds priority now.
  var live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("role", "status");
  document.body.appendChild(live);
  var reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function addCopy() {
    var a = document.querySelector("[data-play] a.permalink[data-copy-label]");
    if (!a || !navigator.clipboard || a.nextElementSibling && a.nextElementSibling.classList.contains("copy")) return;
    a.after.apply(a, copyButton(a, function () { return a.href; }));
  }

  function inView(el) {
    if (!el) return true;
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }

  function show(url, push, fromMove) {
    if (busy) return;
    busy = true;
    var x = window.scrollX, y = window.scrollY;
    fetch(url, { headers: { Accept: "text/html" } })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.querySelector("[data-play]");
        var cur = document.querySelector("[data-play]");
        if (!next || !cur) throw new Error("no sandbox");
        cur.replaceWith(document.importNode(next, true));
        document.title = doc.title;
        syncHead(doc);
        if (push) window.history.pushState({ play: true }, "", url);
        window.scrollTo(x, y);
        var status = document.querySelector("[data-play] .prio");
        if (fromMove && !inView(status)) {
          status.scrollIntoView({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
        }
        var f = document.querySelector("[data-play] .moves-list a") || document.getElementById("legal-heading");
        if (f) {
          if (f.tagName === "H2") f.setAttribute("tabindex", "-1");
          f.focus({ preventScroll: true });
        }
        addCopy();
        var said = document.querySelector("[data-play] .last-move");
        var prio = document.querySelector("[data-play] .priority");
        live.textContent = (said ? said.textContent : "") + " " + (prio ? prio.textContent : "");
        busy = false;
      })
      .catch(function () { window.location.href = url; });
  }

  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("[data-play] a[data-move]");
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    show(a.href, true, true);
  });

  window.addEventListener("popstate", function () { show(window.location.href, false, false); });
  addCopy();
})();

// Search box: completions from /api/{lang}/suggest (rule numbers, headings,
// glossary terms) offered as a WAI-ARIA combobox with a listbox popup
// (aria-autocomplete="list"). Focus stays in the input; ↓ and ↑ move
// through the options (aria-activedescendant), Enter opens the chosen one,
// Escape closes the list (or, when it is closed, clears the box). Without
// JS, or without a chosen option, the form searches as before.
(function () {
  "use strict";
  var form = document.querySelector("form[data-suggest]");
  var input = form && form.querySelector("input[name=q]");
  if (!input || !window.fetch || !window.JSON) return;

  var listId = input.id + "-suggestions";
  var list = document.createElement("ul");
  list.id = listId;
  list.className = "suggest";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", form.getAttribute("data-suggest-label") || "");
  list.hidden = true;
  var status = document.createElement("div");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  form.appendChild(list);
  form.appendChild(status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);
  input.setAttribute("autocomplete", "off");

  var items = [];   // the suggestions shown
  var active = -1;  // the option with visual focus, -1 for none
  var asked = null; // the query of the last request
  var timer = 0;
  var pending = null;

  function expand(on) {
    list.hidden = !on;
    input.setAttribute("aria-expanded", on ? "true" : "false");
    if (!on) setActive(-1);
  }

  function setActive(i) {
    var opts = list.children;
    if (active >= 0 && opts[active]) opts[active].setAttribute("aria-selected", "false");
    active = i;
    if (i < 0 || !opts[i]) {
      active = -1;
      input.removeAttribute("aria-activedescendant");
      return;
    }
    opts[i].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", opts[i].id);
    if (opts[i].scrollIntoView) opts[i].scrollIntoView({ block: "nearest" });
  }

  function announce(n) {
    var key = n === 0 ? "data-suggest-none" : n === 1 ? "data-suggest-one" : "data-suggest-many";
    status.textContent = (form.getAttribute(key) || "").replace("{n}", String(n));
  }

  function show(suggestions) {
    items = suggestions;
    active = -1;
    input.removeAttribute("aria-activedescendant");
    list.textContent = "";
    items.forEach(function (s, i) {
      var li = document.createElement("li");
      li.id = listId + "-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      if (s.lang) li.lang = s.lang;
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = s.label;
      li.appendChild(label);
      if (s.detail) {
        // Read as "Trample, Glossary", shown as two columns.
        var sep = document.createElement("span");
        sep.className = "visually-hidden";
        sep.textContent = ", ";
        li.appendChild(sep);
        var detail = document.createElement("span");
        detail.className = "detail";
        detail.textContent = s.detail;
        li.appendChild(detail);
      }
      list.appendChild(li);
    });
    announce(items.length);
    expand(items.length > 0);
  }

  function choose(i) {
    if (items[i]) window.location.href = items[i].url;
  }

  function ask() {
    var q = input.value.trim();
    if (q === asked) {
      expand(items.length > 0);
      return;
    }
    asked = q;
    if (pending) pending.abort();
    if (!q) {
      show([]);
      status.textContent = "";
      return;
    }
    pending = window.AbortController ? new AbortController() : null;
    fetch(form.getAttribute("data-suggest") + "?q=" + encodeURIComponent(q), {
      headers: { Accept: "application/json" },
      signal: pending ? pending.signal : undefined
    })
      .then(function (r) { return r.ok ? r.json() : { suggestions: [] }; })
      .then(function (data) {
        if (input.value.trim() === q && document.activeElement === input) show(data.suggestions || []);
      })
      .catch(function () {});
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  });

  input.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey) return;
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (!items.length) return;
        e.preventDefault();
        if (list.hidden) {
          expand(true);
          if (e.altKey) return; // Alt+↓ only opens the list
        }
        var n = items.length;
        setActive(e.key === "ArrowDown" ? (active + 1) % n : (active <= 0 ? n - 1 : active - 1));
        break;
      case "Enter":
        if (!list.hidden && active >= 0) {
          e.preventDefault();
          choose(active);
        }
        break;
      case "Escape":
        if (!list.hidden) {
          e.preventDefault();
          expand(false);
        } else if (input.value) {
          e.preventDefault();
          input.value = "";
          asked = null;
          items = [];
        }
        break;
      case "ArrowLeft":
      case "ArrowRight":
      case "Home":
      case "End":
        setActive(-1); // the keys move the caret in the box again
        break;
    }
  });

  // A click on an option opens it; mousedown must not take focus from the
  // box first, or blur would close the list before the click.
  list.addEventListener("mousedown", function (e) { e.preventDefault(); });
  list.addEventListener("click", function (e) {
    var li = e.target.closest && e.target.closest("[role=option]");
    if (li) choose(Array.prototype.indexOf.call(list.children, li));
  });
  list.addEventListener("mousemove", function (e) {
    var li = e.target.closest && e.target.closest("[role=option]");
    if (li) setActive(Array.prototype.indexOf.call(list.children, li));
  });
  input.addEventListener("blur", function () { expand(false); });
  // Enter on a chosen option opens it, however the browser turns Enter
  // into a form submission; without a choice the form searches.
  form.addEventListener("submit", function (e) {
    if (!list.hidden && active >= 0) {
      e.preventDefault();
      choose(active);
    }
  });
})();

// Reading offline: the service worker (static/sw.js) keeps pages read
// online and, from the offline page, saves a language's rules. Every page
// asks it about the saved copy of its language: when the site has a
// newer one, the page says so, and again once the saved copy has it.
(function () {
  "use strict";
  var me = document.querySelector("script[data-sw]");
  var box = document.querySelector("[data-offline]");
  var sw = navigator.serviceWorker;
  function unsupported() {
    if (!box) return;
    box.querySelector("[data-offline-save]").hidden = true;
    box.querySelector("[data-offline-status]").textContent = box.getAttribute("data-unsupported");
  }
  if (!me || !sw || !window.MessageChannel || !window.Intl) {
    unsupported();
    return;
  }
  sw.register(me.getAttribute("data-sw")).catch(unsupported);
  var lang = document.documentElement.lang;
  var notice = null;

  function ask(m) {
    return sw.ready.then(function (reg) {
      return new Promise(function (resolve) {
        var ch = new MessageChannel();
        ch.port1.onmessage = function (e) { resolve(e.data); };
        reg.active.postMessage(m, [ch.port2]);
      });
    });
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, k) { return k in values ? values[k] : all; });
  }

  // say shows what the saved copy of index ix has to tell ("stale",
  // "updated") at the top of the page.
  function say(ix, what) {
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice";
      notice.setAttribute("role", "status");
      document.getElementById("main").prepend(notice);
    }
    notice.removeAttribute("data-offline-stale");
    notice.setAttribute("data-offline-" + what, ix.version);
    notice.textContent = fill(ix.messages[what], { edition: ix.label });
  }

  var save = box && box.querySelector("[data-offline-save]");
  var progress = box && box.querySelector("[data-offline-progress]");
  var status = box && box.querySelector("[data-offline-status]");
  var ready = box && box.querySelector("[data-offline-ready]");
  var failed = false;

  function showProgress(done, total) {
    progress.hidden = false;
    progress.max = total || 1;
    progress.value = done;
    var pct = new Intl.NumberFormat(lang, { style: "percent" }).format(total ? done / total : 0);
    status.textContent = fill(box.getAttribute("data-saving"), { progress: pct });
  }

  function showReady(ix) {
    var size = new Intl.NumberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(ix.bytes / 1e6);
    box.querySelector("[data-offline-saved]").textContent = fill(box.getAttribute("data-ready"), { edition: ix.label, size: size });
    ready.setAttribute("data-offline-ready", ix.version);
    ready.hidden = false;
    progress.hidden = true;
    status.textContent = "";
    save.hidden = true;
  }

  sw.addEventListener("message", function (e) {
    var m = e.data || {};
    if (m.lang !== lang) return;
    if (m.type === "saved" && notice) say(m.index, "updated");
    if (!box) return;
    switch (m.type) {
      case "progress":
        showProgress(m.done, m.total);
        break;
      case "saved":
        failed = false;
        showReady(m.index);
        break;
      case "failed":
        failed = true;
        save.disabled = false;
        status.textContent = box.getAttribute("data-failed");
        break;
    }
  });
  sw.startMessages();

  ask({ type: "status", lang: lang }).then(function (st) {
    if (st.stale) say(st.stale, "stale");
    if (!box) return;
    if (st.saved) showReady(st.saved);
    if (st.saving) {
      save.disabled = true;
      showProgress(st.saving.done, st.saving.total);
    }
  });

  if (!box) return;
  if (ready.hidden) save.hidden = false;
  save.addEventListener("click", function () {
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    save.disabled = true;
    failed = false;
    showProgress(0, 0);
    ask({ type: "save", lang: lang });
  });
  box.querySelector("[data-offline-remove]").addEventListener("click", function () {
    ask({ type: "remove", lang: lang }).then(function () {
      ready.hidden = true;
      ready.setAttribute("data-offline-ready", "");
      progress.hidden = true;
      save.hidden = false;
      save.disabled = false;
      status.textContent = box.getAttribute("data-removed");
    });
  });
  // A save the connection stopped goes on when the connection is back.
  window.addEventListener("online", function () { if (failed) save.click(); });
})();

// Glossary: a filter over the terms (shown only with JS); the A–Z bar and
// the groups work without it. Groups with no match hide with their letter.
(function () {
  "use strict";
  var box = document.querySelector("[data-term-filter]");
  if (!box) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var groups = Array.prototype.slice.call(document.querySelectorAll(".term-group"));
  var total = document.querySelectorAll(".term-group li").length;
  box.hidden = false;
  function fold(s) { return s.normalize("NFKC").toLowerCase(); }
  input.addEventListener("input", function () {
    var q = fold(input.value.trim());
    var shown = 0;
    groups.forEach(function (g) {
      var any = false;
      g.querySelectorAll("li").forEach(function (li) {
        var hit = !q || fold(li.textContent).indexOf(q) >= 0;
        li.hidden = !hit;
        if (hit) { any = true; shown++; }
      });
      g.hidden = !any;
      var link = document.querySelector('.initials a[href="#' + g.querySelector("h2").id + '"]');
      if (link) link.hidden = !any;
    });
    status.textContent = q ? box.getAttribute("data-shown").replace("{n}", String(shown)).replace("{total}", String(total)) : "";
  });
})();

// Linkifier: a button copies the linked post (the text box stays
// selectable without JS).
(function () {
  "use strict";
  var out = document.querySelector("textarea[data-copy-label]");
  if (!out || !navigator.clipboard) return;
  var p = document.createElement("p");
  p.className = "copy-row";
  p.append.apply(p, copyButton(out, function () { return out.value; }));
  out.after(p);
})();
