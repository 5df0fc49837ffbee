"""HTML pages to article text and metadata: decoding, bounded extraction, metadata, residue cleaning.

:func:`extract_html` is the one entry point. It never raises for bad input: every failure becomes a
:class:`~storyline.core.ingest.records.Reject` with a reason the pipeline can count (``too_large``, ``binary``,
``bad_gzip``, ``not_html``, ``too_deep``, ``truncated_html``, ``extract_timeout``, ``extractor_error``,
``no_text``, ``empty_after_cleaning``).

Main text comes from trafilatura (comments off, its fallback extractors on), run on a tree this module parses
itself so the parse can be checked (libxml2 stops at 256 levels of nesting). Metadata is read from the same
tree by :mod:`storyline.core.ingest.htmlmeta`. Where the extractor runs two blocks' texts together into one word
("SurinDeleuze" from a byline's block and the paragraph after it), the tree says they were two and they are split
(:func:`unglued`).

Time bound: in the main thread of a Unix process the extraction runs under ``signal.setitimer(ITIMER_REAL)``
with a SIGALRM handler that raises, so a pathological page is cut off after ``timeout_s`` (any timer the
caller had set is restored afterwards). Elsewhere (worker threads, Windows) signals cannot be used and a thread
cannot be killed, so the bound is made by the input caps instead (``max_bytes``, the parser's depth limit) and
an overrun is only logged. Spark's Python workers run user functions in their main thread, so the timer
applies there.
"""

from __future__ import annotations

import codecs
import gzip
import logging
import re
import signal
import threading
import time
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from storyline.core.ingest.decode import binary_reason, decode_bytes
from storyline.core.text.clean import clean_text, Removal
from storyline.core.text.text import WORD_RE
from storyline.core.ingest.htmlmeta import extract_metadata
from storyline.core.ingest.records import Reject, drop_headline

log = logging.getLogger(__name__)

DEFAULT_MAX_BYTES = 8_000_000
DEFAULT_TIMEOUT_S = 5.0
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz")


@dataclass
class Extracted:
    """One page's cleaned main text and metadata. ``published`` is ISO 8601 (see ``records.parse_date``),
    ``language`` a lower-case primary subtag ("en"), ``site`` the outlet ("harbourgazette.example")."""

    text: str
    title: str | None = None
    author: str | None = None
    published: str | None = None
    language: str | None = None
    canonical_url: str | None = None
    site: str | None = None
    removed: list[Removal] = field(default_factory=list)
    encoding: str | None = None


class ExtractionTimeout(BaseException):
    """Raised inside a time-limited block when its time is up. A BaseException, like KeyboardInterrupt, so the
    ``except Exception`` blocks inside the extractor libraries cannot swallow it."""


# --- decoding --------------------------------------------------------------------------------------------

