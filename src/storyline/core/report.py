"""The static HTML report: an index of stories and one page per story, in pure Python.

Every string that comes from an article (titles, text, outlets, URLs, ids) is untrusted. It is escaped with
``html.escape(quote=True)`` wherever it lands, links are emitted only for http(s) URLs, the search index is a
JSON data island with ``<``, ``>``, ``&`` and U+2028/2029 escaped, and every page carries a Content-Security-Policy
that forbids inline scripts, so even a missed escape cannot run code. The pages work from ``file://`` with no
network: the bundled CSS and JS in ``report_assets`` are copied beside them.

Output is deterministic: the same stories and run info give byte-identical files (no clock, no randomness).
"""

from __future__ import annotations

from datetime import datetime

import html
import json
import logging
import re
import unicodedata
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping
from urllib.parse import urlsplit

from storyline.core.text.text import stable_id

logger = logging.getLogger(__name__)

ASSET_NAMES = ("style.css", "search.js", "story.js")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'"
)
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}")
_NONE = '<p class="none">none found</p>'


def esc(value: object) -> str:
    """Escape any value for HTML text or a quoted attribute; None becomes the empty string.

    >>> esc('<img src=x onerror="alert(1)">')
    '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'
    >>> esc(None), esc(3)
    ('', '3')
    """
    return "" if value is None else html.escape(str(value), quote=True)


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
    """
    if not value:
        return ""
    s = str(value)
    if len(s) <= 10:
        return s
    try:
        t = datetime.fromisoformat(s.replace("Z", "+00:00"))
    except ValueError:
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


def _page(title: str, body: str, prefix: str, scripts: tuple[str, ...]) -> str:
    tags = "".join(f'<script src="{prefix}assets/{s}" defer></script>' for s in scripts)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f'<meta http-equiv="Content-Security-Policy" content="{esc(CSP)}">\n'
        '<meta name="referrer" content="no-referrer">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n"
        f'<link rel="stylesheet" href="{prefix}assets/style.css">\n{tags}\n</head>\n<body>\n{body}\n</body>\n</html>\n'
    )


def _link(url: object, text: str) -> str:
    href = safe_href(url)
    if href is None:
        return text
    return f'<a href="{esc(href)}" rel="noopener noreferrer" target="_blank">{text}</a>'


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


def _run_counts(run_info: Mapping[str, Any]) -> str:
    """Run counts at the top of the index: articles, duplicates, stories, rejects (by reason) and timings."""
    counts = run_info.get("counts") if isinstance(run_info.get("counts"), Mapping) else run_info
    rows = []
    for key in ("records_in", "articles", "duplicates", "stories"):
        if key in counts and not isinstance(counts[key], (Mapping, list)):
            rows.append(f'<div class="stat"><span class="n">{esc(counts[key])}</span> {esc(key.replace("_", " "))}</div>')
    parts = []
    by_reason = next((r for r in (run_info.get("rejects"), counts.get("rejects")) if isinstance(r, Mapping)), None)
    flat = _flat(by_reason) if by_reason else []
    total = counts.get("rejects")
    if isinstance(total, Mapping) or total is None:
        record = by_reason.get("record") if by_reason else None
        total = sum(v for _, v in _flat(record if isinstance(record, Mapping) else by_reason or {})
                    if isinstance(v, (int, float))) if by_reason else None
    if total is not None:
        rows.append(f'<div class="stat"><span class="n">{esc(total)}</span> rejects</div>')
    if flat:
        cells = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in flat)
        parts.append(f'<details><summary>Rejects by reason</summary><table class="kv">{cells}</table></details>')
    timings = next((t for t in (run_info.get("timings"), run_info.get("timings_s")) if isinstance(t, Mapping)), None)
    if timings:
        cells = "".join(
            f"<tr><th>{esc(k)}</th><td>{esc(f'{v:.1f} s' if isinstance(v, (int, float)) else v)}</td></tr>"
            for k, v in timings.items()
        )
        parts.append(f'<details><summary>Timings</summary><table class="kv">{cells}</table></details>')
    return f'<section class="run"><div class="stats">{"".join(rows)}</div>{"".join(parts)}</section>'


def _index_row(i: int, story: Mapping[str, Any], name: str) -> str:
    outlets = [str(o) for o in _list(story.get("outlets")) if o]
    shown = ", ".join(outlets[:4]) + (f" +{len(outlets) - 4}" if len(outlets) > 4 else "")
    dates = _day(story.get("first_published"))
    last = _day(story.get("last_published"))
    if last and last != dates:
        dates = f"{dates} – {last}"
    title = story.get("title") or "(untitled)"
    n_art = story.get("n_articles", len(_list(story.get("articles"))))
    return (
        f'<tr data-i="{i}"><td class="title"><a href="stories/{esc(name)}.html">{esc(title)}</a>'
        + (f' <span class="group">{esc(story.get("group"))}</span>' if story.get("group") else "")
        + f'</td><td class="num">{esc(n_art)}</td><td class="num">{len(outlets)}</td>'
        f'<td class="outlets">{esc(shown)}</td><td class="date">{esc(dates)}</td></tr>'
    )


def _haystack(story: Mapping[str, Any]) -> str:
    parts = [str(story.get("title") or ""), " ".join(str(o) for o in _list(story.get("outlets")))]
    parts += [str(s.get("text", "")) for s in _dicts(story.get("summary"))]
    return fold(" ".join(parts))


def render_index(stories: list[Mapping[str, Any]], names: list[str], run_info: Mapping[str, Any]) -> str:
    """The index page: run counts, a search box and one row per story."""
    rows = "\n".join(_index_row(i, s, n) for i, (s, n) in enumerate(zip(stories, names)))
    body = (
        '<header><h1>Stories</h1></header>\n<main>\n'
        + _run_counts(run_info)
        + '\n<div class="search"><label for="q">Search</label> '
        '<input type="search" id="q" placeholder="title, outlet or summary words" autocomplete="off"> '
        f'<span id="shown">{len(stories)} of {len(stories)}</span></div>\n'
        '<table class="stories"><thead><tr><th>Story</th><th>Articles</th><th>Outlets</th><th>Outlet names</th>'
        f"<th>Dates</th></tr></thead>\n<tbody>\n{rows}\n</tbody></table>\n"
        + ('<p class="none">no stories</p>\n' if not stories else "")
        + '<script type="application/json" id="search-data">'
        + json_island([_haystack(s) for s in stories])
        + "</script>\n</main>"
    )
    return _page("Stories", body, "", ("search.js",))


# ----------------------------------------------------------------------------------------------------- story page


def _article_label(art: Mapping[str, Any] | None, aid: str) -> str:
    if not art:
        return esc(aid)
    outlet = art.get("source") or "unknown outlet"
    return f"{esc(art.get('title') or aid)} <span class=\"outlet\">({esc(outlet)})</span>"


def _summary(story: Mapping[str, Any], number: dict[str, int], arts: dict[str, Mapping[str, Any]]) -> str:
    items = []
    for k, sent in enumerate(_dicts(story.get("summary")), 1):
        sources = [str(a) for a in _list(sent.get("sources"))]
        marks = ",".join(str(number[a]) if a in number else esc(a) for a in sources) or "?"
        evidence = _dicts(sent.get("evidence"))
        if evidence:
            pop = "".join(
                f'<li><a href="#art-{number.get(str(ev.get("article_id")), 0)}">'
                f'{_article_label(arts.get(str(ev.get("article_id"))), str(ev.get("article_id")))}</a>'
                f'<blockquote>{esc(ev.get("text"))}</blockquote></li>'
                for ev in evidence
            )
        else:
            pop = "".join(
                f'<li><a href="#art-{number.get(a, 0)}">{_article_label(arts.get(a), a)}</a></li>' for a in sources
            )
        support = sent.get("support")
        note = f"supported by {esc(support)} outlet{'s' if support != 1 else ''}" if support is not None else ""
        dispute = sent.get("dispute")
        flag = ""
        if isinstance(dispute, Mapping) and dispute.get("sides"):
            told = " · ".join(
                f'<b>{esc(sd.get("claim"))}</b> ({_names(sd.get("outlets")) or _names(sd.get("article_ids"))})'
                for sd in _dicts(dispute.get("sides")))
            flag = (f'<span class="dispute-note" role="note">Outlets disagree on this '
                    f'({esc(dispute.get("subject"))}): {told}. <a href="#disputed">See both sides</a>.</span>')
        items.append(
            f'<li id="sum-{k}"{" class=" + chr(34) + "disputed" + chr(34) if flag else ""}>'
            f'<span class="sentence">{esc(sent.get("text"))}</span> '
            f'<span class="cite"><button type="button" class="cite-mark" aria-describedby="pop-{k}" '
            f'title="{esc(note)}">[{marks}]</button>'
            f'<span class="cite-pop" id="pop-{k}" role="tooltip"><span class="cite-head">Sources'
            f'{" — " + note if note else ""}</span><ul>{pop}</ul></span></span>{flag}</li>'
        )
    return f'<ol class="summary">{"".join(items)}</ol>' if items else _NONE


def _articles(articles: list[Mapping[str, Any]]) -> str:
    if not articles:
        return _NONE
    rows = "".join(
        f'<tr id="art-{n}"><td class="num">{n}</td><td>{_link(a.get("url"), esc(a.get("title") or "(untitled)"))}</td>'
        f'<td>{esc(a.get("source") or "unknown")}</td><td class="date">{esc(_when(a.get("published")))}</td>'
        f'<td class="num">{esc(a.get("n_words"))}</td><td class="id">{esc(a.get("article_id"))}</td></tr>'
        for n, a in enumerate(articles, 1)
    )
    return (
        '<table class="articles"><thead><tr><th>#</th><th>Title</th><th>Outlet</th><th>Published</th><th>Words</th>'
        f"<th>Id</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _duplicates(dups: list[Mapping[str, Any]], arts: dict[str, Mapping[str, Any]]) -> str:
    if not dups:
        return _NONE

    def sim(v: object) -> str:
        return f"{v:.3f}" if isinstance(v, (int, float)) else esc(v)

    rows = "".join(
        f'<tr><td>{_article_label(arts.get(str(d.get("article_id"))), str(d.get("article_id")))}</td>'
        f'<td>{_article_label(arts.get(str(d.get("canonical_id"))), str(d.get("canonical_id")))}</td>'
        f'<td class="num">{sim(d.get("similarity"))}</td><td>{esc(d.get("method"))}</td></tr>'
        for d in dups
    )
    return (
        '<table class="duplicates"><thead><tr><th>Duplicate</th><th>Kept as</th><th>Similarity</th><th>Method</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


def _names(values: object) -> str:
    return ", ".join(esc(v) for v in _list(values) if v is not None and v != "")


def _entities(ents: list[Mapping[str, Any]]) -> str:
    if not ents:
        return _NONE
    rows = "".join(
        f'<tr><td class="name">{esc(e.get("name"))}</td><td>{esc(e.get("type"))}</td>'
        f'<td class="num">{esc(e.get("mentions"))}</td><td>{_names(e.get("outlets"))}</td>'
        f'<td class="variants">{_names([v for v in _list(e.get("variants")) if v != e.get("name")])}</td></tr>'
        for e in ents
    )
    return (
        '<table class="entities"><thead><tr><th>Name</th><th>Type</th><th>Mentions</th><th>Outlets</th>'
        f"<th>Also written</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _cited(item: Mapping[str, Any], number: dict[str, int]) -> str:
    """Outlets and article numbers of a fact, event or dispute side."""
    ids = [str(a) for a in _list(item.get("article_ids"))]
    outlets = [o for o in _list(item.get("outlets")) if o]
    for src in _dicts(item.get("sources")):
        if src.get("article_id") is not None and str(src["article_id"]) not in ids:
            ids.append(str(src["article_id"]))
        if src.get("outlet") and src["outlet"] not in outlets:
            outlets.append(src["outlet"])
    refs = " ".join(f'<a href="#art-{number[a]}">[{number[a]}]</a>' if a in number else f"[{esc(a)}]" for a in ids)
    return f'<span class="sources">{_names(outlets)} {refs}</span>'


def _timeline(events: list[Mapping[str, Any]], number: dict[str, int]) -> str:
    if not events:
        return _NONE
    rows = "".join(
        f'<li><time>{esc(ev.get("date"))}</time> <span class="event">{esc(ev.get("text"))}</span> '
        f"{_cited(ev, number)}</li>"
        for ev in events
    )
    return f'<ol class="timeline">{rows}</ol>'


def _facts(facts: list[Mapping[str, Any]], number: dict[str, int]) -> str:
    if not facts:
        return _NONE
    rows = "".join(f'<li><span class="fact">{esc(f.get("text"))}</span> {_cited(f, number)}</li>' for f in facts)
    return f'<ul class="corroborated">{rows}</ul>'


def _more(side: Mapping[str, Any], number: dict[str, int]) -> str:
    """The side's other source sentences, folded away."""
    others = [x for x in _dicts(side.get("sentences")) if x.get("text") != side.get("text")]
    if not others:
        return ""
    items = "".join(
        f'<li><blockquote>{esc(x.get("text"))}</blockquote>{_cited({"article_ids": [x.get("article_id")]}, number)}</li>'
        for x in others
    )
    return f'<details class="more"><summary>{len(others)} more</summary><ul>{items}</ul></details>'


