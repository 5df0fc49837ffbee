"""Page furniture by its shape: captions, credits, share and listen bars, time stamps, datelines and bylines.

A scraper keeps what sits around an article as if it were the article: the caption under a photo, the agency's
credit, the bar of share buttons, the line with the publication time. Each site words them its own way, so they
are recognised here by form, not by one site's strings:

- a *caption* describes a picture: it opens with a picture marker ("Image caption", "FILE -", "In this 2015 file
  photo,"), has a picture noun as its subject ("A handout photo ... shows"), or dates itself the way photo desks
  do, with weekday, month, day and year in one line ("..., Monday, July 13, 2015.");
- a *credit* names who made or owns a picture or text: "(European Pressphoto Agency)", "Source: X / Y",
  "Photo: AFP", "Yann Gamblin / Paris Match / Getty";
- a *bar* is a run of interface words (share, tweet, listen, play, icon ...) with no sentence around them;
- a *stamp* is a line made of a date or time, a place and a name, and no verb ("Published on May 20, 2016",
  "NEW YORK (CNNMoney)").

The words used are closed classes (picture nouns, interface words, month and weekday names), not strings of
pages. Lines that recur across unrelated stories are learned from the corpus by the clean stage as well.
"""

from __future__ import annotations

import re
from functools import lru_cache

from storyline.core.text.text import STOPWORDS, third_person
from storyline.lexicon import word_list

_WEEKDAY = r"(?:Mon|Tues?|Wed(?:nes)?|Thu(?:rs?)?|Fri|Sat(?:ur)?|Sun)(?:day)?\.?"
_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|"
          r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
# a month with its day, either way round ("May 6", "6 May"); FULL_DATE adds the year
DAY_DATE = rf"(?:{_MONTH}\s+\d{{1,2}}|\d{{1,2}}\s+{_MONTH})"
FULL_DATE = rf"{DAY_DATE},?\s+\d{{4}}"
_PICTURE = r"(?:photo(?:graph)?s?|images?|pictures?|video(?:\s+still)?|screen\s?(?:shot|grab)s?|handout|file\s+image|still)"
# interface words: what buttons and bars say
_UI = word_list("furniture/ui.txt")
INTERFACE_WORDS = _UI  # the closed vocabulary of a page's controls, for the modules that read names and lines

# a picture marker opening the line: "Image caption ...", "Media playback is unsupported ...", "FILE - In this ..."
_CAPTION_OPEN = re.compile(
    rf"^(?:(?:image|media|photo|video|picture)\s+(?:caption|copyright|credit|playback)\b|(?:hide\s+)?caption\b\s*[:\d]|"
    rf"(?:view|enlarge|expand|open)\s+(?:images?|photos?|pictures?|gallery|slideshow)\s+(?=[A-Z])|"
    rf"photos?\s*:|file\s*[-–—:]\s|(?:in\s+)?(?:this|these|a|an)\s+(?:(?:undated|handout|file|aerial|\w+,?\s+\d{{4}},?)\s+)*"
    rf"(?:file\s+)?{_PICTURE}\b(?:\s+(?!appear|seem|is\b|was\b|were\b|are\b|notice)[\w.'’-]+){{0,8}}?\s+"
    rf"(?:shows?|released|provided|taken|made\s+available|obtained|posted)\b|"
    rf"(?:in\s+)?this\s+(?:{_WEEKDAY},?\s+)?(?:{FULL_DATE}|{DAY_DATE}|\d{{4}}),?\s+(?:file\s+)?{_PICTURE}\b)",
    re.I)
# a picture told as shown in itself, wherever the line says so: "X is shown in this October 31, 2016 photo released
# on ...", "Y are seen in this undated handout image"
_SHOWN_IN = re.compile(rf"\b(?:is|are|was|were)\s+(?:shown|seen|pictured|depicted|displayed)\s+(?:[\w'’-]+\s+){{0,3}}?"
                       rf"in\s+(?:this|these)\s+(?:[\w,'’-]+\s+){{0,6}}?(?:file\s+)?{_PICTURE}\b", re.I)
