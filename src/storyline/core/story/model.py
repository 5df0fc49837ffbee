"""The typed records a story is made of: its articles and sentences, the sentences of its summary, its timeline
rows, the facts its outlets corroborate, the disputes between them, what one outlet alone says, and the story as
the stories table holds it (:class:`StoryRecord`).

Each part crosses the Spark boundary through one pair: ``to_row`` gives the JSON-ready dict the tables hold (their
Spark types are in :mod:`storyline.spark.schemas`), and ``from_row`` reads one back. A reader is lenient: a key
left out, or a value of the wrong shape, reads as empty, so a story written by an older version still renders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


def _seq(value: object) -> list:
    """A row's array as a list: empty when it is not one."""
    return list(value) if isinstance(value, (list, tuple)) else []


def _maps(value: object) -> list[Mapping[str, Any]]:
    """A row's array of structs: the elements that are structs."""
    return [v for v in _seq(value) if isinstance(v, Mapping)]


def _map(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


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
    """A sentence chosen for the summary, with every article that supports it, and its ``rank`` by importance (0:
    the lead; None when not ranked)."""

    text: str
    article_id: str
    position: int
    sources: tuple[str, ...]
    support: int
    rank: int | None = None


@dataclass(frozen=True)
class SourceSentence:
    """A sentence a part of a story cites: its article, the article's outlet, its text and who the text says the
    claim comes from (``attribution``, "his agent said"), if anyone."""

    article_id: str
    outlet: str | None
    text: str
    attribution: str | None = None

    def to_row(self) -> dict[str, Any]:
        return {"article_id": self.article_id, "outlet": self.outlet, "text": self.text,
                "attribution": self.attribution}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> SourceSentence:
        return cls(d.get("article_id"), d.get("outlet"), d.get("text"), d.get("attribution"))


def _sentences(value: object) -> list[SourceSentence]:
    return [SourceSentence.from_row(x) for x in _maps(value)]


@dataclass
class Fact:
    """A fact told by several articles, with every sentence that tells it."""

    text: str
    article_ids: list[str]
    outlets: list[str]
    support: int
    sentences: list[SourceSentence] = field(default_factory=list)

    def to_row(self) -> dict[str, Any]:
        return {"text": self.text, "article_ids": list(self.article_ids), "outlets": list(self.outlets),
                "support": self.support, "sentences": [s.to_row() for s in self.sentences]}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Fact:
        return cls(d.get("text"), _seq(d.get("article_ids")), _seq(d.get("outlets")), d.get("support"),
                   _sentences(d.get("sentences")))


@dataclass
class SingleSource:
    """A notable statement that one outlet alone carries, with the sentence that carries it."""

    text: str
    article_ids: list[str]
    outlets: list[str]
    sentences: list[SourceSentence] = field(default_factory=list)

    def to_row(self) -> dict[str, Any]:
        return {"text": self.text, "article_ids": list(self.article_ids), "outlets": list(self.outlets),
                "sentences": [s.to_row() for s in self.sentences]}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> SingleSource:
        return cls(d.get("text"), _seq(d.get("article_ids")), _seq(d.get("outlets")), _sentences(d.get("sentences")))


_PRECISION = {4: "year", 7: "month", 10: "day"}


@dataclass
class TimelineRow:
    """A dated event (``date``: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``) and every article that tells it;
    ``background``: it came before the story's news, told for context
    (:func:`~storyline.core.story.timeline.with_background`)."""

    date: str
    text: str
    article_ids: list[str] = field(default_factory=list)
    outlets: list[str] = field(default_factory=list)
    sentences: list[SourceSentence] = field(default_factory=list)
    background: bool = False

    @property
    def precision(self) -> str:
        """How much of the date is known: ``year``, ``month`` or ``day``."""
        return _PRECISION[len(self.date)]

    def to_row(self) -> dict[str, Any]:
        return {"date": self.date, "precision": self.precision, "text": self.text,
                "article_ids": list(self.article_ids), "outlets": list(self.outlets),
                "sentences": [s.to_row() for s in self.sentences], "background": self.background}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> TimelineRow:
        return cls(d.get("date"), d.get("text"), _seq(d.get("article_ids")), _seq(d.get("outlets")),
                   _sentences(d.get("sentences")), bool(d.get("background")))


@dataclass
class Side:
    """One side of a dispute: what it claims and who claims it."""

    claim: str
    text: str
    article_ids: list[str]
    outlets: list[str]
    sentences: list[SourceSentence] = field(default_factory=list)

    def to_row(self) -> dict[str, Any]:
        return {"claim": self.claim, "text": self.text, "article_ids": list(self.article_ids),
                "outlets": list(self.outlets), "sentences": [s.to_row() for s in self.sentences]}

    def to_note(self) -> dict[str, Any]:
        """The side as a summary sentence's dispute shows it: its claim and who tells it."""
        return {"claim": self.claim, "outlets": list(self.outlets), "article_ids": list(self.article_ids)}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Side:
        """A side as :meth:`to_row` (or :meth:`to_note`) writes it (a key left out is empty)."""
        return cls(claim=str(d.get("claim") or ""), text=str(d.get("text") or ""),
                   article_ids=[str(a) for a in _seq(d.get("article_ids"))],
                   outlets=[str(o) for o in _seq(d.get("outlets"))], sentences=_sentences(d.get("sentences")))

    @property
    def texts(self) -> list[str]:
        """The sentences that take this side, as printed."""
        return [x.text for x in self.sentences]


@dataclass
class Dispute:
    """Outlets that contradict each other about one subject in one frame."""

    subject: str
    frame: str
    kind: str  # "predicate" or "number"
    sides: list[Side]

    def to_row(self) -> dict[str, Any]:
        return {"subject": self.subject, "frame": self.frame, "kind": self.kind,
                "sides": [s.to_row() for s in self.sides], "both": self.both()}

    def to_note(self) -> dict[str, Any]:
        """The dispute as a summary sentence on one of its sides shows it: subject, frame and each side's claim,
        outlets and articles."""
        return {"subject": self.subject, "frame": self.frame, "sides": [s.to_note() for s in self.sides]}

    def to_change(self) -> dict[str, Any]:
        """The dispute as what changed in a story lists it: subject, frame and each side's claim."""
        return {"subject": self.subject, "frame": self.frame, "claims": [s.claim for s in self.sides]}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Dispute:
        """A dispute as :meth:`to_row`, :meth:`to_note` or :meth:`to_change` writes it (a key left out is empty):
        the way back in from a table."""
        sides = [Side.from_row(s) for s in _maps(d.get("sides"))] or [
            Side(str(c or ""), "", [], []) for c in _seq(d.get("claims"))]
        return cls(subject=str(d.get("subject") or ""), frame=str(d.get("frame") or ""),
                   kind=str(d.get("kind") or ""), sides=sides)

    def both(self) -> list[str]:
        """Outlets that print more than one side (each such outlet stands on each side it prints)."""
        seen: dict[str, int] = {}
        for side in self.sides:
            for o in set(side.outlets):
                seen[o] = seen.get(o, 0) + 1
        return sorted(o for o, n in seen.items() if n > 1)

    @property
    def key(self) -> tuple[str, frozenset[str]]:
        """What makes two tellings one dispute: the frame and the claims, in any order."""
        return self.frame, frozenset(s.claim for s in self.sides)


@dataclass(frozen=True)
class Evidence:
    """The sentence of one cited article that best carries a summary sentence."""

    article_id: str
    text: str

    def to_row(self) -> dict[str, Any]:
        return {"article_id": self.article_id, "text": self.text}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Evidence:
        return cls(d.get("article_id"), d.get("text"))


@dataclass
class SummaryLine:
    """A sentence of a story's summary as a reader sees it: the article and place it is taken from, every article
    that carries it (``article_ids``; ``support`` of them agree), the sentence of each that does (``evidence``), the
    dispute it tells one side of, if any, and its ``rank`` by importance (0: the lead), whatever place the reader's
    order gives it."""

    text: str
    article_id: str
    position: int
    article_ids: list[str]
    support: int | None
    evidence: list[Evidence] = field(default_factory=list)
    dispute: Dispute | None = None
    rank: int | None = None

    def to_row(self) -> dict[str, Any]:
        return {"text": self.text, "article_id": self.article_id, "position": self.position,
                "article_ids": list(self.article_ids), "support": self.support,
                "evidence": [e.to_row() for e in self.evidence],
                "dispute": self.dispute.to_note() if self.dispute is not None else None, "rank": self.rank}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> SummaryLine:
        dispute = d.get("dispute")
        return cls(d.get("text"), d.get("article_id"), d.get("position"), _seq(d.get("article_ids")),
                   d.get("support"), [Evidence.from_row(e) for e in _maps(d.get("evidence"))],
                   Dispute.from_row(dispute) if isinstance(dispute, Mapping) else None, d.get("rank"))


@dataclass
class Entity:
    """A person, organisation or place a story names: its type, how often it is mentioned, by which outlets and
    articles, and every other way it is written."""

    name: str
    type: str
    mentions: int
    outlets: list[str] = field(default_factory=list)
    article_ids: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)

    def to_row(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "mentions": self.mentions, "outlets": list(self.outlets),
                "article_ids": list(self.article_ids), "variants": list(self.variants)}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Entity:
        return cls(d.get("name"), d.get("type"), d.get("mentions"), _seq(d.get("outlets")),
                   _seq(d.get("article_ids")), _seq(d.get("variants")))


