"""HTML to article: the sample pages' metadata and text, every robustness case, charsets, and the residue rules
that run after the extractor. No JVM needed."""

from __future__ import annotations

import codecs
import gzip
import logging
import signal
import threading
import time
from pathlib import Path

import pytest

from storyline.core.ingest import extract as ex
from storyline.core.text.clean import clean_line, clean_text
from storyline.core.ingest.extract import (Extracted, decode_html, extract_html, extract_html_file, iter_html_files,
                                    read_html_file, time_limit)
from storyline.core.ingest.records import Reject

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "sample" / "html"

PARAGRAPHS = "".join(
    f"<p>Paragraph {i} of the council report says the fare rise will pay for {i + 40} new buses and keep "
    f"the night tram running on the harbour line until at least {2025 + i}.</p>" for i in range(6))


def page(body: str = PARAGRAPHS, head: str = "<title>Council backs fare rise</title>") -> str:
    return f"<!DOCTYPE html><html lang=\"en\"><head>{head}</head><body><article>{body}</article></body></html>"


# --- the sample pages ------------------------------------------------------------------------------------

# (file, url passed in, title, published, site, author, canonical)
SAMPLE_PAGES = [
    ("transit-baylinenews.html", None, "Port Calder fares to rise 50 cents after 7-4 council vote",
     "2024-08-20T11:45:00Z", "baylinenews.example", "Priya Raman",
     "https://www.baylinenews.example/city/2024/08/20/port-calder-fares-rise-50-cents"),
    ("storm-selwickstar.html", None, "Storm Ilsa shuts Merrow Bay port as gales lash Eastmarch coast",
     "2024-08-20T13:05:00Z", "selwickstar.example", "Callum Ferris",
     "https://selwickstar.example/news/coast/storm-ilsa-merrow-bay-port-shut"),
    ("football-eastmarchsport.html", None, "Rovers sack Varga after Calder Athletic humiliation",
     "2024-08-20T01:30:00Z", "eastmarchsport.example", "Jonah Meyer",
     "https://eastmarchsport.example/football/rovers/varga-sacked-calder-defeat"),
    ("football-wexbridgeweekly.html", None, "Varga’s five years at Rovers end in resignation",
     "2024-08-20", "wexbridgeweekly.example", "Elsie Novak", "https://wexbridgeweekly.example/sport/varga-resigns-rovers"),
    ("recall-homewatch.html.gz", None, "Brightwell Aura T3 recall: how to check your thermostat",
     "2024-08-21T10:00:00Z", "homewatch.example", "Dev Okafor",
     "https://www.homewatch.example/recalls/brightwell-aura-t3-thermostat-check"),
    ("heat-northshoreherald.html", "https://northshoreherald.example/news/2024/08/21/northgate-heat-record",
     "Northgate sets 41.2C record as rolling blackouts hit homes", "2024-08-21", "northshoreherald.example", None,
     "https://northshoreherald.example/news/2024/08/21/northgate-heat-record"),
]

# (file, sentences that must survive, residue that must be gone, removal reasons the cleaner must report)
SAMPLE_TEXT = [
    ("transit-baylinenews.html",
     ["after the City Council approved a 50-cent fare increase by seven votes to four late on Monday.",
      "Dana Whitlock, a spokesperson for the group"],
     ["Subscribe now", "to keep reading", "Related:", "Already a subscriber", "Marta Quist", "cookie",
      "Filed under", "More from Bayline", "inbox"], {"paywall", "teaser"}),
    ("storm-selwickstar.html",
     ["The port will stay closed to shipping until Thursday morning at the earliest.",
      "The storm is expected to weaken as it moves inland on Wednesday night."],
     ["pic.twitter.com", "@MerrowBayPort", "Next:", "Nia Pritchard", "newsletter", "Most read", "Log in"],
     {"social_embed", "teaser", "photo_credit", "newsletter"}),
    ("football-eastmarchsport.html",
     ["Wexbridge Rovers sacked head coach Tomas Varga on Monday morning",
      "Thank you for five unforgettable years, Tomas."],
     ["Advertisement", "View this post on Instagram", "A post shared by", "More from Eastmarch Sport",
      "Rhys Dolan", "Follow us"], {"menu", "social_embed", "teaser", "photo_credit"}),
    ("football-wexbridgeweekly.html",
     ["Tomas Varga has resigned as head coach of Wexbridge Rovers",
      "At the Millbrook Park café on Monday evening", "“He gave us the best day this town has had in my lifetime,”"],
     ["By Elsie Novak", "Share this story", "Photo:", "Filed under", "Back to Sport"], {"byline", "menu"}),
    ("recall-homewatch.html.gz",
     ["Brightwell Home Systems has recalled about 210,000 Aura T3 smart thermostats",
      "while the National Consumer Safety Commission says it has received 17 reports.", "AT3-110"],
     ["Support independent journalism", "We use cookies", "Filed under", "You may also like"],
     {"paywall", "cookie_notice"}),
    ("heat-northshoreherald.html",
     ["41.2 degrees Celsius at the airport weather station", "Volunteers from a local church handed out bottles"],
     ["archived by the Eastmarch Web Archive", "Read more:", "Like us on Facebook", "Recent posts", "Tags:"],
     {"crawl_notice", "teaser", "social_embed"}),
]


