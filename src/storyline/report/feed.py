"""The Atom feed of a report: one entry per story this run made new or updated, and the index row each entry is
read from (:class:`IndexRow`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any, Mapping


def parsed_time(value: object) -> datetime | None:
    """An ISO 8601 time as written in the outputs ("2025-03-11T14:00:05Z", with an offset, or without a zone);
    None when it is not one.

    >>> parsed_time("2025-03-11T14:00:05Z").utcoffset(), parsed_time("last Tuesday")
    (datetime.timedelta(0), None)
    """
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


@dataclass(frozen=True)
class IndexRow:
    """One story as the index lists it and the feed tells it (made by :mod:`storyline.report.render` from the
    story's :class:`~storyline.core.story.model.StoryRecord`): its page's ``name``, headline,
    lead line (with each side's claim when the lead tells one side of a dispute), outlets, dates, what changed
    since the earlier run and its storyline. It leaves the executor that renders it as JSON (:meth:`to_row`)."""

    name: str = ""
    story_id: Any = None
    title: str = "(untitled)"
    group: str | None = None
    n_articles: Any = None
    n_outlets: int = 0
    outlets: str = ""
    dates: str = ""
    lead: str = ""
    lead_sides: list = field(default_factory=list)
    updated: str = ""
    changed_at: str = ""
    disputes: int = 0
    status: str = ""
    what_changed: str = ""
    since: str = ""
    split_from: list = field(default_factory=list)
    storyline_id: str = ""
    storyline: str | None = ""
    earlier: list = field(default_factory=list)
    continues: str = ""

    def to_row(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> IndexRow:
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})


def feed_line(row: IndexRow, titles: Mapping[Any, str]) -> str:
    """A story's change in one line, for its feed entry: "" when it is unchanged (no entry). ``titles``: the
    report's story titles by id, to name the earlier story a new one continues or broke away from.

    >>> feed_line(IndexRow(status="updated", since="2025-03-10 19:30 UTC", what_changed="+1 outlet"), {})
    'Updated since 2025-03-10 19:30 UTC: +1 outlet'
    >>> feed_line(IndexRow(status="new", split_from=["s-1"]), {"s-1": "Mill fire"})
    'New story, split from: Mill fire'
    >>> feed_line(IndexRow(status="unchanged"), {}), feed_line(IndexRow(status="new", continues="Mill fire"), {})
    ('', 'New story, continuing: Mill fire')
    """
    status = row.status or "new"  # a story told without its changes is new to whoever reads it
    if status == "updated":
        since = f" since {row.since}" if row.since else ""
        return f"Updated{since}: {row.what_changed or 'changed'}"
    if status != "new":
        return ""
    split = [titles.get(x, str(x)) for x in row.split_from]
    if split:
        return "New story, split from: " + "; ".join(split)
    return f"New story, continuing: {row.continues}" if row.continues else "New story"


def atom_feed(rows: list[IndexRow], run_info: Mapping[str, Any]) -> bytes:
    """An Atom feed of the stories this run made new or updated (each an :class:`IndexRow`; an unchanged story
    is no entry, so a run that changes nothing writes a feed without entries). An entry's id lasts across runs (the
    story id's URN), its ``updated`` time is the story's last change, and its content is its change in one line
    (:func:`feed_line`), the lead sentence and the outlets. Written with ``feedgen``."""
    from feedgen.feed import FeedGenerator  # the driver alone writes the feed

    def when(value: object) -> datetime | None:
        t = parsed_time(value)
        return t if t is None or t.utcoffset() is not None else t.replace(tzinfo=timezone.utc)

    fg = FeedGenerator()
    fg.id("urn:storyline:stories")
    fg.title("Stories")
    fg.author({"name": "storyline"})
    fg.link(href="index.html", rel="alternate")
    fg.generator("storyline")
    # no time is invented: a story without one was last changed when this run wrote it (its start; the time of
    # writing when the run's start is not given)
    latest = max((t for r in rows if (t := when(r.changed_at)) is not None),
                 default=when(run_info.get("started")) or datetime.now(timezone.utc).replace(microsecond=0))
    fg.updated(latest)
    titles = {r.story_id: str(r.title or "(untitled)") for r in rows}
    for r in reversed(rows):  # feedgen puts each new entry first: the feed reads in index order
        change = feed_line(r, titles)
        if not change:  # unchanged since the last run: not news
            continue
        fe = fg.add_entry()
        fe.id(f"urn:storyline:story:{r.story_id}")
        fe.title(str(r.title or "(untitled)"))
        fe.link(href=f"stories/{r.name}.html", rel="alternate")
        fe.updated(when(r.changed_at) or latest)
        lines = [change, r.lead or "", f"Outlets: {r.outlets or 'unknown'}"]
        fe.content("\n".join(x for x in lines if x), type="text")
    return fg.atom_str(pretty=True)
