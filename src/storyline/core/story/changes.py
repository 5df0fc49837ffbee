"""What changed in a story since an earlier run: new articles and outlets, summary sentences no earlier summary
carried (compared by content, not by string), new disputes, and figures whose value moved.

Pure Python: the write stage calls :func:`story_changes` once per story, with the story as it is now and as the
earlier output (``--into``) had it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timezone
from typing import Any, Mapping, Sequence

from storyline.core.nlp.figures import quantities
from storyline.core.story.model import Article, Changes, Dispute, Fact, Revised, StoryRecord, SummaryLine
from storyline.core.story.restate import fact_terms, restated

NEW, UPDATED, UNCHANGED = "new", "updated", "unchanged"


@dataclass(frozen=True)
class StoryView:
    """What the change finder reads of a story, as it is now or as an earlier output told it: its articles (each
    with its outlet as ``source`` and its publication time), what it says (its summary and the facts several
    outlets carry), its disputes, and what a reader sees besides (title, entity names, timeline rows).
    ``updated`` is when the earlier output says the story last changed."""

    article_ids: tuple[str, ...] = ()
    outlets: tuple[str, ...] = ()
    summary: tuple[SummaryLine, ...] = ()
    corroborated: tuple[Fact, ...] = ()
    disputes: tuple[Dispute, ...] = ()
    title: str | None = None
    entities: tuple[str, ...] = ()
    timeline: tuple[tuple[str, str], ...] = ()
    articles: tuple[Article, ...] = ()
    updated: str | None = None

    @classmethod
    def from_row(cls, d: Mapping[str, Any]) -> StoryView:
        """A story as ``stories.jsonl`` (or the stories table) holds it."""
        return cls.of(StoryRecord.from_row(d))

    @classmethod
    def of(cls, story: StoryRecord) -> StoryView:
        """The view of a typed story."""
        return cls(
            article_ids=tuple(story.article_ids), outlets=tuple(story.outlets),
            summary=tuple(story.summary), corroborated=tuple(story.corroborated), disputes=tuple(story.disputed),
            title=story.title, entities=tuple(str(e.name) for e in story.entities),
            timeline=tuple((str(r.date), str(r.text)) for r in story.timeline),
            articles=tuple(Article(a.article_id, published=_iso(a.published), source=a.outlet)
                           for a in story.articles),
            updated=story.changes.updated)


def told_terms(texts: Sequence[str]) -> list[tuple[str, frozenset[str]]]:
    """Earlier summary sentences with their terms, worked out once for every sentence compared with them."""
    return [(t, fact_terms(t)) for t in texts]


def carried(text: str, told: Sequence[tuple[str, frozenset[str]]]) -> bool:
    """Whether an earlier summary (``told``: :func:`told_terms` of its sentences) carried what ``text`` states: the
    same sentence, or one whose words (numbers as digits) are mostly the same ("fares rise 50 cents on Monday" /
    "on Monday fares rose by fifty cents") and that gave every figure it gives.

    >>> carried("Fares will rise by fifty cents on October 1, the council said.",
    ...         told_terms(["The council said fares would rise 50 cents on October 1."]))
    True
    >>> carried("The mayor resigned on Friday.", told_terms(["Fares will rise by 50 cents."]))
    False
    >>> carried("The fire at the Kelso mill has killed 14 people.",
    ...         told_terms(["The fire at the Kelso mill killed nine people."]))
    False
    """
    mine = fact_terms(text)
    figures = {t for t in mine if t[:1].isdigit()}
    return any(text == old or (restated(mine, theirs) and figures <= theirs) for old, theirs in told)


def revised_figures(now: Sequence[tuple[str, Sequence[str]]], before: Sequence[str]) -> list[Revised]:
    """Figures whose value moved: a summary sentence now gives a count of the same thing as an earlier summary
    sentence did (the same counted noun or unit), with another value, and no earlier sentence gave the new one.
    Each with what is counted, the old and the new value, and the outlets of the sentence that gives the new one
    (``now``: each sentence with its outlets).

    >>> revised_figures([("At least 14 people died in the fire, officials said.", ("Wire",))],
    ...                 ["Nine people died in the fire on Monday."])
    [Revised(what='people', old='9', new='14', outlets=['Wire'])]
    """
    old: dict[str, set[str]] = {}
    old_values: set[tuple[str, float]] = set()
    for text in before:
        for q in quantities(text):
            if q.noun:
                old.setdefault(q.key, set()).add(_figure(q.value))
                old_values.add((q.key, q.value))
    out, seen = [], set()
    for text, outlets in now:
        for q in quantities(text):
            if q.noun and q.key in old and (q.key, q.value) not in old_values and (q.key, q.value) not in seen:
                seen.add((q.key, q.value))
                out.append(Revised(q.key, ", ".join(sorted(old[q.key])), _figure(q.value), sorted(outlets)))
    return out


def _figure(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _latest(story: StoryView, ids: Sequence[str]) -> str | None:
    """The latest publication time (ISO 8601) of the story's articles among ``ids``."""
    wanted = set(ids)
    return max((a.published for a in story.articles if a.article_id in wanted and a.published), default=None)