def test_sample_folder_holds_the_pages_the_tests_describe():
    names = sorted(p.name for p in iter_html_files(HTML))
    assert names == sorted(f for f, *_ in SAMPLE_PAGES)
    assert all((HTML / n).stat().st_size < 30_000 for n in names)


@pytest.mark.parametrize("name,url,title,published,site,author,canonical", SAMPLE_PAGES)
def test_sample_page_metadata(name, url, title, published, site, author, canonical):
    r = extract_html_file(HTML / name, url)
    assert isinstance(r, Extracted), r
    assert (r.title, r.published, r.site, r.author, r.canonical_url) == (title, published, site, author, canonical)
    assert r.language == "en"
    assert not r.text.startswith(title), "the headline is kept in title, not repeated as the first line"


@pytest.mark.parametrize("name,keep,gone,reasons", SAMPLE_TEXT)
def test_sample_page_text_keeps_the_article_and_loses_the_residue(name, keep, gone, reasons):
    r = extract_html_file(HTML / name, None)
    assert isinstance(r, Extracted), r
    for sentence in keep:
        assert sentence in r.text, sentence
    for residue in gone:
        assert residue.lower() not in r.text.lower(), residue
    assert reasons <= {x.reason for x in r.removed}
    assert len(r.text.split()) > 120


def test_cp1252_sample_is_decoded_as_declared():
    raw = (HTML / "football-wexbridgeweekly.html").read_bytes()
    assert b"caf\xe9" in raw  # the file really is windows-1252
    r = extract_html(raw)
    assert r.encoding == "cp1252" and "café" in r.text and "Varga’s" in r.title


def test_same_page_without_url_or_canonical_has_no_site_from_nowhere():
    r = extract_html_file(HTML / "heat-northshoreherald.html")
    assert r.site is None and r.canonical_url is None and r.title.startswith("Northgate sets 41.2C")


# --- robustness: every bad page is a reject with a reason, never an exception ----------------------------

def test_truncated_html_is_refused_unless_allowed():
    full = (HTML / "transit-baylinenews.html").read_bytes()
    cut = full[: full.index(b"Owen Achterberg") + 40]
    r = extract_html(cut)
    assert isinstance(r, Reject) and r.reason == "truncated_html"
    partial = extract_html(cut, allow_truncated=True)
    assert isinstance(partial, Extracted) and "$2.75 from October 1" in partial.text


def test_page_ending_at_a_tag_without_closing_html_is_not_called_truncated():
    r = extract_html(page().replace("</body></html>", "") + "\n")
    assert isinstance(r, Extracted)


def test_binary_served_as_html_is_refused():
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 20
    r = extract_html(png, "https://x.example/a.html")
    assert isinstance(r, Reject) and r.reason == "binary"


def test_oversized_page_is_refused_before_parsing(monkeypatch):
    def no_parse(text):
        raise AssertionError("parsed a page over the cap")

    monkeypatch.setattr(ex, "html_tree", no_parse)
    huge = b"<html><body>" + b"<p>filler words</p>" * 1_100_000 + b"</body></html>"
    assert len(huge) > 20_000_000
    r = extract_html(huge)
    assert isinstance(r, Reject) and r.reason == "too_large" and "max_bytes" in r.detail
    assert extract_html(page(), max_bytes=100).reason == "too_large"


