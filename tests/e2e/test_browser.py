"""The report in a real browser: search filtering, story panels, citations, and that hostile text never runs.

Drives Debian's Chromium (``/usr/bin/chromium``) with Python Playwright; never downloads a browser. Skips when
either is missing. Screenshots go to ``test-artifacts/`` (git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from storyline.report.render import render_report

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PWN = ("<script>window.__pwned = 1; document.title = 'pwned'</script>"
       "<img src=x onerror=\"window.__pwned = 2; document.title = 'pwned'\">")


def _article(aid: str, title: str, source: str, url: str, published: str) -> dict:
    return {"article_id": aid, "title": title, "outlet": source, "url": url, "published": published, "n_words": 300}


def _stories() -> list[dict]:
    ferry = {
        "story_id": "s-ferry", "title": "Ferry capsizes off the north coast", "group": None, "n_articles": 2,
        "outlets": ["alpha.example", "beta.example"],
        "first_published": "2021-05-03T08:00:00Z", "last_published": "2021-05-03T12:00:00Z",
        "article_ids": ["f1", "f2"],
        "articles": [_article("f1", f"Ferry capsizes {PWN}", "alpha.example", "javascript:window.__pwned=3",
                              "2021-05-03T08:00:00Z"),
                     _article("f2", "Rescue boats reach capsized ferry", "beta.example", "https://beta.example/ferry",
                              "2021-05-03T12:00:00Z")],
        "summary": [
            {"text": f"A ferry capsized near Harwick on Monday. {PWN}", "article_ids": ["f1", "f2"], "support": 2,
             "evidence": [{"article_id": "f2", "text": "The ferry turned over close to Harwick harbour on Monday."}]},
            {"text": "Captain Ivo Brandt was rescued by a fishing boat.", "article_ids": ["f2"], "support": 1},
        ],
        "duplicates": [],
        "entities": [{"name": "Ivo Brandt", "type": "PERSON", "mentions": 3, "outlets": ["beta.example"],
                      "article_ids": ["f2"], "variants": ["Brandt", "Ivo Brandt"]},
                     {"name": "Harwick", "type": "GPE", "mentions": 2, "outlets": ["alpha.example", "beta.example"],
                      "article_ids": ["f1", "f2"], "variants": ["Harwick"]}],
        "timeline": [{"date": "1998", "precision": "year", "text": "The ferry was built in 1998.",
                      "article_ids": ["f1"], "outlets": ["alpha.example"], "sentences": []},
                     {"date": "2021-05-03", "precision": "day", "text": f"The ferry capsized on Monday {PWN}",
                      "article_ids": ["f1", "f2"], "outlets": ["alpha.example", "beta.example"], "sentences": []}],
        "corroborated": [{"text": "The ferry capsized near Harwick.", "article_ids": ["f1", "f2"],
                          "outlets": ["alpha.example", "beta.example"], "support": 2, "sentences": []}],
        "disputed": [{"subject": "people died", "frame": "people died", "kind": "number", "sides": [
            {"claim": "12 people died", "text": "Officials said 12 people died.", "article_ids": ["f1"],
             "outlets": ["alpha.example"], "sentences": []},
            {"claim": "15 people died", "text": f"The coast guard said 15 people died. {PWN}", "article_ids": ["f2"],
             "outlets": ["beta.example"], "sentences": []}]}],
    }
    budget = {
        "story_id": "s-budget", "title": "Council passes harbour budget", "group": None, "n_articles": 1,
        "outlets": ["gamma.example"], "first_published": "2021-05-04", "last_published": "2021-05-04",
        "article_ids": ["b1"],
        "articles": [_article("b1", "Council passes harbour budget", "gamma.example", "https://gamma.example/b",
                              "2021-05-04")],
        "summary": [{"text": "The council passed the harbour budget by nine votes.", "article_ids": ["b1"], "support": 1}],
        "duplicates": [],
    }
    return [ferry, budget]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def report(tmp_path: Path) -> Path:
    out = tmp_path / "report"
    render_report(_stories(), {"counts": {"records_in": 4, "articles": 3, "duplicates": 0, "stories": 2}}, out)
    return out


@pytest.fixture()
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    pg.on("console", lambda msg: pg.errors.append(msg.text) if msg.type == "error" else None)
    yield pg
    context.close()


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _not_pwned(page) -> None:
    assert page.evaluate("window.__pwned === undefined")
    assert page.title() != "pwned"


def test_index_search_filters_rows(page, report: Path) -> None:
    page.goto(report.joinpath("index.html").as_uri())
    rows = page.locator("tbody tr")
    assert rows.count() == 2
    assert page.locator("#shown").inner_text() == "2 of 2"
    page.locator("#q").fill("budget")
    assert page.locator("#shown").inner_text() == "1 of 2"
    assert page.locator("tbody tr:visible").all_inner_texts()[0].startswith("Council passes harbour budget")
    page.locator("#q").fill("harwick")  # summary text is searched too
    assert page.locator("tbody tr:visible").count() == 1
    assert "Ferry capsizes" in page.locator("tbody tr:visible").inner_text()
    page.locator("#q").fill("beta.example ferry")  # outlets, and every word must match
    assert page.locator("tbody tr:visible").count() == 1
    page.locator("#q").fill("nothing matches this")
    assert page.locator("tbody tr:visible").count() == 0
    page.locator("#q").fill("")
    assert page.locator("tbody tr:visible").count() == 2
    _shot(page, "index")
    _not_pwned(page)
    assert page.errors == []


def test_story_page_panels_citations_and_no_script_runs(page, report: Path) -> None:
    page.goto(report.joinpath("index.html").as_uri())
    page.get_by_role("link", name="Ferry capsizes off the north coast").click()
    page.wait_for_load_state()
    assert page.url.endswith("/stories/s-ferry.html")
    assert page.locator("h1").inner_text() == "Ferry capsizes off the north coast"

    sentences = page.locator("ol.summary > li .sentence")
    assert sentences.count() == 2
    assert "<script>window.__pwned" in sentences.nth(0).inner_text()  # shown as text
    marks = page.locator("ol.summary .cite-mark")
    assert marks.all_inner_texts() == ["[1,2]", "[2]"]
    pop = page.locator("#pop-1")
    assert not pop.is_visible()
    marks.nth(0).click()
    assert pop.is_visible()
    assert "The ferry turned over close to Harwick harbour on Monday." in pop.inner_text()
    _shot(page, "story-citation")
    page.keyboard.press("Escape")
    page.mouse.click(5, 5)
    assert not pop.is_visible()
    marks.nth(1).hover()
    assert "Rescue boats reach capsized ferry" in page.locator("#pop-2").inner_text()
    assert page.locator("#pop-2").is_visible()

    assert page.locator("#entities td.name").all_inner_texts() == ["Ivo Brandt", "Harwick"]
    assert page.locator("#timeline time").all_inner_texts() == ["1998", "2021-05-03"]
    assert "The ferry capsized near Harwick." in page.locator("#corroborated").inner_text()
    assert page.locator("#disputed .about").inner_text() == "people died"  # subject and frame shown once
    claims = page.locator("#disputed .claim").all_inner_texts()
    assert claims == ["12 people died", "15 people died"]
    assert "alpha.example" in page.locator("#disputed .side").nth(0).inner_text()
    assert "none found" in page.locator("#duplicates").inner_text()

    links = page.locator("#articles a")
    hrefs = [links.nth(k).get_attribute("href") for k in range(links.count())]
    assert hrefs == ["https://beta.example/ferry"]  # the javascript: URL is not a link
    assert links.nth(0).get_attribute("rel") == "noopener noreferrer"
    _shot(page, "story")
    _not_pwned(page)
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.errors == []


def test_empty_panels_render_none_found(page, report: Path) -> None:
    page.goto(report.joinpath("stories", "s-budget.html").as_uri())
    for panel in ("entities", "timeline", "corroborated", "disputed", "duplicates"):
        assert page.locator(f"#{panel} .none").inner_text() == "none found"
    page.locator("a", has_text="All stories").click()
    page.wait_for_load_state()
    assert page.url.endswith("/index.html")
    _not_pwned(page)
    assert page.errors == []


def _changed_stories() -> list[dict]:
    """The two stories as a run with --into tells them: the ferry updated (a new outlet, a revised toll, a new
    sentence), the budget unchanged."""
    ferry, budget = _stories()
    ferry["changes"] = {"status": "updated", "since": "2021-05-03T14:00:00+00:00", "updated": "2021-05-04T09:00:00Z",
                        "new_article_ids": ["f2"], "new_outlets": ["beta.example"], "new_sentences": [1],
                        "new_disputes": [], "revised": [{"what": "people", "old": "12", "new": "15",
                                                         "outlets": ["beta.example"]}],
                        "merged_from": [], "split_from": []}
    budget["changes"] = {"status": "unchanged", "since": "2021-05-03T14:00:00+00:00", "updated": "2021-05-04T00:00:00Z",
                         "new_article_ids": [], "new_outlets": [], "new_sentences": [], "new_disputes": [],
                         "revised": [], "merged_from": [], "split_from": []}
    return [ferry, budget]


def test_an_updated_story_shows_its_badge_its_new_outlets_and_sentences(page, tmp_path: Path) -> None:
    out = tmp_path / "report"
    render_report(_changed_stories(), {"counts": {"records_in": 4, "articles": 3, "stories": 2}}, out)
    page.goto(out.joinpath("index.html").as_uri())
    badge = page.locator("tr[data-status=updated] .badge-updated")
    assert badge.is_visible() and "+1 outlet" in badge.inner_text() and "figure revised" in badge.inner_text()
    assert page.locator("tbody tr").first.get_attribute("data-status") == "updated"  # newest change first
    page.locator("#changed").check()  # updated since the earlier run: the unchanged budget story goes
    assert page.locator("#shown").inner_text() == "1 of 2"
    assert page.locator("tbody tr:visible").count() == 1
    _shot(page, "index-updated")
    page.goto(out.joinpath("stories", "s-ferry.html").as_uri())
    marks = page.locator("ol.summary > li.new > .new-mark")
    assert marks.count() == 1 and marks.first.is_visible() and "new since Mon 03 May 14:00 UTC" in marks.first.inner_text()
    assert page.locator("ol.summary > li").nth(1).get_attribute("class") == "new"
    assert "new since" in page.locator("p.outlets").inner_text() and page.locator("p.revised").is_visible()
    assert not page.errors, page.errors
    _shot(page, "story-updated")


def test_a_story_page_with_long_article_ids_fits_the_window(page, tmp_path: Path) -> None:
    ferry, _ = _stories()
    long_id = "warc-crawl-2021-05-03-" + "0123456789abcdef" * 8 + "#0"
    ferry["articles"][0]["article_id"] = long_id
    ferry["article_ids"] = [long_id, "f2"]
    for s in ferry["summary"]:
        s["article_ids"] = [long_id if a == "f1" else a for a in s["article_ids"]]
    out = tmp_path / "report"
    render_report([ferry], {"counts": {"stories": 1}}, out)
    page.set_viewport_size({"width": 800, "height": 900})
    page.goto(out.joinpath("stories", "s-ferry.html").as_uri())
    _shot(page, "long-ids")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
        page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def test_the_story_table_fits_a_1280_pixel_window_with_long_titles_outlets_and_badges(page, tmp_path: Path) -> None:
    ferry, budget = _changed_stories()
    ferry["title"] = "Ferry " + "capsizes-off-the-north-coast-" * 6  # one long word, as a scraped slug gives
    ferry["summary"][0]["text"] = "See https://example.org/" + "a" * 180 + " for the timetable."
    ferry["outlets"] = ["www.a-very-long-regional-newspaper-name-with-no-spaces.example.co.uk", "beta.example"]
    ferry["changes"].update(new_sentences=[0, 1], retold=["title", "entities", "timeline"], merged_from=["s-x"])
    out = tmp_path / "report"
    render_report([ferry, budget], {"into": True, "counts": {"records_in": 181, "articles": 435, "articles_added": 180,
                                                             "duplicates": 1, "duplicates_added": 1, "stories": 2}},
                  out)
    for width in (1280, 600):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(out.joinpath("index.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
            (width, page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]"))
        _shot(page, f"index-{width}")
    assert "This run:" in page.locator("section.run").inner_text()


def test_the_index_groups_a_storylines_stories_together_and_a_page_links_the_earlier_ones(page, tmp_path: Path
                                                                                          ) -> None:
    ferry, budget = _stories()
    inquiry = dict(ferry, story_id="s-inquiry", title="Inquiry opens into ferry capsizing", n_articles=1,
                   first_published="2021-06-01", last_published="2021-06-01", disputed=[])
    line = {"storyline_id": "l-ferry", "label": "Ivo Brandt: Inquiry opens into ferry capsizing", "stories": 2}
    ferry["storyline"], inquiry["storyline"] = line, line
    inquiry["earlier"] = [{"i": 0, "story_id": "s-ferry", "day": "2021-05-03", "title": ferry["title"],
                           "lead": "A ferry capsized near Harwick on Monday."}]
    budget["storyline"] = {"storyline_id": "l-budget", "label": budget["title"], "stories": 1}
    out = tmp_path / "report"
    render_report([ferry, budget, inquiry], {"counts": {"stories": 3}}, out)
    page.goto(out.joinpath("index.html").as_uri())
    order = lambda: [r.get_attribute("data-storyline") for r in page.locator("tbody tr").all()]
    assert order() == ["l-ferry", "l-budget", "l-ferry"]  # the most articles first
    page.locator("#by-storyline").check()
    assert order() == ["l-ferry", "l-ferry", "l-budget"]
    page.locator("#by-storyline").uncheck()
    assert order() == ["l-ferry", "l-budget", "l-ferry"]
    assert page.locator("tbody tr p.storyline-label").count() == 2  # the budget's storyline is itself alone
    page.goto(out.joinpath("stories", "s-inquiry.html").as_uri())
    earlier = page.locator("#storyline ol.earlier li")
    assert earlier.count() == 1 and "2021-05-03" in earlier.inner_text()
    earlier.locator("a").click()
    page.wait_for_load_state()
    assert page.url.endswith("/stories/s-ferry.html") and page.locator("#storyline").count() == 0
    assert not page.errors, page.errors
    _shot(page, "storyline")
