"""The text helpers that run on every article and sentence keep their plain definitions while taking faster paths:
each is checked against that definition on generated text (accents, Greek final sigma, curly quotes, dashes)."""

from __future__ import annotations

import unicodedata

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from storyline.core.text.sentences import balance_quotes, split_sentences
from storyline.core.text.text import WORD_RE, fold_for_hash, tokens
from storyline.spark.schemas import SchemaError, check_value

_PIECES = st.sampled_from(["Héllo", "naïve", "café", "ΟΔΟΣ", "Σ", "İstanbul", "e\u0301", "Zoë’s", "O'Neil", "“", "”",
                           '"', "—", "-", "(", " ", "  ", "\n", ".", ",", "1,200", "x", "THE", "東京", "_a_"])
TEXT = st.lists(_PIECES, max_size=30).map("".join)


def _fold_by_definition(text: str) -> str:
    t = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(m.group(0).replace("’", "'").lower() for m in WORD_RE.finditer(t))


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_fold_for_hash_is_its_definition(text):
    assert fold_for_hash(text) == _fold_by_definition(text)


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_tokens_are_lowered_words(text):
    assert tokens(text) == [m.group(0).replace("’", "'").lower() for m in WORD_RE.finditer(text)]


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_balancing_quotes_changes_only_quote_marks_and_leaves_unquoted_text_as_it_is(text):
    out = balance_quotes(text)
    unmarked = str.maketrans("", "", '“”"')
    assert out.translate(unmarked).strip() == text.translate(unmarked).strip()
    if not any(q in text for q in '“”"'):
        assert out == text.strip()


def test_a_value_deep_in_a_story_names_its_place():
    typ = "array<struct<name:string,mentions:array<struct<article_id:string,idx:int>>>>"
    check_value([{"name": "a", "mentions": [{"article_id": "x", "idx": 1}]}], typ, "facts")
    bad = [{"name": "a", "mentions": [{"article_id": "x", "idx": 1}, {"article": "y", "idx": 2}]}]
    try:
        check_value(bad, typ, "facts")
    except SchemaError as exc:
        assert str(exc).startswith("facts[0].mentions[1]: keys ['article'] are not in the schema; ['article_id']")
    else:
        raise AssertionError("a wrong key deep in the value was not refused")


_NOTICE_PIECES = st.sampled_from([
    "Alexa Internet has been  donating their crawl data", "THIS CRAWL OF ONLINE RESOURCES", "Internet Archive's Wayback",
    "these crawls are part of an effort to archive pages", "JavaScript is disabled", "Please enable JavaScript",
    "your browser doesn't support javascript", "404", "Page Not Found", "access denied", "403 Forbidden",
    "The page you requested", "The IP address has changed", "check your DNS settings", "Archive-It Partner",
    "using the Archive-It service", "Tweet with a location", "Add this Tweet to your website",
    "Interactive transcript could not be loaded", "Rating is available when the video has been rented",
    "High 58F. Winds ENE at 10 to 20 mph.", "Low -3 °C Wind calm", "The council met on Tuesday.", " ", "\n", "word ",
])


@settings(max_examples=500, deadline=None)
@given(st.lists(_NOTICE_PIECES, max_size=12).map("".join), st.integers(0, 450))
def test_non_article_reason_is_its_rules(text, filler):
    from storyline.core.text.clean import NON_ARTICLE_RULES, non_article_reason

    text = text + " said" * filler  # long texts are rejected only for crawl notices
    if not text.strip():
        return
    n_words, head = len(text.split()), text[:2000]
    expected = next((reason for reason, pat in NON_ARTICLE_RULES
                     if pat.search(head) and (n_words < 400 or reason == "crawl_notice")), None)
    assert non_article_reason(text) == expected


