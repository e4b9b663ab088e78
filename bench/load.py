"""Load on ``kb serve`` over loopback: N requests, C at a time, a fixed mix over the JSON API;
prints throughput (requests per second) and latency percentiles.

    .venv/bin/python bench/load.py                          # bundled data: 2,000 requests, 16 at a time
    .venv/bin/python bench/load.py --corpus                 # plus the 42,708 English rulings of the corpus
    .venv/bin/python bench/load.py --url http://127.0.0.1:8080   # a server already running
    .venv/bin/python bench/load.py --index DIR              # serve an index already built
    .venv/bin/python bench/load.py --requests 10000 --concurrency 32
    .venv/bin/python bench/load.py --corpus --names         # 16 misspelled-name lookups at a time
                                                            # beside a stream of searches

The server runs in its own process (``python -m kb serve`` on a free loopback port), so the client's
threads do not share its interpreter lock. The mix: 50% searches (words, phrases, OR, negation,
fields, filters, pages), 20% cards (by Italian or English name), 15% rulings, 5% ruling checks,
10% tags; the names and ids come from the server itself (``/api/export``). The test
``tests/test_serve_load.py`` runs the same ``plan`` and ``run`` and asserts there are no errors.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent

WORDS = [
    "split second", "battibaleno", "frazione di secondo", "goad", "provocata", "madness", "follia",
    "mana ability", "abilità di mana", "priority", "priorità", "stack", "pila", "spell", "magia",
    "creature", "exchange", "scambio", "attack", "triggered ability", '"split second"',
    '"frazione di secondo"', "goad OR madness", "spell -creature", "priority date:2019..2021",
    "rule:702.61", "rule:605", "split second -lang:en", "(goad OR madness) lang:en", "discard",
]  # fmt: skip
MIX = (("search", 50), ("card", 20), ("ruling", 15), ("check", 5), ("tags", 10))
# --adversarial: a quarter of the requests hostile (card: over single letters, long queries,
# misspelled names), three quarters the mix above
HOSTILE = ("hostile", 33)


@dataclass
class Outcome:
    kind: str
    url: str
    status: int
    seconds: float
    error: str | None = None


@dataclass
class Stats:
    outcomes: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def errors(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.error or not (o.status == 200 or (o.kind == "hostile" and 400 <= o.status < 500))]

    def percentile(self, p: float) -> float:
        times = sorted(o.seconds for o in self.outcomes)
        return times[min(len(times) - 1, int(round(p / 100 * (len(times) - 1))))] if times else 0.0

    def summary(self) -> dict:
        n = len(self.outcomes)
        return {
            "requests": n,
            "errors": len(self.errors),
            "seconds": round(self.seconds, 3),
            "throughput_rps": round(n / self.seconds, 1) if self.seconds else 0.0,
            "p50_ms": round(self.percentile(50) * 1000, 2),
            "p90_ms": round(self.percentile(90) * 1000, 2),
            "p99_ms": round(self.percentile(99) * 1000, 2),
            "max_ms": round(max((o.seconds for o in self.outcomes), default=0) * 1000, 2),
            "mean_ms": round(statistics.fmean(o.seconds for o in self.outcomes) * 1000, 2) if n else 0.0,
            "by_kind": {
                kind: round(statistics.median(o.seconds for o in self.outcomes if o.kind == kind) * 1000, 2)
                for kind, _ in (*MIX, HOSTILE)
                if any(o.kind == kind for o in self.outcomes)
            },
            "status_5xx": sum(1 for o in self.outcomes if o.status >= 500),
            "plain_search_p99_ms": round(_pct(sorted(o.seconds for o in self.outcomes if o.kind == "search"), 99) * 1000, 2),
        }


def _pct(ordered: list[float], p: float) -> float:
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


def peak_rss_mb(pid: int) -> float:
    """The peak resident memory of a process so far (Linux: VmHWM), in MB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