def test_gzip_bomb_is_refused_without_inflating_it_all():
    bomb = gzip.compress(b"<html><body>" + b" " * 30_000_000 + b"</body></html>")
    r = extract_html(bomb, max_bytes=1_000_000)
    assert isinstance(r, Reject) and r.reason == "too_large"


def test_deeply_nested_markup_is_refused():
    html = "<html><body>" + "<div>" * 100_000 + "<p>Deep text.</p>" + "</div>" * 100_000 + "</body></html>"
    r = extract_html(html)
    assert isinstance(r, Reject) and r.reason == "too_deep"


def test_an_extractor_exception_becomes_a_reject(monkeypatch):
    def boom(tree, url, fast):
        raise RuntimeError("extractor bug")

    monkeypatch.setattr(ex, "main_text", boom)
    r = extract_html(page())
    assert isinstance(r, Reject) and r.reason == "extractor_error" and "extractor bug" in r.detail


def test_a_slow_extraction_is_cut_off(monkeypatch):
    def slow(tree, url, fast):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # busy work, like a pathological page
            sum(range(1000))
        return "never returned"

    monkeypatch.setattr(ex, "main_text", slow)
    r = extract_html(page(), timeout_s=0.2)
    assert isinstance(r, Reject) and r.reason == "extract_timeout"
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0, "the timer is cleared afterwards"


def test_timeout_is_not_swallowed_by_broad_except_in_libraries(monkeypatch):
    def swallowing(tree, url, fast):
        try:
            time.sleep(5)
        except Exception:  # what extractor libraries do
            return "swallowed"
        return "slept"

    monkeypatch.setattr(ex, "main_text", swallowing)
    assert extract_html(page(), timeout_s=0.2).reason == "extract_timeout"