_SENTENCE_PIECES = st.lists(st.sampled_from(["St.", "Dr.", "John", "(the", "museum)", "said", "it.", "Police",
                                             "left.", "[sic]", "U.S.", "and", "\n", "Mr.", "Kaur", "won.", '"Why?"',
                                             "asked."]),
                            min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(_SENTENCE_PIECES)
def test_sentences_joined_after_a_title_or_inside_brackets_keep_their_offsets(pieces):
    from storyline.core.text.sentences import split_sentences

    text = " ".join(pieces)
    spans = split_sentences(text)
    assert all(text[s.start:s.end] == s.text and s.text.strip() == s.text for s in spans)
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
    assert not any(s.text.endswith(("St.", "Dr.", "Mr.")) and "\n" not in text[s.end:s.end + 2]
                   and text[s.end:].strip() for s in spans)


def test_a_sentence_is_not_cut_after_a_title_or_inside_brackets():
    from storyline.core.text.sentences import split_sentences

    text = ("Relics of saints such as St. John, St. Mary Magdalene and St. Timothy were found. The tube (from St. John "
            "the Theologian) is tiny. Dr. Kaur said so.")
    assert [s.text for s in split_sentences(text)] == [
        "Relics of saints such as St. John, St. Mary Magdalene and St. Timothy were found.",
        "The tube (from St. John the Theologian) is tiny.", "Dr. Kaur said so."]


@pytest.mark.parametrize("text, whole", [
    ('"Let\'s show them that a potato salad loves the internet!!" Brown writes on his fundraising page. He set a '
     'goal of $10.', '"Let\'s show them that a potato salad loves the internet!!" Brown writes on his fundraising page.'),
    ('"Does anybody in this room really believe that?" Hart said, noting the council\'s own vote in March. The hall '
     'went quiet.', '"Does anybody in this room really believe that?" Hart said, noting the council\'s own vote in March.'),
])
def test_a_quoted_exclamation_or_question_keeps_the_clause_that_says_who_spoke(text, whole):
    """A quotation that ends on "!" or "?" goes on to the clause of a verb of saying that tells who spoke; a
    sentence after a quoted question that says nothing of who spoke is a sentence of its own."""
    from storyline.core.text.sentences import split_sentences

    assert [s.text for s in split_sentences(text)][0] == whole
    assert len(split_sentences('"Why not?" The answer is simple and cheap to build.')) == 2


@pytest.mark.parametrize("text, first", [
    ("Besuchen Sie den Markt, und Sie werden es erfahren.Während Sie über den Markt schlendern, spielt die Kapelle.",
     "Besuchen Sie den Markt, und Sie werden es erfahren."),
    ("Le marché ouvre à midi et ferme à minuit.Élus et habitants y sont attendus samedi.",
     "Le marché ouvre à midi et ferme à minuit."),
    ("The bridge reopened on Monday after repairs.Officials said traffic was light.",
     "The bridge reopened on Monday after repairs."),
])
def test_two_sentences_run_together_with_no_space_are_split_in_any_alphabet(text, first):
    """A scraper that joins paragraphs leaves a stop between a small letter and a capital with no space; the
    tokenizer splits there whatever the letters, and so does the sentence splitter, but not inside a web address."""
    from storyline.core.text.sentences import split_sentences

    assert [s.text for s in split_sentences(text)][0] == first
    assert len(split_sentences("Tickets are sold at ContentAward.at until Friday, the organisers said.")) == 1


@pytest.mark.parametrize("text, whole", [
    ("Die Direktion wird die zusätzlich aufgebauten Impforte am 28. Februar 2022 schliessen. Betroffen sind die "
     "Angebote in den Einkaufszentren von Thun und Lyssach.", "am 28. Februar 2022 schliessen."),
    ("Am heutigen 31. Oktober endet die Amtszeit der Intendantin, ab 1. November ist ein Nachfolger gewählt. Sie "
     "übergibt den Staffelstab nach zwölf Jahren.", "ab 1. November ist ein Nachfolger gewählt."),
    ("Sairaala suljetaan 28. helmikuuta, ja potilaat siirretään uuteen rakennukseen. Muutos koskee noin tuhatta "
     "potilasta vuodessa.", "suljetaan 28. helmikuuta, ja potilaat"),
])
def test_an_ordinal_written_with_a_stop_never_ends_a_sentence_in_a_language_that_writes_it_so(text, whole):
    """German, Finnish and other languages write "the 28th" as "28.": a summary sentence is never cut there."""
    from storyline.core.text.sentences import split_sentences

    got = [s.text for s in split_sentences(text)]
    assert len(got) == 2 and whole in got[0], got
    english = "The death toll rose to 14. Rescuers left the site on Monday, the county said."
    assert len(split_sentences(english)) == 2


def test_a_quoted_question_keeps_who_asked_it_and_a_summary_never_shows_the_tag_alone():
    from storyline.core.story.model import Sentence
    from storyline.core.story.summarize import summarize
    from storyline.core.text.sentences import split_sentences

    text = ('Bannon attacked Romney at a rally in Fairhope on Tuesday night. "We have 7,000 dead and 52,000 casualties, '
            'and where were the Romneys during those wars?" Bannon asked. "Enough!" the crowd shouted back.')
    got = [s.text for s in split_sentences(text)]
    assert got[1].endswith('those wars?" Bannon asked.') and got[2] == '"Enough!" the crowd shouted back.', got
    picked = summarize([Sentence("a", k, t) for k, t in enumerate(got)])
    assert picked and not any(len(s.text.split()) <= 3 for s in picked), "a speech tag stood alone"


def test_a_hover_card_inside_a_sentence_is_cut_and_listed():
    from storyline.core.text.clean import clean_text

    r = clean_text("Fox News anchor Shepard Smith on Thursday criticized President Trump Donald John Trump Airstrikes "
                   "hit Syria air base: Syrian state media Trump congratulates Patrick Reed on Masters win MORE for "
                   "bashing reporters at a news conference.")
    assert r.text == ("Fox News anchor Shepard Smith on Thursday criticized President Trump for bashing reporters at a "
                      "news conference.")
    assert [x.reason for x in r.removed] == ["menu"] and r.removed[0].text.endswith("Masters win MORE")


def test_an_outlets_pitch_to_its_reader_is_cut_and_listed_but_a_report_about_prices_stays():
    from storyline.core.text.clean import clean_text

    r = clean_text("The Kestrel Valley dam will be finished in 2027, the water board said.\n"
                   "To read the rest of this report, please subscribe to the Valley Ledger.\n"
                   "Choose a $4 Weekly Pass or a $90 Annual Subscription and get every edition online.\n"
                   "Streamflix will raise its basic subscription to $11 a month from June, so you will pay $1 more.")
    assert r.text.splitlines() == ["The Kestrel Valley dam will be finished in 2027, the water board said.",
                                   "Streamflix will raise its basic subscription to $11 a month from June, so you "
                                   "will pay $1 more."]
    assert [x.reason for x in r.removed] == ["paywall", "paywall"]


def test_text_spelt_with_look_alike_letters_and_an_opening_byline_are_cut_and_listed():
    from storyline.core.text.clean import clean_text

    r = clean_text("By Nora Vance: The Harbour Trust will sell the old pier, its chair said on Monday.\n"
                   "Вuу уоur аdvеrtѕ wіth thе bеѕt nеwѕ ѕіtе іn thе rеgіоn.\n"
                   "Москва (Moscow) and Αθήνα (Athens) signed the accord.")
    assert r.text.splitlines() == ["The Harbour Trust will sell the old pier, its chair said on Monday.",
                                   "Москва (Moscow) and Αθήνα (Athens) signed the accord."]
    assert [x.reason for x in r.removed] == ["byline", "spam"]


def test_an_article_in_a_script_without_spaces_is_counted_by_its_words_and_not_rejected_as_too_short():
    import pandas as pd

    from storyline.spark.articles import FINAL_COLS, finalized
    from storyline.spark.mapping import map_records

    ja = ("東京都は月曜日、新しい交通規則を発表した。都の担当者によると、規則は来月から施行される。"
          "市民の間では賛否が分かれており、議会でも議論が続いている。専門家は影響を注視している。")
    en = "The council met on Monday."  # a short English text stays too short
    batch = pd.DataFrame([{"article_id": "ja", "text": ja}, {"article_id": "en", "text": en}])
    out = next(map_records(finalized(40, 10_000), FINAL_COLS)(iter([batch])))
    kinds = dict(zip(out["article_id"], out["reason"]))
    assert pd.isna(kinds["ja"]), out.loc[out.article_id == "ja", "detail"].tolist()  # no reject reason
    assert kinds["en"] == "too_short"
    assert int(out.loc[out.article_id == "ja", "n_words"].iloc[0]) >= 40


def test_captions_credits_and_a_player_s_buttons_run_into_a_line_are_furniture_however_long() -> None:
    """A gallery's captions and credits glued into one sentence of 60 words and more, a video player's label and
    buttons, and a video's caption signed by the group that shot it: no summary sentence, row or title is made of
    them."""
    from storyline.core.text.clean import title_residue
    from storyline.core.text.sentences import sentence_flags

    glued = ("The tower is seen from Mission Street on Tuesday, July 18, 2017 in San Francisco, Calif. " * 2
             + "Photo: Lea Suzuki / The Chronicle Photo: Lea Suzuki / The Chronicle Image 1 of / 25 Caption Close "
               "The tower keeps on sinking, but engineers from two firms say there may be a fix 1 / 25 Back to Gallery")
    assert len(glued.split()) > 60
    assert "furniture" in sentence_flags(glued)
    assert "furniture" in sentence_flags("JUST WATCHED Family attorney: Store video 'irrelevant' Replay More Videos ...")
    assert "furniture" in sentence_flags("JUST WATCHED Chief: Officer maybe saw stolen cigars Replay More Videos ...")
    assert title_residue("This video from Animal Watch alleges mistreatment of hens at a farm (Animal Watch)")
    assert "furniture" not in sentence_flags("The tower, seen from Mission Street, keeps on sinking, engineers said.")


@pytest.mark.parametrize("text, first", [
    ("Die Telekom hat alles ausgebaut, was sich für sie rechnet bzw. was sie verspricht. Danach kam nichts mehr.",
     "Die Telekom hat alles ausgebaut, was sich für sie rechnet bzw. was sie verspricht."),
    ("Wer eine Reduzierung auf z.B. zwei Meldungen wünscht, schreibt uns. Danke.",
     "Wer eine Reduzierung auf z.B. zwei Meldungen wünscht, schreibt uns."),
    ("Na pokładzie jest miejsce dla 1,6 tys. osób, w tym komandosów. Rejs potrwa miesiąc.",
     "Na pokładzie jest miejsce dla 1,6 tys. osób, w tym komandosów."),
    ("It was a debate with the clear G.O.P. front-runner on stage. Rivals left early.",
     "It was a debate with the clear G.O.P. front-runner on stage."),
])
def test_a_stop_before_a_word_in_small_letters_ends_an_abbreviation_not_a_sentence(text: str, first: str) -> None:
    assert [s.text for s in split_sentences(text)][0] == first
