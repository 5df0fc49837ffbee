"""The values a sentence gives in each compared slot (figures, dates, places, actors, causes), and the tests of whether two
of them are one slot of one event: the ground :mod:`~storyline.core.story.claims.compare` stands on.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from datetime import date
from typing import Any, Sequence

from storyline.core.nlp.embed import encode
from storyline.core.nlp.names import is_region
from storyline.core.story.entities import EntityIndex
from storyline.core.nlp.figures import clause_span, numbers_to_digits, Quantity
from storyline.core.nlp.negation import root
from storyline.core.story.claims.slots import extract, PART, Slots
from storyline.core.text.sentences import sentence_flags
from storyline.core.text.text import STOPWORDS
from storyline.lexicon import word_list
from storyline.core.story.model import Sentence


# units of time, a closed class: a figure of them measures how long, it counts no thing another figure could
TIME_UNITS = word_list("values/time_units.txt")  # a rise in cents and the fares it moves between are one dispute


@dataclass(frozen=True)
class CompareConfig:
    """How sentences are aligned (cosine of sentence embeddings: a floor, and how many partners each sentence keeps)
    and compared (the cosine an aligned pair needs per slot kind; how far two tellings of one figure may lie apart)."""

    align: float = 0.45  # every slot kind is compared in the pairs aligned at this cosine or more
    top_k: int = 3
    agent: float = 0.65  # who did it is compared in sentences this near, or in two that tell the same act
    place: float = 0.45  # where it happened, likewise
    number: float = 0.6  # two figures of one thing are compared in sentences at least this near
    unit: float = 0.75  # a figure in a unit says less of what it measures ("26 percent"): the sentences must be nearer
    number_loose: float = 0.65  # different counted nouns: the sentences must say nearly the same
    date: float = 0.55  # two dates are of one act when the sentences say nearly the same besides
    polarity: float = 0.75  # one asserts what the other negates: the two must say nearly the same
    echo: float = 0.6  # a sentence this near one of another outlet is told there too, unless it adds a figure or name
    restated: float = 0.75  # a sentence this near one of another outlet is told there, whatever it adds
    role_verbs: float = 0.35  # two verbs told of one person are two tellings of one act at this cosine or more
    context: float = 0.45  # two figures, places or actors fill one slot when their clauses, less them, align too
    same_noun: float = 0.3  # two counted nouns this near count one thing ("people", "passengers": 0.38; "wounds": 0)
    same_act: float = 0.5  # two verbs this near tell one act (dates of it are compared)
    act_days: int = 183  # how far apart two dates of one act may lie and still be one date told two ways
    max_ratio: float = 2.2


DEFAULT = CompareConfig()


AGE = "age of "  # the key of a person's age (:func:`~storyline.core.story.claims.slots.ages`)


# a short sentence ("No one was injured.") or one without end punctuation still states a fact to compare
_SLOT_FLAGS_OK = frozenset({"short", "no_terminal_punct"})


@dataclass(frozen=True)
class Val:
    """One sentence's value in a compared slot."""

    sentence: int
    kind: str
    key: str
    value: Any
    label: str
    low: float = 0.0
    high: float = 0.0


def english(texts: Sequence[str]) -> bool:
    """The texts are written in English: at least one word in ten is an English function word (a closed class). Slots
    are read by English grammar; in another language they would be misread ("Tagessieger Lindvik resümierte").

    >>> english(["Ten people died in the fire on Monday."]), english(["Die schwedischen Brüder bezwangen Aslan Karatsev und Gael Monfils jeweils in zwei Sätzen."])
    (True, False)
    """
    words = [w for t in texts for w in re.findall(r"[^\W\d_]+", t.lower())]
    return sum(w in STOPWORDS for w in words) >= 0.1 * len(words)


def read_slots(sentences: Sequence[Sentence], index: EntityIndex, published: dict[str, Any] | None = None) -> list[Slots]:
    """The slots of every sentence of a story; flagged sentences (questions, residue) and the sentences of an article
    not in English give empty slots."""
    published = published or {}
    by_article: dict[str, list[str]] = defaultdict(list)
    for s in sentences:
        by_article[s.article_id].append(s.text)
    read = {a: english(ts) for a, ts in by_article.items()}
    out = []
    # a sentence other articles tell word for word (wire copy) on the same day is read once: a sentence's slots
    # depend on its words, its mentions and the day it was published (relative dates, the year of a figure)
    once: dict[tuple, Slots] = {}
    for i, s in enumerate(sentences):
        text = s.text
        if not text or set(sentence_flags(text)) - _SLOT_FLAGS_OK or not read[s.article_id]:
            out.append(Slots())
            continue
        when = published.get(s.article_id)
        key = (text, str(when)[:10] if when else None,
               tuple((m.start, m.end, m.surface, m.name, m.type) for m in index.mentions[i]))
        if key not in once:
            once[key] = extract(text, index.mentions[i], when)
        out.append(once[key])
    return out


def counts(s: Slots) -> list[Quantity]:
    """The quantities a sentence gives as current: less those it says were superseded or told of earlier."""
    return [q for q in s.quantities if not q.superseded and not q.earlier]


