"""Residue removal: the rules for what scrapers leave in article text, and the tests for non-articles.

Every removal carries a reason, so that the pipeline can count it and keep it in the ``rejects`` table.
Corpus-learned boilerplate (lines that recur across many articles) is found by the Spark stage; the helpers
it needs (:func:`line_key`, :func:`is_boilerplate_candidate`) live here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from storyline.core.text import fold_for_hash, normalize_ws, stable_id, words

# --- in-line residue: removed from inside a line, the rest of the line is kept -------------------------------
_INLINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("paywall", re.compile(r"Unlimited Digital Access\s*(?:Only)?\s*\d+\s*[¢$€£]\s*for\s*\d+\s*(?:weeks?|months?)", re.I)),
    ("paywall", re.compile(r"(?:Subscribe|Sign up) (?:now|today) for (?:just|only) [^.]{0,40}?(?:month|week|year)s?\.?", re.I)),
    ("photo_credit", re.compile(r"\s*\b(?:Photo |Image )?Credits?:\s*[A-Z][\w.'’ -]{0,40}(?:\s*/\s*[A-Z][\w.'’ -]{0,40})?\s*$")),
    ("photo_credit", re.compile(r"\s*\((?:Photo|Image|Picture)(?: by|:)[^)]{0,80}\)", re.I)),
)

# --- whole-line residue: the line goes -------------------------------------------------------------------
_LINE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("menu", re.compile(r"^(?:clock menu more-arrow|menu more-arrow|more-arrow|skip to (?:main )?content)\b", re.I)),
    ("menu", re.compile(r"^(?:filed under|tags?|topics?|categories|share this(?: story| article)?|share on \w+|"
                        r"advertisement|sponsored(?: content)?|print|email|tweet|comments?)\s*:?\s*$", re.I)),
    ("teaser", re.compile(r"^(?:next|previous|more from|read more|related|see also|also read|recommended|"
                          r"you may also like|watch|more|trending|up next|most popular|read next)\b\s*[:|»›-]?\s*\S", re.I)),
    ("paywall", re.compile(r"(?:already a subscriber|subscribe (?:now|today)|to continue reading|log ?in to continue|"
                           r"create a free account|you have reached your (?:free )?(?:article )?limit|"
                           r"unlimited digital access)", re.I)),
    ("newsletter", re.compile(r"(?:sign up for (?:our|the) [\w ]{0,30}newsletter|get our newsletter|"
                              r"subscribe to our newsletter)", re.I)),
    ("photo_credit", re.compile(r"(?:^(?:photo|image|photograph|file photo)s?\b.{0,80}(?:ap|getty images|reuters|afp|"
                                r"associated press|shutterstock)\.?$)|(?:-USA TODAY Sports\s*$)|"
                                r"(?:^.{0,120}\b(?:Getty Images|AP Photo|Reuters/)\S*.{0,40}$)", re.I)),
    ("social_embed", re.compile(r"(?:pic\.twitter\.com/|a post shared by|— .{1,60}\(@\w+\)|"
                                r"^\(@\w+\) (?:january|february|march|april|may|june|july|august|september|"
                                r"october|november|december))", re.I)),
    ("byline", re.compile(r"^(?:by\s+)?[A-Z][\w.'’-]+(?: [A-Z][\w.'’-]+){0,3},\s*(?:contributor|staff writer|"
                          r"correspondent|reporter|editor)\s*$", re.I)),
    ("caption", re.compile(r"^.{5,160}(?:\.\.\.|…)$")),
    ("cookie_notice", re.compile(r"(?:we use cookies|accept (?:all )?cookies|cookie policy)", re.I)),
)

# --- whole-document tests: the record is not an article --------------------------------------------------
_NON_ARTICLE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("crawl_notice", re.compile(r"(?:Alexa Internet has been donating (?:their )?crawl data|"
                                r"This crawl of online resources|Internet Archive'?s? (?:crawl|Wayback)|"
                                r"These crawls are part of an effort to archive pages)", re.I)),
    ("javascript_disabled", re.compile(r"(?:javascript (?:is )?(?:disabled|required|not enabled)|"
                                       r"(?:please )?enable javascript|you need to enable javascript|"
                                       r"your browser (?:does not|doesn't) support javascript)", re.I)),
    ("error_page", re.compile(r"^(?:404\b|page not found|access denied|403 forbidden|service unavailable|"
                              r"the page you (?:requested|are looking for))", re.I)),
)


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


def clean_line(line: str) -> tuple[str, list[Removal]]:
    """Apply the in-line and whole-line rules to one line.

    Returns the kept text (empty when the whole line goes) and the removals.

    >>> clean_line("Unlimited Digital AccessOnly 25¢for 5 monthsWally Backman finds a job")[0]
    'Wally Backman finds a job'
    >>> clean_line("Buena suerte in Mexico, Wally.Credit: AP / Stephen Smith")[0]
    'Buena suerte in Mexico, Wally.'
    >>> clean_line("Las Vegas manager Wally Backman during a game. Credit: AP / Stephen Smith")[1][0].reason
    'caption'
    >>> clean_line("Next: Mets name Noah Syndergaard as Opening Day starter")[1][0].reason
    'teaser'
    """
    removed: list[Removal] = []
    text = line.strip()
    for reason, pat in _INLINE_RULES:
        m = pat.search(text)
        if m:
            if reason == "photo_credit" and m.start() > 0 and m.group(0)[:1].isspace():
                # "... in Salt Lake City. Credit: AP": a whole caption. "...Wally.Credit: AP": a credit glued on.
                removed.append(Removal("caption", text))
                return "", removed
            removed.append(Removal(reason, m.group(0).strip()))
            text = (text[: m.start()] + " " + text[m.end():]).strip()
    if not text:
        return "", removed
    for reason, pat in _LINE_RULES:
        if pat.search(text):
            removed.append(Removal(reason, text))
            return "", removed
    return text, removed


def clean_text(text: str) -> CleanResult:
    """Clean a whole article, line by line. Paragraph breaks are kept as single newlines.

    >>> r = clean_text("clock menu more-arrow no yes mobile\\n\\nFiled under:\\n\\nThe Mets fired him.")
    >>> r.text, [x.reason for x in r.removed]
    ('The Mets fired him.', ['menu', 'menu'])
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
    return CleanResult("\n".join(kept), removed)


