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

from datetime import datetime, timezone

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


def _dicts(value: object) -> list[dict]:
    return [v for v in _list(value) if isinstance(v, Mapping)]


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
    t = _parsed(s)
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


def _parsed(value: object) -> datetime | None:
    """An ISO 8601 time as written in the outputs ("2025-03-11T14:00:05Z", with an offset, or without a zone);
    None when it is not one.

    >>> _parsed("2025-03-11T14:00:05Z").utcoffset(), _parsed("last Tuesday")
    (datetime.timedelta(0), None)
    """
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


def _since(value: object) -> str:
    """The earlier run's time as a mark reads it: "Tue 14:00 UTC".

    >>> _since("2025-03-11T14:00:05+00:00"), _since(None)
    ('Tue 11 Mar 14:00 UTC', '')
    """
    if not value:
        return ""
    t = _parsed(value)
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


def _index_row(story: Mapping[str, Any], name: str) -> dict:
    """One story as the index shows it, the way a news aggregator's card does: headline, lead line, its outlets,
    its last update with time and zone, and a badge when its outlets disagree.

    >>> row = _index_row({"title": "Ferry runs aground", "outlets": ["Wire", "Gazette"], "n_articles": 3,
    ...                   "first_published": "2025-04-07T08:00:00Z", "last_published": "2025-04-08T09:30:00+01:00",
    ...                   "summary": [{"text": "A ferry ran aground off Kelso on Monday."}],
    ...                   "disputed": [{"subject": "passengers"}]}, "s-1")
    >>> row["lead"], row["updated"], row["disputes"], row["outlets"]
    ('A ferry ran aground off Kelso on Monday.', '2025-04-08 09:30 UTC+01:00', 1, 'Wire, Gazette')

    A lead line that tells one side of a dispute says so, with each side's claim and how many outlets tell it:

    >>> _index_row({"summary": [{"text": "Varga has resigned.", "dispute": {"subject": "Tomas Varga", "sides": [
    ...     {"claim": "resigned", "outlets": ["Wire", "Gazette"]}, {"claim": "fired", "article_ids": ["a-1"]}]}}]},
    ...     "s-2")["lead_sides"]
    [('resigned', '2 outlets'), ('fired', '1 article')]
    """
    outlets = [str(o) for o in _list(story.get("outlets")) if o]
    dates = _day(story.get("first_published"))
    last = _day(story.get("last_published"))
    if last and last != dates:
        dates = f"{dates} – {last}"
    first = next((s for s in _dicts(story.get("summary")) if s.get("text")), {})
    lead = str(first.get("text") or "")
    dispute = first.get("dispute") if isinstance(first.get("dispute"), Mapping) else {}
    lead_sides = [(str(sd.get("claim")), _count(len(_list(sd.get("outlets"))), "outlet")
                   if _list(sd.get("outlets")) else _count(len(_list(sd.get("article_ids"))), "article"))
                  for sd in _dicts(dispute.get("sides")) if sd.get("claim")]
    changes = story.get("changes") if isinstance(story.get("changes"), Mapping) else {}
    changed = changes.get("updated") or story.get("last_published") or story.get("first_published")
    return {
        "name": name, "story_id": story.get("story_id"), "title": story.get("title") or "(untitled)",
        "group": story.get("group"),
        "n_articles": story.get("n_articles", len(_list(story.get("articles")))), "n_outlets": len(outlets),
        "outlets": ", ".join(outlets[:4]) + (f" +{len(outlets) - 4}" if len(outlets) > 4 else ""), "dates": dates,
        "lead": lead, "lead_sides": lead_sides if len(lead_sides) > 1 else [],
        "updated": _when(changed), "changed_at": str(changed or ""),
        "disputes": len(_dicts(story.get("disputed"))),
        "status": changes.get("status") or "", "what_changed": what_changed(changes),
        "since": _when(changes.get("since")), "split_from": [str(x) for x in _list(changes.get("split_from"))],
        **_storyline_view(story),
    }


def _storyline_view(story: Mapping[str, Any]) -> dict:
    """The story's storyline as the report shows it: its id and, when it holds more than this story, its label and
    the earlier stories (newest last), each linked to its page."""
    line = story.get("storyline") if isinstance(story.get("storyline"), Mapping) else {}
    shared = isinstance(line.get("stories"), int) and line["stories"] > 1
    earlier = _dicts(story.get("earlier"))
    changes = story.get("changes") if isinstance(story.get("changes"), Mapping) else {}
    continues = next((e.get("title") or "(untitled)" for e in earlier
                      if changes.get("continues") and e.get("story_id") == changes.get("continues")), "")
    return {"storyline_id": line.get("storyline_id") or "", "storyline": line.get("label") if shared else "",
            "earlier": [{"href": page_name(e.get("story_id")) + ".html", "date": e.get("day") or "",
                         "title": e.get("title") or "(untitled)", "lead": e.get("lead") or ""} for e in earlier],
            "continues": continues}


