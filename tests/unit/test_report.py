"""The HTML report: escaping of untrusted text, links, index, story pages, determinism, and serve."""

from __future__ import annotations

import html
import json
import re
import threading
import urllib.request
from pathlib import Path

import pytest

from storyline.report.render import json_island, page_name, render_report, safe_href
from storyline.report.serve import make_server, report_dir

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"


def _story(sid: str, title: str, **extra) -> dict:
    arts = [
        {"article_id": f"{sid}-a1", "title": f"{title} first", "outlet": "alpha.example", "url": f"https://alpha.example/{sid}",
         "published": "2016-10-04T18:05:00Z", "n_words": 420},
        {"article_id": f"{sid}-a2", "title": f"{title} second", "outlet": "beta.example", "url": f"http://beta.example/{sid}",
         "published": "2016-10-05T09:00:00Z", "n_words": 310},
    ]
    story = {
        "story_id": sid, "title": title, "group": None, "n_articles": 2, "outlets": ["alpha.example", "beta.example"],
        "first_published": "2016-10-04T18:05:00Z", "last_published": "2016-10-05T09:00:00Z",
        "article_ids": [a["article_id"] for a in arts],
        "summary": [
            {"text": f"{title}: the council approved the harbour plan.", "article_ids": [f"{sid}-a1", f"{sid}-a2"], "support": 2,
             "evidence": [{"article_id": f"{sid}-a2", "text": "Councillors voted to approve the harbour plan."}]},
            {"text": "The vote was close.", "article_ids": [f"{sid}-a2"], "support": 1},
        ],
        "articles": arts, "duplicates": [],
    }
    story.update(extra)
    return story


def _hostile() -> dict:
    s = _story("s-evil", f"Plan {SCRIPT} news")
    s["articles"][0]["title"] = f"Headline {IMG}"
    s["articles"][0]["url"] = "javascript:alert(1)"
    s["articles"][1]["outlet"] = f'beta"><svg onload=alert(1)>'
    s["outlets"] = ["alpha.example", f'beta"><svg onload=alert(1)>']
    s["summary"][0]["text"] = f"The mayor said {SCRIPT} and {IMG} twice."
    s["summary"][0]["evidence"][0]["text"] = f"Evidence {IMG} here </script><script>alert(2)</script>"
    s["entities"] = [{"name": f"Evil {SCRIPT}", "type": "PERSON", "mentions": 2, "outlets": ["x"], "variants": [IMG]}]
    s["timeline"] = [{"date": "2016", "text": f"In 2016 {IMG}", "article_ids": ["s-evil-a1"], "outlets": ["x"]}]
    s["disputed"] = [{"subject": SCRIPT, "frame": "left", "sides": [{"claim": "resigned", "text": IMG, "outlets": ["x"],
                                                                      "article_ids": ["s-evil-a1"]}]}]
    s["duplicates"] = [{"article_id": SCRIPT, "canonical_id": "s-evil-a1", "similarity": 0.97}]
    return s


RUN = {"counts": {"records_in": 12, "articles": 9, "duplicates": 2, "stories": 3,
                  "rejects": {"too_short": 2, "boilerplate": 1}}, "timings": {"read": 1.25, "cluster": 3.5}}


@pytest.fixture()
def report(tmp_path: Path) -> Path:
    stories = [_story("s-one", "Harbour plan"), _story("s-two", "Rail strike"), _hostile()]
    render_report(stories, RUN, tmp_path / "report")
    return tmp_path / "report"


