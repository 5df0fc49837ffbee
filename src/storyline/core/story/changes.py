"""What changed in a story since an earlier run: new articles and outlets, summary sentences no earlier summary
carried (compared by content, not by string), new disputes, and figures whose value moved.

Pure Python: the write stage calls :func:`story_changes` once per story, with the story as it is now and as the
earlier output (``--into``) had it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from storyline.core.nlp.figures import quantities
from storyline.core.story.restate import fact_terms, restated

NEW, UPDATED, UNCHANGED = "new", "updated", "unchanged"


def _texts(summary: Sequence[Mapping[str, Any]] | None) -> list[str]:
    return [str(s.get("text") or "") for s in summary or ()]


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


def _dispute_key(d: Mapping[str, Any]) -> tuple[str, frozenset[str]]:
    return str(d.get("frame") or ""), frozenset(str(s.get("claim") or "") for s in d.get("sides") or ())


def revised_figures(now: Sequence[Mapping[str, Any]], before: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Figures whose value moved: a summary sentence now gives a count of the same thing as an earlier summary
    sentence did (the same counted noun or unit), with another value, and no earlier sentence gave the new one.
    Each with what is counted, the old and the new value, and the outlets of the sentence that gives the new one.

    >>> revised_figures([{"text": "At least 14 people died in the fire, officials said.", "outlets": ["Wire"]}],
    ...                 [{"text": "Nine people died in the fire on Monday."}])
    [{'what': 'people', 'old': '9', 'new': '14', 'outlets': ['Wire']}]
    """
    old: dict[str, set[str]] = {}
    old_values: set[tuple[str, float]] = set()
    for s in before:
        for q in quantities(str(s.get("text") or "")):
            if q.noun:
                old.setdefault(q.key, set()).add(_figure(q.value))
                old_values.add((q.key, q.value))
    out, seen = [], set()
    for s in now:
        for q in quantities(str(s.get("text") or "")):
            if q.noun and q.key in old and (q.key, q.value) not in old_values and (q.key, q.value) not in seen:
                seen.add((q.key, q.value))
                out.append({"what": q.key, "old": ", ".join(sorted(old[q.key])), "new": _figure(q.value),
                            "outlets": sorted(str(o) for o in s.get("outlets") or ())})
    return out