def _iso(value: Any) -> str | None:
    """A publication time as ``YYYY-MM-DDTHH:MM:SSZ`` (UTC; a time without a zone is UTC)."""
    if value is None or value != value:  # None or NaT
        return None
    if hasattr(value, "strftime"):
        t = value.astimezone(timezone.utc) if getattr(value, "tzinfo", None) else value
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    return str(value)


def story_changes(now: StoryView, before: StoryView | None, since: str | None,
                  run_started: str | None = None) -> Changes:
    """``changes`` of one story against the earlier output's telling of it (``before``, None for a new story;
    ``since``, the earlier run's start). ``status`` is ``new``, ``updated`` (new articles, or what the story says
    changed) or ``unchanged``; ``updated`` is when the story last changed, read off its articles so that it is
    the same on every run: the latest publication time of the articles that are new (of all of them for a new
    story), or, when the story changed and no new article gives a time, this run's start (``run_started``); an
    unchanged story keeps the earlier one. ``retold`` names what else a reader sees changed: the ``title``, the
    ``entities`` (their names) or the ``timeline`` (its dates and rows); a story whose only change is there is
    updated too, never ``unchanged``.

    A summary sentence's outlets are its own, or those of the articles it cites.

    >>> view = StoryView.from_row
    >>> before = {"article_ids": ["a"], "outlets": ["Wire"], "summary": [{"text": "Nine people died in the fire."}],
    ...           "disputed": [], "changes": {"updated": "2024-08-20T06:00:00Z"}}
    >>> now = {"article_ids": ["a", "b"], "outlets": ["Radio", "Wire"], "disputed": [],
    ...        "summary": [{"text": "Nine people died in the fire."}, {"text": "Fourteen people died, police said."}],
    ...        "articles": [{"article_id": "b", "published": "2024-08-21T09:30:00Z"}]}
    >>> c = story_changes(view(now), view(before), "2024-08-20T23:00:00Z")
    >>> c.status, c.new_article_ids, c.new_outlets, c.new_sentences, c.updated
    ('updated', ['b'], ['Radio'], [1], '2024-08-21T09:30:00Z')
    >>> [(r.what, r.old, r.new) for r in c.revised]
    [('people', '9', '14')]
    >>> b = view(before)
    >>> story_changes(b, b, "x").status, story_changes(b, b, "x").updated
    ('unchanged', '2024-08-20T06:00:00Z')
    >>> renamed = dict(before, entities=[{"name": "Ann Hartley"}])
    >>> c = story_changes(view(renamed), b, "x", "2024-08-22T05:00:00+00:00")
    >>> c.status, c.retold, c.updated
    ('updated', ['entities'], '2024-08-22T05:00:00+00:00')
    """
    summary = list(now.summary)
    ids, outlets = sorted(now.article_ids), sorted(now.outlets)
    if before is None:
        return Changes(NEW, since, _latest(now, ids), new_article_ids=ids, new_outlets=outlets,
                       new_sentences=list(range(len(summary))), new_disputes=list(now.disputes))
    new_ids = sorted(set(ids) - set(before.article_ids))
    new_outlets = sorted(set(outlets) - set(before.outlets))
    told = told_terms([str(s.text or "") for s in before.summary])
    new_sentences = [k for k, s in enumerate(summary) if not carried(str(s.text or ""), told)]
    old_disputes = {d.key for d in before.disputes}
    new_disputes = [d for d in now.disputes if d.key not in old_disputes]
    # figures: what the summary and the statements several outlets carry say, now and before
    revised = revised_figures([(str(s.text or ""), _outlets(s, now)) for s in summary]
                              + [(str(f.text or ""), [str(o) for o in f.outlets]) for f in now.corroborated],
                              [str(s.text or "") for s in (*before.summary, *before.corroborated)])
    retold = [part for part, view in (("title", _title_view), ("entities", _entity_view), ("timeline", _timeline_view))
              if view(now) != view(before)]
    changed = bool(new_ids or new_outlets or new_sentences or new_disputes or revised or retold)
    last = before.updated or _latest(before, before.article_ids)
    return Changes(UPDATED if changed else UNCHANGED, since,
                   (_latest(now, new_ids) or run_started or last) if changed else last,
                   new_article_ids=new_ids, retold=retold, new_outlets=new_outlets, new_sentences=new_sentences,
                   new_disputes=new_disputes, revised=revised)


def _title_view(story: StoryView) -> str | None:
    return story.title


def _entity_view(story: StoryView) -> list[str]:
    return sorted(story.entities)


def _timeline_view(story: StoryView) -> list[tuple[str, str]]:
    return sorted(story.timeline)


def _outlets(sentence: SummaryLine, story: StoryView) -> list[str]:
    """The outlets of the articles that carry a summary sentence."""
    outlet = {a.article_id: a.source for a in story.articles}
    return sorted({str(outlet[a]) for a in sentence.article_ids if outlet.get(a)})