def _all_html(root: Path) -> list[tuple[Path, str]]:
    return [(p, p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.html"))]


def test_untrusted_text_never_appears_as_markup(report: Path) -> None:
    pages = _all_html(report)
    assert len(pages) == 4
    for path, text in pages:
        low = text.lower()
        assert "<script>alert" not in low, path
        assert "<img" not in low, path
        assert "<svg" not in low, path
        # the only script elements are the bundled file and the JSON data island
        for tag in re.findall(r"<script[^>]*>", low):
            assert tag in ('<script src="assets/search.js" defer>', '<script src="../assets/story.js" defer>',
                           '<script type="application/json" id="search-data">'), (path, tag)
    evil = (report / "stories" / "s-evil.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in evil
    assert "&lt;img src=x onerror=alert(1)&gt;" in evil


def test_javascript_urls_are_not_linked(report: Path) -> None:
    evil = (report / "stories" / "s-evil.html").read_text(encoding="utf-8")
    assert "javascript:" not in evil.lower()
    one = (report / "stories" / "s-one.html").read_text(encoding="utf-8")
    assert '<a href="https://alpha.example/s-one" rel="noopener noreferrer"' in one
    assert '<a href="http://beta.example/s-one" rel="noopener noreferrer"' in one


def test_csp_forbids_inline_scripts(report: Path) -> None:
    for path, text in _all_html(report):
        m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert m, path
        policy = m.group(1)
        assert "script-src 'self'" in html.unescape(policy)
        assert "unsafe-inline" not in policy


def test_index_cards_show_the_lead_line_the_last_update_and_a_badge_when_outlets_disagree(report: Path) -> None:
    index = (report / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr data-i=.*?</tr>', index, re.S)
    one = next(r for r in rows if "s-one.html" in r)
    assert '<p class="lead">Harbour plan: the council approved the harbour plan.</p>' in one
    assert "2016-10-05 09:00 UTC" in one and "2016-10-04 – 2016-10-05" in one
    assert "outlets disagree" not in one
    evil = next(r for r in rows if "s-evil.html" in r)
    assert '<span class="badge"' in evil and "outlets disagree" in evil


def test_index_lists_every_story_with_counts(report: Path) -> None:
    index = (report / "index.html").read_text(encoding="utf-8")
    for name, title in (("s-one", "Harbour plan"), ("s-two", "Rail strike")):
        assert f'href="stories/{name}.html">{title}</a>' in index
        assert (report / "stories" / f"{name}.html").is_file()
    assert 'href="stories/s-evil.html">Plan &lt;script&gt;' in index
    assert len(re.findall(r"<tr data-i=", index)) == 3
    assert "12</span> records in" in index and "3</span> rejects" in index
    assert "too_short" in index and "3.5 s" in index
    for asset in ("style.css", "search.js", "story.js"):
        assert (report / "assets" / asset).stat().st_size > 100


def test_search_island_is_valid_json_and_script_safe(report: Path) -> None:
    index = (report / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="search-data">(.*?)</script>', index, re.S)
    assert m
    raw = m.group(1)
    assert "<" not in raw and ">" not in raw and "&" not in raw
    hay = json.loads(raw)
    assert len(hay) == 3
    assert "harbour plan" in hay[0] and "alpha.example" in hay[0]
    assert "<script>alert(1)</script>" in hay[2]  # unescaped again once parsed, as text only


def test_story_page_shows_each_summary_sentence_with_citations(report: Path) -> None:
    page = (report / "stories" / "s-one.html").read_text(encoding="utf-8")
    items = re.findall(r'<li id="sum-\d+"><span class="sentence">(.*?)</span>.*?<button[^>]*>\[(.*?)\]</button>'
                       r'(.*?)</span></span></li>', page, re.S)
    assert [(t, marks) for t, marks, _ in items] == [
        ("Harbour plan: the council approved the harbour plan.", "1,2"), ("The vote was close.", "2")]
    assert "Councillors voted to approve the harbour plan." in items[0][2]  # evidence when present
    assert "Harbour plan second" in items[1][2]  # else the list of source articles
    assert 'id="art-1"' in page and 'id="art-2"' in page


def test_empty_panels_say_none_found(report: Path) -> None:
    page = (report / "stories" / "s-one.html").read_text(encoding="utf-8")
    for key in ("duplicates", "entities", "timeline", "corroborated", "single-source", "disputed"):
        section = re.search(rf'<section class="panel" id="{key}">(.*?)</section>', page, re.S)
        assert section and "none found" in section.group(1), key


def test_panels_render_real_content(tmp_path: Path) -> None:
    story = _story("s-full", "Harbour plan", entities=[
        {"name": "Jane Doe", "type": "PERSON", "mentions": 4, "outlets": ["alpha.example"], "article_ids": ["s-full-a1"],
         "variants": ["Jane Doe", "Doe"]}],
        timeline=[{"date": "2014-05", "text": "The plan was first proposed.", "article_ids": ["s-full-a1"],
                   "outlets": ["alpha.example"]}],
        corroborated=[{"text": "The council approved the plan.", "article_ids": ["s-full-a1", "s-full-a2"],
                       "outlets": ["alpha.example", "beta.example"]}],
        disputed=[{"subject": "Jane Doe", "frame": "departure", "sides": [
            {"claim": "resigned", "text": "Doe resigned.", "outlets": ["alpha.example"], "article_ids": ["s-full-a1"]},
            {"claim": "fired", "text": "Doe was fired.", "outlets": ["beta.example"], "article_ids": ["s-full-a2"],
             "sentences": [{"article_id": "s-full-a2", "outlet": "beta.example", "text": "Doe was fired."},
                           {"article_id": "s-full-a1", "outlet": "alpha.example", "text": "Others say Doe was fired."}]}]}],
        single_source=[{"text": "The plan costs $4 million.", "article_ids": ["s-full-a2"], "outlets": ["beta.example"]}],
        duplicates=[{"article_id": "s-full-a3", "canonical_id": "s-full-a1", "similarity": 0.9512}])
    render_report([story], {}, tmp_path)
    page = (tmp_path / "stories" / "s-full.html").read_text(encoding="utf-8")
    assert '<td class="name">Jane Doe</td><td>PERSON</td><td class="num">4</td>' in page
    assert "<time>2014-05</time>" in page and "The plan was first proposed." in page
    assert '<a href="#art-1">[1]</a> <a href="#art-2">[2]</a>' in page
    assert '<div class="claim">resigned</div><blockquote>Doe resigned.</blockquote>' in page
    assert '<div class="claim">fired</div><blockquote>Doe was fired.</blockquote>' in page
    assert '<div class="about">Jane Doe · departure</div>' in page
    assert '<summary>1 more</summary><ul><li><blockquote>Others say Doe was fired.</blockquote>' in page
    assert "0.951" in page
    only = re.search(r'<section class="panel" id="single-source"><h2>Only one outlet reports</h2>(.*?)</section>', page, re.S)
    assert only and "The plan costs $4 million." in only.group(1) and '<a href="#art-2">[2]</a>' in only.group(1)
    assert page.count("none found") == 0


def test_what_came_before_the_story_is_shown_apart_from_its_timeline(tmp_path: Path) -> None:
    story = _story("s-bg", "Harbour plan", timeline=[
        {"date": "2009", "text": "The harbour first flooded.", "article_ids": ["s-bg-a1"], "outlets": ["x"],
         "background": True},
        {"date": "2016-10-04", "text": "The council approved the plan.", "article_ids": ["s-bg-a1"], "outlets": ["x"]}])
    render_report([story], {}, tmp_path)
    page = (tmp_path / "stories" / "s-bg.html").read_text(encoding="utf-8")
    panel = re.search(r'<section class="panel" id="timeline">(.*?)</section>', page, re.S).group(1)
    events, before = panel.split('<h3 class="background">Before this story</h3>')
    assert "The council approved the plan." in events and "The harbour first flooded." not in events
    assert "<time>2009</time> <span class=\"event\">The harbour first flooded.</span>" in before


def test_a_dispute_is_explained_once_and_pointed_back_to_after(tmp_path: Path) -> None:
    flag = {"subject": "fare rise", "sides": [{"claim": "50 cents", "outlets": ["alpha.example"]},
                                              {"claim": "75 cents", "outlets": ["beta.example"]}]}
    story = _story("s-fare", "Fares")
    story["summary"] = [dict(story["summary"][0], dispute=flag), story["summary"][1],
                        {"text": "The sheet said 75 cents.", "article_ids": ["s-fare-a2"], "support": 1, "dispute": flag}]
    render_report([story], {}, tmp_path)
    page = (tmp_path / "stories" / "s-fare.html").read_text(encoding="utf-8")
    assert page.count("Outlets disagree on this (fare rise)") == 1
    assert page.index("Outlets disagree on this") < page.index("The sheet said 75 cents.")
    assert 'Also disputed (fare rise): see <a href="#sum-1">sentence 1</a>' in page


def test_output_is_deterministic(tmp_path: Path) -> None:
    stories = [_story("s-one", "Harbour plan"), _hostile()]
    render_report(stories, RUN, tmp_path / "a")
    render_report(list(stories), dict(RUN), tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert files_a == files_b and len(files_a) == 7  # the feed too: no time of writing in it
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_unsafe_and_repeated_story_ids_get_their_own_pages(tmp_path: Path) -> None:
    stories = [_story("../../x", "Up"), _story("s-same", "First"), _story("s-same", "Second")]
    render_report(stories, {}, tmp_path)
    names = sorted(p.name for p in (tmp_path / "stories").iterdir())
    assert names == sorted([f"{page_name('../../x')}.html", "s-same.html", "s-same-2.html"])
    assert not (tmp_path.parent / "x.html").exists()
    assert "Second" in (tmp_path / "stories" / "s-same-2.html").read_text(encoding="utf-8")


def test_missing_optional_fields_render(tmp_path: Path) -> None:
    render_report([{"story_id": "s-bare"}], {"stories": 1}, tmp_path)
    page = (tmp_path / "stories" / "s-bare.html").read_text(encoding="utf-8")
    assert "(untitled)" in page and page.count("none found") == 8  # every panel, the single-source one too


def test_stories_whose_input_names_no_outlet_show_a_dash_not_zero_outlets(tmp_path: Path) -> None:
    render_report([_story("s-plain", "Harbour plan", outlets=[]), _story("s-told", "Ferry plan")], {"stories": 2}, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    counts = re.findall(r'<span class="n-outlets">(\d+|<span title="[^"]*">–</span>)</span>', index)
    assert sorted(counts) == ["2", '<span title="the input names no outlet">–</span>']
    page = (tmp_path / "stories" / "s-plain.html").read_text(encoding="utf-8")
    assert '<span class="n">–</span> outlets' in page


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="run.json"):
        render_report([], None, tmp_path)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="stories.jsonl"):
        render_report(["not a dict"], {}, tmp_path)  # type: ignore[list-item]


@pytest.mark.parametrize("url, ok", [
    ("https://a.example/x", True), ("HTTP://A.EXAMPLE", True), ("javascript:alert(1)", False),
    ("java\tscript:alert(1)", False), ("https://a.example/\"onmouseover=x", False), ("ftp://a.example", False),
    ("/relative/path", False), ("https:///nohost", False)])
def test_safe_href(url: str, ok: bool) -> None:
    assert (safe_href(url) is not None) is ok


def test_json_island_escapes_line_separators() -> None:
    out = json_island({"k": "a\u2028b\u2029c</script>"})
    assert "\u2028" not in out and "\u2029" not in out and "</" not in out
    assert json.loads(out) == {"k": "a\u2028b\u2029c</script>"}


def test_serve_serves_the_report_with_security_headers(tmp_path: Path) -> None:
    render_report([_story("s-one", "Harbour plan")], RUN, tmp_path / "report")
    server = make_server(tmp_path, port=0)
    assert server.server_address[0] == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/stories/s-one.html", timeout=10) as resp:
            body = resp.read().decode("utf-8")
            assert "script-src 'self'" in resp.headers["Content-Security-Policy"]
            assert resp.headers["X-Content-Type-Options"] == "nosniff"
        assert "Harbour plan" in body
    finally:
        server.shutdown()
        server.server_close()


def test_serve_refuses_a_folder_without_a_report(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="finished run"):
        report_dir(tmp_path)
    with pytest.raises(ValueError, match="port"):
        make_server(tmp_path, port=70000)


def test_run_info_of_the_pipeline_shape(tmp_path: Path) -> None:
    info = {"counts": {"records_in": 40, "articles": 36, "duplicates": 3, "stories": 7, "rejects": 4},
            "rejects": {"record": {"too_short": 3, "binary": 1}, "line": {"boilerplate": 9}},
            "timings": {"ingest": 2.04, "total": 31.5}}
    story = _story("s-one", "Harbour plan", duplicates=[
        {"article_id": "s-one-a2", "canonical_id": "s-one-a1", "similarity": 0.93, "method": "minhash"}])
    render_report([story], info, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "40</span> records in" in index and "4</span> rejects" in index
    assert "<th>record / too_short</th><td>3</td>" in index and "<th>line / boilerplate</th><td>9</td>" in index
    assert "<th>total</th><td>31.5 s</td>" in index
    page = (tmp_path / "stories" / "s-one.html").read_text(encoding="utf-8")
    assert '<td class="num">0.930</td><td>minhash</td>' in page


def test_pages_render_from_a_zipped_package_at_a_relative_path(tmp_path):
    """A cluster's executors import storyline from the zip the driver ships, at a relative path: the templates
    must load from there too."""
    import subprocess
    import sys

    from storyline.spark.session import package_zip

    (tmp_path / "storyline.zip").write_bytes(Path(package_zip()).read_bytes())
    code = ("import sys; sys.path.insert(0, './storyline.zip'); import storyline.report.render as r; "
            "assert r.__file__.startswith('./storyline.zip'), r.__file__; "
            "from storyline.core.story.model import StoryRecord; "
            "print(r.render_story(StoryRecord.from_row({'story_id': 's-1', 'title': 'Port closes'})))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "<title>Port closes" in proc.stdout


def test_an_index_lead_line_that_tells_one_side_of_a_dispute_says_that_outlets_disagree(tmp_path: Path) -> None:
    story = _story("s-ref", "Varga leaves")
    story["summary"][0]["dispute"] = {"subject": "Tomas Varga", "frame": "departure", "sides": [
        {"claim": "resigned", "outlets": ["alpha.example", "beta.example"], "article_ids": ["s-ref-a1", "s-ref-a2"]},
        {"claim": f"fired {SCRIPT}", "outlets": [], "article_ids": ["s-ref-a2"]}]}
    render_report([story, _story("s-calm", "Harbour plan")], RUN, tmp_path / "report")
    index = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<tr data-i=.*?</tr>', index, re.S)
    ref = next(r for r in rows if "s-ref.html" in r)
    assert '<p class="lead disputed">Varga leaves: the council approved the harbour plan.' in ref
    assert ("Outlets disagree on this: <b>resigned</b> (2 outlets) · <b>fired &lt;script&gt;alert(1)&lt;/script&gt;</b>"
            " (1 article)") in ref
    calm = next(r for r in rows if "s-calm.html" in r)
    assert '<p class="lead">' in calm and "Outlets disagree on this" not in calm


def test_a_feed_of_stories_without_dates_invents_none_it_is_dated_by_the_run(tmp_path: Path) -> None:
    import feedparser

    undated = {"first_published": None, "last_published": None}
    render_report([_story("s-a", "Harbour plan", **undated), _story("s-b", "Ferry plan", **undated)],
                  {"stories": 2, "started": "2026-03-04T05:06:07+00:00"}, tmp_path)
    feed = feedparser.parse((tmp_path / "feed.xml").read_bytes())
    assert not feed.bozo
    assert feed.feed.updated.startswith("2026-03-04T05:06:07")
    assert [e.updated[:19] for e in feed.entries] == ["2026-03-04T05:06:07"] * 2
    assert "1970" not in (tmp_path / "feed.xml").read_text(encoding="utf-8")


def _changed(story: dict, status: str, **changes) -> dict:
    return dict(story, changes={"status": status, "since": "2016-10-04T20:00:00Z", "updated": story["last_published"],
                                "new_article_ids": [], "new_outlets": [], "new_sentences": [], "new_disputes": [],
                                "revised": [], "merged_from": [], "split_from": [], **changes})


def test_the_feed_holds_the_new_and_updated_stories_each_with_its_change_in_one_line(tmp_path: Path) -> None:
    import feedparser

    stories = [_changed(_story("s-new", "Ferry plan"), "new"),
               _changed(_story("s-upd", "Harbour plan"), "updated", new_article_ids=["x"], new_outlets=["Gazette"],
                        merged_from=["s-old"]),
               _changed(_story("s-same", "Rail strike"), "unchanged"),
               _changed(_story("s-piece", "Harbour protest"), "new", split_from=["s-upd"])]
    render_report(stories, {"into": True, "started": "2016-10-06T00:00:00Z"}, tmp_path)
    feed = feedparser.parse((tmp_path / "feed.xml").read_bytes())
    assert not feed.bozo
    entries = {e.id.rsplit(":", 1)[1]: e.summary.splitlines()[0] for e in feed.entries}
    assert entries == {
        "s-new": "New story",
        "s-upd": "Updated since 2016-10-04 20:00 UTC: +1 outlet, +1 article, merged with an earlier story",
        "s-piece": "New story, split from: Harbour plan"}
    # the index still lists every story
    assert len(re.findall(r"<tr data-i=", (tmp_path / "index.html").read_text(encoding="utf-8"))) == 4


def test_a_run_that_changes_nothing_writes_a_feed_without_entries(tmp_path: Path) -> None:
    import feedparser

    render_report([_changed(_story("s-same", "Rail strike"), "unchanged")], {"into": True}, tmp_path)
    feed = feedparser.parse((tmp_path / "feed.xml").read_bytes())
    assert not feed.bozo and feed.entries == []


def test_the_index_header_tells_this_runs_additions_apart_from_what_the_output_holds(tmp_path: Path) -> None:
    info = {"into": True, "counts": {"records_in": 181, "articles": 435, "articles_added": 180, "duplicates": 1,
                                     "duplicates_added": 1, "stories": 225, "stories_new": 111, "stories_updated": 12,
                                     "stories_unchanged": 102, "rejects": 0, "already_present": 0}}
    render_report([_story("s-one", "Harbour plan")], info, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    this_run, output = re.findall(r'<div class="stats">(.*?)</div>\s*(?=<div class="stats">|<details|</section>)',
                                  index, re.S)[:2]
    assert "This run:" in this_run and "181</span> records in" in this_run and "180</span> new articles" in this_run
    assert "111</span> new stories" in this_run and "12</span> stories updated" in this_run
    assert "In the output:" in output and "435</span> articles" in output and "225</span> stories" in output
    assert "already in the output" not in index  # nothing of this run was there before: no zero shown


def test_dates_of_a_story_with_no_publication_date_are_not_shown_as_before_it(tmp_path: Path) -> None:
    """No article says when it was published: nothing says when the news was, so the dates its articles give are
    shown as that, and not as what came before the story."""
    story = _story("s-undated", "Harbour plan", timeline=[
        {"date": "2009", "text": "The harbour first flooded.", "article_ids": ["s-undated-a1"], "outlets": ["x"],
         "background": True}])
    story["articles"] = [dict(a, published=None) for a in story["articles"]]
    story["first_published"] = story["last_published"] = None
    render_report([story], {}, tmp_path)
    panel = re.search(r'<section class="panel" id="timeline">(.*?)</section>',
                      (tmp_path / "stories" / "s-undated.html").read_text(encoding="utf-8"), re.S).group(1)
    assert "Before this story" not in panel and "none found" not in panel
    assert "Dates its articles give" in panel and "The harbour first flooded." in panel