def plan(base_url: str, total: int, seed: int = 1, adversarial: bool = False) -> list[tuple[str, str]]:
    """``total`` (kind, path) requests in a fixed pseudo-random mix over what the server holds
    (``adversarial``: a quarter of them hostile)."""
    with httpx.Client(base_url=base_url, timeout=120) as client:
        response = client.get("/api/export", params={"format": "jsonl"})
        response.raise_for_status()
        records = [json.loads(line) for line in response.text.splitlines()]
        tags = [row["id"] for row in client.get("/api/tags").json() if sum(row["counts"].values())]
    rng = random.Random(seed)
    names = sorted({n for r in records for n in [*r["card_names"].values(), r["card"]] if '"' not in n})
    with_checks = [r["id"] for r in records if r["links"]] or [r["id"] for r in records]
    kinds = [kind for kind, weight in (*MIX, *((HOSTILE,) if adversarial else ())) for _ in range(weight)]

    def hostile() -> str:
        roll = rng.random()
        if roll < 0.4:  # card: over one letter (or two), many cards each
            q = f"card:{rng.choice('abcdefghijklmnopqrstuvwxyz')}" + (f" card:{rng.choice('aeiou')}" if rng.random() < 0.5 else "")
        elif roll < 0.7:  # a long query: up to the 1,000-character limit
            q = " ".join(rng.choice(WORDS).replace('"', "") for _ in range(60))[:1000]
        else:  # a misspelled card name, searched or looked up
            name = misspell(rng.choice(names), rng)
            if rng.random() < 0.5:
                return "/api/cards/" + quote(name, safe="")
            q = f'card:"{name}"'
        return "/api/search?" + urlencode({"q": q, "limit": 50})

    def search() -> str:
        roll = rng.random()
        if roll < 0.6:
            q = rng.choice(WORDS)
        elif roll < 0.8:
            q = f'card:"{rng.choice(names)}"'
        else:
            q = f"tag:{rng.choice(tags)}"
        params = {"q": q, "limit": rng.choice((10, 10, 20, 50))}
        if rng.random() < 0.2:
            params["lang"] = rng.choice(("it", "en"))
        if rng.random() < 0.1:
            params["offset"] = 10
        return "/api/search?" + urlencode(params)

    def make(kind: str) -> str:
        if kind == "search":
            return search()
        if kind == "card":
            name = rng.choice(names)
            return "/api/cards/" + quote(name.lower() if rng.random() < 0.3 else name, safe="")
        if kind == "ruling":
            return "/api/rulings/" + rng.choice(records)["id"]
        if kind == "check":
            return f"/api/rulings/{rng.choice(with_checks)}/check"
        if kind == "hostile":
            return hostile()
        return "/api/tags"

    return [(kind, make(kind)) for kind in (rng.choice(kinds) for _ in range(total))]


def run(base_url: str, requests: list[tuple[str, str]], concurrency: int = 16) -> Stats:
    """Send ``requests``, ``concurrency`` at a time (one keep-alive connection per worker)."""
    local = threading.local()
    clients: list[httpx.Client] = []
    lock = threading.Lock()

    def client() -> httpx.Client:
        if not hasattr(local, "client"):
            local.client = httpx.Client(base_url=base_url, timeout=60)
            with lock:
                clients.append(local.client)
        return local.client

    def one(item: tuple[str, str]) -> Outcome:
        kind, url = item
        session = client()  # made before the clock starts: a client's set-up is not the server's latency
        start = time.perf_counter()
        try:
            response = session.get(url)
            response.json()
            fine = response.status_code == 200 or (kind == "hostile" and response.status_code < 500)
            error = None if fine else response.text[:200]
            return Outcome(kind, url, response.status_code, time.perf_counter() - start, error)
        except Exception as err:  # a refused or dropped connection, a body that is not JSON
            return Outcome(kind, url, 0, time.perf_counter() - start, f"{type(err).__name__}: {err}")

    stats = Stats()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        stats.outcomes = list(pool.map(one, requests))
    stats.seconds = time.perf_counter() - start
    for c in clients:
        c.close()
    return stats


# --- misspelled names beside searches ----------------------------------------------------------


def misspell(name: str, rng: random.Random) -> str:
    """The name with one typo: a letter dropped, doubled or swapped with the next."""
    letters = [i for i, c in enumerate(name) if c.isalpha()]
    if len(letters) < 4:
        return name + "x"
    at = rng.choice(letters[1:-1])
    kind = rng.choice(("drop", "double", "swap"))
    if kind == "drop":
        return name[:at] + name[at + 1 :]
    if kind == "double":
        return name[:at] + name[at] + name[at:]
    return name[:at] + name[at + 1] + name[at] + name[at + 2 :]


def server_ms(response: httpx.Response) -> float:
    """The time the server says it spent (its Server-Timing header), in ms."""
    timing = response.headers.get("server-timing", "app;dur=0")
    return float(timing.split("dur=")[1])


def names_under_load(base_url: str, lookups: int, concurrency: int, seed: int = 1) -> dict:
    """``lookups`` misspelled card names, ``concurrency`` at a time, while one client sends
    searches one after another; the searches' latency is measured alone first, then under the
    lookups. Returns the figures (ms)."""
    with httpx.Client(base_url=base_url, timeout=120) as client:
        response = client.get("/api/export", params={"format": "jsonl"})
        names = sorted({json.loads(line)["card"] for line in response.text.splitlines()})
    rng = random.Random(seed)
    typed = [misspell(rng.choice(names), rng) for _ in range(lookups)]
    queries = [rng.choice(WORDS) for _ in range(400)]

    def searches(stop: threading.Event | None, count: int) -> list[float]:
        times = []
        with httpx.Client(base_url=base_url, timeout=120) as client:
            for q in queries[:count] if stop is None else iter(lambda: rng.choice(queries), None):
                if stop is not None and stop.is_set():
                    break
                start = time.perf_counter()
                client.get("/api/search", params={"q": q}).raise_for_status()
                times.append(time.perf_counter() - start)
        return times

    alone = searches(None, 200)
    with httpx.Client(base_url=base_url, timeout=120) as client:  # one at a time: the time a lookup takes
        single = [server_ms(client.get("/api/cards/" + quote(misspell(rng.choice(names), rng), safe="")))
                  for _ in range(100)]  # fmt: skip
    stop, under, inside, status = threading.Event(), [], [], []
    searcher = threading.Thread(target=lambda: under.extend(searches(stop, 0)))
    local = threading.local()

    def lookup(name: str) -> None:
        if not hasattr(local, "client"):
            local.client = httpx.Client(base_url=base_url, timeout=120)
        response = local.client.get("/api/cards/" + quote(name, safe=""))
        status.append(response.status_code)
        inside.append(server_ms(response))

    searcher.start()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        list(pool.map(lookup, typed))
    seconds = time.perf_counter() - start
    stop.set()
    searcher.join()

    def pct(values: list[float], p: float, scale: float = 1000) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * scale, 2) if ordered else 0.0

    return {
        "lookups": lookups, "concurrency": concurrency, "seconds": round(seconds, 2),
        "lookup_status": {str(code): status.count(code) for code in sorted(set(status))},
        "lookup_alone_server_ms_p50": pct(single, 50, 1), "lookup_alone_server_ms_p99": pct(single, 99, 1),
        "lookup_under_load_server_ms_p50": pct(inside, 50, 1), "lookup_under_load_server_ms_p99": pct(inside, 99, 1),
        "search_alone_ms_p50": pct(alone, 50), "search_alone_ms_p99": pct(alone, 99),
        "searches_under_load": len(under),
        "search_under_load_ms_p50": pct(under, 50), "search_under_load_ms_p99": pct(under, 99),
    }  # fmt: skip


