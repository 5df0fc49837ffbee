"""The static HTML report: an index of stories and one page per story.

Every string that comes from an article (titles, text, outlets, URLs, ids) is untrusted. The pages are rendered
from Jinja2 templates (``templates/``) with autoescaping on, so every value is escaped where it lands and safety
does not depend on a helper remembering to escape; this module only shapes plain data for the templates. The one
value marked safe is the search index, a JSON data island with ``<``, ``>``, ``&`` and U+2028/2029 escaped. Links
are emitted only for http(s) URLs, and every page carries a Content-Security-Policy that forbids inline scripts, so
even a missed escape cannot run code. The pages work from ``file://`` with no network: the bundled CSS and JS in
``assets/`` are copied beside them.

Output is deterministic: the same stories and run info give byte-identical files (no clock, no randomness).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timezone

import json
import logging
import re
import unicodedata
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping
from urllib.parse import urlsplit

from jinja2 import Environment, FunctionLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from storyline.report.feed import IndexRow, atom_feed, parsed_time
from storyline.core.story.model import ArticleRef, Changes, Dispute, Side, SourceSentence, StoryRecord
from storyline.core.text.text import stable_id

logger = logging.getLogger(__name__)

ASSET_NAMES = ("style.css", "search.js", "story.js")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'"
)
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}")


def _template(name: str) -> str | None:
    # read through the package's resources, which also serve a zipped package (the copy a cluster's executors
    # import, at a relative path that Jinja's PackageLoader does not resolve)
    try:
        return (resources.files("storyline.report") / "templates" / name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None  # Jinja's TemplateNotFound


_ENV = Environment(loader=FunctionLoader(_template), autoescape=select_autoescape(["html"]),
                   undefined=StrictUndefined, trim_blocks=True, keep_trailing_newline=True)


def safe_href(url: object) -> str | None:
    """The URL if it is an absolute http(s) URL safe to link, else None.

    >>> safe_href("https://example.com/a?b=1")
    'https://example.com/a?b=1'
    >>> [safe_href(u) for u in ("javascript:alert(1)", " JavaScript:x", "data:text/html,x", "//evil.com", None)]
    [None, None, None, None, None]
    """
    if not isinstance(url, str):
        return None
    u = url.strip()
    if not u or any(ord(c) < 0x21 or c in "\x7f\"'<>`\\" for c in u):
        return None
    try:
        parts = urlsplit(u)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return u


def json_island(value: object) -> str:
    """JSON safe to embed in a ``<script type="application/json">`` element.

    >>> json_island(["</script><b>&", "\\u2028"])
    '["\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e\\\\u0026", "\\\\u2028"]'
    """
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    for ch, rep in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, rep)
    return text


def page_name(story_id: object) -> str:
    """A file name for a story page: the id itself when it is a safe name, else a hash of it.

    >>> page_name("s-3f2a"), page_name("../../etc/passwd")
    ('s-3f2a', 's-98fab5de518d1582')
    """
    sid = "" if story_id is None else str(story_id)
    if _SAFE_NAME.fullmatch(sid) and ".." not in sid:
        return sid
    return "s-" + stable_id("page", sid)


def fold(text: str) -> str:
    """Lower-case and strip accents, as the search box does on its side.

    >>> fold("Café ÉCLAIR")
    'cafe eclair'
    """
    t = unicodedata.normalize("NFKD", text)
    return "".join(c for c in t if not unicodedata.combining(c)).lower()


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def _day(value: object) -> str:
    return str(value)[:10] if value else ""


def _when(value: object) -> str:
    """A publication time as a reader wants it: date, hour and minute, and the time zone it is in.

    >>> _when("2024-08-21T09:20:00-04:00"), _when("2024-08-22T00:40:00Z"), _when("2024-08-21"), _when(None)
    ('2024-08-21 09:20 UTC−04:00', '2024-08-22 00:40 UTC', '2024-08-21', '')
    >>> _when("2024-08-21T09:20:00")
    '2024-08-21 09:20 (time zone not given)'

    A day given without a time is stored as midnight UTC; the page shows the day alone rather than invent a time:

    >>> _when("2024-08-21T00:00:00Z")
    '2024-08-21'
    """
    if not value:
        return ""
    s = str(value)
    if len(s) <= 10 or s.endswith(("T00:00:00Z", "T00:00:00.000Z")):
        return s[:10]
    t = parsed_time(s)
    if t is None:
        return s[:16].replace("T", " ")
    base = t.strftime("%Y-%m-%d %H:%M")
    off = t.utcoffset()
    if off is None:
        return f"{base} (time zone not given)"
    if not off:
        return f"{base} UTC"
    mins = int(off.total_seconds() // 60)
    sign = "+" if mins > 0 else "−"
    return f"{base} UTC{sign}{abs(mins) // 60:02d}:{abs(mins) % 60:02d}"


def _since(value: object) -> str:
    """The earlier run's time as a mark reads it: "Tue 14:00 UTC".

    >>> _since("2025-03-11T14:00:05+00:00"), _since(None)
    ('Tue 11 Mar 14:00 UTC', '')
    """
    if not value:
        return ""
    t = parsed_time(value)
    if t is None:
        return str(value)
    if t.utcoffset() is not None:
        t = t.astimezone(timezone.utc)
    return t.strftime("%a %d %b %H:%M UTC")


def _names(values: object) -> list[str]:
    return [str(v) for v in _list(values) if v is not None and v != ""]


def _page(template: str, title: str, prefix: str, scripts: tuple[str, ...], **data: Any) -> str:
    return _ENV.get_template(template).render(csp=CSP, title=title, prefix=prefix, scripts=scripts, **data)


# ----------------------------------------------------------------------------------------------------------- index


def _flat(mapping: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Nested counters as ``("record / too_short", 3)`` pairs, sorted by key."""
    out: list[tuple[str, Any]] = []
    for k, v in sorted(mapping.items(), key=lambda kv: str(kv[0])):
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            out += _flat(v, key + " / ")
        else:
            out.append((key, v))
    return out