def _said_by(side: Mapping[str, Any]) -> str:
    """Who the side's sentences say the claim comes from ("his agent said"), when they say."""
    who = list(dict.fromkeys(str(x.get("attribution")) for x in _dicts(side.get("sentences")) if x.get("attribution")))
    return f'<div class="said-by">{"; ".join(esc(w) for w in who)}</div>' if who else ""


def _disputes(disputes: list[Mapping[str, Any]], number: dict[str, int]) -> str:
    if not disputes:
        return _NONE
    out = []
    for d in disputes:
        sides = "".join(
            f'<div class="side"><div class="claim">{esc(s.get("claim"))}</div>'
            f'<blockquote>{esc(s.get("text"))}</blockquote>{_said_by(s)}{_cited(s, number)}{_more(s, number)}</div>'
            for s in _dicts(d.get("sides"))
        )
        head = " · ".join(dict.fromkeys(esc(d.get(k)) for k in ("subject", "frame") if d.get(k)))
        out.append(f'<li class="dispute"><div class="about">{head}</div><div class="sides">{sides}</div></li>')
    return f'<ul class="disputed">{"".join(out)}</ul>'


def _panel(key: str, title: str, inner: str) -> str:
    return f'<section class="panel" id="{key}"><h2>{title}</h2>{inner}</section>'