# a credit: "(European Pressphoto Agency)", "(AP Photo/Jason DeCrow)", "Photo: AFP", "Source: X / Y",
# "Thumbnail image courtesy of YouTube", "Yann Gamblin / Paris Match / Getty"
_CREDIT_PAREN = re.compile(r"\((?:[^()/.!?]*/[^()]*|(?:[A-Z][\w.&'’-]*\s*){1,6}|(?i:(?:[^()\s.!?]+\s+){0,6}?"
                           r"(?:photo|images?|pictures?|press|agency|wire|tv|video|courtesy|via|file)\b[^().!?]{0,40}))\)")
# a line ending in a picture's credit: a slashed pair or a picture word in brackets
_CREDIT_END = re.compile(r"(?:\.\.\.|…)\s*\([^()]{1,60}\)\s*$|\((?:[^()]*[A-Za-z][^()]*/[^()]*[A-Za-z][^()]*|(?i:[^()]{0,40}\b(?:photo|image|picture|file)\b[^()]{0,40}))\)\s*$")
# a video player's button left before its caption: "CLOSE Police departments ...", "EMBED More News Videos ..."
_UI_OPEN = re.compile(r"^(?:CLOSE|EMBED|PLAY|REPLAY|WATCH|VIDEO|PHOTOS?|GALLERY|ENLARGE|[A-Z]{2,6}(?:/[A-Z]{2,6})? (?:Photo|Images?))"
                      r"\b(?!\s*[:.,])(?=\s+\S)")  # an agency's credit glued on: "AP Photo Pelosi flexes ..."
_CREDIT_LINE = re.compile(rf"^(?:{_PICTURE}|credits?|source|courtesy|via)\s*(?::|by\b|courtesy\s+of\b)|"
                          rf"\b{_PICTURE}\s+courtesy\s+of\b", re.I)
_NAMES_SLASHED = re.compile(r"^/?\s*[A-Z][\w.'’-]*(?:\s+[\w.'’&-]+){0,4}(?:\s*/\s*[A-Z][\w.'’-]*(?:\s+[\w.'’&-]+){0,4})+\s*$")
# a time stamp or dateline standing alone: "Published on Feb 23, 2016", "Posted Tuesday, November 21, 2017 5:27 pm",
# "Tuesday, October 16, 2018", "March 10, 2012 10:54 am ET by MMFA Staff", "NEW YORK (CNNMoney)"
_STAMP_WORDS = re.compile(rf"\b(?:{_WEEKDAY}|{_MONTH}|\d{{1,4}}|[ap]\.?m\.?|ET|GMT|UTC|EST|EDT|PST|PDT|BST|CET|"
                          rf"updated|published|posted|last|modified|on|at|by|staff|and|\|)(?=\W|$)", re.I)
_DATELINE_ONLY = re.compile(r"^[A-Z][A-Z.'’-]+(?:\s+[A-Z][A-Z.'’-]+){0,3}(?:,\s*[A-Z][\w.]+(?:\s+[A-Z][\w.]+){0,2})?"
                            r"\s*(?:\([^()]{1,40}\))?\s*[|:–—-]?\s*$")
_PHOTO_DATE = re.compile(rf"\b{_WEEKDAY},?\s+{FULL_DATE}\b")
# a picture dated where it was taken, as photo desks end a caption: "... in Los Angeles, November 27, 2011."
_PLACE_DATE_END = re.compile(rf"\bin\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){{0,3}}(?:,\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){{0,2}})?"
                             rf",?\s+(?:{_WEEKDAY},?\s+)?{FULL_DATE}\.?\s*$")
# a full date run straight into a sentence, no stop or dash between: how a picture's date sits on its caption
_DATE_GLUED = re.compile(rf"^{FULL_DATE}\s+[A-Z]")
_PRESENT_PICTURED = re.compile(r"\b(?:is|are)\s+(?:seen|shown|pictured|photographed|depicted|displayed)\b")
# a wiki's navigation notice above an article: "X redirects here. For other uses, see X (disambiguation)."
_HATNOTE = re.compile(r"\bredirects here\b|\(disambiguation\)|^(?:for other uses, see|not to be confused with)\b|"
                      r"^(?:main articles?|see also|further information):", re.I)
# a picture's people placed in it: "Aubyn Hill (right) looks on", "(second left)", "(L-R)": where a caption says who
# stands where (position words, a closed class)
_POSITION = re.compile(r"\((?:(?:far|second|third|standing|seated|from)\s+)?(?:left|right|centre|center|front|back|rear|"
                       r"top|bottom|l-r|r-l|l to r)\)", re.I)  # not "(R)": a party as often as a side