def _run_view(run_info: Mapping[str, Any]) -> dict:
    """Run counts at the top of the index, each group labelled: what this run read and added, and (after an earlier
    run, ``into``) what the output holds now; rejects by reason, and timings.

    >>> v = _run_view({"into": True, "counts": {"records_in": 181, "articles": 435, "articles_added": 180,
    ...     "duplicates": 1, "duplicates_added": 1, "stories": 225, "stories_new": 111, "stories_updated": 12,
    ...     "rejects": 0, "already_present": 0}})
    >>> v["groups"]
    [('This run', [('records in', 181), ('new articles', 180), ('new duplicates', 1), ('rejects', 0), \
('new stories', 111), ('stories updated', 12)]), ('In the output', [('articles', 435), ('duplicates', 1), ('stories', 225)])]
    """
    counts = run_info.get("counts") if isinstance(run_info.get("counts"), Mapping) else run_info

    def pick(*keys: tuple[str, str]) -> list[tuple[str, Any]]:
        return [(label, counts[key]) for key, label in keys
                if key in counts and not isinstance(counts[key], (Mapping, list))]

    by_reason = next((r for r in (run_info.get("rejects"), counts.get("rejects")) if isinstance(r, Mapping)), None)
    total = counts.get("rejects")
    if isinstance(total, Mapping) or total is None:
        record = by_reason.get("record") if by_reason else None
        total = sum(v for _, v in _flat(record if isinstance(record, Mapping) else by_reason or {})
                    if isinstance(v, (int, float))) if by_reason else None
    rejected = [] if total is None else [("rejects", total)]
    timings = next((t for t in (run_info.get("timings"), run_info.get("timings_s")) if isinstance(t, Mapping)), None)
    if run_info.get("into"):
        this_run = (pick(("records_in", "records in"), ("articles_added", "new articles"),
                         ("duplicates_added", "new duplicates")) + rejected
                    + [kv for kv in pick(("already_present", "already in the output")) if kv[1]]
                    + pick(("stories_new", "new stories"), ("stories_updated", "stories updated")))
        groups = [("This run", this_run),
                  ("In the output", pick(("articles", "articles"), ("duplicates", "duplicates"), ("stories", "stories")))]
    else:
        groups = [("This run", pick(("records_in", "records in"), ("articles", "articles"),
                                    ("duplicates", "duplicates")) + rejected + pick(("stories", "stories")))]
    return {
        "groups": [(label, stats) for label, stats in groups if stats],
        "rejects": _flat(by_reason) if by_reason else [],
        "timings": [(k, f"{v:.1f} s" if isinstance(v, (int, float)) else v) for k, v in (timings or {}).items()],
    }


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _index_row(story: StoryRecord, name: str) -> IndexRow:
    """One story as the index shows it, the way a news aggregator's card does: headline, lead line, its outlets,
    its last update with time and zone, and a badge when its outlets disagree.

    >>> row = _index_row(StoryRecord.from_row({"title": "Ferry runs aground", "outlets": ["Wire", "Gazette"],
    ...     "n_articles": 3, "first_published": "2025-04-07T08:00:00Z", "last_published": "2025-04-08T09:30:00+01:00",
    ...     "summary": [{"text": "A ferry ran aground off Kelso on Monday."}], "disputed": [{"subject": "passengers"}]}),
    ...     "s-1")
    >>> row.lead, row.updated, row.disputes, row.outlets
    ('A ferry ran aground off Kelso on Monday.', '2025-04-08 09:30 UTC+01:00', 1, 'Wire, Gazette')

    A lead line that tells one side of a dispute says so, with each side's claim and how many outlets tell it:

    >>> _index_row(StoryRecord.from_row({"summary": [{"text": "Varga has resigned.", "dispute": {
    ...     "subject": "Tomas Varga", "sides": [{"claim": "resigned", "outlets": ["Wire", "Gazette"]},
    ...     {"claim": "fired", "article_ids": ["a-1"]}]}}]}), "s-2").lead_sides
    [('resigned', '2 outlets'), ('fired', '1 article')]
    """
    outlets = [str(o) for o in story.outlets if o]
    dates = _day(story.first_published)
    last = _day(story.last_published)
    if last and last != dates:
        dates = f"{dates} – {last}"
    first = next((s for s in story.summary if s.text), None)
    lead = str(first.text or "") if first is not None else ""
    sides = first.dispute.sides if first is not None and first.dispute is not None else []
    lead_sides = [(sd.claim, _count(len(sd.outlets), "outlet") if sd.outlets
                   else _count(len(sd.article_ids), "article")) for sd in sides if sd.claim]
    changes = story.changes
    changed = changes.updated or story.last_published or story.first_published
    return IndexRow(
        name=name, story_id=story.story_id, title=story.title or "(untitled)", group=story.group,
        n_articles=story.n_articles, n_outlets=len(outlets),
        outlets=", ".join(outlets[:4]) + (f" +{len(outlets) - 4}" if len(outlets) > 4 else ""), dates=dates,
        lead=lead, lead_sides=lead_sides if len(lead_sides) > 1 else [],
        updated=_when(changed), changed_at=str(changed or ""), disputes=len(story.disputed),
        status=changes.status or "", what_changed=what_changed(changes),
        since=_when(changes.since), split_from=[str(x) for x in changes.split_from],
        **_storyline_view(story))


