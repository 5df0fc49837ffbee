"""Sentences: offline splitting with character offsets (nupunkt's pretrained Punkt model, no downloads), whether a
sentence is summary material (:func:`sentence_flags`: questions, teasers, fragments, credits, pointers to the page),
and tidying one for display (:func:`tidy_sentence`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from storyline.core.text.clean import CAPTION_MAX_WORDS, MONTHS_RE
from storyline.core.text.furniture import PAST_OR_SPEECH, credit_inside, furniture
from storyline.core.text.language import writes_ordinals_with_a_stop
from storyline.core.text.text import SPEECH_VERBS, STOPWORDS, word_lemmas, words
from storyline.lexicon import alternation

# Scrapers glue paragraphs together: "...and beyond.Researchers said", "... es erfahren.Während Sie ...": two small
# letters, a stop, a capital and a small letter, in any alphabet (:func:`_glued`). Split there too.
_GLUED = re.compile(r"(?<=[^\W\d_]{2}[.!?])(?=[^\W\d_]{2})")


def _glued(piece: str) -> list[int]:
    """Where a stop ends a sentence that the next runs into with no space, as the tokenizer splits it.

    >>> _glued("sie werden es erfahren.Während Sie schlendern. Mehr bei ContentAward.at, im U.S.Army")
    [23]
    """
    return [m.start() for m in _GLUED.finditer(piece) if piece[m.start() - 3:m.start() - 1].islower()
            and piece[m.start()].isupper() and piece[m.start() + 1].islower()]


# A title before a name ("St. John", "Dr. Kaur"): never the end of a sentence, whatever the next word's capital
# says. A closed class, as a tokenizer's list of proclitic abbreviations is.
_TITLE_END = re.compile(r"(?:^|[\s(\"“])" + alternation("sentences/title_abbreviations.lines") + r"\.$")


# an ordinal written as a number and a stop ("Am 5. | November", "Zum 100. | Geburtstag"), as German and many
# languages write it: a stop after a number that ends a piece too short to be a sentence, or any such stop before a
# word in a text of such a language ("Die Impforte werden am 28. | Februar geschlossen.")
_ORDINAL_END = re.compile(r"(?:^|\s)\d{1,3}\.$")
_ORDINAL_INSIDE = re.compile(r"(?:^|\s)\d{1,3}\.\s+\w")


# a quotation that ends on a question or an exclamation: '... during those wars?"'
_QUOTE_ASKED = re.compile(r"[?!][\"”’']$")


_TAG_WORDS = 12  # the longest clause that only says who spoke and where ("Carson, who lives in Chicago, told TODAY.")


def _speech_tag(piece: str) -> bool:
    """A short piece that only says who spoke: a few words without a quotation mark, one of them a verb in lower
    case ("Bannon asked.", "she wondered aloud.", "the coach told reporters."), or a clause of a verb of saying
    ("Brown writes on his Kickstarter page.").

    >>> _speech_tag("Brown writes on his Kickstarter page."), _speech_tag("The answer is simple and cheap to build.")
    (True, False)
    """
    words = piece.rstrip(".").split()
    if not (0 < len(words) <= _TAG_WORDS and piece.endswith(".") and not re.search(r"[\"“”]", piece)):
        return False
    lower = [w.strip(",;") for w in words if w.islower()]
    return any(w in SPEECH_VERBS for w in lower) or (
        len(words) <= 4 and any("VERB" in word_lemmas(w) for w in lower))


def _continues(before: str, after: str, ordinals: bool = False) -> bool:
    """Whether a split between two pieces of one paragraph falls inside a sentence: after a title before a name,
    before a word in small letters (a stop that ended an abbreviation: "z.B. | zwei", "bzw. | was"), after an
    ordinal ("Am 5. | November 2021"; "Zum 100. | Geburtstag"), inside brackets (the first opens one the second
    closes), or between a quoted question or exclamation and who said it ('"... those wars?" | Bannon
    asked.'). ``ordinals``: the text's language writes ordinals with a stop, so any number and stop before a word is
    one."""
    if _TITLE_END.search(before):
        return True
    if ordinals and _ORDINAL_END.search(before) and after[:1].isalpha():
        return True
    if _QUOTE_ASKED.search(before) and _speech_tag(after):
        return True
    if _ORDINAL_END.search(before) and len(_last_clause(before).split()) <= 2:
        return True
    first = after.split()[0] if after.split() else ""
    if before.endswith(".") and first[:1].isalpha() and first == first.lower() and first != first.upper():
        # no sentence opens on a small letter: the stop ended an abbreviation ("bzw. | was", "13 tys. | mil")
        return True
    return (before.count("(") > before.count(")") and after.count(")") > after.count("(")) or \
        (before.count("[") > before.count("]") and after.count("]") > after.count("["))


_STOP_INSIDE = re.compile(r"(?<=[a-z]{2}[.!?])\s+(?=[A-ZÄÖÜ])")


def _last_clause(text: str) -> str:
    """What follows the last sentence stop inside ``text`` ("alt. | Zum 100."), or all of it."""
    cut = [m.end() for m in _STOP_INSIDE.finditer(text)]
    return text[cut[-1]:] if cut else text


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


@lru_cache(maxsize=1)
def _splitter():
    # nupunkt: imported with the splitter, once per process
    import nupunkt

    return nupunkt.sent_spans


def split_sentences(text: str) -> list[Span]:
    """Split text into sentences; paragraphs (newlines) are hard boundaries.

    Offsets index into ``text``, so ``text[s.start:s.end] == s.text`` for every span.

    >>> [s.text for s in split_sentences("Mr. Backman left. He was fired.\\nA new line starts here")]
    ['Mr. Backman left.', 'He was fired.', 'A new line starts here']
    >>> [s.text for s in split_sentences("It is overdue and beyond.Researchers said so.")]
    ['It is overdue and beyond.', 'Researchers said so.']
    >>> s = split_sentences("One. Two.")[1]; (s.start, s.end)
    (5, 9)
    >>> [s.text for s in split_sentences("Relics of St. John were found. The lead tube (from St. John the "
    ...                                    "Theologian) is tiny.")]
    ['Relics of St. John were found.', 'The lead tube (from St. John the Theologian) is tiny.']
    >>> [s.text for s in split_sentences("Am 5. November 2021 wird sie 100 Jahre alt. Zum 100. Geburtstag erscheint "
    ...                                    "ein Film.")]
    ['Am 5. November 2021 wird sie 100 Jahre alt.', 'Zum 100. Geburtstag erscheint ein Film.']
    >>> [s.text for s in split_sentences("The toll rose to 14. Rescuers left.")]
    ['The toll rose to 14.', 'Rescuers left.']
    >>> [s.text for s in split_sentences("Die Impforte werden am 28. Februar 2022 geschlossen. Ab 1. März gilt der "
    ...                                    "neue Plan, sagte die Sprecherin der Direktion am Montag in Bern.")]
    ['Die Impforte werden am 28. Februar 2022 geschlossen.', 'Ab 1. März gilt der neue Plan, sagte die Sprecherin der Direktion am Montag in Bern.']
    >>> [s.text for s in split_sentences('"Where were the Romneys during those wars?" Bannon asked. He left.')]
    ['"Where were the Romneys during those wars?" Bannon asked.', 'He left.']
    """
    spans: list[Span] = []
    split = _splitter()
    ordinals = bool(_ORDINAL_INSIDE.search(text)) and writes_ordinals_with_a_stop(text)
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            for a0, b0 in split(para):
                cuts = [a0] + [a0 + k for k in _glued(para[a0:b0])] + [b0]
                for a, b in zip(cuts, cuts[1:]):
                    seg = para[a:b]
                    lead = len(seg) - len(seg.lstrip())
                    trail = len(seg.rstrip())
                    if trail <= lead:
                        continue
                    start, end = pos + a + lead, pos + a + trail
                    if spans and spans[-1].start >= pos and _continues(spans[-1].text, seg[lead:trail], ordinals):
                        prev = spans.pop()  # one sentence after all: the pieces are joined with what lies between
                        start = prev.start
                        tail = _last_clause(prev.text)
                        if _ORDINAL_END.search(prev.text) and len(tail) < len(prev.text):
                            # the piece held a sentence before the ordinal's ("... alt. | Zum 100."): it stays whole
                            start = prev.start + len(prev.text) - len(tail)
                            head = text[prev.start:start].rstrip()
                            spans.append(Span(prev.start, prev.start + len(head), head))
                    spans.append(Span(start, end, text[start:end]))
        pos += len(para) + 1
    return spans


# a line that announces what follows instead of stating a fact: "Here is what owners need to know."
_SIGNPOST = re.compile(r"^(?:here(?:'s|’s|\s+is|\s+are)|below\s+(?:is|are)|the\s+following\s+(?:is|are))\s+"
                       r"(?:what|how|why|where|who|when|a\s+look|the\s+(?:details|latest|key|main|full|timeline|list))\b",
                       re.I)
# a line that points to what follows it on the page ("Below is the full text:", "Watch the video:")
_POINTER = re.compile(r"^(?:below|here|the following|read|watch|see|listen|view|click|check out)\b", re.I)
_TERMINAL = re.compile(r"[.!?…\"'”’)\]]$")
_URLISH = re.compile(r"(?:https?://|www\.|\.com/|@\w{2,})", re.I)


# words after an imperative that address the reader or the page ("View all ...", "Get our ...", "Read more")
_READER_WORDS = frozenset("all our your more this my us".split())
_NEVER = frozenset("never don't don’t".split())  # a negated imperative opens so (negation: a closed class)
_QUOTE_MARKS = re.compile(r"[“”\"‘’]")


def _to_the_reader(s: str, n: int) -> bool:
    """A short sentence that tells the reader to do something: a verb in its bare form, then a word that points at
    the reader or the page ("View all New York Times newsletters.", "Send us a tip", "Learn more at ..."). A quote
    ("Let us ...") is someone speaking, not the page.

    >>> _to_the_reader("View all New York Times newsletters.", 6), _to_the_reader("Follow my journey here.", 4)
    (True, True)
    >>> _to_the_reader("Police said all roads were closed.", 6), _to_the_reader("While this is welcome, it is not enough.", 8)
    (False, False)
    >>> _to_the_reader("Never miss the latest news by signing up to our newsletter today!", 12)
    True
    >>> _to_the_reader("Never underestimate how hard our players worked, he said.", 9)
    False
    """
    if n > 14 or _QUOTE_MARKS.search(s):
        return False
    parts = s.split(None, 2)
    if len(parts) < 2 or not parts[0][:1].isupper() or parts[0].endswith(":") or not parts[1][:1].isalpha():
        return False
    verb, after = parts[0].strip(".,;!").lower(), parts[1].strip(".,;!").lower()
    if n <= 12 and after in _READER_WORDS and verb not in STOPWORDS and verb in word_lemmas(verb).get("VERB", ()):
        return True
    # "Never miss the latest news by signing up to our newsletter today!": a negated imperative, and the page's own
    # "our" or the reader's "your" further on, with nothing said or done in the past
    rest = [w.strip(".,;!").lower() for w in s.split()[2:]]
    return (verb in _NEVER and after in word_lemmas(after).get("VERB", ()) and bool({"our", "your"} & set(rest))
            and not PAST_OR_SPEECH.search(s))


def sentence_flags(sentence: str) -> list[str]:
    """Reasons a sentence should not appear in a summary (empty list: it may).

    >>> sentence_flags("Did Backman really contradict himself in that interview?")
    ['question']
    >>> sentence_flags("Backman, 56, had spent the last seven years in the Mets' minor-league system.")
    []
    >>> sentence_flags("Here is what owners need to know.")
    ['signpost']
    >>> sentence_flags("Below is Hillary Clinton's opening statement to the House Committee on Benghazi:")
    ['no_terminal_punct', 'signpost']
    """
    return list(_flags(sentence))


@lru_cache(maxsize=1 << 15)  # a story's sentences are checked by claims, timeline and summary alike
def _flags(sentence: str) -> tuple[str, ...]:
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
    if s.endswith(":") and _POINTER.match(s):
        flags.append("signpost")  # "Below is her opening statement:": what it points to is not in it
    if _URLISH.search(s):
        flags.append("url")
    letters = sum(map(str.isalpha, s))
    if letters and sum(map(str.isupper, s)) / letters > 0.6:
        flags.append("shouting")
    if re.match(r"^(?:click|tap|subscribe|sign up|follow us|share|download)\b", s, re.I) or _to_the_reader(s, n):
        flags.append("call_to_action")
    if (s.count("“") + s.count('"') == 1 and n < 12) or s[:1] in ")]},;:":
        flags.append("fragment")  # an unpaired quote, or the tail of a sentence split inside its brackets
    if n <= 14 and _SIGNPOST.match(s):
        flags.append("signpost")
    if (n <= CAPTION_MAX_WORDS or credit_inside(s)) and furniture(s):
        flags.append("furniture")
    return tuple(flags)


# ------------------------------------------------------------------------------------------ sentence tidying

# "WEXBRIDGE, Aug 19 (Meridian Wire) - ", "WASHINGTON — ", "LONDON (Reuters) -": a dateline and outlet tag; a section
# label in capitals before a bar ("THE FACT CHECKER | ")
_DATELINE = re.compile(
    r"^(?:[A-Z][A-Z.'’-]+(?:\s+[A-Z][A-Z.'’-]+){0,3}(?:,\s*[A-Z][A-Za-z.]+(?:\s+[A-Z][A-Za-z.]+)?)?"
    r"(?:,\s*(?i:" + MONTHS_RE + r")\.?\s+\d{1,2})?\s*(?:\([^()]{1,40}\))?|\([^()]{1,40}\))"
    r"\s*(?:[-—–]+\s+|[—–]+|--|\|\s*)")
# an outlet's tag before the first sentence, with its dateline or without, and no dash: "(CNN) It was ...",
# "Seoul, South Korea (CNN) North Korea ..."
_OUTLET_TAG = re.compile(r"^(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3},\s*(?:[A-Z][\w.'’-]*\s*){1,3})?"
                         r"\((?:[A-Z][\w.&'’-]*\s?){1,3}\)\s*(?:(?:--|[-—–])\s*)?(?=[A-Z\"“])")
# a dateline of two or more cities in capitals, joined by slashes, before a comma: "PRETORIA/KHARTOUM, Sudanese ..."
_CITIES = re.compile(r"^[A-Z]{3,}(?:\s[A-Z]{3,})?(?:/[A-Z]{3,}(?:\s[A-Z]{3,})?)+,?\s+(?=[A-Z])")
# a date stamp before the first sentence: "September 5, 2014: Maintaining strong relationships ..."
_DATE_STAMP = re.compile(r"^(?:" + MONTHS_RE + r")\.?\s+\d{1,2},\s+\d{4}:\s+(?=[A-Z])", re.I)
# caption or credit text glued to the sentence: "Terry Collins polaroidWally Backman was ..."
_GLUE = re.compile(r"\b[a-z]{4,}(?=[A-Z][a-z])")
_OPEN_Q, _CLOSE_Q = "“", "”"
_QUOTE_MARK = re.compile('[“”"]')


# a live blog's time stamp before an entry: "21:10 - ", "10.42am: ", "8:15 p.m. ET —"
_LIVE_STAMP = re.compile(r"^\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?\s*)?(?:[A-Z]{2,4}\s*)?[-—–:|]\s+(?=[A-Z\"“‘'])")


# a list item's marker: "* He said ...", "• Sales rose", "- The vote ..." (a symbol, not a word)
_LIST_MARK = re.compile(r"^[*•·▪►‣◦-]\s+(?=\S)")


def tidy_sentence(text: str) -> str:
    """A sentence as a summary may print it: dateline and outlet tag, caption glue and unbalanced quote marks removed.

    >>> tidy_sentence("WEXBRIDGE, Aug 19 (Meridian Wire) - Wexbridge Rovers coach Tomas Varga has resigned.")
    'Wexbridge Rovers coach Tomas Varga has resigned.'
    >>> tidy_sentence("WASHINGTON — The Senate voted on Tuesday.")
    'The Senate voted on Tuesday.'
    >>> tidy_sentence("NEW YORK—The board met."), tidy_sentence("SYCAMORE, Ill. --A judge ruled."), tidy_sentence(
    ...     "NATO-Russia talks resumed.")
    ('The board met.', 'A judge ruled.', 'NATO-Russia talks resumed.')
    >>> tidy_sentence("THE FACT CHECK | Senator Ann Reed said the port had never been audited.")
    'Senator Ann Reed said the port had never been audited.'
    >>> tidy_sentence("Terry Collins polaroidWally Backman was named manager in 2010.")
    'Wally Backman was named manager in 2010.'
    >>> tidy_sentence('He was told at nine that a statement was written," agent Paolo Renzi said.')
    '"He was told at nine that a statement was written," agent Paolo Renzi said.'
    >>> tidy_sentence("“We will rebuild this town, street by street.")
    '“We will rebuild this town, street by street.”'
    >>> tidy_sentence("We are shattered.”")
    '“We are shattered.”'
    >>> tidy_sentence("The U.S. — and Canada — agreed.")
    'The U.S. — and Canada — agreed.'
    >>> tidy_sentence("21:10 - The opposition says libraries will close.")
    'The opposition says libraries will close.'
    >>> tidy_sentence("(CNN) It was an oddly familiar scene."), tidy_sentence("Seoul, South Korea (CNN) Rain fell.")
    ('It was an oddly familiar scene.', 'Rain fell.')
    >>> tidy_sentence("Salahuddin, Libya (CNN) -- It's a harrowing story."), tidy_sentence(
    ...     "PRETORIA/KHARTOUM, Sudan's president flew home."), tidy_sentence("September 5, 2014: Sales rose.")
    ("It's a harrowing story.", "Sudan's president flew home.", 'Sales rose.')
    >>> tidy_sentence("NASA/ESA, the agencies, agreed."), tidy_sentence("NASA, the agency, agreed.")
    ('NASA/ESA, the agencies, agreed.', 'NASA, the agency, agreed.')
    >>> tidy_sentence("* He said up to 60 people were killed."), tidy_sentence("- 1.Mix the flour.")
    ('He said up to 60 people were killed.', '1.Mix the flour.')
    """
    s = _LIST_MARK.sub("", _LIVE_STAMP.sub("", text.strip()))
    m = _DATELINE.match(s)
    if m and m.end() < len(s) and sum(c.isupper() for c in m.group(0)) >= 3 and s[m.end():][:1].isupper():
        head = m.group(0)
        caps = re.sub(r"\([^()]*\)|,.*", "", head)
        if caps.strip(" -—–").replace(" ", "").replace(".", "").isupper() or head.startswith("("):
            s = s[m.end():]
    else:
        s = _DATE_STAMP.sub("", _CITIES.sub("", _OUTLET_TAG.sub("", s)))
    g = _GLUE.search(s)
    if g and len(s[: g.start()].split()) <= 8 and not re.search(r"[.!?,;:]", s[: g.end()]):
        s = s[g.end():]
    return balance_quotes(s)


def quotation_joined(before: str, after: str) -> str:
    """Two sentences of one quotation, the second read on from the first: the closing mark that ends ``before`` and
    the opening one of the same style that starts ``after`` (those :func:`balance_quotes` gives each piece of a
    quotation cut in two, or a writer's marks between two paragraphs of it) dropped, so the quotation reads whole.

    >>> quotation_joined('“Our prayers are with all those impacted.”', '“The state stands ready.”')
    '“Our prayers are with all those impacted. The state stands ready.”'
    >>> quotation_joined('"It is a hard day."', '“We will rebuild.”')
    '"It is a hard day." “We will rebuild.”'
    """
    if (before[-1:], after[:1]) in ((_CLOSE_Q, _OPEN_Q), ('"', '"')):
        return f"{before[:-1]} {after[1:]}"
    return f"{before} {after}"


def balance_quotes(s: str) -> str:
    """Quote marks made to pair up, in the style the text uses: a quote whose opening mark is in the previous
    sentence gets one; a quote that goes on into the next sentence is closed at the end of this one. Either way
    the sentence still reads as the quotation it is."""
    marks = []  # (position, role) with role "open" or "close"
    for m in _QUOTE_MARK.finditer(s):
        i, ch = m.start(), m.group()
        if ch == _OPEN_Q:
            marks.append((i, "open"))
        elif ch == _CLOSE_Q:
            marks.append((i, "close"))
        else:
            marks.append((i, "open" if (i == 0 or s[i - 1] in " \t([—–-") else "close"))
    if not marks:
        return s.strip()
    depth, first_unopened, opens = 0, None, []
    for i, role in marks:
        if role == "open":
            depth += 1
            opens.append(i)
        elif depth:
            depth -= 1
            opens.pop()
        elif first_unopened is None:
            first_unopened = i
    drop = set(opens[1:])
    prefix = suffix = ""
    if first_unopened is not None:  # the quote opened in the previous sentence
        prefix = _OPEN_Q if s[first_unopened] == _CLOSE_Q else '"'
        drop.update(opens[:1])
    elif opens:  # the quote goes on in the next sentence: closed here, so the sentence still reads as a quotation
        suffix = _CLOSE_Q if s[opens[0]] == _OPEN_Q else '"'
    kept = "".join(ch for i, ch in enumerate(s) if i not in drop) if drop else s
    return (prefix + kept).strip() + suffix