# a note about the page itself: "A version of this article appeared ... on page A1", "This story has been updated",
# "The article was first published on June 15, 2017"
_SELF_NOTE = re.compile(r"^(?:a\s+version\s+of\s+)?this\s+(?:article|story|post|piece|column)\s+"
                        r"(?:(?:was|has\s+been|had\s+been|is|also|first|originally|previously)\s+){0,3}"
                        r"(?:published|posted|updated|corrected|amended|appeared|republished|reprinted|edited)\b|"
                        r"^the\s+(?:article|story|post)\s+was\s+(?:first|originally)\s+(?:published|posted|appeared)\b",
                        re.I)
# credits one after another at a line's end: "... (AP Photo/Jason DeCrow) (Associated Press)"
_CREDITS_AFTER = re.compile(r"(?:\s*\((?:[A-Z][\w.&'’-]*\s*){1,6}\))+\s*$")
# a picture's credit inside a line, where captions and credits ran together: "... Photo: Lea Suzuki / The Chronicle"
_CREDIT_INSIDE = re.compile(rf"\b{_PICTURE}\s*:\s*[A-Z][\w.'’-]*(?:\s+[\w.'’&-]+){{0,4}}\s*/\s*[A-Z]", re.I)
_PICTURE_SUBJECT = re.compile(rf"^(?:in\s+)?this\s+{_PICTURE}\b", re.I)  # "This video from the group alleges ..."
# a verb of the past or of speech: a line with one tells something, where a caption or label does not
PAST_OR_SPEECH = re.compile(r"\b(?:said|says|told|was|were|had|has|have|did|according)\b")
# a finite past tense in prose: "the council approved", not a participle ("is rescued", "a flooded home", "hit by")
_PAST_VERB = re.compile(r"\b(?!(?:is|are|be|been|being|get|gets|a|an|the|and|or|her|his|their|its|our|my|of|with|"
                        r"was|were)\b)[A-Za-z]+\s+[a-z]{3,}ed\b(?!\s+by\b)")
_WORD = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*\.?")
_VERBISH = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|may|might|must|should|did|does|"
                      r"do|says?|said|\w+(?:ed|es|ing))\b", re.I)