def _storyline_view(story: StoryRecord) -> dict:
    """The story's storyline as the report shows it: its id and, when it holds more than this story, its label and
    the earlier stories (newest last), each linked to its page."""
    line = story.storyline
    shared = isinstance(line.stories, int) and line.stories > 1
    continues = next((e.title or "(untitled)" for e in story.earlier
                      if story.changes.continues and e.story_id == story.changes.continues), "")
    return {"storyline_id": line.storyline_id or "", "storyline": line.label if shared else "",
            "earlier": [{"href": page_name(e.story_id) + ".html", "date": e.day or "",
                         "title": e.title or "(untitled)", "lead": e.lead or ""} for e in story.earlier],
            "continues": continues}


def what_changed(changes: Changes) -> str:
    """What changed in a story, in an editor's words ("+2 outlets, figure revised").

    >>> what_changed(Changes.from_row({"status": "updated", "new_article_ids": ["a", "b", "c"],
    ...     "new_outlets": ["X", "Y"], "new_sentences": [1], "new_disputes": [], "revised": [{"what": "people"}]}))
    '+2 outlets, +3 articles, figure revised, 1 new sentence'
    >>> what_changed(Changes(status="new")), what_changed(Changes(status="unchanged"))
    ('', '')
    """
    if changes.status != "updated":
        return ""
    parts = []
    for n, one, many in ((len(changes.new_outlets), "outlet", "outlets"),
                         (len(changes.new_article_ids), "article", "articles")):
        if n:
            parts.append(f"+{n} {one if n == 1 else many}")
    n = len(changes.revised)
    if n:
        parts.append("figure revised" if n == 1 else f"{n} figures revised")
    n = len(changes.new_disputes)
    if n:
        parts.append("new dispute" if n == 1 else f"{n} new disputes")
    n = len(changes.new_sentences)
    if n:
        parts.append(_count(n, "new sentence"))
    parts += [f"{part} revised" for part in changes.retold]
    n = len(changes.merged_from)
    if n:
        parts.append("merged with an earlier story" if n == 1 else f"merged with {n} earlier stories")
    return ", ".join(parts)


