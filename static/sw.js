// The service worker. Pages read online are kept and, on the next visit,
// answered from the device while they are fetched again
// (stale-while-revalidate); on request it saves a language's whole rules
// for reading offline, in batches, going on where a dropped connection
// stopped it. When the site has a newer copy than the one saved, it saves
// that in the background. Offline, a subrule's address opens its rule's
// saved page at the subrule, and a page that needs the server (search,
// the sandbox) or was not kept is answered with the stand-in page.
//
// The server puts self.SITE in front of this file: for each language its
// home, the start of a rule's address, its pack's index and its stand-in
// page; the languages in order, the start of static files' addresses and
// the shell kept when installing (stand-in pages, static files).
"use strict";

var SITE = self.SITE;
var VISITED = "rules-visited"; // pages read online
var SHELL = "rules-shell"; // stand-in pages and static files
var SAVED = "rules-saved"; // the index of each language's saved copy, by the index's address
var PACK = "rules-pack:"; // PACK + lang + ":" + version holds a saved copy's pages

function noop() {}

function wait(ms) {
  return new Promise(function (resolve) { setTimeout(resolve, ms); });
}

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(SHELL)
    .then(function (c) { return c.addAll(SITE.shell); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(self.clients.claim());
});

// langOf is the language of a page's address, "" for none.
function langOf(url) {
  var first = url.pathname.split("/")[1];
  return SITE.langs[first] ? first : "";
}

function packName(ix) { return PACK + ix.lang + ":" + ix.version; }

// savedIndex is the index of lang's complete saved copy, or null.
async function savedIndex(lang) {
  var hit = await (await caches.open(SAVED)).match(SITE.langs[lang].index);
  return hit ? hit.json() : null;
}

// kept finds a page read online or saved, the former first: a save
// drops the pages read before it that it holds itself.
async function kept(url, lang) {
  var hit = await (await caches.open(VISITED)).match(url);
  if (hit || !lang) return hit || null;
  var ix = await savedIndex(lang);
  if (!ix) return null;
  return (await (await caches.open(packName(ix))).match(url)) || null;
}

// worthKeeping: a whole page the site lets caches serve stale while they
// fetch it again. Search results and sandbox positions are not.
function worthKeeping(res) {
  return res.status === 200 && res.type === "basic" &&
    /stale-while-revalidate/.test(res.headers.get("Cache-Control") || "") &&
    /^text\/html/.test(res.headers.get("Content-Type") || "");
}

self.addEventListener("fetch", function (e) {
  var req = e.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(SITE.static) === 0) {
    e.respondWith(staticFile(req));
  } else if (req.mode === "navigate") {
    e.respondWith(page(e, url));
  }
});

// staticFile: static addresses name their content, so any kept copy is
// the right one.
async function staticFile(req) {
  var hit = await caches.match(req);
  if (hit) return hit;
  var res = await fetch(req);
  if (res.ok) await (await caches.open(SHELL)).put(req, res.clone());
  return res;
}

// MAX_VISITED pages read online are kept, the ones stored longest ago
// dropped first (storing a page again puts it last).
var MAX_VISITED = 500;

async function keepVisited(href, res) {
  var visited = await caches.open(VISITED);
  await visited.put(href, res);
  var keys = await visited.keys();
  for (var i = 0; i < keys.length - MAX_VISITED; i++) await visited.delete(keys[i]);
}

async function page(e, url) {
  var lang = langOf(url);
  var hit = await kept(url.href, lang);
  var fresh = fetch(e.request).then(async function (res) {
    if (worthKeeping(res)) await keepVisited(url.href, res.clone());
    return res;
  });
  if (lang) {
    e.waitUntil(check(lang).then(function (st) { return st.stale && saving[lang] ? saving[lang].promise : null; }).catch(noop));
  }
  if (hit) {
    e.waitUntil(fresh.catch(noop));
    return hit;
  }
  try {
    return await fresh;
  } catch (err) {
    return offline(url, lang);
  }
}

// parent is the number of the rule a rule belongs to ("117.3" of
// "117.3b", "117" of "117.3"), "" for a top-level rule.
function parent(n) {
  if (n.length <= 3) return "";
  return /[a-z]$/.test(n) ? n.slice(0, -1) : n.slice(0, 3);
}

// offline answers a page that is not kept, without the network: a rule
// on the kept page of the rule it belongs to, opened at it (as online,
// the page marks it); a page with a query as the same page without; the
// root as the home page of a language saved here; else the stand-in page.
async function offline(url, lang) {
  if (url.pathname === "/") {
    for (var l of SITE.order) {
      if (await savedIndex(l)) return Response.redirect(SITE.langs[l].home, 302);
    }
  } else if (lang) {
    var rules = SITE.langs[lang].rules;
    if (url.pathname.indexOf(rules) === 0) {
      var num = url.pathname.slice(rules.length);
      try { num = decodeURIComponent(num); } catch (err) { num = ""; }
      for (var up = parent(num); up; up = parent(up)) {
        if (await kept(new URL(rules + up, url).href, lang)) return Response.redirect(rules + up + "#" + num, 302);
      }
    }
    if (url.search) {
      var bare = await kept(url.origin + url.pathname, lang);
      if (bare) return bare;
    }
  }
  var stand = await caches.match(SITE.langs[lang || SITE.order[0]].fallback);
  if (!stand) return Response.error();
  var h = new Headers(stand.headers);
  h.delete("Content-Encoding");
  h.delete("Content-Length");
  return new Response(stand.body, { status: 503, statusText: "Offline", headers: h });
}