def what_changed(changes: Mapping[str, Any]) -> str:
    """What changed in a story, in an editor's words ("+2 outlets, figure revised").

    >>> what_changed({"status": "updated", "new_article_ids": ["a", "b", "c"], "new_outlets": ["X", "Y"],
    ...               "new_sentences": [1], "new_disputes": [], "revised": [{"what": "people"}]})
    '+2 outlets, +3 articles, figure revised, 1 new sentence'
    >>> what_changed({"status": "new"}), what_changed({"status": "unchanged"})
    ('', '')
    """
    if changes.get("status") != "updated":
        return ""
    parts = []
    for key, one, many in (("new_outlets", "outlet", "outlets"), ("new_article_ids", "article", "articles")):
        n = len(_list(changes.get(key)))
        if n:
            parts.append(f"+{n} {one if n == 1 else many}")
    n = len(_list(changes.get("revised")))
    if n:
        parts.append("figure revised" if n == 1 else f"{n} figures revised")
    n = len(_list(changes.get("new_disputes")))
    if n:
        parts.append("new dispute" if n == 1 else f"{n} new disputes")
    n = len(_list(changes.get("new_sentences")))
    if n:
        parts.append(_count(n, "new sentence"))
    parts += [f"{part} revised" for part in _list(changes.get("retold"))]
    n = len(_list(changes.get("merged_from")))
    if n:
        parts.append("merged with an earlier story" if n == 1 else f"merged with {n} earlier stories")
    return ", ".join(parts)


def feed_line(row: Mapping[str, Any], titles: Mapping[Any, str]) -> str:
    """A story's change in one line, for its feed entry: "" when it is unchanged (no entry). ``titles``: the
    report's story titles by id, to name the earlier story a new one continues or broke away from.

    >>> feed_line({"status": "updated", "since": "2025-03-10 19:30 UTC", "what_changed": "+1 outlet"}, {})
    'Updated since 2025-03-10 19:30 UTC: +1 outlet'
    >>> feed_line({"status": "new", "split_from": ["s-1"]}, {"s-1": "Mill fire"})
    'New story, split from: Mill fire'
    >>> feed_line({"status": "unchanged"}, {}), feed_line({"status": "new", "continues": "Mill fire"}, {})
    ('', 'New story, continuing: Mill fire')
    """
    status = row.get("status") or "new"  # a story told without its changes is new to whoever reads it
    if status == "updated":
        since = f" since {row['since']}" if row.get("since") else ""
        return f"Updated{since}: {row.get('what_changed') or 'changed'}"
    if status != "new":
        return ""
    split = [titles.get(x, str(x)) for x in _list(row.get("split_from"))]
    if split:
        return "New story, split from: " + "; ".join(split)
    return f"New story, continuing: {row['continues']}" if row.get("continues") else "New story"


def _haystack(story: Mapping[str, Any]) -> str:
    parts = [str(story.get("title") or ""), " ".join(str(o) for o in _list(story.get("outlets")))]
    parts += [str(s.get("text", "")) for s in _dicts(story.get("summary"))]
    return fold(" ".join(parts))


def render_index(rows: list[dict], haystacks: list[str], run_info: Mapping[str, Any]) -> str:
    """The index page: run counts, a search box (and, after an earlier run, a filter to the stories that changed
    since) and one row per story (``_index_row``, with its page name)."""
    # the one value marked safe: json_island escapes every character that could end the script element
    island = Markup(json_island(haystacks))
    since = next((r["since"] for r in rows if r.get("since")), "")
    return _page("index.html", "Stories", "", ("search.js",), run=_run_view(run_info), rows=rows,
                 search_data=island, since=since)


# ----------------------------------------------------------------------------------------------------- story page


def _label(art: Mapping[str, Any] | None, aid: str) -> dict:
    if not art:
        return {"known": False, "id": aid}
    return {"known": True, "title": art.get("title") or aid, "outlet": art.get("outlet") or "unknown outlet"}


def _cited(item: Mapping[str, Any], number: dict[str, int]) -> dict:
    """Outlets and article numbers of a fact, event or dispute side."""
    ids = [str(a) for a in _list(item.get("article_ids"))]
    outlets = [o for o in _list(item.get("outlets")) if o]
    for src in _dicts(item.get("sentences")):
        if src.get("article_id") is not None and str(src["article_id"]) not in ids:
            ids.append(str(src["article_id"]))
        if src.get("outlet") and src["outlet"] not in outlets:
            outlets.append(src["outlet"])
    return {"outlets": _names(outlets), "refs": [{"n": number.get(a), "id": a} for a in ids]}


