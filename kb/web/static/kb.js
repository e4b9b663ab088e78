// kb: progressive enhancement of the server-rendered pages (they work without this file).
// Nothing is rendered here: a search or a check run asks the server for the same page it
// would serve without JavaScript and swaps in the part that changed (#results, #check-results),
// so the markup has one home, kb/web/pages.py. DOMParser never runs scripts.
"use strict";
(() => {
  async function fetchPart(url, id) {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const part = page.getElementById(id);
    if (!part) throw new Error(`no #${id} in the answer (${response.status})`);
    return { part, title: page.title };
  }

  const form = document.getElementById("search");
  if (form) {
    form.addEventListener("submit", async (event) => {
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (value) params.append(key, value);
      if (!params.get("q") || !document.getElementById("results")) return; // let the browser ask
      event.preventDefault();
      const url = "/?" + params;
      const button = form.querySelector("button");
      button.disabled = true;
      try {
        const { part, title } = await fetchPart(url, "results");
        history.pushState(null, "", url);
        document.title = title;
        document.getElementById("results").replaceWith(part);
      } catch (err) {
        location.assign(url); // the server did not answer as expected: load the page itself
      } finally {
        button.disabled = false;
      }
    });
    window.addEventListener("popstate", () => location.reload());
  }

  const runner = document.getElementById("run-checks");
  if (runner) {
    runner.addEventListener("submit", async (event) => {
      event.preventDefault();
      const target = document.getElementById("check-results");
      const button = runner.querySelector("button");
      const url = runner.getAttribute("action") + "?" + new URLSearchParams(new FormData(runner));
      button.disabled = true;
      target.textContent = "Running the checks…";
      try {
        const { part } = await fetchPart(url, "check-results");
        target.replaceWith(part);
      } catch (err) {
        target.textContent = `Could not run the checks: ${err.message}`;
      } finally {
        button.disabled = false;
      }
    });
  }
})();
