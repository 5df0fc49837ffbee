"""Story clustering logic in pure Python: story terms, connected components and average-linkage agglomeration.
Its scores against gold (B-cubed, pairwise) are in :mod:`storyline.bench.scores`.

The Spark stage (:mod:`storyline.spark.cluster`) calls :func:`story_terms` from ``mapInPandas`` and
:func:`average_linkage` from ``applyInPandas`` once per connected component.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import AbstractSet as Set, Hashable, Iterable, Mapping, Sequence, TypeVar

from storyline.core.checks import int_at_least
from storyline.core.text.text import hash_tokens, stem, STOPWORDS
from storyline.core.text.language import capitals_mark_names, function_words, language
from storyline.core.nlp.names import is_demonym, is_place_name, name_core, place_initials

N = TypeVar("N", bound=Hashable)

# A run of capitalised words ("Wally Backman", "Las Vegas 51s", "New York Mets"), possibly joined by a short
# lower-case particle ("Bank of America"). Sentence-initial single words are filtered out below.
_CAP_PHRASE_RE = re.compile(
    r"\b(?:[A-Z][\w'’.-]*[\w]|[A-Z])(?:\s+(?:(?:of|de|la|van|von|del|al|bin)\s+)?(?:[A-Z][\w'’.-]*[\w]|\d\w*))*")
_SENT_START_RE = re.compile(r"(?:^|[.!?]\s+|\n\s*|[\"“(]\s*)$")


@dataclass(frozen=True)
class TermConfig:
    """How an article becomes a bag of weighted story terms.

    - ``lead_words``: only the first N words of the text count (news puts the story's who/what/where first).
    - ``title_weight``: each title term counts this many times (titles name the event).
    - ``entity_weight``: weight of each capitalised phrase (entity-like token), added as an ``e:`` term.
    - ``body_weight``: weight of terms after the lead (0 ignores the rest of the text).
    - ``first_words`` and ``first_weight``: the terms of the first N words count this much more (the opening
      sentence states the event, as a headline does; it stands in for a title an input does not give).
    """

    lead_words: int = 120
    title_weight: float = 3.0
    entity_weight: float = 1.5
    body_weight: float = 0.0
    first_words: int = 0
    first_weight: float = 0.0

    def __post_init__(self) -> None:
        int_at_least("lead_words", self.lead_words, 1, "words of the lead to use")
        int_at_least("first_words", self.first_words, 0, "words of the opening")
        for name in ("title_weight", "entity_weight", "body_weight", "first_weight"):
            v = getattr(self, name)
            if not isinstance(v, (int, float)) or v < 0 or math.isnan(v):
                raise ValueError(f"{name} must be a number >= 0 (0 switches the signal off), got {v!r}")


_stem = lru_cache(maxsize=1 << 18)(stem)


def terms_of(text: str, stop: Set[str] = STOPWORDS) -> list[str]:
    """:func:`core.text.content_terms` with accents folded, computed with cached stems (every article passes
    here once).

    >>> terms_of("The Mets fired their manager.")
    ['mets', 'fir', 'manager']
    """
    return _terms(hash_tokens(text), stop)


def _terms(tokens: Iterable[str], stop: Set[str]) -> list[str]:
    return [_stem(t) for t in tokens if len(t) >= 2 and t not in stop]


@lru_cache(maxsize=1 << 16)  # a name's words recur across articles
def _fold(text: str) -> str:
    return " ".join(hash_tokens(text))


def entity_phrases(text: str, stop: Set[str] = STOPWORDS, single: bool = True) -> list[str]:
    """Entity-like capitalised phrases, folded to lower case; single capitalised words that open a sentence
    and stopwords ("The", "But") are skipped because capitals there carry no signal.

    >>> entity_phrases("The Mets fired Wally Backman. He now manages in Mexico. But Las Vegas 51s fans")
    ['mets', 'wally backman', 'mexico', 'las vegas 51s']
    """
    out = []
    for m in _CAP_PHRASE_RE.finditer(text):
        phrase = m.group(0)
        words = phrase.split()
        at_start = bool(_SENT_START_RE.search(text[max(0, m.start() - 3):m.start()])) or m.start() == 0
        if words and _fold(words[0]) in stop:
            words = words[1:]
            at_start = False
        if not words:
            continue
        if len(words) == 1 and (at_start or len(words[0]) < 2 or not single):
            continue
        folded = _fold(" ".join(words))
        if folded and folded not in stop:
            out.append(folded)
    return out


def story_terms(title: str | None, text: str | None, config: TermConfig = TermConfig()) -> dict[str, float]:
    """Weighted term frequencies of one article: lead terms, title terms (upweighted), entity-like phrases
    of title and lead (``e:`` prefix), and optionally the rest of the body. Keys are sorted.

    >>> t = story_terms("Mets fire Wally Backman", "The New York Mets fired their manager Wally Backman on Tuesday.")
    >>> t["backman"], t["e:wally backman"], "the" in t
    (4.0, 3.0, False)
    >>> opening = TermConfig(lead_words=400, title_weight=3.0, entity_weight=1.5, first_words=4, first_weight=1.0)
    >>> t = story_terms(None, "The Mets fired Backman. Backman now manages in Mexico.", opening)
    >>> t["mets"], t["backman"], t["mexico"]
    (2.0, 3.0, 1.0)
    """
    return terms_and_keys(title, text, config, keys=False)[0]


def terms_and_keys(title: str | None, text: str | None, config: TermConfig = TermConfig(),
                   keys: bool = True) -> tuple[dict[str, float], list[str]]:
    """:func:`story_terms` and :func:`event_keys` (over the same lead) of one article, finding the entity-like
    phrases of its title and lead once for both.

    >>> title, text = "Mets fire Wally Backman", "The Mets fired manager Wally Backman, 56, for $1.5 million."
    >>> terms, keys = terms_and_keys(title, text)
    >>> terms == story_terms(title, text), keys == event_keys(title, text), keys
    (True, True, ['a:wally backman=56', 'k:#$1.5', 'k:mets', 'k:wally backman'])
    """
    counts: Counter[str] = Counter()
    body = text or ""
    words = body.split()
    lead = " ".join(words[:config.lead_words])
    lead_tokens = hash_tokens(lead)
    lang = language(lead_tokens)
    stop = function_words(lang)  # "de" and "und" tell no story in any corpus
    single = capitals_mark_names(lead, lang)  # a lone capitalised German word is a noun
    for term in _terms(lead_tokens, stop):
        counts[term] += 1.0
    if config.first_weight > 0 and config.first_words > 0:
        for term in terms_of(" ".join(words[:config.first_words]), stop):
            counts[term] += config.first_weight
    if config.body_weight > 0 and len(words) > config.lead_words:
        for term in terms_of(" ".join(words[config.lead_words:]), stop):
            counts[term] += config.body_weight
    if title and config.title_weight > 0:
        for term in terms_of(title, stop):
            counts[term] += config.title_weight
    phrases = ([entity_phrases(source, stop, single) for source in (title or "", lead)]
               if config.entity_weight > 0 or keys else [])
    if config.entity_weight > 0:
        for found in phrases:
            for phrase in found:
                counts["e:" + phrase] += config.entity_weight
    terms = {k: counts[k] for k in sorted(counts) if counts[k] > 0}
    return terms, (_keys(zip((title or "", lead), phrases)) if keys else [])


_FIGURE_RE = re.compile(r"(?<![\w.,])(?:\$?\d{1,3}(?:,\d{3})+|\$?\d+\.\d+|\d{1,2}-\d{1,2}(?!\d)|\$\d+)(?![\w])")


def event_keys(title: str | None, text: str | None, lead_words: int = 400) -> list[str]:
    """The specific things an article's event has, for telling events of one topic apart: the people and
    organisations it names (not places: two stories in one city are not one story) and its distinctive figures
    (thousands, decimals, scores, money; not years), from the title and the lead. Sorted, ``k:`` prefixed.

    >>> event_keys("Council raises fares", "On Monday the Port Calder City Council voted 7-4 to raise fares to $3.00 in "
    ...            "Port Calder, Mayor Renata Solberg said.")
    ['k:#$3.00', 'k:#7-4', 'k:port calder city council', 'k:renata solberg']
    """
    lead = " ".join((text or "").split()[:lead_words])
    lang = language(hash_tokens(lead))
    stop = function_words(lang)
    single = capitals_mark_names(lead, lang)
    return _keys((source, entity_phrases(source, stop, single)) for source in (title or "", lead))


def _keys(sources) -> list[str]:
    """Event keys of (text, its entity-like phrases) pairs. A one-word name that ends a longer name of the same
    text is that name said short ("Backman" after "Wally Backman", "Committee" after "Senate Commerce Committee")
    and is no key of its own: one person is one shared name, not two. A name's age, where the text gives it
    (:func:`stated_ages`), is an ``a:`` key.

    >>> _keys([("Mets fire Wally Backman", ["mets", "wally backman"]), ("Backman, 56, managed the 51s.", ["backman"])])
    ['a:wally backman=56', 'k:mets', 'k:wally backman']
    """
    sources = list(sources)
    names, figures = set(), set()
    for source, phrases in sources:
        for phrase in phrases:
            core = _key_name(phrase)
            if core:
                names.add(core)
        for m in _FIGURE_RE.finditer(source):
            figures.add("k:#" + m.group(0))
    short = {name.rsplit(" ", 1)[1] for name in names if " " in name}
    ages = stated_ages([source for source, _ in sources], names)
    return sorted(figures | {"k:" + name for name in names if " " in name or name not in short}
                  | {f"a:{name}={age}" for name, age in ages.items()})


@lru_cache(maxsize=1 << 16)  # names recur across articles
def _key_name(phrase: str) -> str | None:
    """The name an entity-like phrase gives as an event key: its core (:func:`name_core`), when that is no place
    (a known place, a place by its initials: "U.S."), no people ("Americans") and longer than two letters.

    >>> _key_name("mayor renata solberg"), _key_name("port calder"), _key_name("wednesday")
    ('renata solberg', None, None)
    >>> _key_name("u s"), _key_name("americans"), _key_name("warner bros")
    (None, None, 'warner bros')
    """
    core = name_core(phrase)
    if not core or len(core) <= 2 or is_place_name(core) or is_demonym(core):
        return None
    words = core.split()
    if all(len(w) == 1 for w in words) and place_initials("".join(w.upper() + "." for w in words)):
        return None
    return core


# A name and the age that follows it between commas, as news style gives a person's age: "Wally Backman, 56, ..."
_AGE_RE = re.compile(r"\b((?:[A-Z](?:[\w'’-]*\w|\.)\s+){0,3}[A-Z][\w'’-]*\w), (\d{1,3}),")  # "J. R. Ewing, 45,"
AGE_MAX = 120
AGE_SLACK = 1  # years two reports of one event may differ by in a person's age (a birthday between them)


def stated_ages(texts: Iterable[str], names: Set[str]) -> dict[str, int]:
    """The ages the texts give their people in news style ("Backman, 56, had spent ..."), by name: a last name
    that ends exactly one longer name of ``names`` (folded, as :func:`entity_phrases` gives them) is that name;
    a last name that ends several is no one's; another name counts when it is one of ``names``. The first age
    given wins.

    >>> stated_ages(["The Mets let Wally Backman go.", "Backman, 56, said little. In Boston, 12 people waited."],
    ...             {"wally backman", "mets"})
    {'wally backman': 56}
    """
    by_last: dict[str, list[str]] = defaultdict(list)
    for name in sorted(names):
        if " " in name:
            by_last[name.rsplit(" ", 1)[1]].append(name)
    out: dict[str, int] = {}
    for text in texts:
        for m in _AGE_RE.finditer(text):
            age = int(m.group(2))
            core = name_core(_fold(m.group(1)))
            if not 0 < age <= AGE_MAX or not core:
                continue
            longer = by_last.get(core, [])
            name = longer[0] if len(longer) == 1 else core if core in names and not longer else None
            if name is not None:
                out.setdefault(name, age)
    return out


def ages_apart(x: Mapping[str, int], y: Mapping[str, int]) -> bool:
    """Whether two texts give one person ages more than a year apart: they were written years apart (or one of
    them is wrong), so they do not report one event. A year apart is a birthday between two reports.

    >>> ages_apart({"wally backman": 56}, {"wally backman": 53}), ages_apart({"ann lee": 40}, {"ann lee": 41})
    (True, False)
    """
    return any(abs(age - y[name]) > AGE_SLACK for name, age in x.items() if name in y)


# --- average linkage --------------------------------------------------------------------------------------


def _joined_span(x: tuple[int, int] | None, y: tuple[int, int] | None) -> tuple[int, int] | None:
    if x is None or y is None:
        return x or y
    return min(x[0], y[0]), max(x[1], y[1])


def _absorb(a: int, b: int, links: dict[int, dict[int, float]], never: dict[int, set[int]],
            shares: dict[int, set[int]]) -> None:
    """Cluster ``b``'s summed similarities, the clusters it may never join and those it shares a name with become
    cluster ``a``'s."""
    for rel in (never, shares):
        for c in rel.pop(b, ()):
            rel[c].discard(b)
            if c != a:
                rel[c].add(a)
                rel[a].add(c)
    shares[a].discard(b)
    for c, sc in links.pop(b).items():
        links[c].pop(b, None)
        if c != a:
            links[a][c] = links[a].get(c, 0.0) + sc
            links[c][a] = links[a][c]
    links[a].pop(b, None)


def _related(index: Mapping[N, int], pairs: Iterable[tuple[N, N]]) -> dict[int, set[int]]:
    """Each node's index -> the indices of the nodes it makes a pair with (both ways; pairs of unknown nodes and of a
    node with itself skipped)."""
    out: dict[int, set[int]] = defaultdict(set)
    for a, b in ((index[a], index[b]) for a, b in pairs if a in index and b in index):
        if a != b:
            out[a].add(b)
            out[b].add(a)
    return out


def average_linkage(nodes: Sequence[N], edges: Iterable[tuple[N, N, float]], threshold: float,
                    days: Mapping[N, int | None] | None = None, window: int | None = None,
                    apart: Iterable[tuple[N, N]] = (), named: Iterable[tuple[N, N]] = ()) -> dict[N, N]:
    """Average-linkage agglomerative clustering over a sparse similarity graph.

    Missing pairs have similarity 0. Two clusters merge while the mean similarity over *all* their cross
    pairs is >= ``threshold``, best pair first, so a chain A~B~C with A and C unrelated does not glue A to C
    unless the average still clears the threshold. Ties break on the smallest members, so the result depends
    only on the input, not on its order. Returns node -> smallest node of its cluster.

    >>> average_linkage("abc", [("a", "b", 0.9), ("b", "c", 0.9)], threshold=0.5)["c"]
    'c'
    >>> average_linkage("abc", [("a", "b", 0.9), ("b", "c", 0.9), ("a", "c", 0.4)], threshold=0.5)["c"]
    'a'

    ``days`` (a node's day number, or None when undated) and ``window``: two clusters never merge when their known
    days would then span more than ``window`` days, however an undated node links them: a story's articles are
    no further apart in time than one story's are.

    >>> edges = [("a", "b", 0.9), ("b", "c", 0.9), ("a", "c", 0.9)]
    >>> sorted(set(average_linkage("abc", edges, 0.5, {"a": 0, "b": None, "c": 400}, window=3).values()))
    ['a', 'c']

    ``apart``: pairs of nodes that are never in one cluster (two texts that give one person two ages, see
    :func:`ages_apart`), whatever links them.

    >>> sorted(set(average_linkage("abc", edges, 0.5, apart=[("a", "c")]).values()))
    ['a', 'c']

    ``named``: the pairs that share a name (a person, an organisation or a distinctive figure; None: names are not
    known). Two clusters that each hold a pair sharing a name, with no name shared across them, are two events
    with their own actors, however alike their words (two zoos' snow leopard births), and never merge. A cluster
    of one, or one whose articles share no name, still joins on its words.

    >>> edges = [("a1", "a2", 0.6), ("b1", "b2", 0.6), ("a1", "b1", 0.5), ("a2", "b2", 0.5), ("a1", "b2", 0.5),
    ...          ("a2", "b1", 0.5)]
    >>> sorted(set(average_linkage(["a1", "a2", "b1", "b2"], edges, 0.3, named=[("a1", "a2"), ("b1", "b2")]).values()))
    ['a1', 'b1']
    >>> sorted(set(average_linkage(["a1", "a2", "b1", "b2"], edges, 0.3,
    ...                            named=[("a1", "a2"), ("b1", "b2"), ("a2", "b1")]).values()))
    ['a1']
    """
    if not (0.0 < threshold <= 1.0):
        raise ValueError(f"threshold must be in (0, 1], got {threshold!r}")
    order = sorted(set(nodes))
    index = {n: i for i, n in enumerate(order)}
    size = [1] * len(order)
    known = [None if days is None or window is None else days.get(n) for n in order]
    span: list[tuple[int, int] | None] = [None if d is None else (int(d), int(d)) for d in known]
    members: dict[int, list[int]] = {i: [i] for i in range(len(order))}
    links: dict[int, dict[int, float]] = defaultdict(dict)  # cluster -> cluster -> summed similarity
    for a, b, s in edges:
        ia, ib = index[a], index[b]
        if ia == ib:
            continue
        links[ia][ib] = links[ia].get(ib, 0.0) + float(s)
        links[ib][ia] = links[ib].get(ia, 0.0) + float(s)
    never = _related(index, apart)  # cluster -> the clusters it may never join
    shares = _related(index, named)  # cluster -> the clusters it shares a name with
    holds_name = [False] * len(order)  # whether two of a cluster's articles share a name
    heap: list[tuple[float, int, int]] = []
    for a in sorted(links):
        for b, s in links[a].items():
            if a < b and s >= threshold:
                heap.append((-s, a, b))
    heapq.heapify(heap)
    alive = set(range(len(order)))
    while heap:
        neg, a, b = heapq.heappop(heap)
        if a not in alive or b not in alive:
            continue
        s = links[a].get(b, 0.0)
        if -neg != s / (size[a] * size[b]):  # stale entry: the pair's average changed since it was pushed
            continue
        joined = _joined_span(span[a], span[b])
        if joined is not None and window is not None and joined[1] - joined[0] > window:
            continue  # two events of one topic, further apart than one story runs
        if b in never[a] or (holds_name[a] and holds_name[b] and b not in shares[a]):
            continue
        holds_name[a] = holds_name[a] or holds_name[b] or b in shares[a]
        span[a] = joined
        # merge b into a (a < b keeps the smaller representative)
        alive.discard(b)
        members[a].extend(members.pop(b))
        size[a] += size[b]
        _absorb(a, b, links, never, shares)
        for c in sorted(links[a]):
            avg = links[a][c] / (size[a] * size[c])
            if avg >= threshold:
                heapq.heappush(heap, (-avg, min(a, c), max(a, c)))
    out: dict[N, N] = {}
    for rep, mem in members.items():
        label = order[min(mem)]
        for m in mem:
            out[order[m]] = label
    return {n: out[n] for n in order}
