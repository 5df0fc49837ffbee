"""Residue removal: the rules for what scrapers leave in article text, and the tests for non-articles.

Every removal carries a reason, so that the pipeline can count it and keep it in the ``rejects`` table.
Corpus-learned boilerplate (lines that recur across many articles) is found by the Spark stage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from storyline.core.text.furniture import (DAY_DATE, FULL_DATE, furniture, opens_with_bar, residue_title,
                                           without_highlights, without_picture_date)
from storyline.core.text.text import fold_for_hash, normalize_ws, words
from storyline.lexicon import alternation


# --- in-line residue: removed from inside a line, the rest of the line is kept -------------------------------
MONTHS_RE = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
              r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_CREDIT_NAME = r"[A-Z][\w.'’ -]{0,40}(?:\s*/\s*[A-Z][\w.'’ -]{0,40})?"
_INLINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paywall", re.compile(r"Unlimited Digital Access\s*(?:Only)?\s*\d+\s*[¢$€£]\s*for\s*\d+\s*(?:weeks?|months?)", re.I)),
    ("paywall", re.compile(r"(?:Subscribe|Sign up) (?:now|today) for (?:just|only) [^.]{0,40}?(?:month|week|year)s?\.?", re.I)),
    ("photo_credit", re.compile(r"\s*\b(?:(?:Photo |Image )?Credits?|Photo(?:graph)?s?|Foto):\s*" + _CREDIT_NAME
                                + r"\s*$")),
    ("photo_credit", re.compile(r"\s*\((?:Photo|Image|Picture|Foto)(?: by|:)[^)]{0,80}\)", re.I)),
    # what an embedded tweet leaves: its picture link and its attribution; the tweet's words stay (they may be
    # quoted news)
    # a market widget's quote chips inside a sentence: "BP BP., +0.88% BP, +0.60% Chairman Svanberg said ...";
    # prose gives a change without a sign and two decimals ("shares rose 0.9%")
    ("stock_quote", re.compile(r"(?:\s*(?:[A-Z][\w.&'’-]*\s+){0,3}[A-Z][\w.&'’-]*,?\s+[+−-]\d{1,3}\.\d\d%)+")),
    ("social_embed", re.compile(r"\s*\bpic\.twitter\.com/\w+")),
    ("social_embed", re.compile(r"(?:^[—–-]?\s*|\s+[—–-]\s*)[^—–]{0,60}\(@\w{1,30}\)\s*(?:" + MONTHS_RE + r"\.? \d{1,2},? \d{4}|"
                                r"\d{1,2}\.? \w+\.? \d{4}|\d{4}-\d\d-\d\d)\s*$", re.I)),
    # a byline that opens the first sentence: "By Aaron Humes: The Americas cannot ..."
    ("byline", re.compile(r"^By [A-Z][\w.'’-]+(?: (?:[A-Z][\w.'’-]+|de|van|von|da|di|le|la)){1,3}\s*[:|]\s+(?=[A-Z“\"])")),
)
# a literal every match of an in-line rule contains: the regex runs only on lines that have it
_INLINE_NEEDLES: dict[re.Pattern[str], str] = {
    _INLINE_RULES[2][1]: ":", _INLINE_RULES[3][1]: "(", _INLINE_RULES[4][1]: "%", _INLINE_RULES[5][1]: "pic.twitter.com/",
    _INLINE_RULES[6][1]: "(@", _INLINE_RULES[7][1]: "By "}

# --- whole-line residue: the line goes -------------------------------------------------------------------
# Rules in _LINE_RULES apply to any line; those in _SHORT_LINE_RULES only to lines of at most _SHORT_WORDS
# words, because their phrases can occur inside real sentences, whereas the residue they name is short.
_SHORT_WORDS = 45
# a caption or credit line is at most this many words; a longer line is prose
CAPTION_MAX_WORDS = 60
_SHARE_NETS = alternation("clean/share_networks.lines")
_LINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("menu", re.compile(r"^(?:clock menu more-arrow|menu more-arrow|more-arrow|skip to (?:main )?content)\b", re.I)),
    ("menu", re.compile(r"^(?:filed under|tags?|topics?|categories|share this(?: story| article)?|share on \w+|"
                        r"advertisement|sponsored(?: content)?|print|email|tweet|comments?|(?:load |show |view |see )?more)\s*:?\s*$", re.I)),
    ("menu", re.compile(r"^(?:filed under|tagged(?: with)?|tags|topics|categories|posted in)\s*:\s*.{1,120}$", re.I)),
    ("teaser", re.compile(r"^(?:next|previous|more|read|related|recommended|watch|listen|trending|see also|also read|"
                          r"read more|read next|up next|more from [\w' ]{1,40}|most popular|you may also like)"
                          r"\s*[:|»›]\s*\S", re.I)),
    ("teaser", re.compile(r"^(?:more (?:from|on|about|in)|read more|read next|up next|you may also like|"
                          r"you might also like|most popular|most read|see also|also read|related (?:stories|articles|"
                          r"coverage|content|links|news)|recommended (?:for you|stories|reading)|more stories|"
                          r"editor'?s picks|trending now)\b(?=[^.!?]{0,100}$)", re.I)),
    ("byline", re.compile(r"^(?:by\s+)?[A-Z][\w.'’-]+(?: [A-Z][\w.'’-]+){0,3},\s*(?:[\w-]+\s+){0,2}(?:contributor|"
                          r"staff writer|correspondent|reporter|editor|writer|columnist)\s*$", re.I)),
    ("byline", re.compile(r"^By [A-Z][\w.'’-]+(?: (?:[A-Z][\w.'’-]+|de|van|von|da|di|le|la)){1,3}"
                          r"(?:\s*(?:,|and|&)\s*[A-Z][\w.'’-]+(?: [A-Z][\w.'’-]+){1,3})?$")),
    ("social_embed", re.compile(r"^(?:share|tweet|pin|post)?\s*(?:on |via |to )?" + _SHARE_NETS + r"(?:\s*[|,·/•]?\s*"
                                + _SHARE_NETS + r"){1,}\s*$", re.I)),
    ("photo_credit", re.compile(r"^(?:photo|image|picture|photograph|foto|bild)s?\s*(?:credit)?\s*[:©]\s*\S.{0,80}$|"
                                r"^(?:photos?|images?) (?:by|courtesy of) [^.]{1,80}$", re.I)),
    ("copyright", re.compile(r"^(?:©|\(c\)|copyright\s*(?:©|\(c\)|\d{4}\b))\s*(?:\d{4}\b)?[^.]{0,80}(?:\.\s*all rights reserved)?\.?$|"
                             r"^.{0,80}\ball rights reserved\.?$", re.I)),
)
_SHORT_LINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paywall", re.compile(r"(?:already a subscriber|subscribe (?:now|today)|to continue reading|log ?in to continue|"
                           r"create a free account|you have reached your (?:free )?(?:article )?limit|"
                           r"unlimited digital access|subscribe to (?:continue|keep) reading|subscribers? only|"
                           r"(?:available|reserved) (?:only )?(?:to|for) (?:paying )?(?:subscribers|members)|"
                           r"support (?:local|independent|quality) journalism|get unlimited access|"
                           r"start your (?:free )?trial|(?:sign|log) in to (?:read|continue|keep reading)|"
                           r"you(?:'ve| have) (?:read|used) (?:all )?(?:your |of your )?(?:\d+ )?free (?:articles|stories)|"
                           r"to read the (?:full|rest of the) (?:story|article)|subscribe for (?:just |only )?[$€£¢]?\d|"
                           # a promotion that ends on its button: "... delivered weekday mornings. SUBSCRIBE"
                           r"[.!?]\s+(?:subscribe|subscribe now|sign up|sign up now|join now|register now)\s*[.!]?$)",
                           re.I)),
    ("newsletter", re.compile(r"(?:sign up for our [\w' ]{0,40}(?:newsletter|briefing|bulletin|digest|alerts)|"
                              r"sign up for the [\w' ]{0,40}newsletter|"
                              r"get our [\w' ]{0,30}newsletter|subscribe to (?:our|the) [\w' ]{0,30}(?:newsletter|briefing)|"
                              r"(?:delivered|straight|directly|right) to your inbox|in your inbox|enter your e-?mail(?: address)?|"
                              r"newsletter sign[- ]?up|thanks? (?:you )?for signing up)", re.I)),
    ("photo_credit", re.compile(r"(?:^(?:photo|image|photograph|file photo)s?\b.{0,80}(?:ap|getty images|reuters|afp|"
                                r"associated press|shutterstock)\.?$)|(?:-usa today sports\s*$)|"
                                r"(?:^.{0,120}\b(?:getty images|ap photo|reuters/)\S*.{0,40}$)", re.I)),
    ("social_embed", re.compile(r"(?:a post shared by|view this post on instagram|^(?:follow|like) us on (?:twitter|"
                                r"facebook|instagram|x|tiktok|linkedin)|^click to (?:share|email|print)|"
                                r"embedded (?:tweet|video|content)|^loading (?:the )?(?:tweet|twitter content)|"
                                r"this (?:content|embed) is (?:hosted|provided) by (?:a )?third[- ]part(?:y|ies)|"
                                r"to view this (?:content|video|post),? (?:please )?(?:enable|accept|allow))", re.I)),
    ("cookie_notice", re.compile(r"(?:we use cookies|accept (?:all )?cookies|this (?:site|website) uses cookies|"
                                 r"by continuing to (?:use|browse) (?:this|our|the) (?:site|website)|"
                                 r"manage (?:cookie|privacy) (?:settings|preferences)|(?:our|read the|see the) cookie "
                                 r"(?:policy|notice)|^cookie (?:policy|settings|preferences|consent)\s*$|"
                                 r"we and our partners (?:use|store))", re.I)),
    ("crawl_notice", re.compile(r"(?:^this (?:page|snapshot|capture) (?:was|has been) (?:archived|captured|crawled)|"
                                r"^archived from the original|wayback machine|^retrieved from (?:the )?internet archive|"
                                r"^the internet archive (?:captured|crawled))", re.I)),
)


def _lowercase_twin(pat: re.Pattern[str]) -> re.Pattern[str] | None:
    """For a case-insensitive pattern written without capitals, the same pattern without re.I, to run on the
    lower-cased line: several times faster for long alternations, which re.I keeps from being optimised."""
    if not pat.flags & re.I or re.search(r"[A-Z]", re.sub(r"\\.", "", pat.pattern)):
        return None
    return re.compile(pat.pattern, pat.flags & ~re.I)


_TWINS: dict[re.Pattern[str], re.Pattern[str] | None] = {
    pat: _lowercase_twin(pat) for _, pat in _LINE_RULES + _SHORT_LINE_RULES}

# A line cut off by an ellipsis glued to its last word, with no clause or sentence break inside: a truncated
# caption or teaser ("Residents wait outside after the lifts stopped…"). A sentence that trails off ("and now
# I was…", "die ...") has a comma or a space before the dots.
_CAPTION = re.compile(r"^[A-Z][^.!?:;,\"“”]{30,200}[^\s.!?:;,\"“”](?:\.\.\.|…)$")
_ELLIPSIS_END = re.compile(r"\s*(?:\.\.\.|…)$")

# --- whole-document tests: the record is not an article --------------------------------------------------
NON_ARTICLE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("crawl_notice", re.compile(r"(?:Alexa Internet has been\s+donating (?:their )?crawl data|"
                                r"This crawl of online resources|Internet Archive'?s? (?:crawl|Wayback)|"
                                r"These crawls are part of an effort to archive pages)", re.I)),
    ("javascript_disabled", re.compile(r"(?:javascript (?:is )?(?:disabled|required|not enabled)|"
                                       r"(?:please )?enable javascript|you need to enable javascript|"
                                       r"your browser (?:does not|doesn't) support javascript)", re.I)),
    # an HTTP error page (at the top), or a hosting/DNS error served in place of the page (anywhere)
    ("error_page", re.compile(r"^(?:404\b|page not found|access denied|403 forbidden|service unavailable|"
                              r"the page you (?:requested|are looking for))|"
                              r"The IP address (?:for this domain )?(?:has|may have) changed|"
                              r"Check your DNS settings", re.I)),
    # a web archive's collection or partner page, not a captured article
    ("web_archive_listing", re.compile(r"Archive-It (?:Partner|collection)|using the Archive-It service", re.I)),
    # embedded-widget chrome captured instead of the post or video it wrapped
    ("social_widget", re.compile(r"Tweet with a location|When you tweet with a location|"
                                 r"Add this Tweet to your website", re.I)),
    ("video_widget", re.compile(r"interactive transcript could not be loaded|"
                                r"Rating is available when the video has been rented", re.I)),
    # a weather box: "High 58F. Winds ENE at 10 to 20 mph."
    ("weather_widget", re.compile(r"\b(?:High|Low) -?\d{1,3} ?°?[FC]\b\.?\s+Winds? (?:[NSEW]{1,3}|light|calm)\b")),
)

# a line that opens with its own day and a separator: an entry of a listing ("29.11.2022 | Bremen (dpa) - ...",
# "October 20: ACCIDENT - ...", "2023-11-02 - ...")
_DATED_ENTRY = re.compile(rf"^\W{{0,3}}(?:{FULL_DATE}|{DAY_DATE}|\d{{1,2}}\.\d{{1,2}}\.\d{{2,4}}|\d{{4}}-\d{{2}}-\d{{2}})"
                          rf"\s*[:|–—-]\s")
_LISTING_ENTRIES = 3  # dated entries holding a third of the words at least: a list of items, not a story (a block
# of dated links to related stories below an article holds far less)

# Words one of which every match of a rule above holds (case folded): a rule whose words are all absent is not run.
_NON_ARTICLE_NEEDLES = {
    "crawl_notice": ("crawl", "internet archive"),
    "javascript_disabled": ("javascript",),
    "error_page": ("404", "page not found", "access denied", "403 forbidden", "service unavailable", "the page you",
                   "the ip address", "check your dns"),
    "web_archive_listing": ("archive-it",),
    "social_widget": ("tweet",),
    "video_widget": ("interactive transcript", "rating is available"),
    "weather_widget": ("wind",),
}


@dataclass(frozen=True)
class Removal:
    """One piece of text taken out of an article, and why."""

    reason: str
    text: str


@dataclass
class CleanResult:
    """Cleaned text of one article plus every removal made, in order."""

    text: str
    removed: list[Removal] = field(default_factory=list)


# a hover card inside a sentence: a person's name, then the full name again glued to links to other stories, up to
# "MORE" ("President Trump Donald John TrumpMcMaster complained ... interview MORE has repeatedly ..."). The name
# written twice, the second time in full (given and middle names) and ending on the same surname, marks where the
# card begins.
_HOVER_CARD = re.compile(r"\b(?P<sur>[A-Z][a-z'’-]+)\s+(?P<card>(?:[A-Z][\w.'’()-]*\s+){2,3}(?P=sur)(?=\s?[A-Z])"
                         r"(?:(?!\bMORE\b).){1,600}?\bMORE\b)(?!\s*[A-Z]{2,}|:)")


def _without_hover_cards(text: str) -> tuple[str, list[Removal]]:
    """The line without its hover cards (each listed as a ``menu`` removal).

    >>> _without_hover_cards("Smith criticized President Trump Donald John Trump Airstrikes hit Syria air base "
    ...                      "MORE for bashing reporters.")[0]
    'Smith criticized President Trump for bashing reporters.'
    >>> _without_hover_cards("Robert Mueller Robert Swan MuellerSasse: applaud choice MORE’s probe")[0]
    'Robert Mueller’s probe'
    >>> _without_hover_cards("MORE NEWS: Trump Donald Trump said more.")[1]
    []
    """
    removed: list[Removal] = []
    if "MORE" not in text:
        return text, removed
    while (m := _HOVER_CARD.search(text)) is not None:
        removed.append(Removal("menu", m.group("card")))
        rest = text[m.end():]
        text = text[: m.start("card")].rstrip() + ("" if rest[:1] in "’'.,;:" else " ") + rest.lstrip()
    return text, removed


def clean_line(line: str) -> tuple[str, list[Removal]]:
    """Apply the in-line and whole-line rules to one line.

    Returns the kept text (empty when the whole line goes) and the removals.

    >>> clean_line("Unlimited Digital Access Only 49¢for 6 weeksMayor opens the new bridge")[0]
    'Mayor opens the new bridge'
    >>> clean_line("BP BP., +0.88% BP, +0.60% Chairman Carl-Henric Svanberg defended the pay package.")
    ('Chairman Carl-Henric Svanberg defended the pay package.', [Removal(reason='stock_quote', text='BP BP., +0.88% BP, +0.60%')])
    >>> clean_line("Shares in BP rose 0.88% on Monday.")[1]
    []
    >>> clean_line("Buena suerte in Mexico, Wally.Credit: AP / Stephen Smith")[0]
    'Buena suerte in Mexico, Wally.'
    >>> clean_line("Las Vegas manager Wally Backman during a game. Credit: AP / Stephen Smith")[1][0].reason
    'caption'
    >>> clean_line("Next: Mets name Noah Syndergaard as Opening Day starter")[1][0].reason
    'teaser'
    >>> clean_line("More than 2,300 people used the cooling centres on Tuesday.")[1]
    []
    >>> clean_line("Subscribe now for just $1 a week to keep reading the Gazette.")[0]
    ''
    >>> clean_line("FILE - In this June 14, 2012 file photo, the president speaks in Cleveland.")[1][0].reason
    'caption'
    >>> clean_line("By Aaron Humes: The Americas cannot ignore the risk, the director warns.")[0]
    'The Americas cannot ignore the risk, the director warns.'
    >>> clean_line("By Tuesday: The council must decide.")[1]
    []
    >>> clean_line("Story highlights Burt Reynolds went to a hospital")
    ('Burt Reynolds went to a hospital', [Removal(reason='menu', text='Story highlights')])
    """
    text, removed = _without_hover_cards(line.strip())
    for reason, pat in _INLINE_RULES:
        needle = _INLINE_NEEDLES.get(pat)
        m = pat.search(text) if needle is None or needle in text else None
        if m:
            if (reason == "photo_credit" and m.start() > 0 and m.group(0)[:1].isspace()
                    and m.end() >= len(text.rstrip(" .")) and len(words(text)) <= CAPTION_MAX_WORDS):
                # "... in Salt Lake City. Credit: AP": a whole caption. "...Wally.Credit: AP": a credit glued on.
                removed.append(Removal("caption", text))
                return "", removed
            removed.append(Removal(reason, m.group(0).strip()))
            text = (text[: m.start()] + " " + text[m.end():]).strip()
    if not text:
        return "", removed
    n_words = len(words(text))
    if removed and removed[-1].reason == "paywall" and n_words <= 6 and not text[:1].isupper():
        # what a paywall prompt leaves when cut from a line of its own: "to keep reading Bayline News."
        removed.append(Removal("paywall", text))
        return "", removed
    rules = _LINE_RULES + _SHORT_LINE_RULES if n_words <= _SHORT_WORDS else _LINE_RULES
    low = text.lower()
    for reason, pat in rules:
        twin = _TWINS.get(pat)
        if twin.search(low) if twin is not None else pat.search(text):
            removed.append(Removal(reason, text))
            return "", removed
    if n_words >= 8 and _CAPTION.match(text):
        removed.append(Removal("caption", text))
        return "", removed
    if n_words > CAPTION_MAX_WORDS and opens_with_bar(text):
        removed.append(Removal("menu", text))  # a gallery or player widget, captions and all
        return "", removed
    if n_words <= CAPTION_MAX_WORDS:
        kind = furniture(text)
        if kind is not None:
            removed.append(Removal(_FURNITURE_REASON[kind], text))
            return "", removed
    bare = without_highlights(text)
    if bare != text:
        removed.append(Removal("menu", text[: len(text) - len(bare)].strip()))
    return bare, removed


# the reasons under which the rejects table lists each kind of page furniture
_FURNITURE_REASON = {"caption": "caption", "credit": "photo_credit", "bar": "menu", "stamp": "timestamp",
                     "heading": "heading", "pitch": "paywall", "spam": "spam"}


def title_residue(title: str | None) -> str | None:
    """Why a title is no headline: page furniture by its shape
    (:func:`~storyline.core.text.furniture.residue_title`), or a line the cleaning rules would remove.

    >>> title_residue("Sign up for our daily newsletter today")
    'newsletter'
    >>> title_residue("This story appears in the May 2, 2019 issue of the Ledger. Subscribe")
    'paywall'
    >>> title_residue("Council backs fare rise after a long debate") is None
    True
    """
    why = residue_title(title)
    if why is None and title:
        kept, removed = clean_line(title)
        if not kept and removed:
            return removed[-1].reason
    return why


def clean_text(text: str) -> CleanResult:
    """Clean a whole article, line by line. Paragraph breaks are kept as single newlines.

    A line cut off with an ellipsis whose words open the next line (a truncated caption or teaser above its
    full version) goes too, as a ``caption``.

    >>> r = clean_text("clock menu more-arrow no yes mobile\\n\\nFiled under:\\n\\nThe Mets fired him.")
    >>> r.text, [x.reason for x in r.removed]
    ('The Mets fired him.', ['menu', 'menu'])
    >>> clean_text("Crews clear the harbour...\\nCrews clear the harbour wall on Friday.").text
    'Crews clear the harbour wall on Friday.'
    >>> clean_text("A woman waves a flag at a rally in Cairo's Nasr City area.\\nThe army said talks would go on.\\n"
    ...            "July 31, 2013 A woman waves a flag at a rally in Cairo's Nasr City area.").text
    'The army said talks would go on.'
    """
    kept: list[str] = []
    removed: list[Removal] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not raw.strip():
            continue
        line, rm = clean_line(normalize_ws(raw))
        removed.extend(rm)
        if line:
            kept.append(line)
    # a caption repeated without its date or marker (above the picture and again below it) is the caption too
    captions = {_caption_body(r.text) for r in removed if r.reason == "caption"} - {""}
    out: list[str] = []
    for i, line in enumerate(kept):
        stem = _ELLIPSIS_END.sub("", line) if _ELLIPSIS_END.search(line) else None
        if (stem and len(words(stem)) >= 3 and i + 1 < len(kept) and kept[i + 1].startswith(stem)) or (
                captions and fold_for_hash(line) in captions):
            removed.append(Removal("caption", line))
            continue
        out.append(line)
    return CleanResult("\n".join(out), removed)


def _caption_body(text: str) -> str:
    """A removed caption's own words, without the date glued before them, folded; "" when too short to match."""
    body = without_picture_date(text)
    return fold_for_hash(body) if len(words(body)) >= 6 else ""