@dataclass(frozen=True)
class ArticleRef:
    """A member article as the stories table lists it."""

    article_id: str
    title: str | None = None
    outlet: str | None = None
    url: str | None = None
    published: Any = None
    n_words: int | None = None

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> ArticleRef:
        return cls(d.get("article_id"), d.get("title"), d.get("outlet"), d.get("url"), d.get("published"),
                   d.get("n_words"))


@dataclass(frozen=True)
class DuplicateRef:
    """A copy folded into a story's article: which article it copies, how alike they are and how it was found."""

    article_id: str
    canonical_id: str
    similarity: Any = None
    method: str | None = None

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> DuplicateRef:
        return cls(d.get("article_id"), d.get("canonical_id"), d.get("similarity"), d.get("method"))


@dataclass(frozen=True)
class Revised:
    """A figure a later report gives otherwise: what it counts, its old and new value, and who revised it."""

    what: str
    old: str
    new: str
    outlets: list[str] = field(default_factory=list)

    def to_row(self) -> dict[str, Any]:
        return {"what": self.what, "old": self.old, "new": self.new, "outlets": list(self.outlets)}

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> Revised:
        return cls(d.get("what"), d.get("old"), d.get("new"), _seq(d.get("outlets")))


@dataclass(frozen=True)
class Changes:
    """What changed in a story since the earlier run (``status``: new, updated or unchanged; ``since``: that run's
    time; ``updated``: when the story last changed), and which earlier stories it merges, splits from or
    continues."""

    status: str | None = None
    since: str | None = None
    updated: str | None = None
    new_article_ids: list = field(default_factory=list)
    retold: list = field(default_factory=list)
    new_outlets: list = field(default_factory=list)
    new_sentences: list = field(default_factory=list)
    new_disputes: list[Dispute] = field(default_factory=list)
    revised: list[Revised] = field(default_factory=list)
    merged_from: list = field(default_factory=list)
    split_from: list = field(default_factory=list)
    continues: str | None = None

    def to_row(self) -> dict[str, Any]:
        """The row the stories table's ``changes`` holds (``continues`` is set later, from the storylines)."""
        return {"status": self.status, "since": self.since, "updated": self.updated,
                "new_article_ids": list(self.new_article_ids), "retold": list(self.retold),
                "new_outlets": list(self.new_outlets), "new_sentences": list(self.new_sentences),
                "new_disputes": [d.to_change() for d in self.new_disputes],
                "revised": [r.to_row() for r in self.revised], "merged_from": list(self.merged_from),
                "split_from": list(self.split_from)}

    @classmethod
    def from_row(cls, d: object) -> Changes:
        d = _map(d)
        return cls(d.get("status"), d.get("since"), d.get("updated"), _seq(d.get("new_article_ids")),
                   _seq(d.get("retold")), _seq(d.get("new_outlets")), _seq(d.get("new_sentences")),
                   [Dispute.from_row(x) for x in _maps(d.get("new_disputes"))],
                   [Revised.from_row(x) for x in _maps(d.get("revised"))], _seq(d.get("merged_from")),
                   _seq(d.get("split_from")), d.get("continues"))