def _haystack(story: StoryRecord) -> str:
    parts = [str(story.title or ""), " ".join(str(o) for o in story.outlets)]
    parts += [str(s.text) for s in story.summary]
    return fold(" ".join(parts))


def render_index(rows: list[IndexRow], haystacks: list[str], run_info: Mapping[str, Any]) -> str:
    """The index page: run counts, a search box (and, after an earlier run, a filter to the stories that changed
    since) and one row per story (``_index_row``, with its page name)."""
    # the one value marked safe: json_island escapes every character that could end the script element
    island = Markup(json_island(haystacks))
    since = next((r.since for r in rows if r.since), "")
    return _page("index.html", "Stories", "", ("search.js",), run=_run_view(run_info), rows=rows,
                 search_data=island, since=since)


# ----------------------------------------------------------------------------------------------------- story page


def _label(art: ArticleRef | None, aid: str) -> dict:
    if not art:
        return {"known": False, "id": aid}
    return {"known": True, "title": art.title or aid, "outlet": art.outlet or "unknown outlet"}


def _cited(article_ids: list, outlets: list, sentences: list[SourceSentence], number: dict[str, int]) -> dict:
    """Outlets and article numbers of a fact, event or dispute side."""
    ids = [str(a) for a in article_ids]
    outlets = [o for o in outlets if o]
    for src in sentences:
        if src.article_id is not None and str(src.article_id) not in ids:
            ids.append(str(src.article_id))
        if src.outlet and src.outlet not in outlets:
            outlets.append(src.outlet)
    return {"outlets": _names(outlets), "refs": [{"n": number.get(a), "id": a} for a in ids]}


