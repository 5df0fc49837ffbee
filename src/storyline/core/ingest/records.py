"""Turning raw input (JSON lines, files) into article records, with a reason for everything refused.

A *record* is one input unit: a JSON line, one document of a Multi-News line, one file, one WARC response.
Each becomes either an article dict (the fields of :data:`ARTICLE_FIELDS`) or a reject with a reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

from storyline.core.text.text import stable_id
from storyline.core.text.clean import title_residue

ARTICLE_FIELDS = ("id", "url", "source", "title", "published", "author", "text", "html", "group", "reference")

DEFAULT_FIELD_NAMES: dict[str, tuple[str, ...]] = {
    "id": ("id", "article_id", "guid", "uid"),
    "url": ("url", "link", "canonical_url"),
    "source": ("source", "outlet", "site", "site_name", "publisher", "domain"),
    "title": ("title", "headline"),
    "published": ("published", "date", "published_at", "pubdate", "publish_date", "timestamp", "date_publish"),
    "author": ("author", "authors", "byline"),
    "text": ("text", "body", "content", "maintext", "article"),
    "html": ("html", "raw_html", "page"),
    "group": ("group", "story", "cluster", "event"),
    "reference": ("reference", "summary"),
}


@dataclass(frozen=True)
class Reject:
    reason: str
    detail: str


def field_names(mapping: dict[str, object] | None) -> dict[str, tuple[str, ...]]:
    """Merge a user field mapping (``{"text": "body"}`` or a list of names) over the defaults.

    >>> field_names({"text": "story_body"})["text"]
    ('story_body',)
    """
    names = dict(DEFAULT_FIELD_NAMES)
    for key, value in (mapping or {}).items():
        names[key] = (value,) if isinstance(value, str) else tuple(value)  # type: ignore[arg-type]
    return names


def _as_text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        parts = [str(v) for v in value if v is not None]
        return ", ".join(parts) if parts else None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return json.dumps(value, sort_keys=True)


def pick_fields(obj: dict, names: dict[str, tuple[str, ...]]) -> dict[str, str | None]:
    """Take article fields out of a JSON object, the first matching input name winning.

    >>> pick_fields({"headline": "H", "body": "B", "date": 1700000000}, field_names(None))["published"]
    '1700000000'
    """
    out: dict[str, str | None] = {}
    for key in ARTICLE_FIELDS:
        out[key] = None
        for name in names.get(key, ()):
            if name in obj and obj[name] not in (None, ""):
                out[key] = _as_text(obj[name])
                break
    return out


def is_multinews(obj: object) -> bool:
    """A Multi-News line: one story per line with a list of ``documents``.

    >>> is_multinews({"id": "x", "documents": ["a", "b"]})
    True
    """
    return isinstance(obj, dict) and isinstance(obj.get("documents"), list)


LINE_HEAD = 120  # characters of a bad line that its reject keeps


def parse_json_line(line: str) -> tuple[object | None, Reject | None]:
    """Parse one JSONL line; refusals say what is wrong.

    >>> parse_json_line('{"text": "x"}')[0]
    {'text': 'x'}
    >>> parse_json_line('{"text": ').__getitem__(1).reason
    'invalid_json'
    >>> parse_json_line('[1, 2]')[1].reason
    'not_an_object'

    A line that is no JSON keeps its start (bounded) in the detail, so that the reject shows what was there:

    >>> parse_json_line('<html><body>Not found</body></html>')[1].detail
    "JSONDecodeError: Expecting value: line 1 column 1 (char 0); the line starts: '<html><body>Not found</body></html>'"
    """
    try:
        obj = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        head = line.strip()
        head = head if len(head) <= LINE_HEAD else head[:LINE_HEAD] + "…"
        return None, Reject("invalid_json", f"{exc.__class__.__name__}: {str(exc)[:200]}; the line starts: {head!r}")
    if not isinstance(obj, dict):
        return None, Reject("not_an_object", f"expected a JSON object, got {type(obj).__name__}")
    return obj, None


def multinews_articles(obj: dict) -> list[dict[str, str | None]]:
    """Expand a Multi-News story line into one article per document, with ``group`` = the story id.

    >>> arts = multinews_articles({"id": "s1", "documents": ["A.", "B."], "summary": "S."})
    >>> [(a["id"], a["group"], a["reference"]) for a in arts]
    [('s1#0', 's1', 'S.'), ('s1#1', 's1', 'S.')]
    """
    sid = _as_text(obj.get("id")) or stable_id("multinews", json.dumps(obj.get("documents"), sort_keys=True))
    ref = _as_text(obj.get("summary"))
    out = []
    for i, doc in enumerate(obj["documents"]):
        rec: dict[str, str | None] = {k: None for k in ARTICLE_FIELDS}
        if isinstance(doc, dict):
            rec.update(pick_fields(doc, DEFAULT_FIELD_NAMES))
        else:
            rec["text"] = _as_text(doc)
        rec["id"] = f"{sid}#{i}"
        rec["group"] = sid
        rec["reference"] = ref
        out.append(rec)
    return out


def outlet_from_url(url: str | None) -> str | None:
    """The outlet named by a URL's host, without ``www.``.

    >>> outlet_from_url("https://www.newsday.com/sports/baseball/mets/x-1.123")
    'newsday.com'
    >>> outlet_from_url("not a url") is None
    True
    """
    if not url:
        return None
    try:
        host = urlsplit(url.strip()).hostname
    except ValueError:
        return None
    if not host or "." not in host:
        return None
    return host[4:] if host.startswith("www.") else host


def normalize_url(url: str) -> str:
    """Scheme, host case, fragments and tracking parameters folded, so one page has one id.

    >>> normalize_url("HTTPS://Example.com/a/?utm_source=x&id=3#top")
    'https://example.com/a?id=3'
    """
    parts = urlsplit(url.strip())
    query = "&".join(q for q in parts.query.split("&") if q and not q.lower().startswith(("utm_", "fbclid", "gclid")))
    path = parts.path.rstrip("/") or "/"
    if path == "/" and not query:
        path = ""
    return f"{parts.scheme.lower()}://{(parts.netloc or '').lower()}{path}" + (f"?{query}" if query else "")


def article_id(given: str | None, url: str | None, source_path: str, locator: str | None) -> str:
    """The article's id: the given id, else one derived from its URL, else from its file and position.

    Never random and never dependent on partitioning, so every run and every cluster agrees.

    >>> article_id("a1", "http://x.com/1", "/d/f.jsonl", "line 3")
    'a1'
    >>> article_id(None, "http://x.com/1", "/d/f.jsonl", "line 3")
    'u-29e63e8e0972e3a8'
    >>> article_id(None, None, "day1/000_abc.txt", None)
    'day1/000_abc'
    >>> article_id(None, None, "in/feed.jsonl", "line 7")
    'in/feed:7'
    >>> article_id(None, None, "in/feed.jsonl", "line 83 doc 1")
    'in/feed:83.1'

    ``source_path`` is the file's name in ids (its path below the parent of the input given on the command line,
    see :func:`storyline.core.ingest.inputs.input_names`); the position is the line, record or row number, never a byte
    offset, so ids do not depend on how files are split into read tasks.
    """
    if given and given.strip():
        return given.strip()
    if url and url.strip():
        return "u-" + stable_id(normalize_url(url))
    name = source_path.replace("\\", "/").lstrip("/")
    for ext in (".gz", ".html", ".htm", ".txt", ".md", ".jsonl", ".ndjson", ".json", ".warc", ".parquet"):
        if name.lower().endswith(ext):
            name = name[: -len(ext)]
    if locator:
        return f"{name}:{'.'.join(re.findall(r'[0-9]+', locator)) or locator}"
    return name


_DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d %B %Y", "%B %d, %Y", "%b %d, %Y", "%d %b %Y", "%Y%m%d")


def parse_date(value: str | None) -> str | None:
    """Normalise a publication date to ISO 8601: ``YYYY-MM-DDTHH:MM:SSZ`` (UTC), or ``YYYY-MM-DD`` when only a
    day is known. Unparseable values give None.

    >>> parse_date("2016-10-04T14:05:00-04:00")
    '2016-10-04T18:05:00Z'
    >>> parse_date("Tue, 04 Oct 2016 18:05:00 GMT")
    '2016-10-04T18:05:00Z'
    >>> parse_date("October 4, 2016")
    '2016-10-04'
    >>> parse_date("1475604300")
    '2016-10-04T18:05:00Z'
    >>> parse_date("next week") is None
    True
    """
    if not value:
        return None
    s = value.strip()
    if re.fullmatch(r"\d{9,10}(?:\.\d+)?", s):
        return datetime.fromtimestamp(float(s), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if re.fullmatch(r"\d{12,13}", s):
        return datetime.fromtimestamp(int(s) / 1000, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    iso = s.replace("Z", "+00:00") if s.endswith("Z") else s
    try:
        dt = datetime.fromisoformat(iso)
        if len(s) <= 10:
            return dt.strftime("%Y-%m-%d")
        return _utc(dt)
    except ValueError:
        pass
    try:
        return _utc(parsedate_to_datetime(s))
    except (TypeError, ValueError, IndexError):
        pass
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(s, fmt).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return None


def _utc(dt: datetime) -> str:
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def headline_and_body(text: str, title: str | None = None) -> tuple[str | None, str]:
    """The article's headline (``title``, else one its first line gives: :func:`derive_title`) and its text without
    a first line that repeats that headline.

    >>> headline_and_body("Council backs fare rise\\nThe council voted on Monday.")
    ('Council backs fare rise', 'The council voted on Monday.')
    """
    if not title:
        glued = glued_headline(text)
        if glued:
            if title_residue(glued[0]) is None:
                return glued
    head = (title or derive_title(text) or "").strip() or None
    return head, drop_headline(text, head) or text


# a dateline inside the first line, after a headline glued to it: "... Woman Says BAKERSFIELD, Calif. (CN) - A ..."
_INLINE_DATELINE = re.compile(r"\s(?=[A-Z]{3,}(?:\s[A-Z]{3,}){0,2},\s+[A-Z][A-Za-z.]+(?:\s[A-Z][A-Za-z.]+)?\s*"
                              r"(?:\([^()]{1,20}\))?\s*(?:--|[-—–])\s)")


def glued_headline(text: str) -> tuple[str, str] | None:
    r"""A headline glued to the first sentence on one line, and the text without it: before a dateline inside the
    line ("'Timecard' App Tracks Workers, Woman Says BAKERSFIELD, Calif. (CN) - A money-transfer company ..."), or
    printed twice before it ("X News 2 X Police in Murphy are ..."). None when the first line has neither.

    >>> glued_headline("Court Backs Union, Judge Says BAKERSFIELD, Calif. (CN) - A judge ruled.\nMore.")
    ('Court Backs Union, Judge Says', 'BAKERSFIELD, Calif. (CN) - A judge ruled.\nMore.')
    >>> glued_headline("Two students die hours apart News 2 Two students die hours apart Police are investigating.")
    ('Two students die hours apart', 'Police are investigating.')
    >>> glued_headline("The mayor of WASHINGTON, Pa. - the small town - resigned."), glued_headline("The mayor resigned.")
    (None, None)
    """
    first, sep, more = text.lstrip().partition("\n")
    m = _INLINE_DATELINE.search(first)
    if m:
        head = first[:m.start()].strip()
        words = head.split()
        if 3 <= len(words) <= 20 and sum(w[:1].isupper() or not w[:1].isalpha() for w in words) >= 0.6 * len(words):
            return head, first[m.end():] + sep + more
    words = first.split()
    for p in range(5, min(len(words), 40)):
        n = 0
        while p + n < len(words) and n < p and words[n] == words[p + n]:
            n += 1
        if n >= 5 and p - n <= 3:  # the headline, at most three words of a label ("News 2"), the headline again
            rest = " ".join(words[p + n:])
            return " ".join(words[:n]), rest + sep + more if rest else more
    return None


def derive_title(text: str) -> str | None:
    """A title taken from the text when none was given: a short first line without a closing full stop that can
    tell an event. Two words, or three that are all names and figures, name a section, a byline or a list item
    ("Article Excerpt", "Matt Mueller", "1. Anthony Scaramucci"), not what happened.

    >>> derive_title("Wally Backman named manager of Acereros\\nBackman has his own story.")
    'Wally Backman named manager of Acereros'
    >>> derive_title("A full sentence that ends like one.\\nMore.") is None
    True
    >>> derive_title("Published on May 20, 2016\\nThe mayor resigned.") is None
    True
    >>> derive_title("Oskar Lind sentenced\\nA court jailed him."), derive_title("Thermal Imaging\\nThe robot sees.")
    ('Oskar Lind sentenced', None)
    """
    first = text.lstrip().split("\n", 1)[0].strip()
    if not first or len(first.split()) > 20 or first.endswith((".", "!", "?", ":", ";", ",")):
        return None
    n = len(first.split())
    if n < 3 or (n == 3 and not any(w[:1].islower() for w in first.split())):
        return None

    return None if title_residue(first) else first


def _fold(text: str) -> str:
    return re.sub(r"\W+", " ", text).strip().casefold()


def drop_headline(body: str, title: str | None) -> str:
    """The text without a first line that repeats the headline (kept in ``title``).

    >>> drop_headline("Fares rise\\nThe council voted.", "Fares rise")
    'The council voted.'
    """
    if not title:
        return body
    first, sep, rest = body.lstrip().partition("\n")
    return rest.lstrip() if sep and _fold(first) == _fold(title) else body