def _figure(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _latest(story: Mapping[str, Any], ids: Sequence[str]) -> str | None:
    """The latest publication time (ISO 8601) of the story's articles among ``ids``."""
    wanted = set(ids)
    times = [_iso(a.get("published")) for a in story.get("articles") or () if a.get("article_id") in wanted]
    return max((t for t in times if t), default=None)


def _iso(value: Any) -> str | None:
    """A publication time as ``YYYY-MM-DDTHH:MM:SSZ`` (UTC; a time without a zone is UTC)."""
    from datetime import timezone

    if value is None or value != value:  # None or NaT
        return None
    if hasattr(value, "strftime"):
        t = value.astimezone(timezone.utc) if getattr(value, "tzinfo", None) else value
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    return str(value)


def story_changes(now: Mapping[str, Any], before: Mapping[str, Any] | None, since: str | None,
                  run_started: str | None = None) -> dict[str, Any]:
    """``changes`` of one story against the earlier output's telling of it (``before``, None for a new story;
    ``since``, the earlier run's start). ``status`` is ``new``, ``updated`` (new articles, or what the story says
    changed) or ``unchanged``; ``updated`` is when the story last changed, read off its articles so that it is
    the same on every run: the latest publication time of the articles that are new (of all of them for a new
    story), or, when the story changed and no new article gives a time, this run's start (``run_started``); an
    unchanged story keeps the earlier one. ``retold`` names what else a reader sees changed: the ``title``, the
    ``entities`` (their names) or the ``timeline`` (its dates and rows); a story whose only change is there is
    updated too, never ``unchanged``.

    Stories are dicts with ``article_ids``, ``outlets``, ``summary`` (each sentence's ``text`` and the outlets
    carrying it, as ``outlets`` or through its ``article_ids`` and the story's ``articles``), ``disputed`` and
    ``corroborated`` (statements several outlets carry: ``text`` and ``outlets``).

    >>> before = {"article_ids": ["a"], "outlets": ["Wire"], "summary": [{"text": "Nine people died in the fire."}],
    ...           "disputed": [], "changes": {"updated": "2024-08-20T06:00:00Z"}}
    >>> now = {"article_ids": ["a", "b"], "outlets": ["Radio", "Wire"], "disputed": [],
    ...        "summary": [{"text": "Nine people died in the fire."}, {"text": "Fourteen people died, police said."}],
    ...        "articles": [{"article_id": "b", "published": "2024-08-21T09:30:00Z"}]}
    >>> c = story_changes(now, before, "2024-08-20T23:00:00Z")
    >>> c["status"], c["new_article_ids"], c["new_outlets"], c["new_sentences"], c["updated"]
    ('updated', ['b'], ['Radio'], [1], '2024-08-21T09:30:00Z')
    >>> [(r["what"], r["old"], r["new"]) for r in c["revised"]]
    [('people', '9', '14')]
    >>> story_changes(before, before, "x")["status"], story_changes(before, before, "x")["updated"]
    ('unchanged', '2024-08-20T06:00:00Z')
    >>> renamed = dict(before, entities=[{"name": "Ann Hartley"}])
    >>> c = story_changes(renamed, before, "x", "2024-08-22T05:00:00+00:00")
    >>> c["status"], c["retold"], c["updated"]
    ('updated', ['entities'], '2024-08-22T05:00:00+00:00')
    """
    summary = list(now.get("summary") or ())
    ids, outlets = sorted(now.get("article_ids") or ()), sorted(now.get("outlets") or ())
    if before is None:
        return {"status": NEW, "since": since, "updated": _latest(now, ids), "new_article_ids": ids, "retold": [],
                "new_outlets": outlets,
                "new_sentences": list(range(len(summary))),
                "new_disputes": [_dispute_view(d) for d in now.get("disputed") or ()], "revised": [],
                "merged_from": [], "split_from": []}
    earlier = _texts(before.get("summary"))
    new_ids = sorted(set(ids) - set(before.get("article_ids") or ()))
    new_outlets = sorted(set(outlets) - set(before.get("outlets") or ()))
    told = told_terms(earlier)
    new_sentences = [k for k, s in enumerate(summary) if not carried(str(s.get("text") or ""), told)]
    old_disputes = {_dispute_key(d) for d in before.get("disputed") or ()}
    new_disputes = [_dispute_view(d) for d in now.get("disputed") or () if _dispute_key(d) not in old_disputes]
    # figures: what the summary and the statements several outlets carry say, now and before
    revised = revised_figures([_with_outlets(s, now) for s in summary] + list(now.get("corroborated") or ()),
                              list(before.get("summary") or ()) + list(before.get("corroborated") or ()))
    retold = [part for part, view in (("title", _title_view), ("entities", _entity_view), ("timeline", _timeline_view))
              if view(now) != view(before)]
    changed = bool(new_ids or new_outlets or new_sentences or new_disputes or revised or retold)
    last = (before.get("changes") or {}).get("updated") or _latest(before, before.get("article_ids") or ())
    return {"status": UPDATED if changed else UNCHANGED, "since": since,
            "updated": (_latest(now, new_ids) or run_started or last) if changed else last,
            "new_article_ids": new_ids, "retold": retold, "new_outlets": new_outlets,
            "new_sentences": new_sentences, "new_disputes": new_disputes, "revised": revised,
            "merged_from": [], "split_from": []}


def _title_view(story: Mapping[str, Any]) -> str | None:
    return story.get("title")


def _entity_view(story: Mapping[str, Any]) -> list[str]:
    return sorted(str(e.get("name")) for e in story.get("entities") or ())


def _timeline_view(story: Mapping[str, Any]) -> list[tuple[str, str]]:
    return sorted((str(r.get("date")), str(r.get("text"))) for r in story.get("timeline") or ())


def _dispute_view(d: Mapping[str, Any]) -> dict[str, Any]:
    return {"subject": str(d.get("subject") or ""), "frame": str(d.get("frame") or ""),
            "claims": [str(s.get("claim") or "") for s in d.get("sides") or ()]}


def _with_outlets(sentence: Mapping[str, Any], story: Mapping[str, Any]) -> dict[str, Any]:
    """A summary sentence with the outlets of the articles that carry it."""
    if sentence.get("outlets"):
        return dict(sentence)
    outlet = {a.get("article_id"): a.get("outlet") for a in story.get("articles") or ()}
    return dict(sentence, outlets=sorted({str(outlet[a]) for a in sentence.get("article_ids") or ()
                                          if outlet.get(a)}))