def non_article_reason(text: str) -> str | None:
    """Why a record's text is not a news article, or None when it looks like one.

    Only the first 2,000 characters are looked at: notices sit at the top, and a long article that merely
    quotes one must not be rejected.

    >>> non_article_reason("Alexa Internet has been donating their crawl data to the Internet Archive.")
    'crawl_notice'
    >>> non_article_reason("The Mets said on Tuesday that their manager had resigned.") is None
    True
    """
    if not text or not text.strip():
        return "empty"
    head = text[:2000]
    n_words = len(words(text))
    for reason, pat in _NON_ARTICLE_RULES:
        if pat.search(head) and (n_words < 400 or reason == "crawl_notice"):
            return reason
    return None


def binary_reason(raw: bytes) -> str | None:
    """'binary' when bytes are clearly not text (NULs or many control characters), else None.

    >>> binary_reason(b"\\x00\\x01\\x02PK\\x03\\x04" * 50)
    'binary'
    >>> binary_reason("Plain text, café.".encode()) is None
    True
    """
    sample = raw[:8192]
    if not sample:
        return None
    if b"\x00" in sample:
        return "binary"
    ctrl = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    return "binary" if ctrl / len(sample) > 0.05 else None


def decode_bytes(raw: bytes, declared: str | None = None) -> tuple[str, str | None]:
    """Decode bytes as text. Returns (text, reason) where reason is 'invalid_utf8' when too much was lost.

    Tries the declared charset, then UTF-8, then cp1252; a handful of bad bytes are replaced rather than
    rejected.

    >>> decode_bytes("café".encode("utf-8"))
    ('café', None)
    >>> decode_bytes("café".encode("cp1252"))
    ('café', None)
    """
    for enc in ([declared] if declared else []) + ["utf-8"]:
        try:
            return raw.decode(enc), None
        except (LookupError, UnicodeDecodeError):
            continue
    try:
        text = raw.decode("cp1252")
        return text, None
    except UnicodeDecodeError:
        pass
    text = raw.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    return text, ("invalid_utf8" if bad > max(8, len(text) // 100) else None)


def line_key(line: str) -> str:
    """The key under which a line is counted across the corpus to learn boilerplate.

    >>> line_key("Read MORE  at Example.com!") == line_key("read more at example.com")
    True
    """
    return stable_id("line", fold_for_hash(line))


def is_boilerplate_candidate(line: str, max_words: int) -> bool:
    """Only short lines can be learned as boilerplate: syndicated copies share long paragraphs legitimately.

    >>> is_boilerplate_candidate("Share this article", 30)
    True
    >>> is_boilerplate_candidate(" ".join(["word"] * 40), 30)
    False
    """
    n = len(words(line))
    return 0 < n <= max_words


_TERMINAL = re.compile(r"[.!?…\"'”’)\]]$")
_URLISH = re.compile(r"(?:https?://|www\.|\.com/|@\w{2,})", re.I)


def sentence_flags(sentence: str) -> list[str]:
    """Reasons a sentence should not appear in a summary (empty list: it may).

    >>> sentence_flags("Did Backman really contradict himself in that interview?")
    ['question']
    >>> sentence_flags("Backman, 56, had spent the last seven years in the Mets' minor-league system.")
    []
    """
    flags = []
    s = sentence.strip()
    n = len(words(s))
    if n < 6:
        flags.append("short")
    if n > 80:
        flags.append("long")
    if s.endswith("?"):
        flags.append("question")
    if not _TERMINAL.search(s):
        flags.append("no_terminal_punct")
    if _URLISH.search(s):
        flags.append("url")
    letters = [c for c in s if c.isalpha()]
    if letters and sum(c.isupper() for c in letters) / len(letters) > 0.6:
        flags.append("shouting")
    if re.match(r"^(?:click|tap|subscribe|sign up|follow us|share|download)\b", s, re.I):
        flags.append("call_to_action")
    if s.count("“") + s.count('"') == 1 and n < 12:
        flags.append("fragment")
    return flags