def test_time_limit_restores_the_callers_handler_and_timer():
    fired = []

    def callers_handler(signum, frame):
        fired.append(signum)

    old = signal.signal(signal.SIGALRM, callers_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        with time_limit(1.0) as enforced:
            assert enforced
            assert signal.getsignal(signal.SIGALRM) is not callers_handler
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 25 < remaining <= 30
        assert signal.getsignal(signal.SIGALRM) is callers_handler
        signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert fired == []


def test_outside_the_main_thread_extraction_still_works_and_overruns_are_logged(monkeypatch, caplog):
    real = ex.main_text

    def slowish(tree, url, fast):
        time.sleep(0.3)
        return real(tree, url, fast)

    monkeypatch.setattr(ex, "main_text", slowish)
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", extract_html(page(), timeout_s=0.1)))
    with caplog.at_level(logging.WARNING, logger="storyline.core.ingest.extract"):
        t.start()
        t.join()
    assert isinstance(out["r"], Extracted)
    assert any("no timer outside the main thread" in m for m in caplog.messages)


@pytest.mark.parametrize("raw,reason", [
    (b"", "empty"),
    (b"   \n ", "empty"),
    (b"Just a line of plain text, no markup at all, long enough to be something.", "not_html"),
    (page('<img src="harbour.jpg"><script>var a = 1;</script>').encode(), "no_text"),
    (page("<p>Advertisement</p><p>Share this article</p><p>Subscribe now to continue reading</p>" * 3).encode(),
     "empty_after_cleaning"),
])
def test_pages_without_an_article(raw, reason):
    r = extract_html(raw)
    assert isinstance(r, Reject) and r.reason == reason, r


def test_gzipped_bytes_are_inflated_and_a_cut_gzip_is_refused():
    data = gzip.compress(page().encode())
    assert isinstance(extract_html(data), Extracted)
    r = extract_html(data[: len(data) // 2])
    assert isinstance(r, Reject) and r.reason == "bad_gzip"


def test_read_html_file_ungzips_and_bad_files_are_unreadable(tmp_path):
    plain = (HTML / "transit-baylinenews.html").read_bytes()
    gz = tmp_path / "page.html.gz"
    gz.write_bytes(gzip.compress(plain))
    assert read_html_file(gz) == plain
    mislabelled = tmp_path / "page.html"  # gzip data without the .gz name
    mislabelled.write_bytes(gzip.compress(plain))
    assert read_html_file(mislabelled) == plain
    assert len(read_html_file(gz, max_bytes=1000)) == 1001
    cut = tmp_path / "cut.html.gz"
    cut.write_bytes(gz.read_bytes()[:200])
    with pytest.raises(OSError):
        read_html_file(cut)
    r = extract_html_file(cut)
    assert isinstance(r, Reject) and r.reason == "unreadable"
    assert extract_html_file(tmp_path / "missing.html").reason == "unreadable"


def test_invalid_arguments_say_what_to_do():
    with pytest.raises(ValueError, match="max_bytes"):
        extract_html(page(), max_bytes=0)
    with pytest.raises(ValueError, match="timeout_s"):
        extract_html(page(), timeout_s=0)
    assert isinstance(extract_html(page(), timeout_s=None), Extracted)


# --- charsets --------------------------------------------------------------------------------------------

def _cp1252_page(meta: str) -> bytes:
    body = "<p>“Café owners on the quay said the fare rise – 50 cents – would hit their staff,” the report said.</p>"
    return page(body + PARAGRAPHS, f"<title>Fares</title>{meta}").encode("cp1252")


@pytest.mark.parametrize("meta,declared", [
    ('<meta charset="utf-8">', None),  # declared UTF-8, really cp1252
    ("", None),  # no declaration
    ("", "utf-8"),  # wrong HTTP charset
    ('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">', None),  # latin-1 label: cp1252
])
def test_cp1252_page_with_wrong_or_missing_charset(meta, declared):
    r = extract_html(_cp1252_page(meta), declared_charset=declared)
    assert isinstance(r, Extracted)
    assert "“Café owners on the quay said the fare rise – 50 cents – would hit their staff,”" in r.text
    assert r.encoding == "cp1252"


def test_byte_order_marks_win():
    html = page("<p>Naïve riders paid €3 for the tram to Ålesund.</p>" + PARAGRAPHS,
                '<title>Fares</title><meta charset="iso-8859-1">')
    for bom, enc in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le")):
        r = extract_html(bom + html.encode(enc))
        assert isinstance(r, Extracted) and "Naïve riders paid €3 for the tram to Ålesund." in r.text, enc


def test_valid_utf8_wins_over_a_wrong_declaration():
    html = page("<p>Naïve riders paid €3 for the tram.</p>" + PARAGRAPHS, '<title>x</title><meta charset="windows-1252">')
    r = extract_html(html.encode("utf-8"), declared_charset="iso-8859-1")
    assert "Naïve riders paid €3 for the tram." in r.text and r.encoding == "utf-8"


def test_declared_cyrillic_and_undeclared_cyrillic():
    text = "Городской совет одобрил повышение тарифов на проезд в автобусах и трамваях с первого октября. "
    html = page("".join(f"<p>{text * 3}</p>" for _ in range(4)), '<title>Новости</title>')
    r = extract_html(html.encode("cp1251"), declared_charset="windows-1251")
    assert text.strip() in r.text
    guessed, enc, _ = decode_html(html.encode("cp1251"))
    assert text.strip() in guessed, enc


def test_undecodable_bytes_are_replaced_not_fatal():
    raw = page().encode() + b"<p>" + b"\x81\x8d\x8f\x90\x9d" * 3 + b"</p>"
    text, enc, reason = decode_html(raw)
    assert reason is None and page() in text and text.endswith("</p>")
    assert isinstance(extract_html(raw), Extracted)


# --- cleaning beyond the extractor -------------------------------------------------------------------------

@pytest.mark.parametrize("line,reason", [
    ("Subscribe to continue reading", "paywall"),
    ("You have read all of your 5 free articles this month.", "paywall"),
    ("Support local journalism: become a subscriber today.", "paywall"),
    ("Photo: Marta Quist / Bayline News", "photo_credit"),
    ("Photograph: Nia Pritchard/Selwick Star", "photo_credit"),
    ("Photos by Rhys Dolan", "photo_credit"),
    ("Next: Selwick fishing fleet stays in port", "teaser"),
    ("More from Bayline News", "teaser"),
    ("Related: What the new fares mean for pass holders", "teaser"),
    ("RELATED STORIES", "teaser"),
    ("Filed under: City Hall, Transit", "menu"),
    ("This page was archived by the Eastmarch Web Archive on 22 August 2024.", "crawl_notice"),
    ("View this post on Instagram", "social_embed"),
    ("Facebook Twitter Email", "social_embed"),
    ("— Port of Merrow Bay (@MerrowBayPort) August 20, 2024", "social_embed"),
    ("This site uses cookies. By continuing to browse the site you agree to our use of cookies.", "cookie_notice"),
    ("Get the day's news delivered to your inbox every morning.", "newsletter"),
    ("Sign up for our Coast Weather newsletter", "newsletter"),
    ("© 2024 Bayline News. All rights reserved.", "copyright"),
    ("By Elsie Novak, Sports Editor", "byline"),
])
def test_residue_lines_are_removed(line, reason):
    kept, removed = clean_line(line)
    assert kept == "" and [r.reason for r in removed][-1] == reason


@pytest.mark.parametrize("sentence", [
    "More than 2,300 people used the cooling centres on Tuesday, the city said.",
    "Next year the council will review the fares again.",
    "Next, the authority will publish its budget.",
    "Related costs rose by 4 percent, the authority said.",
    "Watch officers were posted at the harbour mouth overnight.",
    "Residents can sign up for the city's emergency alerts at any library.",
    "By the end of the day, the council had voted 7-4.",
    "The regulator said the company's cookie banner breached the rules, and fined it $2 million on Monday.",
    "Copyright lawyers for the museum said the loan agreements had expired in 2003.",
    "The photo agency said the pictures were taken on Monday.",
    "Subscribers to the riders' union newsletter received the petition by email on Tuesday.",
    "“We will see what happens,” she said, “and then we decide…”",
    "He said the fare rise was, in his words, a tax on the poor...",
    "Tweets from the port, including one reading “All berths clear”, were shared thousands of times.",
])
def test_real_article_sentences_are_kept(sentence):
    assert clean_line(sentence) == (sentence, [])


def test_tweet_text_stays_when_its_link_and_attribution_go():
    r = clean_text("All berths are clear. pic.twitter.com/Mb7Ilsa20x — Port of Merrow Bay (@MerrowBayPort) "
                   "August 20, 2024\nThe port reopens on Thursday.")
    assert r.text == "All berths are clear.\nThe port reopens on Thursday."
    assert [x.reason for x in r.removed] == ["social_embed", "social_embed"]


def test_long_paragraph_with_a_credit_loses_only_the_credit():
    long = " ".join(["The harbour wall held through the night as crews worked in shifts."] * 6)
    kept, removed = clean_line(long + " Photo: Nia Pritchard / The Selwick Star")
    assert kept == long and removed[0].reason == "photo_credit"


def test_truncated_caption_above_its_full_version_goes():
    r = clean_text("A grain carrier ties up at Selwick on...\nA grain carrier ties up at Selwick on Tuesday.")
    assert r.text == "A grain carrier ties up at Selwick on Tuesday." and r.removed[0].reason == "caption"


def test_words_the_markup_keeps_in_two_blocks_are_not_read_as_one():
    # a list item of two blocks, a byline and a paragraph: the extractor joins their texts with no space between
    glued = ("<ul><li><div><span><strong><em>by Kenneth Marsh</em></strong></span></div> <div>Gilles and Felix "
             "oppose the council's fare rise, and the report cites them twice in its closing pages.</div></li></ul>")
    html = page(PARAGRAPHS + glued)
    tree, _ = ex.html_tree(html)
    assert "MarshGilles" in ex.main_text(tree, None, False)  # what the extractor alone gives
    text = extract_html(html).text
    assert "MarshGilles" not in text and "Marsh\nGilles and Felix oppose" in text


def test_a_capital_inside_a_word_the_markup_keeps_whole_is_left_alone():
    html = page(PARAGRAPHS + "<p>The council posts its minutes on Word<b>Press</b> and You<span>Tube</span> "
                             "every week, the report says, and the mayor's office links to them.</p>")
    text = extract_html(html).text
    assert "WordPress and YouTube" in text


def test_a_script_written_as_if_it_closed_itself_is_read_as_a_script():
    """"<script .../>" closes nothing in HTML: what follows, to "</script>", is the script, as a browser reads it."""
    story = " ".join(["The Kelso harbour board sacked its chairman on Tuesday after a row over the port's accounts."] * 6)
    raw = ('<html><head><title>Harbour</title></head><body><article><script type="text/javascript"/>'
           "(function() { document.addEventListener('DOMContentLoaded', function() { var x = 1; }); })();</script>"
           f"<p>{story}</p><p>{story}</p></article></body></html>")
    r = extract_html(raw)
    assert "addEventListener" not in r.text and "sacked its chairman" in r.text