// tell sends a message to every page of the site.
async function tell(m) {
  var pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  pages.forEach(function (p) { p.postMessage(m); });
}

async function fetchIndex(lang) {
  var res = await fetch(SITE.langs[lang].index, { cache: "no-cache" });
  if (!res.ok) throw new Error("index " + res.status);
  return res.json();
}

// fetchRetry fetches a batch, trying again after a dropped connection or
// a server error: four tries in about four seconds.
async function fetchRetry(url) {
  for (var i = 0, delay = 500; ; i++, delay *= 2) {
    try {
      var res = await fetch(url);
      if (res.ok) return res;
      if (res.status < 500) throw Object.assign(new Error("batch " + res.status), { final: true });
    } catch (err) {
      if (err.final || i >= 3) throw err;
    }
    if (i >= 3) throw new Error("batch " + url);
    await wait(delay);
  }
}

// saving holds the save running for a language: its promise and progress.
var saving = {};

// save keeps every page of lang's pack (of index ix, or the site's
// current one), three batches at a time. A batch kept already is not
// fetched again, so a save that failed goes on where it stopped. Once
// complete it replaces the copy saved before.
function save(lang, ix) {
  if (saving[lang]) return saving[lang].promise;
  var job = { done: 0, total: 0 };
  saving[lang] = job;
  job.promise = (async function () {
    ix = ix || await fetchIndex(lang);
    var cache = await caches.open(packName(ix));
    for (var a of ix.assets) {
      if (!(await cache.match(a))) await cache.put(a, await fetchRetry(a));
    }
    var todo = [];
    job.total = ix.batches.length;
    for (var i = 0; i < ix.batches.length; i++) {
      if (await cache.match(ix.batches[i])) job.done++;
      else todo.push(i);
    }
    tell({ type: "progress", lang: lang, done: job.done, total: job.total });
    async function worker() {
      for (var n = todo.shift(); n !== undefined; n = todo.shift()) {
        if (job.removed) throw new Error("removed");
        var pages = await (await fetchRetry(ix.batches[n])).json();
        await Promise.all(pages.map(function (p) {
          return cache.put(p.url, new Response(p.html, { headers: ix.header }));
        }));
        await cache.put(ix.batches[n], new Response(String(pages.length))); // this batch is kept
        job.done++;
        tell({ type: "progress", lang: lang, done: job.done, total: job.total });
      }
    }
    // Every worker finishes before a failure counts, so that each batch
    // fetched is kept and the next save fetches only what is missing.
    var ends = await Promise.allSettled([worker(), worker(), worker()]);
    ends.forEach(function (end) { if (end.status === "rejected") throw end.reason; });
    await (await caches.open(SAVED)).put(SITE.langs[lang].index,
      new Response(JSON.stringify(ix), { headers: { "Content-Type": "application/json" } }));
    for (var name of await caches.keys()) {
      if (name.indexOf(PACK + lang + ":") === 0 && name !== packName(ix)) await caches.delete(name);
    }
    var visited = await caches.open(VISITED);
    for (var req of await visited.keys()) {
      if (await cache.match(req.url)) await visited.delete(req);
    }
    tell({ type: "saved", lang: lang, index: ix });
    return ix;
  })().then(function (x) {
    delete saving[lang];
    return x;
  }, function (err) {
    delete saving[lang];
    if (!job.removed) tell({ type: "failed", lang: lang });
    throw err;
  });
  return job.promise;
}

// remove drops lang's saved copy and stops a save under way.
async function remove(lang) {
  if (saving[lang]) {
    saving[lang].removed = true;
    await saving[lang].promise.catch(noop);
  }
  await (await caches.open(SAVED)).delete(SITE.langs[lang].index);
  for (var name of await caches.keys()) {
    if (name.indexOf(PACK + lang + ":") === 0) await caches.delete(name);
  }
}

// checks holds, for a moment, what the last look at a language's index
// found, so that a page and the address that loaded it ask once.
var checks = {};

// check compares lang's saved copy with the site's: when the site has
// another, the save starts in the background. It resolves to the saved
// index and, when it is stale, the site's.
function check(lang) {
  var c = checks[lang];
  if (c && Date.now() - c.at < 2000) return c.promise;
  var p = (async function () {
    var saved = await savedIndex(lang);
    if (!saved) return { saved: null, stale: null };
    var ix = await fetchIndex(lang);
    if (ix.version === saved.version) return { saved: saved, stale: null };
    save(lang, ix).catch(noop);
    return { saved: saved, stale: ix };
  })();
  checks[lang] = { at: Date.now(), promise: p };
  p.catch(function () { if (checks[lang] && checks[lang].promise === p) delete checks[lang]; });
  return p;
}

// status tells a page about lang's saved copy: the index saved, the
// site's when it is newer, and the save under way.
async function status(lang) {
  var st;
  try {
    st = await check(lang);
  } catch (err) {
    st = { saved: await savedIndex(lang), stale: null }; // offline
  }
  var job = saving[lang];
  return { type: "status", lang: lang, saved: st.saved, stale: st.stale, saving: job ? { done: job.done, total: job.total } : null };
}

self.addEventListener("message", function (e) {
  var m = e.data || {};
  var port = e.ports && e.ports[0];
  if (!SITE.langs[m.lang]) return;
  function reply(x) { if (port) port.postMessage(x); }
  switch (m.type) {
    case "save":
      e.waitUntil(save(m.lang).catch(noop));
      break;
    case "remove":
      e.waitUntil(remove(m.lang).then(function () { reply({ type: "removed", lang: m.lang }); }));
      break;
    case "status":
      e.waitUntil(status(m.lang).then(reply));
      break;
  }
});
