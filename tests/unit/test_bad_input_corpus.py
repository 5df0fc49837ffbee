"""A corpus of malformed inputs, generated with hypothesis, through every file reader and article preparation.

Invariants, for every input: nothing raises; every line of a JSONL file and every text or HTML file is
accounted for (an article, or a reject); every reject has a reason and names its file, and its line where the
input has lines. 4 readers x 260 generated inputs each. Malformed Parquet files: ``spark/test_bad_parquet.py``."""

from __future__ import annotations

import gzip
import json
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from storyline.core.ingest.inputs import InputTask
from storyline.core.ingest.prepare import PrepareOptions, prepare_record
from storyline.core.ingest.readers import read_task

MAX_BYTES = 20_000
OPTS = PrepareOptions(max_bytes=MAX_BYTES, html_timeout_s=5.0)
RUNS = settings(max_examples=260, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

_WORDS = st.sampled_from("the council voted to raise fares on monday after a long debate in the city hall".split())
_SENTENCE = st.lists(_WORDS, min_size=3, max_size=40).map(lambda w: " ".join(w).capitalize() + ".")
_JUNK = st.sampled_from([b"\x00\x00\x00", b"\xff\xfe\xfd", "caf\xe9".encode("cp1252"), "Zoë".encode("utf-8"),
                         b"\xc3\x28", b"\x1b[31m", b"\r", b"\xef\xbb\xbf"])


@st.composite
def jsonl_line(draw) -> bytes:
    kind = draw(st.sampled_from(["good", "wrong_type", "not_object", "broken", "nul", "invalid_utf8", "mixed",
                                 "giant", "blank", "dup_id", "multinews", "deep"]))
    text = " ".join(draw(st.lists(_SENTENCE, min_size=1, max_size=8)))
    if kind == "good":
        return json.dumps({"id": draw(st.text(max_size=8)), "title": text[:40], "text": text}).encode()
    if kind == "wrong_type":
        bad = draw(st.sampled_from([3, 2.5, True, None, [text], {"t": text}]))
        field = draw(st.sampled_from(["text", "html", "id", "url", "published", "title", "source"]))
        rec = {"text": text, field: bad}
        return json.dumps(rec).encode()
    if kind == "not_object":
        return json.dumps(draw(st.sampled_from([[1, 2], "text", 7, None, True]))).encode()
    if kind == "broken":
        full = json.dumps({"text": text})
        return full[: draw(st.integers(0, len(full) - 1))].encode()
    if kind == "nul":
        return json.dumps({"text": text}).encode().replace(b" ", b"\x00", draw(st.integers(1, 5)))
    if kind == "invalid_utf8":
        raw = json.dumps({"text": text}).encode()
        k = draw(st.integers(1, len(raw) - 2))
        return raw[:k] + draw(_JUNK) + raw[k:]
    if kind == "mixed":
        return ('{"text": "' + text + ' café"}').encode("cp1252") + b" " + "naïve".encode("utf-8")
    if kind == "giant":
        return json.dumps({"text": text + " word" * (MAX_BYTES // 4)}).encode()
    if kind == "blank":
        return draw(st.sampled_from([b"", b"   ", b"\t"]))
    if kind == "dup_id":
        return json.dumps({"id": "same", "text": text}).encode()
    if kind == "multinews":
        docs = draw(st.lists(st.one_of(st.just(text), st.just(""), st.integers()), min_size=0, max_size=3))
        return json.dumps({"id": "mn", "documents": docs, "summary": text}).encode()
    return (b"[" * 3000) + (b"]" * 3000)  # deep nesting


def _check_rows(rows: list[dict], path: Path, lines: bool) -> None:
    assert rows, f"{path.name}: nothing accounted for"
    for r in rows:
        assert r["kind"] in ("article", "reject")
        assert r["source_path"] == str(path)
        if r["kind"] == "reject":
            assert r["reason"], r
            if lines and r["reason"] not in ("unreadable",):
                assert r["locator"] and r["locator"].startswith("line "), r
        else:
            out, _ = prepare_record(r, OPTS)  # extraction and cleaning never raise either
            assert out["kind"] in ("article", "reject") and (out["kind"] == "article" or out["reason"]), out
            assert out["article_id"]


@RUNS
@given(lines=st.lists(jsonl_line(), min_size=0, max_size=12), gz=st.sampled_from([None, "whole", "cut"]))
def test_jsonl_corpus(tmp_path_factory, lines, gz):
    d = tmp_path_factory.mktemp("jsonl")
    plain = b"\n".join(lines) + b"\n"
    data = plain
    if gz:
        data = gzip.compress(plain)
        if gz == "cut":
            data = data[: max(1, len(data) // 2)]
    path = d / ("feed.jsonl.gz" if gz else "feed.jsonl")
    path.write_bytes(data)
    rows = list(read_task(InputTask(str(path), "jsonl"), None, MAX_BYTES))
    if gz == "cut":
        assert rows and all(r["kind"] in ("article", "reject") for r in rows)
        return
    if not any(l.strip() for l in lines):  # blank lines are not records: the file is one reject that says so
        assert [(r["kind"], r["reason"], r["locator"]) for r in rows] == [("reject", "empty", None)]
        assert "empty" in rows[0]["detail"]
        return
    _check_rows(rows, path, lines=True)
    got = {int(re.match(r"line (\d+)", r["locator"]).group(1)) for r in rows if r["locator"]}
    want = {k + 1 for k, l in enumerate(plain.split(b"\n")) if l.strip()}
    assert got == want  # every non-blank line, and only those, accounted for


@st.composite
def text_file(draw) -> bytes:
    kind = draw(st.sampled_from(["good", "empty", "nul", "invalid_utf8", "cp1252", "giant", "only_junk", "bom"]))
    text = " ".join(draw(st.lists(_SENTENCE, min_size=1, max_size=12)))
    if kind == "good":
        return text.encode()
    if kind == "empty":
        return draw(st.sampled_from([b"", b"\n\n", b"   "]))
    if kind == "nul":
        return text.encode().replace(b" ", b"\x00")
    if kind == "invalid_utf8":
        return text.encode() + b"".join(draw(st.lists(_JUNK, min_size=1, max_size=40)))
    if kind == "cp1252":
        return (text + " café – déjà vu").encode("cp1252")
    if kind == "giant":
        return (text + " word") .encode() * (MAX_BYTES // 20)
    if kind == "bom":
        return b"\xef\xbb\xbf" + text.encode()
    return draw(st.binary(min_size=1, max_size=400))


@RUNS
@given(data=text_file(), suffix=st.sampled_from([".txt", ".md"]))
def test_text_file_corpus(tmp_path_factory, data, suffix):
    path = tmp_path_factory.mktemp("text") / f"brief{suffix}"
    path.write_bytes(data)
    rows = list(read_task(InputTask(str(path), "text"), None, MAX_BYTES))
    assert len(rows) == 1
    _check_rows(rows, path, lines=False)


@st.composite
def html_file(draw) -> bytes:
    kind = draw(st.sampled_from(["good", "deep", "truncated", "binary", "bad_charset", "script_only", "empty_body",
                                 "unclosed", "gz_cut"]))
    body = "".join(f"<p>{s}</p>" for s in draw(st.lists(_SENTENCE, min_size=1, max_size=10)))
    page = f"<html><head><title>Fares</title></head><body><article>{body}</article></body></html>"
    if kind == "good":
        return page.encode()
    if kind == "deep":
        n = draw(st.integers(500, 4000))
        return ("<html><body>" + "<div>" * n + body + "</div>" * n + "</body></html>").encode()
    if kind == "truncated":
        raw = page.encode()
        return raw[: draw(st.integers(1, len(raw) - 1))]
    if kind == "binary":
        return draw(st.binary(min_size=1, max_size=500))
    if kind == "bad_charset":
        return page.replace("<head>", '<head><meta charset="x-no-such-charset">').encode("cp1252", "replace")
    if kind == "script_only":
        return b"<html><body><script>var x = 1;</script><noscript>Enable JavaScript</noscript></body></html>"
    if kind == "empty_body":
        return b"<html><head></head><body></body></html>"
    if kind == "unclosed":
        return ("<html><body><p>" + "<b><i><span>".join(draw(st.lists(_SENTENCE, min_size=1, max_size=6)))).encode()
    return gzip.compress(page.encode())[:30]


@RUNS
@given(data=html_file())
def test_html_file_corpus(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("html")
    path = d / ("page.html.gz" if data[:2] == b"\x1f\x8b" else "page.html")
    path.write_bytes(data)
    rows = list(read_task(InputTask(str(path), "html"), None, MAX_BYTES))
    assert len(rows) == 1
    _check_rows(rows, path, lines=False)


def _warc_record(url: str, html: bytes, rtype: str = "response") -> bytes:
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + html
    head = (f"WARC/1.0\r\nWARC-Type: {rtype}\r\nWARC-Target-URI: {url}\r\nWARC-Date: 2024-08-20T10:00:00Z\r\n"
            f"WARC-Record-ID: <urn:uuid:{abs(hash(url)) % 10**12:012d}>\r\nContent-Type: application/http; "
            f"msgtype=response\r\nContent-Length: {len(http)}\r\n\r\n").encode()
    return head + http + b"\r\n\r\n"


@st.composite
def warc_file(draw) -> bytes:
    n = draw(st.integers(1, 4))
    recs = [_warc_record(f"https://news.example/{k}", f"<html><body><p>{draw(_SENTENCE)}</p></body></html>".encode(),
                         draw(st.sampled_from(["response", "request", "metadata"]))) for k in range(n)]
    data = b"".join(recs)
    kind = draw(st.sampled_from(["good", "cut", "garbage_tail", "bad_length", "gz", "gz_cut", "random"]))
    if kind == "cut":
        return data[: draw(st.integers(1, len(data) - 1))]
    if kind == "garbage_tail":
        return data + draw(st.binary(min_size=1, max_size=200))
    if kind == "bad_length":
        return data.replace(b"Content-Length: ", b"Content-Length: 9", 1)
    if kind == "gz":
        return b"".join(gzip.compress(r) for r in recs)
    if kind == "gz_cut":
        z = b"".join(gzip.compress(r) for r in recs)
        return z[: draw(st.integers(1, len(z) - 1))]
    if kind == "random":
        return draw(st.binary(min_size=1, max_size=600))
    return data


@RUNS
@given(data=warc_file())
def test_warc_file_corpus(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("warc") / "crawl.warc"
    path.write_bytes(data)
    rows = list(read_task(InputTask(str(path), "warc"), None, MAX_BYTES))
    _check_rows(rows, path, lines=False)
    for r in rows:
        if r["kind"] == "reject":
            assert r["locator"] or r["reason"] in ("unreadable", "reader_error"), r


def _read_and_prepare_cpu_seconds(path: Path) -> float:
    """CPU seconds (this process only, so other work on the machine does not count) to read one long JSONL article
    and prepare it as the ingest stage does, and to count its words as the clean stage does; the best of two."""
    from storyline.core.text.text import words

    best = float("inf")
    for _ in range(2):
        t0 = time.process_time()
        (rec,) = read_task(InputTask(str(path), "jsonl"), None, 10_000_000)
        out, _ = prepare_record(rec, PrepareOptions())
        assert out["kind"] == "article" and len(words(out["text"])) > 90_000
        best = min(best, time.process_time() - t0)
    return best


def test_a_long_valid_article_is_read_and_cleaned_in_linear_time(tmp_path):
    """Reading and cleaning cost time in proportion to the text: four times the bytes cost well under eight times
    the CPU (a step that went over the text once per line or per match would cost sixteen). The end-to-end run of
    5 MB and 9 MB articles (``e2e/test_e2e.py``) checks that they are then refused for their length."""
    import sys

    sys.path.insert(0, str(REPO / "sample" / "bad"))
    import make_bad

    small = make_bad.write_long_article(tmp_path / "small.jsonl", n_bytes=500_000, article_id="long-small")
    large = make_bad.write_long_article(tmp_path / "large.jsonl", n_bytes=2_000_000, article_id="long-large")
    t_small, t_large = _read_and_prepare_cpu_seconds(small), _read_and_prepare_cpu_seconds(large)
    assert t_large < 8 * t_small, (t_small, t_large)


@pytest.mark.parametrize("content", [b"", b"\n\n", b"  \n"])
def test_an_empty_jsonl_file_is_a_reject_that_says_it_is_empty(tmp_path, content):
    path = tmp_path / "feed.jsonl"
    path.write_bytes(content)
    (row,) = read_task(InputTask(str(path), "jsonl"), None, MAX_BYTES)
    assert row["kind"] == "reject" and row["reason"] == "empty" and row["detail"] == (
        "the file is empty: it holds no JSON lines") and row["source_path"] == str(path)


def test_an_invalid_json_reject_keeps_the_start_of_its_line(tmp_path):
    path = tmp_path / "feed.jsonl"
    junk = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title>" + "x" * 500
    path.write_text(json.dumps({"text": "A ferry ran aground off Kelso on Monday."}) + "\n" + junk + "\n")
    rows = list(read_task(InputTask(str(path), "jsonl"), None, MAX_BYTES))
    bad = next(r for r in rows if r["kind"] == "reject")
    assert bad["reason"] == "invalid_json" and bad["locator"] == "line 2"
    assert "the line starts: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title>" in bad["detail"]
    assert len(bad["detail"]) < 400  # bounded: a long line is not copied whole
