"""The account of an ingest: files and rulings read, ingested, rejected and duplicated, and
every problem met, located. The counts always add up: read = ingested + rejected + duplicates."""

from __future__ import annotations

from dataclasses import dataclass, field

from kb.ingest.readers import Problem


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
                {"path": p.path, "line": p.line, "message": p.message, "warning": p.warning}
                for p in self.problems
            ],
        }