@lru_cache(maxsize=1 << 15)
def furniture(text: str) -> str | None:
    """Why a line or sentence is page furniture (``caption``, ``credit``, ``bar``, ``stamp``, ``heading``, ``pitch``,
    ``spam``), or None.

    >>> furniture("View Images The skull of Caihong juji, a dinosaur that lived 160 million years ago.")
    'caption'
    >>> furniture("Image copyright Reuters Image caption Toilet paper has been in short supply")
    'caption'
    >>> furniture("FILE - In this June 14, 2012 file photo, President Barack Obama speaks in Cleveland.")
    'caption'
    >>> furniture("A handout photo from the embassy shows the activist speaking into a phone in Beijing.")
    'caption'
    >>> furniture("A man uses his phone to photograph a flooded subway station in New York, Tuesday, Oct. 30, 2012.")
    'caption'
    >>> furniture("(European Pressphoto Agency)"), furniture("Yann Gamblin / Paris Match / Getty")
    ('credit', 'credit')
    >>> furniture("Thumbnail image courtesy of YouTube, Budweiser")
    'credit'
    >>> furniture("NNN SHARES Share Tweet"), furniture("LISTEN TO ARTICLE 4:34 SHARE THIS ARTICLE")
    ('bar', 'bar')
    >>> furniture("Photo Advertisement Continue reading the main story"), furniture("Share of the vote falls") is None
    ('bar', True)
    >>> furniture("1 of 62 Full Screen Autoplay Close Skip Ad × Trump goes to Michigan View Photos The president-elect "
    ...           "has gone to Michigan, Iowa and Ohio, and saluted workers at an Indiana plant where he saved jobs.")
    'bar'

    >>> furniture("Published on May 20, 2016"), furniture("NEW YORK (CNNMoney)")
    ('stamp', 'credit')
    >>> furniture("July 31, 2013 A woman waves the flag at a protest supporting ousted president Morsi."), furniture(
    ...     "July 31, 2013 Egypt's army said it would hold talks."), furniture("May 2, 2019 Storm damage closed roads.")
    ('caption', None, None)
    >>> furniture("The council approved the photo ban on Tuesday, March 3, 2015, after a long debate.") is None
    True
    >>> furniture("A Very Weird Photo Of Ulysses S. Grant") is None
    True
    >>> furniture("Police said the thieves got in through a skylight.") is None
    True
    >>> [furniture(s) for s in ("The baby was born at 16:45 (04:45 GMT).", "(She escaped.)", "green veg (eg spinach)",
    ...  "In this picture, notice he has three stars showing his rank.", "A picture with that tweet appeared to show it.")]
    [None, None, None, None, None]
    >>> furniture("The hotel is seen on March 18, 2014. (File/FOX5)"), furniture("CLOSE Police responded to threats.")
    ('caption', 'caption')
    >>> furniture("Hernandez, 39, was shot... (Associated Press)"), furniture("AP Photo Pelosi flexes muscle in talks")
    ('caption', 'caption')
    >>> furniture("Embed Sudanese President 'Will Leave on Schedule', Minister Says 0:32 autoplay autoplay Copy this "
    ...           "code to your website or blog"), furniture("The meeting began at 10:30 and ended at noon.")
    ('bar', None)
    >>> furniture('"FASD" redirects here. For other uses, see FASD (disambiguation).')
    'bar'
    >>> furniture("Main article: Harbour Trust"), furniture("See also the council's report on the harbour.")
    ('bar', None)
    >>> furniture("Аdvеrtіѕе wіth thе most visited news site ~ Wе оffеr flехіblе расkаgеѕ."), furniture(
    ...     "Москва (Moscow) and Αθήνα (Athens) signed the accord.")
    ('spam', None)
    >>> furniture("HOPES AND FRUSTRATIONS")
    'heading'
    >>> furniture("An illustration of the feathered dinosaur is shown in this October 31, 2016 photo released on Monday.")
    'caption'
    >>> furniture("The Occupy encampment at City Hall Park is seen before the midnight deadline passes in Los Angeles, "
    ...           "November 27, 2011.")
    'caption'
    >>> furniture("U.S. Defense Secretary Jim Mattis listens to a question during a news conference in New Delhi, "
    ...           "India September 26, 2017.")
    'caption'
    >>> furniture("A boat lies toppled in the aftermath of the storm, Tuesday, Oct. 30, 2012, in Lindenhurst, N.Y. "
    ...           "(AP Photo/Jason DeCrow) (Associated Press)")
    'caption'
    >>> (furniture("Minister Aubyn Hill (right), looks on as the chief executive speaks at the launch in Kingston."),
    ...  furniture("The mayor (right) said the budget would pass on Tuesday."),
    ...  furniture("In Iowa, Rep. Steve King (R) routinely makes the news for his stunts."))
    ('caption', None, None)
    >>> (furniture("A version of this article appeared November 16, 2012, on page A1 of the New York edition."),
    ...  furniture("The article was first published on August 5, 2015."), furniture("This story has been updated."))
    ('stamp', 'stamp', 'stamp')
    >>> furniture("The report was published on Monday by the United Nations."), furniture(
    ...     "This report is not a complete account of the fire, the chief said.")
    (None, None)
    >>> furniture("The council voted to close the depot in Leeds, March 3, 2015."), furniture(
    ...     "She was born in Dayton, Ohio, May 5, 1950.")
    (None, None)

    Captions, credits and a gallery's buttons run together into one long line, and a video's caption signed by the
    group that shot it:

    >>> furniture("The tower is seen from Mission Street on Tuesday, July 18, 2017 in San Francisco, Calif. The tower is "
    ...           "seen from Mission Street on Tuesday, July 18, 2017 in San Francisco, Calif. Photo: Lea Suzuki / The "
    ...           "Chronicle Image 1 of / 25 Caption Close The tower keeps on sinking, but there may be a fix 1 / 25 "
    ...           "Back to Gallery")
    'caption'
    >>> furniture("JUST WATCHED Family attorney: Store video 'irrelevant' Replay More Videos ...")
    'bar'
    >>> furniture("This video from an animal rights group alleges mistreatment of chickens at a farm (Animal Watch)")
    'caption'
    >>> furniture("This photo ban was passed by the council (the city's planning board) in 2015.") is None
    True
    """
    if text.lstrip().startswith("|") and text.rstrip().endswith("|"):
        return None  # a row of a table the extractor kept: content
    t = text.strip().strip("*•·-–— ").strip()
    if not t:
        return None
    if _CAPTION_OPEN.match(t) or _UI_OPEN.match(t):
        return "caption"
    words = _WORD.findall(t)
    n = len(words)
    if n == 0:
        return "bar"
    if opens_with_bar(t) or (n <= 40 and ends_with_bar(t)):
        return "bar"  # a player or gallery widget: its buttons, then its own captions ("1 of 62 Full Screen ..."),
        # or a clip's title, then the player's buttons
    bare = _CREDIT_PAREN.sub(" ", t).strip(" .,;")
    if bare == "" or (_CREDIT_PAREN.search(t) and not _VERBISH.search(bare) and len(bare.split()) <= 6):
        return "credit"
    if n <= 20 and (_CREDIT_LINE.search(t) or _NAMES_SLASHED.match(t)) and not PAST_OR_SPEECH.search(t):
        return "credit"
    if n <= 25 and not re.search(r"[.!?]\s*$", t) or n <= 12:
        # function words ("the", "of") speak neither for a bar nor against one: "Continue reading the main story"
        low = [w.lower().strip(".") for w in words]
        ui = sum(w in _UI for w in low)
        rest = [w for w, k in zip(words, low)  # a function word in capitals is a label: "JUST WATCHED"
                if k not in _UI and (k not in STOPWORDS or (len(w) > 1 and w.isupper()))]
        if ui >= 2 and ui + sum(w[:1].isdigit() or w.isupper() for w in rest) >= 0.6 * (ui + len(rest)):
            return "bar"
        if (n <= 14 and len(_STAMP_WORDS.findall(t)) >= 0.6 * n and re.search(r"\d|" + _WEEKDAY, t)
                and not PAST_OR_SPEECH.search(t)):
            return "stamp"
        if _DATELINE_ONLY.match(t):
            return "stamp" if re.search(r"[,(|]", t) else "heading"
    if n <= 40 and _player(t):
        return "bar"  # a video player's line: "Embed <clip title> 0:32 autoplay autoplay Copy this code ..."
    if n <= 40 and _HATNOTE.search(t):
        return "bar"  # a wiki's hatnote: navigation, like a menu
    if n <= 60 and _SHOWN_IN.search(t):
        return "caption"
    if n <= 60 and _pitch(t):
        return "pitch"
    if len(_MIXED_SCRIPT.findall(t)) >= 2:
        return "spam"  # words spelt with look-alike letters of another script: text made to slip past filters
    if n <= 60 and (_CREDIT_END.search(t) or _CREDIT_END.search(_CREDITS_AFTER.sub("", t))):
        return "caption"  # a line signed by a photo credit: "... is seen on March 18, 2014. (File/FOX5)"
    if _CREDIT_INSIDE.search(t) or (_PICTURE_SUBJECT.match(t) and _CREDITS_AFTER.search(t)):
        return "caption"  # a credit run into the line, or a picture told of and signed: "This video ... (Group)"
    if n <= 60 and _POSITION.search(t) and not PAST_OR_SPEECH.search(t) and not _PAST_VERB.search(t):
        return "caption"  # "Minister Aubyn Hill (right) looks on as ...": who stands where in a picture
    if n <= 40 and _SELF_NOTE.match(t):
        return "stamp"  # the page's note on itself, not news: "A version of this article appeared ... on page A1"
    if (n <= 60 and _PHOTO_DATE.search(t) and not PAST_OR_SPEECH.search(t) and not _PAST_VERB.search(t)
            and not re.match(r"(?:on|by|since|until|from|in|at)\b", t, re.I)):
        return "caption"  # photo desks date a picture by weekday, month, day and year; prose rarely does all four
    if n <= 60 and _DATE_GLUED.match(t) and not PAST_OR_SPEECH.search(t) and _describes(without_picture_date(t)):
        return "caption"  # a picture's date glued before its caption: "July 31, 2013 A woman waves the flag ..."
    if n <= 60 and _PLACE_DATE_END.search(t) and (_PRESENT_PICTURED.search(t) or not (
            PAST_OR_SPEECH.search(t) or _PAST_VERB.search(t))):
        return "caption"  # "... is seen before the deadline passes in Los Angeles, November 27, 2011."
    return None