def render_story(story: Mapping[str, Any]) -> str:
    """One story page: summary with citations, member articles, duplicates and the fact panels."""
    articles = _dicts(story.get("articles"))
    number = {}
    for n, a in enumerate(articles, 1):
        number.setdefault(str(a.get("article_id")), n)
    arts = {str(a.get("article_id")): a for a in articles}
    outlets = [o for o in _list(story.get("outlets")) if o]
    dups = _dicts(story.get("duplicates"))
    dates = " – ".join(dict.fromkeys(d for d in (_when(story.get("first_published")), _when(story.get("last_published"))) if d))
    title = story.get("title") or "(untitled)"
    facts = [
        ("summary", "Summary", _summary(story, number, arts)),
        ("articles", "Articles", _articles(articles)),
        ("duplicates", "Duplicates", _duplicates(dups, arts)),
        ("entities", "Entities", _entities(_dicts(story.get("entities")))),
        ("timeline", "Timeline", _timeline(_dicts(story.get("timeline")), number)),
        ("corroborated", "Corroborated", _facts(_dicts(story.get("corroborated")), number)),
        ("disputed", "Disputed", _disputes(_dicts(story.get("disputed")), number)),
    ]
    counts = (
        f'<div class="stat"><span class="n">{esc(story.get("n_articles", len(articles)))}</span> articles</div>'
        f'<div class="stat"><span class="n">{len(outlets)}</span> outlets</div>'
        f'<div class="stat"><span class="n">{len(dups)}</span> duplicates</div>'
        f'<div class="stat"><span class="n">{len(_list(story.get("summary")))}</span> summary sentences</div>'
    )
    body = (
        f'<header><nav><a href="../index.html">← All stories</a></nav><h1>{esc(title)}</h1>'
        f'<p class="meta">{esc(dates)}'
        + (f' · <span class="group">{esc(story.get("group"))}</span>' if story.get("group") else "")
        + f' · <span class="id">{esc(story.get("story_id"))}</span></p>'
        f'<p class="outlets">{_names(outlets)}</p></header>\n<main>\n<div class="stats">{counts}</div>\n'
        + "\n".join(_panel(k, t, inner) for k, t, inner in facts)
        + "\n</main>"
    )
    return _page(str(title), body, "../", ("story.js",))


