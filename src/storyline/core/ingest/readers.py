"""Reading one input task into raw records. Runs inside Spark tasks, one call per task.

Every raw record is a dict with the keys of :data:`RAW_KEYS`. ``kind`` is ``article`` or ``reject``; a reject
carries ``reason`` and ``detail`` and names its place in the input through ``source_path`` and ``locator``
(``line 12``, ``record 3``) and ``input_name``, the file's name in article ids. Nothing here raises for bad input: it becomes a reject.
"""

from __future__ import annotations

import gzip
import io
import logging
import os
from typing import Iterator

from storyline.core.ingest.decode import binary_reason, decode_bytes
from storyline.core.ingest.inputs import InputTask
from storyline.core.ingest.records import (
    ARTICLE_FIELDS,
    field_names,
    is_multinews,
    multinews_articles,
    parse_json_line,
    pick_fields,
)

log = logging.getLogger(__name__)

RAW_KEYS = ("source_path", "input_name", "locator", "fmt", "kind", "reason", "detail", "charset") + ARTICLE_FIELDS


def _row(task: InputTask, locator: str | None, **kw: object) -> dict:
    row: dict = {k: None for k in RAW_KEYS}
    row.update(source_path=task.path, input_name=task.name or os.path.basename(task.path), locator=locator,
               fmt=task.fmt, kind="article")
    row.update(kw)
    return row


def reject(task: InputTask, locator: str | None, reason: str, detail: str = "", **kw: object) -> dict:
    return _row(task, locator, kind="reject", reason=reason, detail=detail[:500], **kw)


def _open(path: str) -> io.BufferedIOBase:
    if path.lower().endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def _read_capped(path: str, max_bytes: int) -> tuple[bytes | None, str | None]:
    """The file's bytes, or (None, reason). Never reads more than max_bytes + 1 bytes."""
    try:
        with _open(path) as fh:
            data = fh.read(max_bytes + 1)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        return None, f"unreadable: {exc.__class__.__name__}: {exc}"
    if len(data) > max_bytes:
        return None, "too_large"
    return data, None


def _read_file(task: InputTask, max_bytes: int) -> tuple[bytes | None, dict | None]:
    """A whole file's bytes, or the reject row saying why it cannot be read."""
    data, why = _read_capped(task.path, max_bytes)
    if data is not None:
        return data, None
    if why == "too_large":
        return None, reject(task, None, "too_large", f"over ingest.max_bytes={max_bytes}")
    return None, reject(task, None, "unreadable", str(why))


def _text(task: InputTask, locator: str | None, data: bytes, binary: str, undecodable: str
          ) -> tuple[str, dict | None]:
    """The bytes as text, or the reject row saying why they are not text (``binary`` and ``undecodable`` tell the
    user what they hold and what to do)."""
    if binary_reason(data):
        return "", reject(task, locator, "binary", binary)
    text, bad = decode_bytes(data)
    if bad:
        return "", reject(task, locator, bad, undecodable)
    return text, None


def read_jsonl(task: InputTask, names: dict, max_bytes: int) -> Iterator[dict]:
    """JSON lines (plain or Multi-News), for the byte range of the task."""
    try:
        fh = _open(task.path)
    except OSError as exc:
        yield reject(task, None, "unreadable", f"{exc.__class__.__name__}: {exc}")
        return
    with fh:
        lineno = task.first_line - 1
        if task.start > 0:
            fh.seek(task.start - 1)
            fh.readline()  # the line that starts before this range belongs to the previous task
        blank = True  # no line with anything on it yet
        while True:
            pos = fh.tell()
            if task.end >= 0 and pos >= task.end:
                break
            try:
                raw = fh.readline()
            except (OSError, EOFError, gzip.BadGzipFile) as exc:
                yield reject(task, f"line {lineno + 1}", "unreadable", f"{exc.__class__.__name__}: {exc}")
                blank = False
                break
            if not raw:
                if blank and task.start == 0:  # read from its start to its end: the whole file holds nothing
                    yield reject(task, None, "empty", "the file is empty: it holds no JSON lines")
                break
            lineno += 1
            loc = f"line {lineno}"
            if not raw.strip():
                continue
            blank = False
            if len(raw) > max_bytes:
                yield reject(task, loc, "too_large", f"{len(raw)} bytes; the limit is ingest.max_bytes={max_bytes}")
                continue
            text, refused = _text(task, loc, raw, "the line holds binary data, not JSON text",
                                  "the line is neither UTF-8 nor cp1252 text; re-encode it as UTF-8")
            if refused is not None:
                yield refused
                continue
            obj, rej = parse_json_line(text)
            if rej is not None:
                yield reject(task, loc, rej.reason, rej.detail)
                continue
            assert isinstance(obj, dict)
            if is_multinews(obj):
                docs = list(multinews_articles(obj))
                if not docs:
                    yield reject(task, loc, "missing_text", "a Multi-News record whose documents list is empty")
                for i, art in enumerate(docs):
                    yield _row(task, f"{loc} doc {i}", **art)
                continue
            fields = pick_fields(obj, names)
            if not fields["text"] and not fields["html"]:
                yield reject(task, loc, "missing_text", "no text or html field (see ingest.fields to map names)",
                             **{k: fields[k] for k in ("id", "url", "source", "title")})
                continue
            if fields["html"] is not None:
                fields["html"] = fields["html"].encode("utf-8")  # type: ignore[assignment]
            yield _row(task, loc, **fields)