def non_article_reason(text: str) -> str | None:
    """Why a record's text is not a news article, or None when it looks like one.

    Only the first 2,000 characters are looked at: notices sit at the top, and a long article that merely
    quotes one must not be rejected.

    >>> non_article_reason("This crawl of online resources of the city archive was made in 2019.")
    'crawl_notice'
    >>> non_article_reason("The Mets said on Tuesday that their manager had resigned.") is None
    True
    """
    if not text or not text.strip():
        return "empty"
    head = text[:2000]
    folded = head.casefold()
    n_words = len(words(text))
    for reason, pat in NON_ARTICLE_RULES:
        if n_words >= 400 and reason != "crawl_notice":
            continue
        if any(n in folded for n in _NON_ARTICLE_NEEDLES[reason]) and pat.search(head):
            return reason
    return None


def listing(text: str) -> bool:
    """A cleaned text whose lines are entries each with its own date (a press desk's list of releases, a police
    blotter): a listing of items, not one story. A block of dated links to related stories below an article is no
    listing: its short lines hold a small part of the words.

    >>> listing("The following are the reports.\\nOctober 20: ACCIDENT - A car hit a deer.\\n"
    ...         "October 20: ARRESTS - A man was arrested.\\nOctober 21: ACCIDENT - A van hit a post.")
    True
    >>> listing("October 20: The council met.\\nIt voted to close the depot.\\nThe mayor objected.")
    False
    >>> listing("The council voted on Monday to close the old depot, which has stood empty since the spring floods. "
    ...         "The mayor objected, saying the town would need it again.\\nMay 18: Depot floods\\n"
    ...         "Aug. 1: Mayor visits\\nJuly 31: Council meets")
    False
    """
    lines = [ln for ln in text.splitlines() if ln.strip()]
    entries = [ln for ln in lines if _DATED_ENTRY.match(ln)]
    n_entries, n_all = sum(len(ln.split()) for ln in entries), sum(len(ln.split()) for ln in lines)
    return len(entries) >= _LISTING_ENTRIES and 3 * n_entries >= n_all
