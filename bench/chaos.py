"""The slow attacks on kb, each timed and its memory measured: what tests/test_attacks.py does
in small, here at full size, on the bundled data (and the real corpus with --corpus).

    .venv/bin/python bench/chaos.py            # every scenario
    .venv/bin/python bench/chaos.py --corpus   # with the 42,708 real rulings where it matters

Scenarios (each prints one line: what happened, exit codes, seconds, peak memory):

- six ``kb ingest --full`` into one index at once: all exit 0, one after another; the index is
  whole (``kb verify``) and answers as after one ingest
- ``kill -9`` of an ingest half-way: the previous index still answers the same; no worker is left
- one million bad dates: the errors are capped, the manifest stays small, the next search is fast
- a 50 MB one-ruling JSON Lines file: a located error, bounded memory
- a server under 16 clients sending ``card:s`` and 1,000-character ``card:a card:a …``: no 5xx,
  memory bounded; then SIGTERM during requests: the server ends within seconds
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KB = [sys.executable, "-m", "kb"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
DATA = [str(ROOT / "data" / "rulings_it"), str(ROOT / "data" / "rulings_en")]


def kb(*args: str, timeout: float = 600) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    done = subprocess.run([*KB, *args], capture_output=True, text=True, env=ENV, timeout=timeout, check=False)
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


def peak_children_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)


def hits(index: str, query: str = "creature") -> int:
    code, out, err, _ = kb("search", query, "--json", "--limit", "1", "--all-cards", "--index", index)
    if code != 0:
        raise SystemExit(f"search failed: {err}")
    return json.loads(out)["total"]


def concurrent_ingests(tmp: Path, sources: list[str]) -> dict:
    index = str(tmp / "concurrent")
    code, _, err, _ = kb("ingest", *sources, "--index", index)
    before = hits(index)
    start = time.perf_counter()
    procs = [subprocess.Popen([*KB, "ingest", *sources, "--full", "--index", index], env=ENV,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(6)]
    codes = [p.wait(1200) for p in procs]
    seconds = time.perf_counter() - start
    verify = kb("verify", "--index", index)[0]
    return {"scenario": "six ingests at once", "exit_codes": codes, "verify": verify, "hits_before": before,
            "hits_after": hits(index), "seconds": round(seconds, 1), "ok": codes == [0] * 6 and verify == 0
            and hits(index) == before}  # fmt: skip


def killed_ingest(tmp: Path, sources: list[str]) -> dict:
    index = str(tmp / "killed")
    kb("ingest", *sources, "--index", index)
    before = hits(index)
    proc = subprocess.Popen([*KB, "ingest", *sources, "--full", "--index", index], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=False)
    time.sleep(1.5)
    proc.kill()
    proc.wait()
    time.sleep(1.0)  # workers notice their parent's death (PR_SET_PDEATHSIG)
    orphans = subprocess.run(["pgrep", "-f", f"--index {index}"], capture_output=True, text=True).stdout.split()
    after = hits(index)
    again = kb("ingest", *sources, "--index", index)[0]
    return {"scenario": "kill -9 mid-ingest", "hits_before": before, "hits_after_kill": after,
            "orphan_processes": len(orphans), "next_ingest_exit": again,
            "ok": after == before and not orphans and again == 0}  # fmt: skip


def bad_dates(tmp: Path) -> dict:
    path = tmp / "dates.txt"
    with path.open("w", encoding="utf-8") as out:
        out.write("Fast Forward\n\n")
        for n in range(1_000_000):
            out.write(f"{(n % 60) + 32}/13/2026\n\n")
    index = str(tmp / "dates")
    code, _, err, seconds = kb("ingest", *DATA, str(path), "--index", index, timeout=1800)
    manifests = sorted(Path(index).rglob("manifest.json"))
    start = time.perf_counter()
    hits(index, "goad")
    search_seconds = time.perf_counter() - start
    return {"scenario": "one million bad dates", "exit": code, "stderr_kb": round(len(err) / 1024, 1),
            "manifest_kb": round(max(m.stat().st_size for m in manifests) / 1024, 1) if manifests else None,
            "ingest_seconds": round(seconds, 1), "next_search_seconds": round(search_seconds, 2),
            "ok": code == 0 and len(err) < 64_000 and search_seconds < 2}  # fmt: skip


def huge_ruling(tmp: Path) -> dict:
    path = tmp / "huge.jsonl"
    path.write_text(json.dumps({"card": "Fast Forward", "date": "2026-01-01", "text": "goad " * 10_000_000}) + "\n")
    index = str(tmp / "huge")
    code, _, err, seconds = kb("ingest", *DATA, str(path), "--index", index)
    return {"scenario": "a 50 MB one-ruling JSON Lines file", "exit": code, "message": err.strip().splitlines()[-1:],
            "seconds": round(seconds, 1), "ok": code == 0 and "huge.jsonl:1" in err}  # fmt: skip


def server(tmp: Path, index: str) -> dict:
    import httpx

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([*KB, "serve", "--port", str(port), "--index", index], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(base + "/api/tags", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.2)
    queries = ["card:s", " ".join(["card:a"] * 142), "card:e card:i card:o", "goad"]

    def one(n: int) -> int:
        try:
            return httpx.get(base + "/api/search", params={"q": queries[n % len(queries)], "limit": 50},
                             timeout=60).status_code
        except httpx.HTTPError:
            return 0

    start = time.perf_counter()
    with ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(one, range(320)))
    seconds = time.perf_counter() - start
    rss = 0.0
    for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            rss = round(int(line.split()[1]) / 1024, 1)
    with ThreadPoolExecutor(16) as pool:
        pending = [pool.submit(one, n) for n in range(64)]
        time.sleep(0.3)
        stop = time.perf_counter()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        ended = time.perf_counter() - stop
        for future in pending:
            future.result()
    return {"scenario": "16 clients of card:s and long card: queries, then SIGTERM",
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))}, "seconds": round(seconds, 1),
            "server_peak_rss_mb": rss, "sigterm_seconds": round(ended, 1),
            "ok": not any(s >= 500 or s == 0 for s in statuses) and rss < 500 and ended < 6}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", action="store_true", help="Add the 42,708 real rulings (../shared/corpus or KB_CORPUS).")
    args = parser.parse_args()
    sources = list(DATA)
    if args.corpus:
        corpus = Path(os.environ.get("KB_CORPUS") or ROOT.parent / "shared" / "corpus")
        sources += [str(corpus / "rulings_en.jsonl"), str(corpus / "names_it.tsv")]
    failed = 0
    with tempfile.TemporaryDirectory(prefix="kb-chaos-") as folder:
        tmp = Path(folder)
        for scenario in (lambda: concurrent_ingests(tmp, sources), lambda: killed_ingest(tmp, sources),
                         lambda: bad_dates(tmp), lambda: huge_ruling(tmp),
                         lambda: server(tmp, str(tmp / "concurrent"))):  # fmt: skip
            result = scenario()
            result["peak_child_rss_mb_so_far"] = peak_children_mb()
            failed += not result["ok"]
            print(json.dumps(result), flush=True)
    raise SystemExit(1 if failed else 0)


if __name__ == "__main__":
    main()