def _summary_view(story: Mapping[str, Any], number: dict[str, int], arts: dict[str, Mapping[str, Any]]) -> list:
    out = []
    noted: dict[tuple, int] = {}  # a dispute already noted under an earlier sentence -> that sentence's number
    for k, sent in enumerate(_dicts(story.get("summary")), 1):
        sources = [str(a) for a in _list(sent.get("article_ids"))]
        evidence = _dicts(sent.get("evidence"))
        if evidence:
            ev = [{"n": number.get(str(e.get("article_id")), 0), "text": e.get("text"),
                   "article": _label(arts.get(str(e.get("article_id"))), str(e.get("article_id")))} for e in evidence]
        else:
            ev = [{"n": number.get(a, 0), "text": None, "article": _label(arts.get(a), a)} for a in sources]
        support = sent.get("support")
        dispute = sent.get("dispute")
        flag = None
        if isinstance(dispute, Mapping) and dispute.get("sides"):
            flag = {"subject": dispute.get("subject"),
                    "sides": [{"claim": sd.get("claim"), "who": _names(sd.get("outlets")) or _names(sd.get("article_ids"))}
                              for sd in _dicts(dispute.get("sides"))]}
            key = (flag["subject"], tuple((sd["claim"], tuple(sd["who"])) for sd in flag["sides"]))
            flag["again"] = noted.get(key)  # the second time, the note points back instead of repeating itself
            noted.setdefault(key, k)
        out.append({
            "text": sent.get("text"),
            "marks": ",".join(str(number[a]) if a in number else a for a in sources) or "?",
            "note": f"supported by {_count(support, 'outlet')}" if support is not None else "",
            "evidence": ev, "dispute": flag,
        })
    return out


def _side_view(side: Mapping[str, Any], number: dict[str, int]) -> dict:
    sentences = _dicts(side.get("sentences"))
    return {
        "claim": side.get("claim"), "text": side.get("text"), "cited": _cited(side, number),
        # who the side's sentences say the claim comes from ("his agent said"), when they say
        "said_by": list(dict.fromkeys(str(x.get("attribution")) for x in sentences if x.get("attribution"))),
        "more": [{"text": x.get("text"), "cited": _cited({"article_ids": [x.get("article_id")]}, number)}
                 for x in sentences if x.get("text") != side.get("text")],
    }


