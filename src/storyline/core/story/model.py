"""The typed records a story is made of inside ``core``: its articles and sentences, the sentences of its summary,
the facts its outlets corroborate and the disputes between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class Article:
    """One article of a story, as the digest reads it: its headline, when it was published and by which outlet."""

    article_id: str
    title: str | None = None
    published: str | None = None
    source: str | None = None

    @property
    def outlet(self) -> str:
        """The outlet that published it, or the article itself where none is known."""
        return self.source or self.article_id


@dataclass(frozen=True)
class Sentence:
    """One sentence of one article, as the summariser sees it."""

    article_id: str
    position: int
    text: str
    source: str | None = None
    published: str | None = None


@dataclass(frozen=True)
class SummarySentence:
    """A sentence chosen for the summary, with every article that supports it."""

    text: str
    article_id: str
    position: int
    sources: tuple[str, ...]
    support: int


@dataclass
class Fact:
    """A fact told by several articles, with every sentence that tells it."""

    text: str
    article_ids: list[str]
    outlets: list[str]
    support: int
    sentences: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "article_ids": list(self.article_ids), "outlets": list(self.outlets),
                "support": self.support, "sentences": [dict(s) for s in self.sentences]}


@dataclass
class Side:
    """One side of a dispute: what it claims and who claims it."""

    claim: str
    text: str
    article_ids: list[str]
    outlets: list[str]
    sentences: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"claim": self.claim, "text": self.text, "article_ids": list(self.article_ids),
                "outlets": list(self.outlets), "sentences": [dict(s) for s in self.sentences]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Side":
        """A side as :meth:`to_dict` writes it (a key left out is empty)."""
        return cls(claim=str(d.get("claim") or ""), text=str(d.get("text") or ""),
                   article_ids=list(d.get("article_ids") or []), outlets=list(d.get("outlets") or []),
                   sentences=[dict(x) for x in d.get("sentences") or []])

    @property
    def texts(self) -> list[str]:
        """The sentences that take this side, as printed."""
        return [x["text"] for x in self.sentences]


@dataclass
class Dispute:
    """Outlets that contradict each other about one subject in one frame."""

    subject: str
    frame: str
    kind: str  # "predicate" or "number"
    sides: list[Side]

    def to_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "frame": self.frame, "kind": self.kind,
                "sides": [s.to_dict() for s in self.sides], "both": self.both()}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Dispute":
        """A dispute as :meth:`to_dict` writes it (a key left out is empty): the way back in from a table."""
        return cls(subject=str(d.get("subject") or ""), frame=str(d.get("frame") or ""),
                   kind=str(d.get("kind") or ""), sides=[Side.from_dict(s) for s in d.get("sides") or []])

    def both(self) -> list[str]:
        """Outlets that print more than one side (each such outlet stands on each side it prints)."""
        seen: dict[str, int] = {}
        for side in self.sides:
            for o in set(side.outlets):
                seen[o] = seen.get(o, 0) + 1
        return sorted(o for o, n in seen.items() if n > 1)