def _summary_view(story: StoryRecord, number: dict[str, int], arts: dict[str, ArticleRef]) -> list:
    out = []
    noted: dict[tuple, int] = {}  # a dispute already noted under an earlier sentence -> that sentence's number
    for k, sent in enumerate(story.summary, 1):
        sources = [str(a) for a in sent.article_ids]
        if sent.evidence:
            ev = [{"n": number.get(str(e.article_id), 0), "text": e.text,
                   "article": _label(arts.get(str(e.article_id)), str(e.article_id))} for e in sent.evidence]
        else:
            ev = [{"n": number.get(a, 0), "text": None, "article": _label(arts.get(a), a)} for a in sources]
        flag = None
        if sent.dispute is not None and sent.dispute.sides:
            flag = {"subject": sent.dispute.subject,
                    "sides": [{"claim": sd.claim, "who": _names(sd.outlets) or _names(sd.article_ids)}
                              for sd in sent.dispute.sides]}
            key = (flag["subject"], tuple((sd["claim"], tuple(sd["who"])) for sd in flag["sides"]))
            flag["again"] = noted.get(key)  # the second time, the note points back instead of repeating itself
            noted.setdefault(key, k)
        out.append({
            "text": sent.text,
            "marks": ",".join(str(number[a]) if a in number else a for a in sources) or "?",
            "note": f"supported by {_count(sent.support, 'outlet')}" if sent.support is not None else "",
            "evidence": ev, "dispute": flag,
        })
    return out


def _side_view(side: Side, number: dict[str, int]) -> dict:
    return {
        "claim": side.claim, "text": side.text,
        "cited": _cited(side.article_ids, side.outlets, side.sentences, number),
        # who the side's sentences say the claim comes from ("his agent said"), when they say
        "said_by": list(dict.fromkeys(str(x.attribution) for x in side.sentences if x.attribution)),
        "more": [{"text": x.text, "cited": _cited([x.article_id], [], [], number)}
                 for x in side.sentences if x.text != side.text],
    }


def _dispute_view(d: Dispute, number: dict[str, int]) -> dict:
    return {"head": " · ".join(dict.fromkeys(str(x) for x in (d.subject, d.frame) if x)),
            "sides": [_side_view(s, number) for s in d.sides], "both": _names(d.both())}


def render_story(story: StoryRecord) -> str:
    """One story page: summary with citations, member articles, duplicates and the fact panels."""
    articles = story.articles
    number: dict[str, int] = {}
    for n, a in enumerate(articles, 1):
        number.setdefault(str(a.article_id), n)
    arts = {str(a.article_id): a for a in articles}
    outlets = [o for o in story.outlets if o]
    dups = story.duplicates
    title = story.title or "(untitled)"
    changes = story.changes
    fresh = changes.status == "updated"  # a new story is new throughout: nothing to mark
    new_outlets = set(_names(changes.new_outlets)) if fresh else set()
    new_sentences = {int(k) for k in changes.new_sentences if isinstance(k, int)} if fresh else set()
    data = {
        "story_id": story.story_id, "group": story.group, "outlets": _names(outlets),
        "new_outlets": new_outlets, "since": _since(changes.since) if fresh else "",
        "status": changes.status or "", "what_changed": what_changed(changes),
        "revised": [{"what": r.what, "old": r.old, "new": r.new, "outlets": _names(r.outlets)}
                    for r in changes.revised],
        # no article gives its publication: nothing says when the news was, or which of its dates came before it
        "undated": not any(a.published for a in articles),
        "dates": " – ".join(dict.fromkeys(d for d in (_when(story.first_published),
                                                      _when(story.last_published)) if d)),
        "stats": [("articles", story.n_articles), ("outlets", len(outlets) or "–"),
                  ("duplicates", len(dups)), ("summary sentences", len(story.summary))],
        "summary": [dict(v, new=k in new_sentences) for k, v in enumerate(_summary_view(story, number, arts))],
        "articles": [{"href": safe_href(a.url), "title": a.title or "(untitled)",
                      "outlet": a.outlet or "unknown", "when": _when(a.published),
                      "n_words": a.n_words, "id": a.article_id} for a in articles],
        "duplicates": [{"duplicate": _label(arts.get(str(d.article_id)), str(d.article_id)),
                        "kept": _label(arts.get(str(d.canonical_id)), str(d.canonical_id)),
                        "similarity": (f"{d.similarity:.3f}" if isinstance(d.similarity, (int, float))
                                       else d.similarity), "method": d.method} for d in dups],
        "entities": [{"name": e.name, "type": e.type, "mentions": e.mentions,
                      "outlets": _names(e.outlets), "variants": _names([v for v in e.variants if v != e.name])}
                     for e in story.entities],
        **{part: [{"date": ev.date, "text": ev.text, "cited": _cited(ev.article_ids, ev.outlets, ev.sentences, number)}
                  for ev in story.timeline if ev.background == (part == "background")]
           for part in ("timeline", "background")},
        "corroborated": [{"text": f.text, "cited": _cited(f.article_ids, f.outlets, f.sentences, number)}
                         for f in story.corroborated],
        "single_source": [{"text": f.text, "cited": _cited(f.article_ids, f.outlets, f.sentences, number)}
                          for f in story.single_source],
        "disputed": [_dispute_view(d, number) for d in story.disputed],
        **_storyline_view(story),
    }
    return _page("story.html", str(title), "../", ("story.js",), **data)


