"""From a raw record to a prepared article: extraction, rule cleaning, ids, dates, outlet, title.

Runs in Spark tasks (the clean stage). Returns the article, or a reject, plus every line-level removal.
"""

from __future__ import annotations

import heapq
import logging
from collections import Counter
from dataclasses import dataclass

from storyline.core.text.clean import clean_text, listing, non_article_reason, Removal
from storyline.core.text.furniture import current_picture
from storyline.core.ingest.records import article_id, headline_and_body, outlet_from_url, parse_date
from storyline.core.text.text import stable_id, text_terms
from storyline.core.ingest.extract import extract_html
from storyline.core.nlp.dates import find_dates

log = logging.getLogger(__name__)

PREPARED_KEYS = (
    "kind", "article_id", "source_path", "locator", "fmt", "reason", "detail",
    "url", "source", "title", "published", "author", "language", "group", "reference", "text", "topic_key",
)


@dataclass(frozen=True)
class PrepareOptions:
    max_bytes: int = 10_000_000
    html_fast: bool = False
    html_timeout_s: float = 5.0


def _extract(html: bytes, url: str | None, opts: PrepareOptions, charset: str | None):
    """HTML -> (Extracted | Reject). The extractor module is imported lazily: only HTML inputs need it."""
    # clean=False: residue is cleaned below, once, for every kind of input, with the removals kept
    return extract_html(html, url, max_bytes=opts.max_bytes, declared_charset=charset, clean=False,
                        fast=opts.html_fast, timeout_s=opts.html_timeout_s)


def prepare_record(raw: dict, opts: PrepareOptions) -> tuple[dict, list[Removal]]:
    """Prepare one raw record. The returned dict has the keys of :data:`PREPARED_KEYS`."""
    out = {k: raw.get(k) for k in PREPARED_KEYS if k in raw}
    for k in PREPARED_KEYS:
        out.setdefault(k, None)
    out["article_id"] = article_id(raw.get("id"), raw.get("url"), raw.get("input_name") or raw["source_path"],
                                   raw.get("locator"))
    if raw.get("kind") == "reject":
        return out, []

    removals: list[Removal] = []
    text = raw.get("text")
    if not text and raw.get("html") is not None:
        ex = _extract(raw["html"], raw.get("url"), opts, raw.get("charset"))
        if getattr(ex, "reason", None) is not None and not hasattr(ex, "text"):
            out.update(kind="reject", reason=ex.reason, detail=ex.detail)
            return out, []
        text = ex.text or ""
        removals.extend(getattr(ex, "removed", None) or [])
        out["title"] = out["title"] or ex.title
        out["author"] = out["author"] or ex.author
        # A WARC's date is the capture time: the page's own date, when it has one, is the better one.
        page_first = raw.get("fmt") == "warc"
        out["published"] = (ex.published or out["published"]) if page_first else (out["published"] or ex.published)
        out["language"] = getattr(ex, "language", None)
        out["url"] = out["url"] or ex.canonical_url
        out["source"] = out["source"] or ex.site
    text = text or ""
    if len(text.encode("utf-8", errors="ignore")) > opts.max_bytes:
        out.update(kind="reject", reason="too_large", detail=f"over ingest.max_bytes={opts.max_bytes}")
        return out, []
    why = non_article_reason(text)
    if why:
        out.update(kind="reject", reason=why, detail=text.strip()[:200])
        return out, []
    cleaned = clean_text(text)
    removals.extend(cleaned.removed)
    if not cleaned.text.strip():
        out.update(kind="reject", reason="empty_after_cleaning", detail="only residue was left")
        return out, removals
    if listing(cleaned.text):
        out.update(kind="reject", reason="listing", detail=cleaned.text.strip()[:200])
        return out, removals
    out["text"] = cleaned.text
    out["published"] = parse_date(out["published"]) if out["published"] else None
    if out["published"] is None:
        out["published"] = stamped_date(cleaned.removed)
    out["source"] = out["source"] or outlet_from_url(out["url"])
    # a first line that repeats the headline is the headline, not the article's first sentence
    out["title"], out["text"] = headline_and_body(cleaned.text, out["title"])
    out["topic_key"] = topic_key(cleaned.text)
    out["kind"] = "article"
    return out, removals


def stamped_date(removed: list[Removal]) -> str | None:
    """The day a page dates itself in the lines cleaning took out of it, for an article that declares no date: its
    time stamp ("The article was first published on June 15, 2017"), else the day a photo desk gives its picture
    ("..., Tuesday, Oct. 30, 2012, in Lindenhurst"), which is not a file picture's. The latest such day, or None.

    >>> stamped_date([Removal("timestamp", "The article was first published on June 15, 2017.")])
    '2017-06-15'
    >>> stamped_date([Removal("caption", "FILE - In this Tuesday, June 14, 2011 file photo, the mayor speaks.")])
    >>> stamped_date([Removal("caption", "A boat lies in a flooded street, Tuesday, Oct. 30, 2012, in Lindenhurst.")])
    '2012-10-30'
    """
    days = [iso for r in removed if r.reason == "timestamp" or (r.reason == "caption" and current_picture(r.text))
            for _, _, iso in find_dates(r.text) if len(iso) == 10]
    return max(days) if days else None


def topic_key(text: str, k: int = 3) -> str:
    """A coarse topic label: the article's k most frequent content terms. Used to tell whether a recurring line
    recurs across unrelated articles (boilerplate) or only within one story (a shared quote).

    >>> topic_key("Backman left the Mets. Backman was fired, the Mets said. Alderson spoke.") == topic_key(
    ...     "The Mets and Backman: Alderson, Backman, Mets.")
    True
    """
    top = heapq.nsmallest(k, Counter(text_terms(text)).items(), key=lambda kv: (-kv[1], kv[0]))
    return stable_id("topic", *sorted(t for t, _ in top))