def agree(a: Val, b: Val) -> bool:
    """Whether two values of one slot say the same."""
    if a.kind == "number":
        return a.low <= b.high + 1e-9 and b.low <= a.high + 1e-9
    if a.kind == "date":
        return a.value.startswith(b.value) or b.value.startswith(a.value)
    if a.kind == "cause":
        return bool(a.value & b.value)
    return a.value == b.value


def value_context(text: str, surface: str) -> str:
    """The clause that gives a value, less the value: what the figure counts or the name did ("The ferry had ...
    passengers on board").

    >>> value_context("The storm hit on Monday, and 12 people were hurt, police said.", "12 people")
    'and people were hurt'
    """
    t = numbers_to_digits(text)
    k = t.find(surface)
    if k < 0:
        t, k = text, text.find(surface)
    if k < 0:
        return text
    lo, hi = clause_span(t, k, k + len(surface))
    kept = re.sub(r"[$€£¥]|\d[\d,.]*", " ", surface)  # the figure goes, what it counts stays ("14 fires" -> fires)
    return " ".join((t[lo + 1:k] + " " + kept + " " + t[k + len(surface):hi]).split())


def counted(v: Val, slots: Sequence[Slots]) -> bool:
    """The figure counts a named thing ("14 fires"), which says what it is of; a unit or a currency does not."""
    return any(q.noun and q.key == v.key and q.value == v.value for q in slots[v.sentence].quantities)


def same_slot(x: Val, y: Val, texts: Sequence[str], floor: float, embedding: str = "static") -> bool:
    """Two values fill one slot of one statement: the clauses that give them say nearly the same besides ("had 180
    passengers on board", "with about 210 passengers aboard"), not two statements that share words ("suffered four
    wounds", "involved three people armed")."""
    v = encode([value_context(texts[x.sentence], x.label), value_context(texts[y.sentence], y.label)], embedding)
    return float(v[0] @ v[1]) >= floor


def one_count(x: Val, y: Val, slots: Sequence[Slots], texts: Sequence[str], cfg: CompareConfig,
               embedding: str = "static") -> bool:
    """Two figures far apart are still one count told two ways when both count the same named thing in clauses that
    say the same besides ("Twelve students were expelled", "The school expelled five students"), of the same places
    and times (a figure for a place or a year the other does not name counts a part or another time: "Three people
    died in Harwick", "In 2019 the ferry had 40 passengers")."""
    a, b = slots[x.sentence], slots[y.sentence]
    return (counted(x, slots) and counted(y, slots) and set(a.places) == set(b.places) and set(a.dates) == set(b.dates)
            and same_slot(x, y, texts, cfg.number, embedding))


def one_of_places(text: str, place: str) -> bool:
    """The sentence names ``place`` as one of several joined ("X and Y", "X, Y and Z", "from X to Y"): a region or a
    list, not the one place of an act.

    >>> one_of_places("Storms hit 20 states from New England to Tennessee.", "Tennessee")
    True
    >>> one_of_places("More than 40 died in the United States and Canada.", "United States")
    True
    >>> one_of_places("The bus overturned in Denton and three people were hurt.", "Denton")
    False
    """
    p = re.escape(place)
    return bool(re.search(p + r",?\s+(?:and|or|to)\s+(?:the\s+)?[A-Z]|[A-Z][\w.]*,?\s+(?:and|or)\s+(?:the\s+)?" + p
                          + r"|\bfrom\s+(?:the\s+)?[A-Z][^,;]{0,40}?\s+to\s+(?:the\s+)?" + p, text))


