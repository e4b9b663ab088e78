"""Index locations and their generations: one writer at a time, swapped in atomically, checked
when opened, and recovered from damage instead of rebuilt.

Layout of an index location (``--index DIR``, ``KB_INDEX``, default ``.kb/index``)::

    DIR/LOCK                     held by the one ingest writing here (filelock)
    DIR/CURRENT                  the name of the live generation (replaced atomically)
    DIR/gen-<stamp>/             a complete index:
        shard-<n>/               a Whoosh index of part of the rulings, and docs.npz
        manifest.json            written last: the sources, and the size and SHA-256 of every
                                 other file of the generation ("contents")
        names.tsv cards.jsonl stats.json pairs.json vocabulary.json words.tsv

A build writes a new generation beside the live one under the lock and then replaces
``CURRENT`` with ``os.replace``: a reader never sees a half-built index and a failed build leaves
the old one. Opening checks the cheap part (every file there, of its size, the manifest
readable); ``kb verify`` checks the checksums too. A damaged ``CURRENT`` or live generation falls
back to the newest complete one, with a notice; with none left the index is damaged (exit 1,
naming the fix). Nothing here ever builds an index.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator


from kb.errors import IndexBusy, IndexDamaged, IndexMissing
from kb.index.shards import Shard

DEFAULT_LOCATION = Path(".kb") / "index"
WORDS = "words.tsv"  # the surface words of the texts, with the number of texts holding each
MANIFEST = "manifest.json"
_GENERATION = re.compile(r"^gen-\d{8}T\d{6}(\d{6})?-[0-9a-f]{6}$")  # microseconds since kb 0.2: newest sorts last
_MAGIC = {".npz": b"PK\x03\x04"}  # file headers checked on opening


@dataclass(frozen=True)
class Generation:
    """One complete, immutable index."""

    path: Path

    def read_json(self, name: str):
        return json.loads((self.path / name).read_text(encoding="utf-8"))

    def write_text(self, name: str, text: str) -> None:
        (self.path / name).write_text(text, encoding="utf-8")

    def write_json(self, name: str, data) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        (self.path / name).write_text(text, encoding="utf-8")

    @property
    def manifest(self) -> dict:
        return self.read_json(MANIFEST)

    def restamp(self, stamps: dict[str, dict]) -> None:
        """Record the new size and modification time of source files whose content is unchanged
        (their checksum matched), so that the next freshness check needn't read them again; the
        manifest is replaced atomically."""
        manifest = self.manifest
        for name, stamp in stamps.items():
            manifest["files"][name].update(size=stamp["size"], mtime_ns=stamp["mtime_ns"])
        self.seal(manifest)

    def seal(self, manifest: dict) -> None:
        """Write the manifest atomically: a reader sees the old one or the new one, whole."""
        sealed = self.path / f"{MANIFEST}.{os.getpid()}.tmp"
        try:
            sealed.write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
            os.replace(sealed, self.path / MANIFEST)
        finally:
            sealed.unlink(missing_ok=True)

    @property
    def shards(self) -> list[Shard]:
        return [Shard(p) for p in sorted(self.path.glob("shard-*"), key=lambda p: int(p.name[6:]))]

    def shard_path(self, number: int) -> Path:
        return self.path / f"shard-{number}"

    # --- what it holds, and whether it is whole ----------------------------------------------

    def files(self) -> list[str]:
        """Every file of the generation but its manifest, relative to it, sorted."""
        return sorted(str(p.relative_to(self.path)) for p in self.path.rglob("*") if p.is_file() and p.name != MANIFEST)

    def contents(self) -> dict:
        """Size and SHA-256 of every file (for the manifest, written last)."""
        return {name: {"size": (self.path / name).stat().st_size, "sha256": _sha256(self.path / name)} for name in self.files()}

    def problems(self, checksums: bool = False) -> list[str]:
        """What is wrong with the generation ([] when it is whole): a missing or unreadable
        manifest, a file missing, of another size, with a bad header, or (``checksums``) whose
        content changed."""
        try:
            contents = self.manifest.get("contents")
        except (OSError, ValueError) as err:
            return [f"{self.path / MANIFEST}: unreadable ({type(err).__name__})"]
        if contents is None:
            return []  # built by an older kb, which listed no files: freshness rebuilds it
        if not isinstance(contents, dict):
            return [f"{self.path / MANIFEST}: its list of files is malformed"]
        found = []
        for name, expected in contents.items():
            path = self.path / name
            try:
                size = path.stat().st_size
            except OSError:
                found.append(f"{path}: missing")
                continue
            if size != expected.get("size"):
                found.append(f"{path}: {size} bytes, expected {expected.get('size')}")
            elif path.suffix in _MAGIC and not _starts_with(path, _MAGIC[path.suffix]):
                found.append(f"{path}: not a {path.suffix} file")
            elif checksums and _sha256(path) != expected.get("sha256"):
                found.append(f"{path}: its content changed (checksum)")
        return found


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _starts_with(path: Path, magic: bytes) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(magic)) == magic
    except OSError:
        return False


class Location:
    """Where an index lives: its generations, the pointer to the live one, its writer's lock."""

    LOCK_TIMEOUT = 30 * 60  # seconds a writer waits for another before giving up

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path or os.environ.get("KB_INDEX") or DEFAULT_LOCATION)
        self.notices: list[str] = []  # what opening had to work around, for the user
        self._checked: dict[tuple, list[str]] = {}  # (generation, manifest mtime) -> problems

    # --- reading ----------------------------------------------------------------------------

    def generations(self) -> list[Generation]:
        """The generation folders here, newest first."""
        if not self.path.is_dir():
            return []
        return [Generation(p) for p in sorted(self.path.iterdir(), reverse=True) if _GENERATION.match(p.name) and p.is_dir()]

    def exists(self) -> bool:
        """Whether anything of an index is here (a pointer or a generation, whole or not)."""
        return (self.path / "CURRENT").exists() or bool(self.generations())

    def named(self) -> str | None:
        """The generation ``CURRENT`` names, as written (None: no pointer, or not a generation name)."""
        try:
            name = (self.path / "CURRENT").read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return name if _GENERATION.match(name) else None

    def whole(self, gen: Generation) -> list[str]:
        """The problems of a generation found on opening (remembered while its manifest stays)."""
        try:
            key = (gen.path.name, (gen.path / MANIFEST).stat().st_mtime_ns)
        except OSError:
            return [f"{gen.path / MANIFEST}: missing"]
        if key not in self._checked:
            self._checked[key] = gen.problems()
        return self._checked[key]

    def current(self) -> Generation | None:
        """The live generation: the one ``CURRENT`` names when it is whole, else the newest whole
        one (with a notice). None when there is no index at all; IndexDamaged when there is
        one and no generation of it is whole."""
        self.notices = []
        name = self.named()
        if name is not None:
            gen = Generation(self.path / name)
            problems = self.whole(gen)
            if not problems:
                return gen
            self.notices.append(f"the live index {gen.path} is damaged ({problems[0]})")
        elif (self.path / "CURRENT").exists():
            self.notices.append(f"{self.path / 'CURRENT'} does not name a generation")
        for gen in self.generations():
            if gen.path.name != name and not self.whole(gen):
                self.notices.append(f"using the newest whole generation instead, {gen.path.name}; "
                                    f"rebuild with kb ingest --full when you can")  # fmt: skip
                return gen
        if self.exists():
            raise IndexDamaged(
                f"the index at {self.path} is damaged and no earlier generation is whole"
                + (f" ({self.notices[0]})" if self.notices else "")
                + "; rebuild it with: kb ingest --full PATH... --index " + str(self.path)
            )
        return None

    def require(self) -> Generation:
        gen = self.current()
        if gen is None:
            raise IndexMissing(f"no index at {self.path}; build one with: kb ingest PATH...")
        return gen

    # --- writing: one writer at a time ------------------------------------------------------

    @contextmanager
    def writer(self, wait: bool = True, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
        """Hold the location's lock while building and publishing a generation. Another writer
        waits (``on_wait`` hears why) or, with ``wait`` False, IndexBusy."""
        from filelock import FileLock, Timeout  # only writers need it (a search starts faster)

        self.path.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(self.path / "LOCK"))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            if not wait:
                raise IndexBusy(f"the index at {self.path} is busy: another ingest is writing it") from None
            if on_wait:
                on_wait(f"waiting for another ingest into {self.path} to finish")
            try:
                lock.acquire(timeout=self.LOCK_TIMEOUT)
            except Timeout:
                raise IndexBusy(f"the index at {self.path} stayed busy for {self.LOCK_TIMEOUT} s") from None
        try:
            self._sweep()
            yield
        finally:
            lock.release()

    def new_generation(self) -> Generation:
        """An empty generation directory, not yet live (under the writer's lock)."""
        self.path.mkdir(parents=True, exist_ok=True)
        now = time.time()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f"{int(now * 1e6) % 1_000_000:06d}"
        gen = self.path / f"gen-{stamp}-{os.urandom(3).hex()}"
        gen.mkdir()
        return Generation(gen)

    def publish(self, gen: Generation, manifest: dict) -> None:
        """Seal ``gen`` with its manifest (which lists every other file with its checksum) and
        make it the live generation, atomically; keep the one it replaces, drop older ones."""
        gen.seal({**manifest, "contents": gen.contents()})
        previous = self.named()
        pointer = self.path / f"CURRENT.{gen.path.name}"
        pointer.write_text(gen.path.name + "\n", encoding="utf-8")
        os.replace(pointer, self.path / "CURRENT")
        keep = {gen.path.name, previous or ""}
        for old in self.generations():
            if old.path.name not in keep:
                shutil.rmtree(old.path, ignore_errors=True)

    def _sweep(self) -> None:
        """Remove what killed writers left: generations without a manifest, stray pointers."""
        live = self.named()
        for gen in self.generations():
            if gen.path.name != live and not (gen.path / MANIFEST).exists():
                shutil.rmtree(gen.path, ignore_errors=True)
        for stray in self.path.glob("CURRENT.*"):
            stray.unlink(missing_ok=True)

    @staticmethod
    def discard(gen: Generation) -> None:
        shutil.rmtree(gen.path, ignore_errors=True)
