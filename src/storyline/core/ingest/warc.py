"""WARC files (``.warc``, ``.warc.gz``) to HTML pages, with every record accounted for.

:func:`iter_warc` yields exactly one :class:`WarcItem` per record: an HTML page (``reason is None``) or a
skip with a reason (``warc_request``, ``warc_non_html``, ...). A file cut short or broken mid-record yields a
``warc_truncated`` / ``warc_unreadable`` item for the record where reading stopped, after every earlier
record; it never raises for bad data.

Reader: warcio. FastWARC reads the same files about twice as fast (0.18 s against 0.40 s for a .warc.gz of
990 pages, 143 MB uncompressed), but neither reports a record cut short by itself (both yield the partial
record silently), and reading is 2-3% of the time extraction then takes (0.7 CPU-s here against about 28 for
extracting those pages), so warcio, already a dependency, is used. Truncation is detected here: by the bytes
still owed to a record's Content-Length after it has been read to the end, by a header block without a
Content-Length, and by bytes left after the last complete record.

A record whose own header says ``WARC-Truncated`` (crawlers cut long payloads, e.g. at 1 MiB) is passed on as
a page with ``truncated`` set: :func:`storyline.core.ingest.extract.extract_html` then judges the HTML itself.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import BinaryIO, Iterable, Iterator

from storyline.core.ingest.extract import DEFAULT_MAX_BYTES, charset_from_content_type
from storyline.core.ingest.records import parse_date

log = logging.getLogger(__name__)

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_SNIFF_TYPES = frozenset({"", "application/octet-stream", "unknown/unknown", "text/plain", "application/unknown"})
_SKIP_REASONS = {"request": "warc_request", "metadata": "warc_metadata", "warcinfo": "warc_warcinfo",
                 "revisit": "warc_revisit", "conversion": "warc_conversion", "continuation": "warc_continuation"}
_CHUNK = 1 << 16


@dataclass(frozen=True)
class WarcItem:
    """One WARC record: an HTML page when ``reason`` is None, else a skipped or refused record and why.

    ``index`` counts records from 0; ``offset`` is where the record starts in the file (in the compressed
    file for ``.warc.gz``); ``date`` is the WARC-Date (the capture time, ISO 8601); ``body`` the HTTP payload
    with transfer and content encodings undone; ``charset`` the one declared in the HTTP Content-Type.
    """

    index: int
    offset: int | None
    record_type: str | None
    source_path: str = ""
    url: str | None = None
    date: str | None = None
    content_type: str | None = None
    charset: str | None = None
    body: bytes | None = None
    reason: str | None = None
    detail: str | None = None
    truncated: str | None = None

    @property
    def locator(self) -> str:
        """Where the record is: ``offset 1234, record 5`` (the last word is the record index)."""
        return f"offset {self.offset if self.offset is not None else '?'}, record {self.index}"

    @property
    def is_html(self) -> bool:
        return self.reason is None


def _mime(value: str | None) -> str:
    return (value or "").split(";", 1)[0].strip().lower()


def _drain(stream) -> None:
    while stream.read(_CHUNK):
        pass


def _owed(record) -> int:
    """Bytes of the record's Content-Length never delivered: > 0 when the file was cut short."""
    _drain(record.raw_stream)
    return max(int(getattr(record.raw_stream, "limit", 0) or 0), 0)


def _read_capped(stream, max_bytes: int) -> tuple[bytes, bool]:
    parts, size = [], 0
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return b"".join(parts), False
        size += len(chunk)
        if size > max_bytes:
            _drain(stream)
            return b"", True
        parts.append(chunk)


def _classify(record, max_bytes: int) -> dict:
    """The fields of one record's item (without index/offset), reading its payload only when it is HTML."""
    rtype = record.rec_type
    head = record.rec_headers
    out: dict = {"record_type": rtype, "url": head.get_header("WARC-Target-URI"),
                 "date": parse_date(head.get_header("WARC-Date"))}
    if rtype in _SKIP_REASONS:
        return {**out, "reason": _SKIP_REASONS[rtype], "detail": f"{rtype} record"}
    if rtype not in ("response", "resource"):
        return {**out, "reason": "warc_other", "detail": f"record type {rtype!r}"}
    http = record.http_headers if rtype == "response" else None
    if rtype == "response" and http is None:
        ctype = head.get_header("Content-Type")
        return {**out, "content_type": ctype, "reason": "warc_non_html", "detail": f"non-HTTP response ({ctype})"}
    ctype = http.get_header("Content-Type") if http is not None else head.get_header("Content-Type")
    out.update(content_type=ctype, charset=charset_from_content_type(ctype))
    if http is not None:
        status = http.get_statuscode() or ""
        if not status.startswith("2"):
            return {**out, "reason": "warc_http_status", "detail": f"HTTP status {status or 'missing'}"}
    mime = _mime(ctype)
    if mime not in HTML_TYPES and mime not in _SNIFF_TYPES:
        return {**out, "reason": "warc_non_html", "detail": f"Content-Type {mime}"}
    try:
        body, too_large = _read_capped(record.content_stream(), max_bytes)
    except Exception as exc:  # noqa: BLE001 - bad chunking or content encoding of one record
        return {**out, "reason": "warc_decode_error", "detail": f"{exc.__class__.__name__}: {exc}"[:300]}
    if too_large:
        return {**out, "reason": "warc_too_large", "detail": f"payload over max_bytes={max_bytes}"}
    if mime in _SNIFF_TYPES:
        start = body[:1024].lstrip().lower()
        if not start.startswith((b"<!doctype html", b"<html", b"<head", b"<?xml")) or b"<html" not in body[:4096].lower():
            return {**out, "reason": "warc_non_html", "detail": f"Content-Type {mime or 'missing'}, no HTML markup"}
    if not body.strip():
        return {**out, "reason": "warc_empty", "detail": "empty HTML payload"}
    return {**out, "body": body, "truncated": head.get_header("WARC-Truncated")}