def near(a: str, b: str, days: int = 45) -> bool:
    """Two dates close enough to be two tellings of one event's date: outlets that disagree on a date differ by
    days or weeks; dates years apart ("launch in July 2018", "end in June 2025") are different events.

    >>> near("2025-03-10", "2025-04-02"), near("2018-07-01", "2025-06-01")
    (True, False)
    """
    def month(x: str) -> int:
        return int(x[:4]) * 12 + int(x[5:7])
    return abs(month(a) - month(b)) <= max(1, days // 30)


def letter_words(text: str) -> list[str]:
    """The words of a text, lower-cased letters only.

    >>> letter_words("Ferry's 212 passengers")
    ['ferry', 's', 'passengers']
    """
    return re.findall(r"[a-z]+", text.lower())


def mentions_figure(text: str, value: float) -> bool:
    """The sentence gives this figure somewhere (in digits or words), whatever it says it counts."""
    digits = numbers_to_digits(text).replace(",", "")
    v = f"{value:.10g}"
    return re.search(r"(?<![\d.])" + re.escape(v) + r"(?![\d]|\.\d)", digits) is not None


def far(a: Val, b: Val, cfg: CompareConfig) -> bool:
    """Two figures this far apart count different things ("at least 900 taken" against "47 returned")."""
    lo, hi = sorted((a.value, b.value))
    if a.key == "tally":
        return False
    return hi > cfg.max_ratio * (lo if lo > 0 else 1.0)


def _initials(a: str, b: str) -> bool:
    """One name is the other's initials ("GOSH", "Great Ormond Street Hospital")."""
    def caps(x: str) -> str:
        return "".join(w[0] for w in x.split() if w[:1].isupper())
    return a.replace(".", "") in (caps(b), caps(b)[:-1]) or b.replace(".", "") in (caps(a), caps(a)[:-1])


# a quotation mark or a first person: a sentence that gives someone's own words
SPEECH_MARKS = re.compile(r"[“”\"]|(?:^|\s)(?:I|I'm|I’m|we|We|my|My|our|Our)\b")


@lru_cache(maxsize=1 << 14)
def verb_similarity(x: str, y: str, embedding: str = "static") -> float:
    """The cosine of two words' embeddings: how near two verbs are in meaning."""
    v = encode([x, y], embedding)
    return float(v[0] @ v[1])


def _norm(name: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[\s-]+", name.lower().replace(".", "")) if w not in ("the", "of", "st"))


def _variants(x: str, y: str) -> bool:
    """Two spellings of one name ("The Virginian-Pilot" and "Virginian Pilot", a misspelt word in a long name)."""
    a, b = _norm(x), _norm(y)
    return bool(a and b and len(a & b) * 2 >= min(len(a), len(b)))


def other_time(a: Slots, b: Slots) -> bool:
    """The two sentences tell of different days or years ("in 1988", "in July 2016"); days next to each other are
    one event that outlets date a day apart."""
    return bool(a.dates and b.dates and not set(a.dates) & set(b.dates)
                and not any(_next_day(x, y) for x in a.dates for y in b.dates))


def other_occasion(a: Slots, b: Slots) -> bool:
    """Figures of different days, places or people ("Jones was held on $50,000 bond", "Lee was held on $100,000"). Days
    next to each other are one event that outlets date a day apart (the date is then disputed too)."""
    return bool((a.patients and b.patients and not a.patients & b.patients) or other_time(a, b)
                or (a.all_places and b.all_places and not a.all_places & b.all_places))


def since(x: Val, y: Val, told_at: Sequence[str | None]) -> bool:
    """One of two past dates falls after the day the other's report was published: the later report tells of
    something that happened since."""
    for u, v in ((x, y), (y, x)):
        t = told_at[v.sentence]
        if t and told_at[u.sentence] and told_at[u.sentence] > t and str(u.value) > t[:10]:
            return True
    return False


def _next_day(x: str, y: str) -> bool:
    """Two days (ISO dates) one day apart.

    >>> _next_day("2025-03-01", "2025-03-02"), _next_day("2025-03-01", "2025-03-03"), _next_day("2025-03", "2025-03-02")
    (True, False, False)
    """
    if len(x) != 10 or len(y) != 10:
        return False
    try:
        return abs((date.fromisoformat(x) - date.fromisoformat(y)).days) == 1
    except ValueError:
        return False


def other_actors(x: str, y: str, a: Slots, b: Slots, names_i: frozenset[str], names_j: frozenset[str]) -> bool:
    """Two actors that cannot both have done it: different people or bodies, neither named in the other's sentence
    or article (in any spelling or as initials), and not a role ("the driver") against a name it may stand for."""
    return (x != y and x not in b.names and y not in a.names and x not in names_j and y not in names_i
            and not set(x.lower().split()) & set(y.lower().split()) and not _variants(x, y) and not _initials(x, y)
            and not any(_variants(x, n) for n in names_j) and not any(_variants(y, n) for n in names_i)
            and x.startswith("the ") == y.startswith("the "))


def other_places(x: str, y: str, a: Slots, b: Slots, names_i: frozenset[str], names_j: frozenset[str]) -> bool:
    """Two places that cannot both be where it happened: of one kind (two towns, two streets, two venues), neither
    inside the other's name, not two spellings of one name, and neither outlet's article naming the other's."""
    kinds = dict(a.place_types) | dict(b.place_types)
    same_kind = kinds.get(x) == kinds.get(y) or x.split()[-1] == y.split()[-1]  # two "... Square"s
    if is_region(x) != is_region(y):
        return False  # a country or a state against a town ("in Turkey", "at Ephesus"): the town may lie in it
    if PART in (kinds.get(x), kinds.get(y)):  # "the north shaft" against "the south shaft", not against a town
        return (kinds.get(x) == kinds.get(y) and x != y and x.split()[-1] == y.split()[-1]
                and root(y.split()[0]) not in a.terms and root(x.split()[0]) not in b.terms)
    return (same_kind and x not in y and y not in x and not _variants(x, y) and not _initials(x, y)
            and x not in names_j and y not in names_i and not any(_variants(x, n) for n in names_j)
            and not any(_variants(y, n) for n in names_i))


def published_at(value: object) -> str | None:
    """A publication time as comparable text (ISO 8601, UTC as given), or None.

    >>> published_at("2025-03-10 06:00:00"), published_at("soon")
    ('2025-03-10T06:00:00', None)
    """
    text = str(value or "").strip()
    return text.replace(" ", "T") if text[:4].isdigit() else None