# ------------------------------------------------------------------------------------------------------- writing


def copy_assets(out_dir: Path) -> None:
    """Copy the bundled CSS and JS next to the pages."""
    dest = out_dir / "assets"
    dest.mkdir(parents=True, exist_ok=True)
    src = resources.files("storyline.report") / "assets"
    for name in ASSET_NAMES:
        (dest / name).write_bytes((src / name).read_bytes())


def story_page(story: Mapping[str, Any]) -> tuple[object, str, IndexRow, str]:
    """What the report needs of one story, computed where the story is: its id, its page, its index row (named
    when the report is written) and its search text. A run renders these on the executors, many at a time."""
    if not isinstance(story, Mapping):
        raise TypeError(f"each story must be a dict (a line of stories.jsonl), got {type(story).__name__}")
    record = StoryRecord.from_row(story)
    return record.story_id, render_story(record), _index_row(record, ""), _haystack(record)


def write_report(pages: Iterable[tuple[object, str, IndexRow, str]], run_info: Mapping[str, Any], out_dir: Path,
                 final_dir: Path | None = None) -> None:
    """Write ``out_dir/index.html`` (newest change first), ``out_dir/stories/<name>.html`` for each of ``pages``
    (:func:`story_page`), ``out_dir/feed.xml`` (:func:`atom_feed`) and the assets.

    A story id that is not a safe file name gets a hashed page name; a repeated id gets a numbered one, so no page
    overwrites another. ``final_dir``: where the report will be once the run swaps its output in (``out_dir`` is
    then a staging folder), the folder the log names.
    """
    if not isinstance(run_info, Mapping):
        raise TypeError(f"run_info must be a dict (the content of run.json), got {type(run_info).__name__}")
    out_dir = Path(out_dir)
    (out_dir / "stories").mkdir(parents=True, exist_ok=True)
    rows: list[IndexRow] = []
    haystacks: list[str] = []
    used: set[str] = set()
    for story_id, html, row, haystack in pages:
        base = name = page_name(story_id)
        k = 1
        while name in used:
            k += 1
            name = f"{base}-{k}"
        used.add(name)
        (out_dir / "stories" / f"{name}.html").write_text(html, encoding="utf-8", newline="\n")
        rows.append(replace(row, name=name))
        haystacks.append(haystack)
    # the index reads newest first: by each story's last change, then by size (the order the pages came in)
    order = sorted(range(len(rows)), key=lambda k: rows[k].changed_at or "", reverse=True)
    rows, haystacks = [rows[k] for k in order], [haystacks[k] for k in order]
    (out_dir / "index.html").write_text(render_index(rows, haystacks, run_info), encoding="utf-8", newline="\n")
    (out_dir / "feed.xml").write_bytes(atom_feed(rows, run_info))
    copy_assets(out_dir)
    logger.info("wrote report for %d stories to %s", len(rows), final_dir or out_dir)


def render_report(stories: Iterable[Mapping[str, Any]], run_info: Mapping[str, Any], out_dir: Path) -> None:
    """Write the report of ``stories`` (dicts, as the lines of stories.jsonl) into ``out_dir``: see
    :func:`write_report`. Stories keep the order they are given in."""
    write_report((story_page(story) for story in stories), run_info, out_dir)