# ------------------------------------------------------------------------------------------------------- writing


def copy_assets(out_dir: Path) -> None:
    """Copy the bundled CSS and JS next to the pages."""
    dest = out_dir / "assets"
    dest.mkdir(parents=True, exist_ok=True)
    src = resources.files("storyline") / "report_assets"
    for name in ASSET_NAMES:
        (dest / name).write_bytes((src / name).read_bytes())


def render_report(stories: Iterable[Mapping[str, Any]], run_info: Mapping[str, Any], out_dir: Path) -> None:
    """Write ``out_dir/index.html``, ``out_dir/stories/<story_id>.html`` for each story, and the assets.

    Stories keep the order they are given in. A story id that is not a safe file name gets a hashed page name;
    a repeated id gets a numbered one, so no page overwrites another.
    """
    if not isinstance(run_info, Mapping):
        raise TypeError(f"run_info must be a dict (the content of run.json), got {type(run_info).__name__}")
    out_dir = Path(out_dir)
    (out_dir / "stories").mkdir(parents=True, exist_ok=True)
    kept: list[Mapping[str, Any]] = []
    names: list[str] = []
    used: set[str] = set()
    for story in stories:
        if not isinstance(story, Mapping):
            raise TypeError(f"each story must be a dict (a line of stories.jsonl), got {type(story).__name__}")
        base = name = page_name(story.get("story_id"))
        k = 1
        while name in used:
            k += 1
            name = f"{base}-{k}"
        used.add(name)
        (out_dir / "stories" / f"{name}.html").write_text(render_story(story), encoding="utf-8", newline="\n")
        kept.append(story)
        names.append(name)
    (out_dir / "index.html").write_text(render_index(kept, names, run_info), encoding="utf-8", newline="\n")
    copy_assets(out_dir)
    logger.info("wrote report for %d stories to %s", len(kept), out_dir)