_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
_META_CHARSET = re.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]{2,40})""", re.I)
# WHATWG: labels that browsers decode as windows-1252.
_AS_CP1252 = {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii", "iso_8859-1", "cp819"}


def charset_from_content_type(value: str | None) -> str | None:
    """The ``charset`` parameter of a Content-Type header.

    >>> charset_from_content_type('text/html; charset="ISO-8859-1"')
    'iso-8859-1'
    >>> charset_from_content_type("text/html") is None
    True
    """
    if not value:
        return None
    m = re.search(r"charset\s*=\s*[\"']?([\w.:-]+)", value, re.I)
    return m.group(1).lower() if m else None


def _usable(label: str | None) -> str | None:
    if not label:
        return None
    label = label.strip().lower()
    if label in _AS_CP1252:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode_html(raw: bytes, declared: str | None = None) -> tuple[str, str, str | None]:
    """Bytes of a page to text. Returns (text, encoding used, reason) where reason is set when too much was lost.

    Order: a byte-order mark; strict UTF-8 (valid UTF-8 is almost never another encoding, whatever the
    declaration says); the declared charset (HTTP header, then ``<meta charset>``); a statistical guess for
    undeclared pages; then ``clean.decode_bytes`` (cp1252, then lossy UTF-8).

    >>> decode_html("café".encode("cp1252"), "utf-8")[:2]
    ('café', 'cp1252')
    >>> decode_html(codecs.BOM_UTF16_LE + "naïve".encode("utf-16-le"))[:2]
    ('naïve', 'utf-16')
    """
    for bom, enc in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(enc), enc.replace("-sig", ""), None
            except UnicodeDecodeError:
                break
    try:
        return raw.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError:
        pass
    candidates = [_usable(declared)]
    m = _META_CHARSET.search(raw[:4096])
    if m:
        candidates.append(_usable(m.group(1).decode("ascii", "ignore")))
    labels = [c for c in candidates if c and c != "utf-8"]
    if not labels:  # undeclared, or declared UTF-8 and not UTF-8: mostly cp1252 in practice
        if _plausible_cp1252(raw):
            labels.append("cp1252")
        else:
            guess = _guess_encoding(raw)
            if guess:
                labels.append(guess)
    for enc in labels:
        try:
            return raw.decode(enc), enc, None
        except (LookupError, UnicodeDecodeError):
            continue
    text, reason = decode_bytes(raw, None)
    try:
        raw.decode("cp1252")
        used = "cp1252"
    except UnicodeDecodeError:
        used = "utf-8-lossy"
    return text, used, reason


_WORD_WITH_HIGH = re.compile(r"[^\W\d_]*[^\x00-\x7f\W][^\W\d_]*")


def _plausible_cp1252(raw: bytes) -> bool:
    """Whether bytes read as cp1252 look like Western text: words that hold non-ASCII letters are mostly
    ASCII ("café", "Müller"). Cyrillic or Greek read as cp1252 gives words made only of accented letters.

    >>> _plausible_cp1252("Le café où l'été déjà commençait, Müller.".encode("cp1252"))
    True
    >>> _plausible_cp1252("Городской совет одобрил повышение тарифов".encode("cp1251"))
    False
    """
    try:
        text = raw[:65536].decode("cp1252")
    except UnicodeDecodeError:
        return False
    high = total = 0
    for m in _WORD_WITH_HIGH.finditer(text):
        w = m.group(0)
        total += len(w)
        high += sum(1 for c in w if ord(c) > 127)
    return total == 0 or high / total < 0.6


def _guess_encoding(raw: bytes) -> str | None:
    """charset_normalizer's best guess on the first 64 KB, when it is installed (trafilatura depends on it).
    UTF-16/32 guesses are ignored: such pages without a byte-order mark hold NULs and are refused as binary."""
    if len(raw) < 256:
        return None
    try:
        # the HTML packages: imported where pages are read, never by a run of text records
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - a dependency of trafilatura
        return None
    try:
        best = from_bytes(raw[:65536]).best()
    except Exception:  # noqa: BLE001 - a guess is optional
        return None
    if best is None or best.encoding.lower().startswith(("utf_16", "utf_32", "utf-16", "utf-32")):
        return None
    return _usable(best.encoding)


# --- time bound ---------------------------------------------------------------------------------------------

@contextmanager
def time_limit(seconds: float | None) -> Iterator[bool]:
    """Raise :class:`ExtractionTimeout` in the block after ``seconds``; yields whether the limit is enforced.

    >>> with time_limit(1.0) as enforced:
    ...     pass
    >>> enforced
    True
    """
    usable = (seconds is not None and seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield False
        return

    def _alarm(signum, frame):  # noqa: ARG001 - signal handler signature
        raise ExtractionTimeout(f"extraction took longer than {seconds}s")

    started = time.monotonic()
    old_handler = signal.signal(signal.SIGALRM, _alarm)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_handler)
        if old_delay > 0:  # give back the caller's timer, less the time spent here
            remaining = max(old_delay - (time.monotonic() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, remaining, old_interval)


# --- parsing and checks ---------------------------------------------------------------------------------------

_HTML_HINT = re.compile(r"<(?:!doctype\s+html|html|head|body|meta|title|div|p|article)\b", re.I)
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)
# a script or style opened as if it closed itself ("<script type="text/javascript"/>"): in HTML the slash means
# nothing and what follows, to "</script>", is the script (as a browser reads it), which the parser would read as text
_RAW_SELF_CLOSED = re.compile(r"<(script|style)(\b[^<>]*?)\s*/>", re.I)


def _looks_truncated(text: str) -> bool:
    """No closing body/html near the end and the page stops inside text or inside a tag."""
    tail = text[-4096:].lower()
    if "</html" in tail or "</body" in tail:
        return False
    return not text.rstrip().endswith(">")


def html_tree(text: str):
    """The page as an lxml tree, with what kept it from being one: ``(tree, problem)``, problem one of None,
    ``"too_deep"``, ``"not_html"``."""
    # the HTML packages: imported where pages are read, never by a run of text records
    import lxml.html

    parser = lxml.html.HTMLParser(collect_ids=False, default_doctype=False, encoding="utf-8",
                                  remove_comments=True, remove_pis=True)
    text = _RAW_SELF_CLOSED.sub(r"<\1\2>", _XML_DECL.sub("", text, count=1))
    try:
        # the HTML packages: imported where pages are read, never by a run of text records
        from trafilatura.utils import repair_faulty_html

        text = repair_faulty_html(text, text[:50].lower())
    except ImportError:  # pragma: no cover - older trafilatura
        pass
    tree = lxml.html.fromstring(text.encode("utf-8", "surrogatepass"), parser=parser)
    if any("Excessive depth" in e.message for e in parser.error_log):
        return tree, "too_deep"
    if tree is None or len(tree) == 0:
        return tree, "not_html"
    return tree, None


# --- the entry point --------------------------------------------------------------------------------------------

def _gunzip(raw: bytes, max_bytes: int) -> bytes:
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = d.decompress(raw, max_bytes + 1)
    if len(out) <= max_bytes and not d.eof:
        raise EOFError("compressed data ends before the end-of-stream marker")
    return out


EDGE = "\ue000"  # where a block starts or ends, in the page's text read flat (a character of private use)


def flat_text(tree) -> str:
    """The page's text as its markup gives it, every text in order, each block's edges marked with :data:`EDGE`;
    read in one pass of libxml2 (the marks are set on the tree and taken out again).

    >>> import lxml.html
    >>> flat_text(lxml.html.fromstring("<li><div><em>by Ann Lee</em></div><div>Deleuze wrote</div></li>"))
    '\ue000\ue000by Ann Lee\ue000\ue000Deleuze wrote\ue000\ue000'
    """
    # the HTML packages: imported where pages are read, never by a run of text records
    from lxml import etree
    from lxml.html.defs import block_tags, phrase_tags

    marked = []
    try:  # the elements a browser shows on lines of their own (not "del" or "ins", which may mark a phrase too)
        for el in tree.iter(*(block_tags - phrase_tags)):
            marked.append((el, el.text, el.tail))
            el.text, el.tail = EDGE + (el.text or ""), EDGE + (el.tail or "")
        return etree.tostring(tree, method="text", encoding="unicode")
    finally:
        for el, text, tail in marked:
            el.text, el.tail = text, tail


def unglued(body: str, flat: str) -> str:
    """``body``, an extractor's text of a page, with each word it ran together from two that the page's markup
    keeps apart split again: by a line break where a block's edge parted them (a byline's "Surin" and the
    paragraph "Deleuze ..." after it), else by a space (two elements with a space between them, "<b>die</b>
    <b>Erdbeeren</b>"). ``flat`` is the page's text (:func:`flat_text`). An extractor that drops what lies between
    two elements glues such a pair into one word, and a capital inside it is all its text shows of the seam: only
    a word with a capital after a small letter or a digit is read, and only where the page never writes it as one
    word itself ("WordPress").

    >>> import lxml.html
    >>> flat = flat_text(lxml.html.fromstring("<li><div><em>by Ann Lee</em></div><div>Deleuze on <b>die</b> "
    ...                                       "<b>Erdbeeren</b>, on Word<b>Press</b></div></li>"))
    >>> unglued("by Ann LeeDeleuze on dieErdbeeren, on WordPress", flat)
    'by Ann Lee\\nDeleuze on die Erdbeeren, on WordPress'
    """
    glued = {w for w in WORD_RE.findall(body) if any((a.islower() or a.isdigit()) and b.isupper()
                                                  for a, b in zip(w, w[1:]))}
    if not glued or not flat:
        return body
    glued -= set(WORD_RE.findall(flat))  # what the page writes as one word somewhere is one word
    apart: dict[str, str] = {}
    for word in sorted(glued):
        for k in range(1, len(word)):
            if (word[k - 1].islower() or word[k - 1].isdigit()) and word[k].isupper():
                seam = re.search(r"(?<!\w)" + re.escape(word[:k]) + r"([\s" + EDGE + r"]+)" + re.escape(word[k:])
                                 + r"(?!\w)", flat)
                if seam:
                    apart[word] = word[:k] + ("\n" if EDGE in seam.group(1) else " ") + word[k:]
                    break
    if not apart:
        return body
    return re.sub(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(apart, key=len, reverse=True))) + r")(?!\w)",
                  lambda m: apart[m.group(0)], body)


def main_text(tree, url: str | None, fast: bool) -> str | None:
    """The main text trafilatura extracts from the parsed page, or None; ``fast`` skips its fallback extractors."""
    # the HTML packages: imported where pages are read, never by a run of text records
    from trafilatura import bare_extraction

    doc = bare_extraction(tree, url=url, fast=fast, include_comments=False, include_tables=True,
                          include_images=False, include_links=False, with_metadata=False, deduplicate=False)
    return getattr(doc, "text", None) if doc is not None else None


def _decoded(raw: bytes | str, declared_charset: str | None, max_bytes: int) -> tuple[str, str | None] | Reject:
    """The page as text with the encoding it was read in (None for text given as text), or why it cannot be read:
    gzip data that is damaged or too large once decompressed, binary data, or bytes not valid in any encoding."""
    encoding = None
    if isinstance(raw, bytes):
        if raw[:2] == b"\x1f\x8b":
            try:
                raw = _gunzip(raw, max_bytes)
            except (EOFError, OSError, zlib.error) as exc:
                return Reject("bad_gzip", f"gzip-compressed page that cannot be read: {exc}"[:300])
            if len(raw) > max_bytes:
                return Reject("too_large", f"decompressed page over max_bytes={max_bytes}")
        bom = any(raw.startswith(b) for b, _ in _BOMS)
        if not bom and binary_reason(raw):
            return Reject("binary", f"binary data, not HTML (starts {raw[:8]!r})")
        text, encoding, bad = decode_html(raw, declared_charset)
        if bad:
            return Reject(bad, f"too many bytes are not valid {encoding} text")
    else:
        text = raw
    return text, encoding


def extract_html(raw: bytes | str, url: str | None = None, *, declared_charset: str | None = None,
                 max_bytes: int = DEFAULT_MAX_BYTES, timeout_s: float | None = DEFAULT_TIMEOUT_S,
                 allow_truncated: bool = False, fast: bool = False, clean: bool = True) -> Extracted | Reject:
    """Extract the main text and metadata of one HTML page, cleaned of residue, or say why not.

    ``declared_charset`` is the HTTP charset when known (WARC, crawler); ``max_bytes`` refuses larger pages
    before any parsing; ``timeout_s`` bounds parsing + extraction (see the module notes); truncated pages are
    refused unless ``allow_truncated``; ``fast`` skips trafilatura's fallback extractors; ``clean=False``
    returns the extractor's text as is.

    >>> extract_html(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR" * 20).reason
    'binary'
    >>> extract_html("x" * 30, max_bytes=10).reason
    'too_large'
    """
    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, got {max_bytes}; pass e.g. {DEFAULT_MAX_BYTES}")
    if timeout_s is not None and timeout_s <= 0:
        raise ValueError(f"timeout_s must be positive or None (no limit), got {timeout_s}; pass e.g. {DEFAULT_TIMEOUT_S}")
    size = len(raw)
    if size > max_bytes:
        return Reject("too_large", f"{size} bytes (or characters) over max_bytes={max_bytes}")
    if not size or not raw.strip():
        return Reject("empty", "the page is empty")
    decoded = _decoded(raw, declared_charset, max_bytes)
    if isinstance(decoded, Reject):
        return decoded
    text, encoding = decoded
    if not _HTML_HINT.search(text[:65536]):
        return Reject("not_html", "no HTML markup in the first 64 KB")
    if not allow_truncated and _looks_truncated(text):
        return Reject("truncated_html", f"page stops mid-document: ...{text.rstrip()[-60:]!r}")

    started = time.monotonic()
    try:
        with time_limit(timeout_s) as enforced:
            tree, problem = html_tree(text)
            if problem == "too_deep":
                return Reject("too_deep", "markup nested over 255 levels deep; the parser stops there")
            if problem:
                return Reject(problem, "the parser found no document tree")
            meta = extract_metadata(tree, url)
            flat = flat_text(tree)
            body = main_text(tree, url, fast)
            body = unglued(body, flat) if body else body
    except ExtractionTimeout:
        return Reject("extract_timeout", f"extraction stopped after {timeout_s}s")
    except Exception as exc:  # noqa: BLE001 - an extractor failure on one page must not stop the run
        log.debug("extraction failed for %s", url, exc_info=True)
        return Reject("extractor_error", f"{exc.__class__.__name__}: {exc}"[:300])
    elapsed = time.monotonic() - started
    if not enforced and timeout_s and elapsed > timeout_s:
        log.warning("extraction of %s took %.1fs (over %.1fs; no timer outside the main thread)", url, elapsed,
                    timeout_s)
    if not body or not body.strip():
        return Reject("no_text", "the extractor found no main text")
    body = drop_headline(body, meta["title"])
    removed: list[Removal] = []
    if clean:
        result = clean_text(body)
        body, removed = result.text, result.removed
        if not body.strip():
            return Reject("empty_after_cleaning", "only residue was left after cleaning")
    return Extracted(text=body, removed=removed, encoding=encoding, **meta)


def read_html_file(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of an HTML file, un-gzipped when it is gzip data (by its magic bytes, whatever its name).

    Reads at most ``max_bytes + 1`` bytes (decompressed), so an oversized page or a gzip bomb costs no more
    than that and is then refused by :func:`extract_html` as ``too_large``. A damaged gzip file raises
    ``OSError`` (``gzip.BadGzipFile``, or ``EOFError`` re-raised as ``OSError`` when it is cut short).
    """
    with open(path, "rb") as fh:
        head = fh.read(2)
        fh.seek(0)
        if head != b"\x1f\x8b":
            return fh.read(max_bytes + 1)
        try:
            with gzip.GzipFile(fileobj=fh) as gz:
                return gz.read(max_bytes + 1)
        except EOFError as exc:
            raise OSError(f"{path}: gzip data cut short ({exc})") from exc


def extract_html_file(path: str | Path, url: str | None = None, **kwargs) -> Extracted | Reject:
    """:func:`read_html_file` then :func:`extract_html`; an unreadable file is a ``unreadable`` reject."""
    max_bytes = kwargs.get("max_bytes", DEFAULT_MAX_BYTES)
    try:
        raw = read_html_file(path, max_bytes)
    except (OSError, zlib.error) as exc:
        return Reject("unreadable", f"{exc.__class__.__name__}: {exc}"[:300])
    return extract_html(raw, url, **kwargs)


def iter_html_files(root: str | Path) -> Iterator[Path]:
    """HTML files (``.html``, ``.htm``, ``.xhtml``, and those gzipped) under a folder, in sorted order; a file
    path is yielded as is."""
    root = Path(root)
    if root.is_file():
        yield root
        return
    for p in sorted(root.rglob("*")):
        if p.is_file() and p.name.lower().endswith(HTML_SUFFIXES):
            yield p
