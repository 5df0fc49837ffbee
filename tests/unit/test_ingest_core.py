"""Input planning, readers and record preparation: pure Python, no JVM."""

from __future__ import annotations

import gzip
import json

import pytest

from storyline.core.text.clean import non_article_reason
from storyline.core.ingest.inputs import InputError, InputTask, list_inputs, plan_tasks
from storyline.core.ingest.prepare import PrepareOptions, prepare_record
from storyline.core.story.model import Sentence
from storyline.core.ingest.readers import read_task

ARTICLE = ("The city council voted on Tuesday to raise bus fares by fifty cents, the first increase in six "
           "years. Council members said the money would pay for new buses and longer evening service on the "
           "busiest routes, while riders' groups warned that the change would hurt low-income commuters.")


def _jsonl(path, lines):
    path.write_bytes(b"".join(l if isinstance(l, bytes) else (l + "\n").encode() for l in lines))
    return path


def test_list_inputs_missing_path_names_it(tmp_path):
    with pytest.raises(InputError, match="does-not-exist"):
        list_inputs([str(tmp_path / "does-not-exist")])


def test_list_inputs_walks_folders_sorted_and_flags_unsupported(tmp_path):
    (tmp_path / "b.txt").write_text("x")
    (tmp_path / "a.md").write_text("x")
    (tmp_path / "c.pdf").write_bytes(b"%PDF")
    (tmp_path / "_SUCCESS").write_text("")
    (tmp_path / "README.md").write_text("about this folder")
    files, parquet = list_inputs([str(tmp_path)])
    assert [(p.rsplit("/", 1)[1], f) for p, f in files] == [("README.md", "documentation"), ("a.md", "text"),
                                                           ("b.txt", "text"), ("c.pdf", "unsupported")]
    (row,) = read_task(InputTask(files[0][0], "documentation"), None, 1000)
    assert (row["kind"], row["reason"]) == ("reject", "documentation_file")
    assert parquet == []


def test_chunked_jsonl_reads_every_line_exactly_once(tmp_path):
    lines = [json.dumps({"id": f"a{i}", "text": f"text number {i} " * (i % 7 + 1)}) for i in range(300)]
    f = _jsonl(tmp_path / "big.jsonl", lines)
    tasks = plan_tasks([(str(f), "jsonl")], 1000)
    assert len(tasks) > 5
    ids = [r["id"] for t in tasks for r in read_task(t, None, 10_000)]
    assert ids == [f"a{i}" for i in range(300)]


def test_jsonl_bad_lines_become_rejects_with_line_numbers(tmp_path):
    f = _jsonl(tmp_path / "in.jsonl", [
        json.dumps({"id": "ok", "text": ARTICLE}),
        '{"id": "broken", "text": ',
        "[1, 2, 3]",
        json.dumps({"id": "notext", "title": "x"}),
        b'{"id": "bad", "text": "' + b"\x81\x8d\x8f\x90\x9d" * 40 + b'"}\n',

        "",
        json.dumps({"id": "huge", "text": "x" * 5000}),
    ])
    rows = list(read_task(InputTask(str(f), "jsonl"), None, 2000))
    got = [(r["kind"], r["reason"], r["locator"]) for r in rows]
    assert got == [
        ("article", None, "line 1"),
        ("reject", "invalid_json", "line 2"),
        ("reject", "not_an_object", "line 3"),
        ("reject", "missing_text", "line 4"),
        ("reject", "invalid_utf8", "line 5"),
        ("reject", "too_large", "line 7"),
    ]
    assert all(r["source_path"] == str(f) for r in rows)


def test_multinews_line_expands_to_grouped_articles(tmp_path):
    f = _jsonl(tmp_path / "mn.jsonl", [json.dumps({"id": "s9", "documents": [ARTICLE, ARTICLE + " More."],
                                                   "summary": "Fares rise."})])
    rows = list(read_task(InputTask(str(f), "jsonl"), None, 100_000))
    assert [(r["id"], r["group"], r["reference"]) for r in rows] == [("s9#0", "s9", "Fares rise."),
                                                                      ("s9#1", "s9", "Fares rise.")]