@dataclass(frozen=True)
class StorylineRef:
    """The storyline a story belongs to: its id, its label and how many stories it holds."""

    storyline_id: str | None = None
    label: str | None = None
    stories: Any = None

    @classmethod
    def from_row(cls, d: object) -> StorylineRef:
        d = _map(d)
        return cls(d.get("storyline_id"), d.get("label"), d.get("stories"))


@dataclass(frozen=True)
class EarlierStory:
    """An earlier story of the same storyline, as a story's page links it."""

    story_id: str | None = None
    day: str | None = None
    title: str | None = None
    lead: str | None = None

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> EarlierStory:
        return cls(d.get("story_id"), d.get("day"), d.get("title"), d.get("lead"))


_MISSING: Any = object()


@dataclass
class StoryRecord:
    """One story as the stories table (and ``stories.jsonl``) holds it, with its storyline: every part typed."""

    story_id: Any = None
    title: str | None = None
    group: str | None = None
    n_articles: Any = None
    article_ids: list = field(default_factory=list)
    outlets: list = field(default_factory=list)
    first_published: Any = None
    last_published: Any = None
    summary: list[SummaryLine] = field(default_factory=list)
    articles: list[ArticleRef] = field(default_factory=list)
    duplicates: list[DuplicateRef] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    timeline: list[TimelineRow] = field(default_factory=list)
    corroborated: list[Fact] = field(default_factory=list)
    disputed: list[Dispute] = field(default_factory=list)
    single_source: list[SingleSource] = field(default_factory=list)
    changes: Changes = field(default_factory=Changes)
    storyline: StorylineRef = field(default_factory=StorylineRef)
    earlier: list[EarlierStory] = field(default_factory=list)

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> StoryRecord:
        """A story as a line of ``stories.jsonl`` gives it; ``n_articles``, when the line has none, counts its
        articles."""
        articles = [ArticleRef.from_row(a) for a in _maps(d.get("articles"))]
        return cls(
            story_id=d.get("story_id"), title=d.get("title"), group=d.get("group"),
            n_articles=d["n_articles"] if "n_articles" in d else len(articles),
            article_ids=_seq(d.get("article_ids")), outlets=_seq(d.get("outlets")),
            first_published=d.get("first_published"), last_published=d.get("last_published"),
            summary=[SummaryLine.from_row(s) for s in _maps(d.get("summary"))], articles=articles,
            duplicates=[DuplicateRef.from_row(x) for x in _maps(d.get("duplicates"))],
            entities=[Entity.from_row(e) for e in _maps(d.get("entities"))],
            timeline=[TimelineRow.from_row(r) for r in _maps(d.get("timeline"))],
            corroborated=[Fact.from_row(f) for f in _maps(d.get("corroborated"))],
            disputed=[Dispute.from_row(x) for x in _maps(d.get("disputed"))],
            single_source=[SingleSource.from_row(x) for x in _maps(d.get("single_source"))],
            changes=Changes.from_row(d.get("changes")), storyline=StorylineRef.from_row(d.get("storyline")),
            earlier=[EarlierStory.from_row(e) for e in _maps(d.get("earlier"))])