def credit_inside(text: str) -> bool:
    """A picture's credit inside ``text`` ("... Photo: Lea Suzuki / The Chronicle ..."): captions and credits ran
    together into it, however long it is."""
    return _CREDIT_INSIDE.search(text) is not None


def current_picture(caption: str) -> bool:
    """A caption dated the way photo desks date the day's pictures (weekday, month, day, year), not a file picture's.

    >>> current_picture("A boat lies in a flooded street, Tuesday, Oct. 30, 2012, in Lindenhurst.")
    True
    >>> current_picture("FILE - In this Tuesday, June 14, 2011 file photo, the mayor speaks."), current_picture(
    ...     "In this photo taken Monday, March 5, 2012, the party secretary speaks.")
    (False, True)
    """
    return bool(_PHOTO_DATE.search(caption)) and not any(w.strip("-–—:,.").lower() == "file" for w in caption.split())


def _describes(text: str) -> bool:
    """A caption's opening: a verb in the simple present within its first words ("A woman waves", "Police
    officers stand"), as a picture is described; prose tells events in the past."""
    return any(third_person(w.strip(".,;:'’\"").lower()) for w in text.split()[1:7])


def without_picture_date(text: str) -> str:
    """``text`` without a full date run straight into it, as a picture's date sits on its caption.

    >>> without_picture_date("July 31, 2013 A woman waves the flag."), without_picture_date("On July 31, 2013 he left.")
    ('A woman waves the flag.', 'On July 31, 2013 he left.')
    """
    m = _DATE_GLUED.match(text)
    return text[m.end() - 1:] if m else text