class _TrackedStream:
    """Pass-through reader that knows how many bytes were read and keeps the last few, so that bytes left
    after the last complete record (a record cut short inside its header or gzip member) can be told apart
    from trailing blank lines."""

    def __init__(self, raw: BinaryIO):
        self.raw = raw
        self.pos = 0
        self.tail = b""

    def read(self, size: int = -1) -> bytes:
        data = self.raw.read(size)
        self.pos += len(data)
        self.tail = (self.tail + data)[-1024:] if len(data) < 1024 else data[-1024:]
        return data

    def readline(self, size: int = -1) -> bytes:  # pragma: no cover - warcio reads blocks
        data = self.raw.readline(size)
        self.pos += len(data)
        self.tail = (self.tail + data)[-1024:]
        return data

    def tell(self) -> int:
        return self.pos

    def close(self) -> None:  # the caller owns the stream
        pass


def iter_warc(stream: BinaryIO, source_path: str = "", *, max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[WarcItem]:
    """One :class:`WarcItem` per record of a WARC stream (plain or gzipped, detected from the bytes).

    Payloads over ``max_bytes`` are skipped unread (``warc_too_large``), so memory stays bounded.
    """
    # warcio: imported where WARC files are read
    from warcio.archiveiterator import ArchiveIterator

    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, got {max_bytes}; pass e.g. {DEFAULT_MAX_BYTES}")
    tracked = _TrackedStream(stream)
    index, end = 0, 0
    try:
        iterator = ArchiveIterator(tracked)
        records = iter(iterator)
    except Exception as exc:  # noqa: BLE001 - not a WARC at all
        yield WarcItem(0, 0, None, source_path, reason="warc_unreadable", detail=f"{exc.__class__.__name__}: {exc}"[:300])
        return
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except Exception as exc:  # noqa: BLE001 - broken framing: stop here, everything before was yielded
            at_end = not tracked.raw.read(1)
            yield WarcItem(index, end, None, source_path, reason="warc_truncated" if at_end else "warc_unreadable",
                           detail=f"{exc.__class__.__name__}: {exc}"[:300])
            return
        url = record.rec_headers.get_header("WARC-Target-URI")
        try:
            if not (record.rec_headers.get_header("Content-Length") or "").strip().isdigit():
                fields = {"record_type": record.rec_type, "url": url, "reason": "warc_truncated",
                          "detail": "record header incomplete (no Content-Length)"}
                _drain(record.raw_stream)
                owed = 0
            else:
                fields = _classify(record, max_bytes)
                owed = _owed(record)
            offset = iterator.get_record_offset()
            end = offset + iterator.get_record_length()
        except Exception as exc:  # noqa: BLE001 - e.g. zlib errors from a damaged gzip member
            yield WarcItem(index, end, record.rec_type, source_path, url=url, reason="warc_truncated",
                           detail=f"{exc.__class__.__name__}: {exc}"[:300])
            return
        if owed:
            fields.update(reason="warc_truncated", body=None,
                          detail=f"{fields['record_type']} record cut short: {owed} bytes missing")
        yield WarcItem(index, offset, source_path=source_path, **fields)
        index += 1
    left = tracked.pos - end
    if left > 0 and (left > len(tracked.tail) or tracked.tail[-left:].strip()):
        yield WarcItem(index, end, None, source_path, reason="warc_truncated",
                       detail=f"{left} bytes after the last complete record do not make a record")


def warc_counts(items: Iterable[WarcItem]) -> dict[str, int]:
    """How many records were pages (``html``) and how many were skipped for each reason.

    >>> warc_counts([WarcItem(0, 0, "response"), WarcItem(1, 90, "request", reason="warc_request")])
    {'html': 1, 'warc_request': 1}
    """
    counts = Counter(item.reason or "html" for item in items)
    return dict(sorted(counts.items()))
