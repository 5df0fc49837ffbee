"""WARC input: a WARC built here with warcio, written plain and gzipped, read back with every record accounted
for, including a record cut short at the end. No JVM needed."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pytest

from storyline.core.ingest.extract import Extracted, extract_html
from storyline.core.ingest.warc import WarcItem, iter_warc, warc_counts

warcio = pytest.importorskip("warcio")
from warcio.statusandheaders import StatusAndHeaders  # noqa: E402
from warcio.warcwriter import WARCWriter  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "sample" / "html"
DATE = "2024-08-21T09:30:00Z"
PAGES = {
    "https://www.baylinenews.example/city/fares": (HTML / "transit-baylinenews.html").read_bytes(),
    "https://selwickstar.example/news/storm": (HTML / "storm-selwickstar.html").read_bytes(),
    "https://wexbridgeweekly.example/sport/varga": (HTML / "football-wexbridgeweekly.html").read_bytes(),
}
CHARSETS = {"https://wexbridgeweekly.example/sport/varga": "windows-1252"}
LAST_URL = "https://northshoreherald.example/news/heat"


def _http(status: str, ctype: str, extra: list | None = None) -> StatusAndHeaders:
    return StatusAndHeaders(status, [("Content-Type", ctype)] + (extra or []), protocol="HTTP/1.1")


def build_warc(gz: bool) -> tuple[bytes, list[tuple[str, int]]]:
    """A WARC of every record kind the reader must handle; returns the bytes and (kind, offset) per record."""
    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=gz)
    layout: list[tuple[str, int]] = []

    def put(kind, record):
        layout.append((kind, buf.tell()))
        w.write_record(record)

    put("warc_warcinfo", w.create_warcinfo_record("test.warc", {"software": "storyline tests"}))
    for url, body in PAGES.items():
        req = StatusAndHeaders("GET / HTTP/1.1", [("Host", url.split("/")[2])], is_http_request=True)
        put("warc_request", w.create_warc_record(url, "request", payload=io.BytesIO(b""), http_headers=req,
                                                 warc_headers_dict={"WARC-Date": DATE}))
        ctype = "text/html" + (f"; charset={CHARSETS[url]}" if url in CHARSETS else "")
        put("html", w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=_http("200 OK", ctype),
                                         warc_headers_dict={"WARC-Date": DATE}))
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    put("warc_non_html", w.create_warc_record("https://x.example/map.png", "response", payload=io.BytesIO(png),
                                              http_headers=_http("200 OK", "image/png")))
    put("warc_http_status", w.create_warc_record("https://x.example/gone", "response",
                                                 payload=io.BytesIO(b"<html><body>Not found</body></html>"),
                                                 http_headers=_http("404 Not Found", "text/html")))
    zipped = gzip.compress(b"<html><head><title>Zipped</title></head><body><p>Compressed body.</p></body></html>")
    put("html", w.create_warc_record("https://x.example/zipped", "response", payload=io.BytesIO(zipped),
                                     http_headers=_http("200 OK", "text/html", [("Content-Encoding", "gzip")])))
    put("warc_metadata", w.create_warc_record("https://x.example/zipped", "metadata",
                                              payload=io.BytesIO(b"outlinks: 3\n"), warc_content_type="text/plain"))
    last = (HTML / "heat-northshoreherald.html").read_bytes()
    put("warc_truncated", w.create_warc_record(LAST_URL, "response", payload=io.BytesIO(last),
                                               http_headers=_http("200 OK", "text/html")))
    return buf.getvalue(), layout


def _cut_last(data: bytes, layout: list[tuple[str, int]]) -> bytes:
    start = layout[-1][1]
    return data[: start + (len(data) - start) // 2]


@pytest.fixture(params=[False, True], ids=["warc", "warc.gz"])
def warc_file(request, tmp_path):
    gz = request.param
    data, layout = build_warc(gz)
    path = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
    path.write_bytes(_cut_last(data, layout))
    if gz:
        assert path.read_bytes()[:2] == b"\x1f\x8b"
    return path, layout


def test_every_record_is_accounted_for_and_the_cut_record_is_a_reject(warc_file):
    path, layout = warc_file
    with path.open("rb") as fh:
        items = list(iter_warc(fh, str(path)))
    assert [i.reason or "html" for i in items] == [kind for kind, _ in layout]
    assert [i.index for i in items] == list(range(len(layout)))
    assert [i.offset for i in items] == [off for _, off in layout]
    assert warc_counts(items) == {"html": 4, "warc_http_status": 1, "warc_metadata": 1, "warc_non_html": 1,
                                  "warc_request": 3, "warc_truncated": 1, "warc_warcinfo": 1}
    cut = items[-1]
    assert cut.url == LAST_URL and "cut short" in cut.detail and cut.body is None
    assert all(i.source_path == str(path) for i in items)


def test_html_responses_carry_url_date_charset_and_the_exact_body(warc_file):
    path, _ = warc_file
    with path.open("rb") as fh:
        pages = [i for i in iter_warc(fh, str(path)) if i.is_html]
    by_url = {p.url: p for p in pages}
    for url, body in PAGES.items():
        assert by_url[url].body == body
        assert by_url[url].date == DATE
        assert by_url[url].charset == CHARSETS.get(url)
        assert by_url[url].locator.endswith(f"record {by_url[url].index}")
    assert by_url["https://x.example/zipped"].body.startswith(b"<html><head><title>Zipped")


def test_warc_pages_extract_with_their_declared_charset(warc_file):
    path, _ = warc_file
    with path.open("rb") as fh:
        pages = [i for i in iter_warc(fh, str(path)) if i.is_html and i.url in PAGES]
    results = {p.url: extract_html(p.body, p.url, declared_charset=p.charset) for p in pages}
    assert all(isinstance(r, Extracted) for r in results.values())
    assert "café" in results["https://wexbridgeweekly.example/sport/varga"].text
    assert results["https://selwickstar.example/news/storm"].title.startswith("Storm Ilsa shuts Merrow Bay port")


@pytest.mark.parametrize("gz", [False, True], ids=["warc", "warc.gz"])
def test_complete_file_has_no_reject_and_cuts_anywhere_never_raise(gz):
    data, layout = build_warc(gz)
    items = list(iter_warc(io.BytesIO(data)))
    assert [i.reason or "html" for i in items][:-1] == [k for k, _ in layout][:-1]
    assert items[-1].is_html and items[-1].url == LAST_URL
    start = layout[-1][1]
    for cut in range(start + 1, len(data) - 12, max(1, (len(data) - start) // 60)):
        cut_items = list(iter_warc(io.BytesIO(data[:cut])))
        assert [i.reason or "html" for i in cut_items[: len(layout) - 1]] == [k for k, _ in layout][:-1], cut
        assert len(cut_items) == len(layout) and cut_items[-1].reason == "warc_truncated", cut


def test_oversized_payloads_are_skipped_unread():
    data, layout = build_warc(False)
    items = list(iter_warc(io.BytesIO(data), max_bytes=2000))
    assert {i.reason for i in items if i.url in PAGES and i.record_type == "response"} == {"warc_too_large"}
    assert len(items) == len(layout)


def test_not_a_warc_is_one_reject():
    items = list(iter_warc(io.BytesIO(b"<html><body>not a warc</body></html>" * 10), "page.warc"))
    assert len(items) == 1 and items[0].reason in ("warc_unreadable", "warc_truncated")
    assert list(iter_warc(io.BytesIO(b""))) == []


def test_counts_and_locator_of_items():
    item = WarcItem(7, 1234, "response", "a.warc", reason="warc_non_html")
    assert item.locator == "offset 1234, record 7" and not item.is_html
    with pytest.raises(ValueError, match="max_bytes"):
        list(iter_warc(io.BytesIO(b""), max_bytes=0))