def dated_caption_body(text: str) -> str | None:
    """The caption's own words when ``text`` is a caption with the picture's date glued before it, else None.

    >>> dated_caption_body("July 31, 2013 A woman waves the Egyptian flag during a protest in Cairo.")
    'A woman waves the Egyptian flag during a protest in Cairo.'
    >>> dated_caption_body("A woman waves the Egyptian flag during a protest in Cairo.") is None
    True
    """
    body = without_picture_date(text)
    return body if body != text and furniture(text) == "caption" else None


_DURATION = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")

# a word that mixes Latin letters with Cyrillic or Greek ones ("Аdvеrtіѕе", with a Cyrillic А, е, і, ѕ)
_MIXED_SCRIPT = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*[\u0370-\u03ff\u0400-\u04ff])\w+\b")

# the outlet's pitch to its reader: to subscribe, to join, to support or donate, with what they get for it
_TO_READER = re.compile(r"\b(?:you|your|you['’](?:ll|re|ve)|please)\b|^(?:subscribe|join|support|donate|become|sign up|"
                        r"get|choose|start|try|unlock|upgrade)\b", re.I)
_THE_DEAL = re.compile(r"\bsubscrib(?:e|ing)\b|\bjoin\b|\bdonat(?:e|ing|ion)\b|\bsupport (?:us|our|local|independent)\b|"
                       r"\bbecome a (?:member|subscriber|supporter)\b|\bunlimited (?:digital )?access\b|"
                       r"\b(?:weekly|monthly|annual|yearly|digital|print|premium) (?:pass|subscription|membership|plan)s?\b|"
                       r"\bfree trial\b", re.I)


def _pitch(text: str) -> bool:
    """The outlet speaking to its reader about a deal: subscribing, joining, supporting it ("To view the full story,
    please subscribe to The Times."; "You can choose a $60 Annual Subscription or a $5 Weekly Pass."), not a report
    that quotes someone or tells what a company charges.

    >>> _pitch("To view the full story, please subscribe to The Haitian Times.")
    True
    >>> _pitch("When you join the Gazette family, you'll get unlimited digital access to our journalism.")
    True
    >>> _pitch("Netflix will raise the price of its standard subscription by $2, so you will pay $15.49 a month.")
    False
    >>> _pitch('"If you join us, you will never regret it," the coach told the players.')
    False
    """
    return bool(_TO_READER.search(text) and _THE_DEAL.search(text) and not PAST_OR_SPEECH.search(text)
                and not re.search(r"[\"“”]", text))