def test_gzip_jsonl_and_field_mapping(tmp_path):
    f = tmp_path / "feed.jsonl.gz"
    with gzip.open(f, "wt") as fh:
        fh.write(json.dumps({"guid": "g1", "story_body": ARTICLE, "headline": "Fares"}) + "\n")
    rows = list(read_task(InputTask(str(f), "jsonl"), {"text": "story_body"}, 100_000))
    assert (rows[0]["id"], rows[0]["title"], rows[0]["text"]) == ("g1", "Fares", ARTICLE)


def test_text_files_binary_empty_and_too_large(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("Headline here\n\n" + ARTICLE)
    binary = tmp_path / "bin.txt"
    binary.write_bytes(bytes(range(256)) * 10)
    empty = tmp_path / "empty.txt"
    empty.write_text("  \n")
    big = tmp_path / "big.txt"
    big.write_text("word " * 5000)
    reasons = {p.name: [r["reason"] for r in read_task(InputTask(str(p), "text"), None, 10_000)]
               for p in (good, binary, empty, big)}
    assert reasons == {"good.txt": [None], "bin.txt": ["binary"], "empty.txt": ["empty"], "big.txt": ["too_large"]}


def test_unsupported_file_is_a_reject_not_a_crash(tmp_path):
    p = tmp_path / "x.pdf"
    p.write_bytes(b"%PDF-1.4")
    (row,) = read_task(InputTask(str(p), "unsupported"), None, 1000)
    assert row["kind"] == "reject" and row["reason"] == "unsupported_file" and ".pdf" in row["detail"]


def _raw(**kw):
    base = {"source_path": "/in/feed.jsonl", "locator": "line 1", "fmt": "jsonl", "kind": "article"}
    base.update(kw)
    return base


def test_prepare_cleans_residue_and_fills_outlet_title_date():
    text = ("Unlimited Digital Access Only 49¢for 6 weeksCouncil raises bus fares\n\n" + ARTICLE +
            "\n\nNext: Mayor opens new bridge\nFiled under:")
    rec, removed = prepare_record(_raw(url="https://www.harbor.example/a", text=text,
                                       published="2024-03-05T10:00:00+01:00"), PrepareOptions())
    assert rec["kind"] == "article"
    assert rec["title"] == "Council raises bus fares"
    assert rec["source"] == "harbor.example"
    assert rec["published"] == "2024-03-05T09:00:00Z"
    assert "Next:" not in rec["text"] and "Unlimited" not in rec["text"] and "Filed under" not in rec["text"]
    assert sorted(r.reason for r in removed) == ["menu", "paywall", "teaser"]


@pytest.mark.parametrize("stamp, day", [
    ("Published on Feb 23, 2016", "2016-02-23"),
    ("The article was first published on June 15, 2017.", "2017-06-15"),
    ("Riders wait for a bus at the depot in Kelso, Tuesday, March 5, 2024. (Harbour Press/Jan Smit)", "2024-03-05"),
])
def test_an_undated_text_is_dated_by_its_own_stamp_or_its_picture_and_the_line_leaves_the_text(stamp, day):
    """A text input declares no date, but its page stamped one (or a photo desk dated its picture): that day is the
    article's, so its news has a date on the timeline, and the stamp is no sentence of the story."""
    from storyline.core.story.timeline import build_timeline

    rec, removed = prepare_record(_raw(text=ARTICLE + "\n" + stamp), PrepareOptions())
    assert rec["published"][:10] == day and stamp not in rec["text"]
    rows = build_timeline([Sentence(rec["article_id"], 0, ARTICLE.split(". ")[0] + ".", "x")], {rec["article_id"]: rec["published"]})
    assert [e.date[:7] for e in rows] == [day[:7]]  # "on Tuesday", read against the stamp's day
    file_photo = "FILE - In this Tuesday, March 5, 2019 file photo, riders wait at the depot in Kelso."
    assert prepare_record(_raw(text=ARTICLE + "\n" + file_photo), PrepareOptions())[0]["published"] is None


def test_prepare_rejects_crawl_notice_and_keeps_id():
    rec, _ = prepare_record(_raw(id="x1", text="This crawl of online resources was made for the "
                                                "city archive in 2019."), PrepareOptions())
    assert (rec["kind"], rec["reason"], rec["article_id"]) == ("reject", "crawl_notice", "x1")


@pytest.mark.parametrize("text,reason", [
    ("The IP address has changed. The IP address for this domain may have changed recently. Check your DNS "
     "settings to verify that the domain is set up correctly.", "error_page"),
    ("Harlow County Records Office. Archive-It Partner Since: 2011. Organization type: county archive.",
     "web_archive_listing"),
    ("These pages were gathered using the Archive-It service by the county records office.", "web_archive_listing"),
    ("Tweet with a location. You can add where you are to your posts, such as your town, from the web.",
     "social_widget"),
    ("Add this Tweet to your website by copying the code below.", "social_widget"),
    ("The interactive transcript could not be loaded. Please try again later.", "video_widget"),
    ("Selwick, ME Today: cloudy with showers. High 61F. Winds SW at 10 to 15 mph. Tonight: clearing. Low 48F.",
     "weather_widget"),
])
def test_widget_and_error_pages_are_not_articles(text, reason):
    assert non_article_reason(text) == reason


@pytest.mark.parametrize("text", [
    "Forecasters said the high of 61F on Tuesday was the warmest of the month, and winds eased by evening.",
    "The archive said it had changed its address after the move, the council confirmed on Monday.",
    "The club posted a tweet with a photo of the new coach on Monday evening.",
])
def test_articles_mentioning_widget_words_are_kept(text):
    assert non_article_reason(text) is None


def test_widget_rule_does_not_reject_a_long_article_that_quotes_one():
    body = " ".join(["The harbour board met on Tuesday to discuss the new ferry timetable."] * 60)
    assert non_article_reason("Tweet with a location. " + body) is None


def test_a_headline_glued_to_the_first_sentence_becomes_the_title_and_leaves_the_text():
    from storyline.core.ingest.records import headline_and_body

    head, body = headline_and_body("Harbour Union Wins Pay Case, Court Says KELSO, Scot. (NPA) - A court ruled on "
                                   "Monday that dockers were underpaid.\nThe port will appeal.")
    assert head == "Harbour Union Wins Pay Case, Court Says"
    assert body.startswith("KELSO, Scot. (NPA) - A court ruled") and "Wins Pay Case" not in body
    head, body = headline_and_body("Ferry runs aground off Kelso harbour News 1 Ferry runs aground off Kelso harbour "
                                   "A ferry ran aground on Monday.")
    assert (head, body) == ("Ferry runs aground off Kelso harbour", "A ferry ran aground on Monday.")


def test_a_page_of_dated_entries_is_refused_as_a_listing_with_its_reason():
    """A police blotter or a press desk's list of releases: each line an item with its own date. The record ends in
    rejects as a listing, not as a story that mixes a dozen events."""
    blotter = "\n".join(["The following are arrest and accident reports as recorded by the police."] + [
        f"October {20 + k}: ACCIDENT – A vehicle driven by a resident of Quincy was southbound on Route {k} "
        f"when a deer entered the roadway, and the car was damaged." for k in range(5)])
    rec, _ = prepare_record(_raw(text=blotter), PrepareOptions())
    assert rec["kind"] == "reject" and rec["reason"] == "listing", rec
    story = ARTICLE + "\nOctober 20: the council will meet again to set the fares for next year."
    assert prepare_record(_raw(text=story), PrepareOptions())[0]["kind"] == "article"