def _whole_file(task: InputTask, max_bytes: int, as_text: bool) -> dict:
    """The one record of a file that holds one article: its text (or, ``as_text`` false, its HTML bytes), or the
    reject saying why there is none."""
    data, refused = _read_file(task, max_bytes)
    if refused is not None:
        return refused
    body: str | bytes = data
    if as_text:
        body, refused = _text(task, None, data, "the file holds binary data, not text",
                              "too many bytes are not valid text in any known encoding")
        if refused is not None:
            return refused
    if not body.strip():
        return reject(task, None, "empty", "the file is empty")
    return _row(task, None, **{"text" if as_text else "html": body})


def read_text_file(task: InputTask, max_bytes: int) -> Iterator[dict]:
    """One article per .txt/.md file."""
    yield _whole_file(task, max_bytes, as_text=True)


def read_html_file(task: InputTask, max_bytes: int) -> Iterator[dict]:
    """One page per .html/.htm(.gz) file; extraction happens in the clean stage."""
    yield _whole_file(task, max_bytes, as_text=False)


def read_warc_file(task: InputTask, max_bytes: int) -> Iterator[dict]:
    """HTML responses of a WARC file; every other record is accounted for as a reject with its type."""
    from storyline.core.ingest import warc  # imported here: only WARC inputs need it

    try:
        fh = open(task.path, "rb")
    except OSError as exc:
        yield reject(task, None, "unreadable", f"{exc.__class__.__name__}: {exc}")
        return
    with fh:
        for item in warc.iter_warc(fh, task.path):
            if item.reason is not None:
                yield reject(task, item.locator, item.reason, item.detail or "", url=item.url)
            elif item.body is not None and len(item.body) > max_bytes:
                yield reject(task, item.locator, "too_large", f"over ingest.max_bytes={max_bytes}", url=item.url)
            else:
                yield _row(task, item.locator, url=item.url, published=item.date, html=item.body, charset=item.charset)


def read_task(task: InputTask, fields: dict | None, max_bytes: int) -> Iterator[dict]:
    """All raw records of one task. Unknown formats and unexpected failures become rejects, never exceptions."""
    names = field_names(fields)
    try:
        if task.fmt in ("jsonl", "multinews"):
            yield from read_jsonl(task, names, max_bytes)
        elif task.fmt == "text":
            yield from read_text_file(task, max_bytes)
        elif task.fmt == "html":
            yield from read_html_file(task, max_bytes)
        elif task.fmt == "warc":
            yield from read_warc_file(task, max_bytes)
        elif task.fmt == "bad_parquet":
            yield reject(task, None, "unreadable", "not a readable Parquet file (cut short, empty or another format); "
                         "rewrite it, or move it out of the input")
        elif task.fmt == "documentation":
            yield reject(task, None, "documentation_file",
                         "README/LICENSE files in an input folder are documentation, not articles")
        else:
            ext = os.path.splitext(task.path)[1] or "(none)"
            yield reject(task, None, "unsupported_file",
                         f"no reader for files ending {ext}; use .jsonl, .parquet, .txt, .md, .html or .warc")
    except Exception as exc:  # noqa: BLE001 - a reader bug must not lose the file: it is reported as a reject
        log.exception("reading %s failed", task.path)
        yield reject(task, None, "reader_error", f"{exc.__class__.__name__}: {exc}")