def _player(text: str) -> bool:
    """A clip's running time followed by two or more interface words: the line is a video player's, whatever
    title it carries ("... Minister Says 0:32 autoplay autoplay Copy this code to your website")."""
    for m in _DURATION.finditer(text):
        after = [w.lower().strip(".") for w in _WORD.findall(text[m.end():m.end() + 60])][:2]
        if len(after) == 2 and all(w in _UI for w in after):
            return True
    return False


def opens_with_bar(text: str) -> bool:
    """The line opens with a run of at least three interface words (counts and "of" between them): a widget's
    buttons ("1 of 62 Full Screen Autoplay Close Skip Ad"), whatever text the widget carries after them, however
    long.

    >>> opens_with_bar("1 of 10 Full Screen Autoplay Close Skip Ad × The moment a lion is shot"), opens_with_bar(
    ...     "Share prices fell on Monday.")
    (True, False)
    """
    ui = 0
    for w in _WORD.findall(text[:200]):
        low = w.lower().strip(".")
        if low in _UI:
            ui += 1
        elif not (low.isdigit() or low == "of"):
            break
    return ui >= 3


def ends_with_bar(text: str) -> bool:
    """The line ends on a run of at least three interface words: a player's buttons after the clip's title
    ("JUST WATCHED Chief: Officer saw the cigars Replay More Videos ...").

    >>> ends_with_bar("JUST WATCHED Chief: Officer saw the cigars Replay More Videos ..."), ends_with_bar(
    ...     "Fans were asked to share photos and videos of the parade.")
    (True, False)
    """
    ui = 0
    for w in reversed(_WORD.findall(text[-200:])):
        if w.lower().strip(".") not in _UI:
            break
        ui += 1
    return ui >= 3


_HIGHLIGHTS = re.compile(r"^(?:story\s+highlights|highlights|key\s+points|in\s+brief|at\s+a\s+glance)\s*:?\s+(?=[A-Z\"“‘'])",
                         re.I)


def without_highlights(text: str) -> str:
    """A line without the "Story highlights" label a page puts before its bullet points.

    >>> without_highlights("Story highlights Burt Reynolds went to a hospital")
    'Burt Reynolds went to a hospital'
    """
    return _HIGHLIGHTS.sub("", text.strip())


# a name, then an outlet or a place: "Lauren Krugel, The Canadian Press", "BBC News, Lima"
_BYLINE = re.compile(r"^[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3},\s+[A-Z]")
_CUT = re.compile(r"(?:\.\.\.|…)\s*$")
_URL_OR_HANDLE = re.compile(r"https?://|www\.|@\w{2,}|\w+:\d+:\d+")


def residue_title(title: str | None) -> str | None:
    """Why an article title is not a headline, or None when it is one.

    A headline has at least two words, opens with a word or a quote (not with ``)`` or ``- ``), is not cut off
    with an ellipsis, carries no address or handle, and is not page furniture.

    >>> residue_title("Story highlights Burt Reynolds went to a hospital after developing flu symptoms")
    'furniture'
    >>> residue_title("Photo"), residue_title("Play Facebook"), residue_title("Tuesday, October 16, 2018")
    ('short', 'bar', 'stamp')
    >>> residue_title("An Orange County man laid down in front of a car driven …")
    'cut'
    >>> residue_title("Michael Douglas and Catherine Zeta-Jones Separate") is None
    True
    >>> residue_title("(This story has been updated with comments from the plaintiff's attorney.)")
    'note'
    >>> residue_title("Lauren Krugel, The Canadian Press"), residue_title("Port backlog schedule, in full")
    ('byline', None)
    """
    t = (title or "").strip()
    if not t:
        return "empty"
    if _HIGHLIGHTS.match(t):
        return "furniture"
    if _CUT.search(t):
        return "cut"
    if len(_WORD.findall(t)) < 2:
        return "short"
    if t.startswith("(") and t.endswith(")"):
        return "note"
    if not (t[:1].isalnum() or t[:1] in "\"“‘'"):
        return "fragment"
    if t[:1].islower():
        return "fragment"
    if _URL_OR_HANDLE.search(t):
        return "url"
    why = furniture(t)
    if why is None and len(_WORD.findall(t)) <= 6 and _BYLINE.match(t) and not _VERBISH.search(t):
        return "byline"  # "Lauren Krugel, The Canadian Press", "BBC News, Lima"
    return why
