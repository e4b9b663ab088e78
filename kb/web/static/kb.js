// kb: progressive enhancement of the server-rendered pages (they work without this file).
// Search results and check runs are rendered with the server's markup; data only ever goes in
// as text (append of strings, textContent), never parsed as HTML.
"use strict";
(() => {
  const LANG_NAMES = { it: "Italiano", en: "English" };
  const FILTERS = ["lang", "tag", "card", "since", "until"];
  const FORMATS = ["jsonl", "json", "yaml", "csv", "md"];
  const ERROR_TITLES = { 400: "Bad request", 404: "Not found", 405: "Method not allowed" };

  function el(name, attrs, ...children) {
    const node = document.createElement(name);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  const query = (params) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "" && v != null));
  const searchUrl = (params) => "/?" + query(params);
  const cardUrl = (name) => "/cards/" + encodeURIComponent(name);
  const rulingUrl = (id) => "/rulings/" + encodeURIComponent(id);

  // The API's snippet is escaped text with <mark> around matches: split on the marks and
  // unescape the text between them, so nothing in it is ever parsed as HTML.
  const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };
  const unescapeHtml = (text) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]);

  function snippetNodes(html) {
    const nodes = [];
    let marked = false;
    for (const part of html.split(/(<mark>|<\/mark>)/)) {
      if (part === "<mark>") marked = true;
      else if (part === "</mark>") marked = false;
      else if (part) nodes.push(marked ? el("mark", {}, unescapeHtml(part)) : unescapeHtml(part));
    }
    return nodes;
  }

  const displayName = (r) => r.card_names.en || r.card_names.it || r.card;

  function cardLabel(r) {
    const others = [...new Set(Object.values(r.card_names))].filter((n) => n !== r.card);
    return r.card + (others.length ? ` (${others.join(" / ")})` : "");
  }

  function badges(lang, mixed) {
    const other = lang === "it" ? "en" : "it";
    return [
      el("span", { class: `badge lang-${lang}`, title: LANG_NAMES[lang] || lang }, lang),
      mixed ? el("span", { class: "badge mixed", title: `carries ${other} terms too` }, "mixed") : null,
    ];
  }

  const chips = (tags) =>
    el("span", { class: "tags" }, tags.map((t) => el("a", { href: searchUrl({ q: `tag:${t}` }), class: "chip" }, t)));

  function resultItem(r) {
    return el("li", { class: "result" },
      el("div", { class: "meta" },
        el("a", { href: cardUrl(displayName(r)), class: "card-link" }, cardLabel(r)),
        badges(r.lang, r.mixed),
        el("time", { datetime: r.date }, r.date)),
      el("p", { class: "snippet", lang: r.lang }, snippetNodes(r.snippet)),
      el("div", { class: "foot" }, chips(r.tags),
        el("a", { href: rulingUrl(r.id), class: "ruling-link" }, "ruling " + r.id)));
  }

  function pager(params, offset, shown, total, size) {
    const links = [];
    if (offset > 0) links.push(el("a", { href: searchUrl({ ...params, offset: Math.max(0, offset - size) || "" }), rel: "prev" }, "← previous"));
    if (offset + shown < total) links.push(el("a", { href: searchUrl({ ...params, offset: offset + size }), rel: "next" }, "next →"));
    return links.length ? el("nav", { class: "pager" }, links) : null;
  }

  function exportsLine(params) {
    const chosen = Object.fromEntries(FILTERS.filter((k) => params[k]).map((k) => [k, params[k]]));
    if (!Object.keys(chosen).length) return null;
    const links = FORMATS.map((fmt) => el("a", { href: "/api/export?" + query({ ...chosen, format: fmt }), download: true }, fmt));
    return el("p", { class: "exports" }, "Export every ruling with these filters: ", links);
  }

  function resultsSection(data, params, offset, size) {
    const shown = data.results.length;
    let summary = `${data.total} ruling(s) match '${data.query}'`;
    if (data.total && shown < data.total) summary += `; showing ${offset + 1}–${offset + shown}`;
    return el("section", { id: "results", "aria-live": "polite" },
      el("p", { class: "summary" }, summary),
      el("ol", { class: "results", start: offset + 1 }, data.results.map(resultItem)),
      pager(params, offset, shown, data.total, size),
      exportsLine(params));
  }

  function pointer(q, position) {
    const start = Math.max(0, position - 40);
    const prefix = start ? "..." : "";
    return `  ${prefix}${q.slice(start, start + 80)}\n  ${" ".repeat(prefix.length + position - start)}^`;
  }

  function errorSection(status, body, q) {
    const suggestions = body.suggestions || [];
    return el("section", { id: "results", class: "error", role: "alert" },
      el("h1", {}, `${ERROR_TITLES[status] || "Error"} (${status})`),
      el("p", { class: "error-message" }, body.error || "error"),
      "position" in body && q ? el("pre", { class: "pointer" }, pointer(q, body.position)) : null,
      suggestions.length
        ? el("p", { class: "suggestions" }, "Did you mean: ",
            suggestions.map((name, i) => [i ? ", " : "", el("a", { href: cardUrl(name) }, name)]), "?")
        : null);
  }

  function show(section) {
    document.getElementById("results").replaceWith(section);
  }

  const form = document.getElementById("search");
  if (form) {
    form.addEventListener("submit", async (event) => {
      const params = {};
      for (const [key, value] of new FormData(form)) if (value) params[key] = value;
      if (!params.q || !document.getElementById("results")) return; // let the server answer
      event.preventDefault();
      const size = Number(form.dataset.pageSize) || 20;
      const button = form.querySelector("button");
      button.disabled = true;
      try {
        const response = await fetch("/api/search?" + query({ ...params, limit: size }), { headers: { Accept: "application/json" } });
        const body = await response.json();
        history.pushState(null, "", searchUrl(params));
        document.title = `${params.q} – search · kb`;
        show(response.ok ? resultsSection(body, params, 0, size) : errorSection(response.status, body, params.q));
      } catch (err) {
        form.submit(); // the API did not answer: ask for the server-rendered page
      } finally {
        button.disabled = false;
      }
    });
    window.addEventListener("popstate", () => location.reload());
  }

  function checkResults(run) {
    if (run.passed === null) return [el("p", { class: "outcome" }, "This ruling has no check to run.")];
    const failed = run.results.filter((r) => !r.passed).length;
    return [
      el("p", { class: "outcome " + (run.passed ? "passed" : "failed") }, run.passed ? "All checks passed." : `${failed} check(s) failed.`),
      el("ul", { class: "runs" }, run.results.map((r) =>
        el("li", { class: r.passed ? "passed" : "failed" },
          el("span", { class: "status" }, r.passed ? "passed" : "failed"), " ", r.title, " – ", r.message))),
    ];
  }

  const runner = document.getElementById("run-checks");
  if (runner) {
    runner.addEventListener("submit", async (event) => {
      event.preventDefault();
      const target = document.getElementById("check-results");
      const button = runner.querySelector("button");
      button.disabled = true;
      target.replaceChildren(el("p", { class: "outcome" }, "Running the checks…"));
      try {
        const response = await fetch(rulingUrl(runner.dataset.ruling).replace("/rulings/", "/api/rulings/") + "/check");
        const body = await response.json();
        target.replaceChildren(...(response.ok ? checkResults(body) : [el("p", { class: "outcome failed" }, body.error)]));
      } catch (err) {
        target.replaceChildren(el("p", { class: "outcome failed" }, `Could not run the checks: ${err}`));
      } finally {
        button.disabled = false;
      }
    });
  }
})();
