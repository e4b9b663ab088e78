"""The account of an ingest: files and rulings read, ingested, rejected and duplicated, and
every problem met, located. The counts always add up: read = ingested + rejected + duplicates."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kb.ingest.readers import Problem

MAX_SHOWN = 20  # problems reported per file; the others are counted in one line

@dataclass
class Report:
    files_read: int = 0
    files_rejected: int = 0
    files_skipped: list = field(default_factory=list)  # in folders, not of a known type
    rulings_read: int = 0
    ingested: int = 0
    rejected: int = 0
    duplicates: int = 0
    problems: list = field(default_factory=list)  # Problem, in reading order
    shadowed: int = 0  # rulings of later files dropped as duplicates of this one's
    updated: bool = False  # an existing index was brought up to date rather than rebuilt
    changed: tuple = ()  # with updated: the source files that changed (none: nothing to do)

    def note(self, problem: Problem) -> None:
        """Keep a problem, up to MAX_SHOWN per file; beyond, count it in the file's last entry."""
        last = self.problems[-1] if self.problems else None
        if last is not None and last.hidden and last.path == problem.path:
            self.problems[-1] = replace(last, hidden=last.hidden + 1)
        elif sum(1 for p in self.problems if p.path == problem.path) >= MAX_SHOWN:
            self.problems.append(Problem(problem.path, problem.line, "more problems in this file, not shown",
                                         warning=True, hidden=1))  # fmt: skip
        else:
            self.problems.append(problem)

    def absorb(self, other: "Report") -> None:
        """Add another report's counts and problems to this one."""
        self.files_read += other.files_read
        self.files_rejected += other.files_rejected
        self.rulings_read += other.rulings_read
        self.ingested += other.ingested
        self.rejected += other.rejected
        self.duplicates += other.duplicates
        self.shadowed += other.shadowed
        self.problems.extend(other.problems)

    def counts(self) -> dict:
        return {
            "files_read": self.files_read, "files_rejected": self.files_rejected,
            "read": self.rulings_read, "ingested": self.ingested, "rejected": self.rejected,
            "duplicates": self.duplicates, "shadowed": self.shadowed,
        }  # fmt: skip

    @classmethod
    def from_counts(cls, counts: dict, problems: list) -> "Report":
        return cls(
            files_read=counts["files_read"], files_rejected=counts["files_rejected"],
            rulings_read=counts["read"], ingested=counts["ingested"], rejected=counts["rejected"],
            duplicates=counts["duplicates"], shadowed=counts["shadowed"], problems=list(problems),
        )  # fmt: skip

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]

    @property
    def adds_up(self) -> bool:
        return self.rulings_read == self.ingested + self.rejected + self.duplicates

    def summary(self) -> str:
        skipped = f", {len(self.files_skipped)} skipped" if self.files_skipped else ""
        return (
            f"files: {self.files_read} read, {self.files_rejected} rejected{skipped}; "
            f"rulings: {self.rulings_read} read = {self.ingested} ingested + "
            f"{self.rejected} rejected + {self.duplicates} duplicates"
        )

    def to_dict(self) -> dict:
        return {
            "files": {"read": self.files_read, "rejected": self.files_rejected, "skipped": self.files_skipped},
            "rulings": {
                "read": self.rulings_read,
                "ingested": self.ingested,
                "rejected": self.rejected,
                "duplicates": self.duplicates,
            },
            "problems": [
                {"path": p.path, "line": p.line, "message": str(p).split(": ", 1)[1] if p.hidden else p.message,
                 "warning": p.warning, **({"not_shown": p.hidden} if p.hidden else {})}
                for p in self.problems
            ],
        }