def render_story(story: Mapping[str, Any]) -> str:
    """One story page: summary with citations, member articles, duplicates and the fact panels."""
    articles = _dicts(story.get("articles"))
    number: dict[str, int] = {}
    for n, a in enumerate(articles, 1):
        number.setdefault(str(a.get("article_id")), n)
    arts = {str(a.get("article_id")): a for a in articles}
    outlets = [o for o in _list(story.get("outlets")) if o]
    dups = _dicts(story.get("duplicates"))
    title = story.get("title") or "(untitled)"
    changes = story.get("changes") if isinstance(story.get("changes"), Mapping) else {}
    fresh = changes.get("status") == "updated"  # a new story is new throughout: nothing to mark
    new_outlets = set(_names(changes.get("new_outlets"))) if fresh else set()
    new_sentences = {int(k) for k in _list(changes.get("new_sentences")) if isinstance(k, int)} if fresh else set()
    data = {
        "story_id": story.get("story_id"), "group": story.get("group"), "outlets": _names(outlets),
        "new_outlets": new_outlets, "since": _since(changes.get("since")) if fresh else "",
        "status": changes.get("status") or "", "what_changed": what_changed(changes),
        "revised": [{"what": r.get("what"), "old": r.get("old"), "new": r.get("new"), "outlets": _names(r.get("outlets"))}
                    for r in _dicts(changes.get("revised"))],
        "dates": " – ".join(dict.fromkeys(d for d in (_when(story.get("first_published")),
                                                      _when(story.get("last_published"))) if d)),
        "stats": [("articles", story.get("n_articles", len(articles))), ("outlets", len(outlets) or "–"),
                  ("duplicates", len(dups)), ("summary sentences", len(_list(story.get("summary"))))],
        "summary": [dict(v, new=k in new_sentences) for k, v in enumerate(_summary_view(story, number, arts))],
        "articles": [{"href": safe_href(a.get("url")), "title": a.get("title") or "(untitled)",
                      "outlet": a.get("outlet") or "unknown", "when": _when(a.get("published")),
                      "n_words": a.get("n_words"), "id": a.get("article_id")} for a in articles],
        "duplicates": [{"duplicate": _label(arts.get(str(d.get("article_id"))), str(d.get("article_id"))),
                        "kept": _label(arts.get(str(d.get("canonical_id"))), str(d.get("canonical_id"))),
                        "similarity": (f"{d['similarity']:.3f}" if isinstance(d.get("similarity"), (int, float))
                                       else d.get("similarity")), "method": d.get("method")} for d in dups],
        "entities": [{"name": e.get("name"), "type": e.get("type"), "mentions": e.get("mentions"),
                      "outlets": _names(e.get("outlets")),
                      "variants": _names([v for v in _list(e.get("variants")) if v != e.get("name")])}
                     for e in _dicts(story.get("entities"))],
        "timeline": [{"date": ev.get("date"), "text": ev.get("text"), "cited": _cited(ev, number)}
                     for ev in _dicts(story.get("timeline"))],
        "corroborated": [{"text": f.get("text"), "cited": _cited(f, number)}
                         for f in _dicts(story.get("corroborated"))],
        "single_source": [{"text": f.get("text"), "cited": _cited(f, number)}
                          for f in _dicts(story.get("single_source"))],
        "disputed": [{"head": " · ".join(dict.fromkeys(str(d.get(k)) for k in ("subject", "frame") if d.get(k))),
                      "sides": [_side_view(s, number) for s in _dicts(d.get("sides"))],
                      "both": _names(d.get("both"))}
                     for d in _dicts(story.get("disputed"))],
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


def story_page(story: Mapping[str, Any]) -> tuple[object, str, dict, str]:
    """What the report needs of one story, computed where the story is: its id, its page, its index row (named
    when the report is written) and its search text. A run renders these on the executors, many at a time."""
    if not isinstance(story, Mapping):
        raise TypeError(f"each story must be a dict (a line of stories.jsonl), got {type(story).__name__}")
    return story.get("story_id"), render_story(story), _index_row(story, ""), _haystack(story)


def write_report(pages: Iterable[tuple[object, str, dict, str]], run_info: Mapping[str, Any], out_dir: Path,
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
    rows: list[dict] = []
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
        rows.append(dict(row, name=name))
        haystacks.append(haystack)
    # the index reads newest first: by each story's last change, then by size (the order the pages came in)
    order = sorted(range(len(rows)), key=lambda k: rows[k].get("changed_at") or "", reverse=True)
    rows, haystacks = [rows[k] for k in order], [haystacks[k] for k in order]
    (out_dir / "index.html").write_text(render_index(rows, haystacks, run_info), encoding="utf-8", newline="\n")
    (out_dir / "feed.xml").write_bytes(atom_feed(rows, run_info))
    copy_assets(out_dir)
    logger.info("wrote report for %d stories to %s", len(rows), final_dir or out_dir)


def atom_feed(rows: list[dict], run_info: Mapping[str, Any]) -> bytes:
    """An Atom feed of the stories this run made new or updated (index rows, :func:`_index_row`; an unchanged story
    is no entry, so a run that changes nothing writes a feed without entries). An entry's id lasts across runs (the
    story id's URN), its ``updated`` time is the story's last change, and its content is its change in one line
    (:func:`feed_line`), the lead sentence and the outlets. Written with ``feedgen``."""
    from feedgen.feed import FeedGenerator

    def when(value: object) -> datetime | None:
        t = _parsed(value)
        return t if t is None or t.utcoffset() is not None else t.replace(tzinfo=timezone.utc)

    fg = FeedGenerator()
    fg.id("urn:storyline:stories")
    fg.title("Stories")
    fg.author({"name": "storyline"})
    fg.link(href="index.html", rel="alternate")
    fg.generator("storyline")
    # no time is invented: a story without one was last changed when this run wrote it (its start; the time of
    # writing when the run's start is not given)
    latest = max((t for r in rows if (t := when(r.get("changed_at"))) is not None),
                 default=when(run_info.get("started")) or datetime.now(timezone.utc).replace(microsecond=0))
    fg.updated(latest)
    titles = {r.get("story_id"): str(r.get("title") or "(untitled)") for r in rows}
    for r in reversed(rows):  # feedgen puts each new entry first: the feed reads in index order
        change = feed_line(r, titles)
        if not change:  # unchanged since the last run: not news
            continue
        fe = fg.add_entry()
        fe.id(f"urn:storyline:story:{r['story_id']}")
        fe.title(str(r.get("title") or "(untitled)"))
        fe.link(href=f"stories/{r['name']}.html", rel="alternate")
        fe.updated(when(r.get("changed_at")) or latest)
        lines = [change, r.get("lead") or "", f"Outlets: {r.get('outlets') or 'unknown'}"]
        fe.content("\n".join(x for x in lines if x), type="text")
    return fg.atom_str(pretty=True)


def render_report(stories: Iterable[Mapping[str, Any]], run_info: Mapping[str, Any], out_dir: Path) -> None:
    """Write the report of ``stories`` (dicts, as the lines of stories.jsonl) into ``out_dir``: see
    :func:`write_report`. Stories keep the order they are given in."""
    write_report((story_page(story) for story in stories), run_info, out_dir)