# --- the server in its own process ------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_index(folder: Path, corpus: Path | None) -> Path:
    sys.path.insert(0, str(ROOT))
    from kb.index.build import ingest_into
    from kb.index.generations import Location

    sources = [ROOT / "data" / "rulings_it", ROOT / "data" / "rulings_en"]
    names = [ROOT / "data" / "card_names.tsv"]
    if corpus:
        sources.append(corpus / "rulings_en.jsonl")
        names.append(corpus / "names_it.tsv")
    start = time.perf_counter()
    report = ingest_into(Location(folder), sources, names)
    print(f"index: {report.summary()} in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return folder


def start_server(index: Path, port: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    log = tempfile.TemporaryFile()
    process = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--port", str(port), "--index", str(index)], env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/tags", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.2)
        if process.poll() is not None:
            break
    process.terminate()
    log.seek(0)
    raise SystemExit("the server did not start:\n" + log.read().decode(errors="replace")[-2000:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="Load this running server instead of starting one.")
    parser.add_argument("--corpus", action="store_true", help="Index the real corpus too (../shared/corpus or KB_CORPUS).")
    parser.add_argument("--index", type=Path, help="Serve this index instead of building one.")
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--warmup", type=int, default=200, help="Requests sent first and not counted.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    parser.add_argument("--names", action="store_true",
                        help="Misspelled card-name lookups (--requests of them, --concurrency at a time) beside a "
                             "stream of searches, instead of the mix.")  # fmt: skip
    parser.add_argument("--adversarial", action="store_true",
                        help="A quarter of the requests hostile: card: over single letters, long queries, misspelled "
                             "names (4xx answers to them are fine; 5xx are errors).")  # fmt: skip
    args = parser.parse_args()

    process = None
    with tempfile.TemporaryDirectory(prefix="kb-load-") as tmp:
        base_url = args.url
        if not base_url:
            corpus = None
            if args.corpus:
                corpus = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
                if not (corpus / "rulings_en.jsonl").exists():
                    raise SystemExit(f"no corpus at {corpus}")
            index = args.index or build_index(Path(tmp) / "index", corpus)
            port = free_port()
            process = start_server(index, port)
            base_url = f"http://127.0.0.1:{port}"
        try:
            if args.names:
                figures = names_under_load(base_url, args.requests, args.concurrency, args.seed)
                print(json.dumps(figures, indent=2))
                return
            requests = plan(base_url, args.warmup + args.requests, args.seed, args.adversarial)
            run(base_url, requests[: args.warmup], args.concurrency)
            stats = run(base_url, requests[args.warmup :], args.concurrency)
            memory = peak_rss_mb(process.pid) if process else 0.0
        finally:
            if process:
                process.terminate()
                process.wait(10)
    summary = {"concurrency": args.concurrency, **stats.summary(), "server_peak_rss_mb": memory}
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{summary['requests']} requests, {args.concurrency} at a time, {summary['errors']} errors, "
              f"in {summary['seconds']} s: {summary['throughput_rps']} req/s; latency p50 {summary['p50_ms']} ms, "
              f"p90 {summary['p90_ms']} ms, p99 {summary['p99_ms']} ms, max {summary['max_ms']} ms")  # fmt: skip
        print("median ms by kind: " + ", ".join(f"{k} {v}" for k, v in summary["by_kind"].items()))
        print(f"5xx: {summary['status_5xx']}; plain searches p99 {summary['plain_search_p99_ms']} ms; "
              f"server peak memory {memory} MB")
    for outcome in stats.errors[:10]:
        print(f"error: {outcome.status} {outcome.url}: {outcome.error}", file=sys.stderr)
    raise SystemExit(1 if stats.errors else 0)


if __name__ == "__main__":
    main()
