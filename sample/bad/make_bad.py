"""Writes the bad-input sample: ``bad.jsonl``, ``binary.txt`` and ``empty.txt`` in this folder.

Every file is built from fixed bytes, so running this again reproduces the committed files byte for byte.
The 20 MB article is never committed: tests call :func:`write_large_article` to create it in a temporary
folder.

    python sample/bad/make_bad.py            # rewrite the committed files
    python sample/bad/make_bad.py --check    # exit 1 if the committed files differ from what this writes

``README.md`` in this folder lists every record and the reject reason expected for it; :data:`EXPECTED` holds
the same list for tests.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

GOOD_1 = (
    "Selwick's public library reopened on Monday after a seven-month closure for roof repairs, with a new "
    "children's room and longer evening hours.\n\n"
    "The building, which dates from 1911, was closed in January when a storm tore away part of the slate roof "
    "and rain damaged about 3,000 books. Head librarian Marta Quist said most of the damaged books had been "
    "replaced with money from a regional heritage grant.\n\n"
    "The library will now open until 8 p.m. on weekdays. Quist said the change followed a survey in 2023 in "
    "which shift workers asked for later hours."
)
GOOD_2 = (
    "Gull Island's only primary school will stay open for at least another five years after the regional "
    "education board agreed on Thursday to fund a second teacher, reversing a plan announced in March to bus "
    "the island's 19 pupils to the mainland.\n\n"
    "Parents had collected more than 1,100 signatures against the closure. Board chair Emil Fransson said the "
    "ferry timetable made a daily crossing impractical for young children, especially in winter."
)
GOOD_CP1252 = (
    "A caf\u00e9 on Dock Road in Merrow Bay has won the region's small business award for 2024, the Eastmarch "
    "Chamber of Commerce announced on Friday. Owner Lidia Reyes opened the caf\u00e9 in 2016 in a former "
    "net store and now employs eleven people. The judges praised its apprenticeship scheme for school "
    "leavers, which has trained 30 young people since 2019, and its work with the harbour's fishing crews."
)
DUP_ID_TEXT = (
    "The coast road between Merrow Bay and Selwick will close overnight for resurfacing from Sept. 9 to Sept. "
    "20, the regional roads agency said on Friday. Traffic will be diverted through the hill villages of "
    "Ardley and Fenn between 8 p.m. and 6 a.m. The agency said the work had been delayed from the spring "
    "because of the wet weather and would be finished before the autumn storm season."
)
CRAWL_NOTICE = (
    "This page was archived by the Open Shelf web collection.\n\n"
    "This crawl of online resources was started by the collection team in March 2024 to preserve regional "
    "news sites. These crawls are part of an effort to archive pages as they are published and to keep them "
    "available to researchers. Captures may be incomplete and are offered as found."
)
JS_PAGE = (
    "Please enable JavaScript to continue.\n\n"
    "This site needs JavaScript to show its articles. Your browser doesn't support JavaScript or it has been "
    "switched off. Turn it on in your browser settings and reload the page. If you use a content blocker, add "
    "this site to its list of exceptions and try again."
)
ERROR_PAGE = (
    "404 - Page not found\n\n"
    "Sorry, the story you followed a link to has moved or no longer exists. Try the search box above or go "
    "back to the front page for today's headlines from the Eastmarch coast. Our newsroom updates the site "
    "around the clock."
)
TOO_SHORT = "Ferry to Gull Island delayed by fog. Updates to follow."


def _line(obj: object) -> bytes:
    return json.dumps(obj, ensure_ascii=False).encode("utf-8")


def _invalid_utf8_line() -> bytes:
    """A JSON line whose text is mostly bytes that are neither UTF-8 nor cp1252 (0x81, 0x8D, 0x8F, 0x90, 0x9D
    are unassigned in cp1252), so even the fallback decoder cannot read it."""
    garbage = bytes([0x81, 0x8D, 0x8F, 0x90, 0x9D, 0xC3, 0x28, 0xFF]) * 30
    head = b'{"id": "bad-invalid-utf8", "url": "https://www.harborgazette.example/x/garbled", "title": "Garbled", "text": "'
    return head + b"Port report " + garbage + b' end of page"}'


def _mojibake_line() -> bytes:
    """A JSON line whose text is bytes that cp1252 decodes (every one is assigned) but that read as no text in
    any charset: what a mangled page looks like. Decoded as cp1252 it would be kept as mojibake."""
    garbage = bytes((i * 73 + 41) % 96 + 0xA0 for i in range(300))
    head = b'{"id": "bad-mojibake", "url": "https://www.harborgazette.example/x/mangled", "title": "Mangled", "text": "'
    return head + b"Harbour notice " + garbage + b' end of page"}'


def bad_jsonl_bytes() -> bytes:
    """The bytes of ``bad.jsonl``: good lines mixed with every defect. No newline after the last line."""
    lines = [
        _line({"id": "bad-good-1", "url": "https://www.ledgerdaily.example/local/selwick-library-reopens",
               "source": "Ledger Daily", "title": "Selwick library reopens after roof repairs",
               "published": "2024-08-20T09:00:00-04:00", "text": GOOD_1}),
        b'{"id": "bad-invalid-json", "url": "https://caldercourier.example/broken", "text": "The council met on',
        _line(["bad-array", "https://caldercourier.example/array", "A JSON array is not an article"]),
        _line({"id": "bad-no-text", "url": "https://epr.example/news/no-text", "source": "Eastmarch Public Radio",
               "title": "A record with a title but no text"}),
        _line({"id": "bad-empty-text", "url": "https://epr.example/news/empty-text", "title": "Empty",
               "text": ""}),
        _line({"id": "bad-blank-text", "url": "https://epr.example/news/blank-text", "title": "Blank",
               "text": "  \n\n \t "}),
        b"",
        _line({"id": "bad-crawl-notice", "url": "https://archive.openshelf.example/2024/notice",
               "title": "About this capture", "text": CRAWL_NOTICE}),
        _line({"id": "bad-javascript", "url": "https://www.northgatetribune.example/app",
               "title": "Northgate Tribune", "text": JS_PAGE}),
        _line({"id": "bad-error-page", "url": "https://meridianwire.example/en/articles/gone",
               "title": "Not found", "text": ERROR_PAGE}),
        _invalid_utf8_line(),
        b'{"id": "bad-good-cp1252", "url": "https://www.harborgazette.example/business/cafe-award", '
        b'"source": "Harbor Gazette", "title": "Dock Road caf\xe9 wins award", "text": '
        + json.dumps(GOOD_CP1252, ensure_ascii=False).encode("cp1252") + b"}",
        _line({"id": "bad-good-1", "url": "https://www.ledgerdaily.example/local/coast-road-resurfacing",
               "source": "Ledger Daily", "title": "Coast road to close overnight for resurfacing",
               "published": "2024-08-21T09:00:00-04:00", "text": DUP_ID_TEXT}),
        _line({"id": "bad-too-short", "url": "https://epr.example/news/ferry-fog", "title": "Ferry delayed",
               "text": TOO_SHORT}),
        _line({"id": "bad-good-2", "url": "https://epr.example/news/gull-island-school-stays-open",
               "source": "Eastmarch Public Radio", "title": "Gull Island school saved",
               "published": "2024-08-22T10:00:00-04:00", "text": GOOD_2}),
        _mojibake_line(),
    ]
    return b"\n".join(lines)


# (1-based line number, id or None, expected outcome). "ok" means the line must become an article.
EXPECTED: list[tuple[int, str | None, str]] = [
    (1, "bad-good-1", "ok"),
    (2, "bad-invalid-json", "invalid_json"),
    (3, None, "not_an_object"),
    (4, "bad-no-text", "missing_text"),
    (5, "bad-empty-text", "missing_text"),
    (6, "bad-blank-text", "empty"),
    (7, None, "skipped"),
    (8, "bad-crawl-notice", "crawl_notice"),
    (9, "bad-javascript", "javascript_disabled"),
    (10, "bad-error-page", "error_page"),
    (11, "bad-invalid-utf8", "invalid_utf8"),
    (12, "bad-good-cp1252", "ok"),
    (13, "bad-good-1", "duplicate_id"),
    (14, "bad-too-short", "too_short"),
    (15, "bad-good-2", "ok"),
    (16, "bad-mojibake", "invalid_utf8"),
]
EXPECTED_FILES: dict[str, str] = {
    "binary.txt": "binary",
    "empty.txt": "empty",
    "large_article.txt": "too_large",  # written by write_large_article, never committed
    "long_article.jsonl": "too_long",  # written by write_long_article, never committed
}


def binary_bytes(n: int = 4096) -> bytes:
    """Random-looking bytes with NULs: an image header followed by a SHA-256 stream."""
    out = bytearray(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    counter = 0
    while len(out) < n:
        out += hashlib.sha256(b"storyline-binary-sample-%d" % counter).digest()
        counter += 1
    return bytes(out[:n])


_LARGE_PARAGRAPH = (
    "Paragraph {i} of an article far too large to be news. The port authority published its schedule for "
    "clearing the backlog, berth by berth and hour by hour, and this page repeats it without end so that "
    "readers can test what happens when a single record is bigger than any article should ever be.\n\n"
)


def write_large_article(path: str | Path, n_bytes: int = 20_000_000, fmt: str = "txt") -> Path:
    """Write one article of at least ``n_bytes`` bytes to ``path`` (``fmt`` "txt": headline then text;
    "jsonl": a single JSON line). Deterministic; returns the path."""
    if n_bytes < 1:
        raise ValueError(f"n_bytes must be positive, got {n_bytes}")
    if fmt not in ("txt", "jsonl"):
        raise ValueError(f"fmt must be 'txt' or 'jsonl', got {fmt!r}")
    parts = ["Port backlog schedule, in full\n\n"]
    size = len(parts[0])
    i = 0
    while size < n_bytes:
        para = _LARGE_PARAGRAPH.format(i=i)
        parts.append(para)
        size += len(para)
        i += 1
    text = "".join(parts)
    path = Path(path)
    if fmt == "txt":
        path.write_text(text, encoding="utf-8")
    else:
        path.write_text(json.dumps({"id": "bad-too-large", "url": "https://meridianwire.example/huge",
                                    "title": "Port backlog schedule", "text": text}) + "\n", encoding="utf-8")
    return path


_LONG_SENTENCES = (
    "The harbour board met on {d} March to hear the report on berth {i}.",
    "Its chair, Lena Voss, said the crews of the {i} night shift had cleared more than {n} containers.",
    "Councillors asked whether the cranes on quay {i} would be replaced before the winter storms.",
    "The minutes record {n} questions from the public gallery and a vote of {d} to {i} on the last motion.",
)


def write_long_article(path: str | Path, n_bytes: int = 5_000_000, article_id: str = "bad-too-long") -> Path:
    """Write one JSON line holding a valid article of at least ``n_bytes`` bytes of varied prose (no line repeats,
    so nothing is folded as boilerplate): far more words than any news article (``clean.max_words``). Returns the
    path."""
    parts, size, i = [], 0, 0
    while size < n_bytes:
        para = " ".join(s.format(i=i, d=i % 28 + 1, n=(i * 37) % 900 + 100) for s in _LONG_SENTENCES)
        parts.append(para)
        size += len(para) + 1
        i += 1
    Path(path).write_text(json.dumps({"id": article_id, "url": f"https://harbourboard.example/minutes/{article_id}",
                                      "source": "Harbour Board", "title": "Harbour board minutes, in full",
                                      "published": "2024-08-21T12:00:00Z", "text": "\n".join(parts)}) + "\n",
                          encoding="utf-8")
    return Path(path)


def files() -> dict[str, bytes]:
    """Every committed file of the bad sample (except README.md and this script), by name."""
    return {"bad.jsonl": bad_jsonl_bytes(), "binary.txt": binary_bytes(), "empty.txt": b""}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for name, data in files().items():
        target = HERE / name
        if check:
            if not target.exists() or target.read_bytes() != data:
                differ.append(name)
        else:
            target.write_bytes(data)
    if differ:
        print("out of date: " + ", ".join(differ) + " (run python sample/bad/make_bad.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
