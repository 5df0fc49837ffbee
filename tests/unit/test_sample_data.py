"""The bundled sample data: it parses, it holds what sample/README.md and sample/expected.json promise, and the
bad sample holds every intended defect. No JVM needed."""

from __future__ import annotations

import json
import math
import re
import sys
import tomllib
import types
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from storyline.core.ingest.decode import binary_reason, decode_bytes
from storyline.core.text.clean import clean_text, non_article_reason
from storyline.core.ingest.records import derive_title, outlet_from_url, parse_date, parse_json_line
from storyline.core.text.text import content_terms, tokens, words

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample"
BAD = SAMPLE / "bad"
SHARED = ROOT.parent / "shared"
FIELDS = ("id", "url", "source", "title", "published", "text")


def _defaults() -> dict:
    path = ROOT / "src" / "storyline" / "defaults.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _setting(section: str, key: str, fallback: int) -> int:
    return int(_defaults().get(section, {}).get(key, fallback))


@pytest.fixture(scope="module")
def articles() -> list[dict]:
    lines = (SAMPLE / "articles.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


@pytest.fixture(scope="module")
def by_id(articles) -> dict[str, dict]:
    return {a["id"]: a for a in articles}


@pytest.fixture(scope="module")
def expected() -> dict:
    return json.loads((SAMPLE / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def story_of(expected) -> dict[str, str]:
    return {i: key for key, s in expected["stories"].items() for i in s["articles"]}


@pytest.fixture(scope="module")
def copies(expected) -> set[str]:
    """Ids of syndicated and near-duplicate copies (not independent reporting)."""
    return {d["id"] for d in expected["exact_duplicates"] + expected["near_duplicates"]}


@pytest.fixture(scope="module")
def make_bad() -> types.ModuleType:
    """sample/bad/make_bad.py as a module, loaded without writing bytecode into the sample folder."""
    path = BAD / "make_bad.py"
    mod = types.ModuleType("make_bad")
    mod.__file__ = str(path)
    sys.modules["make_bad"] = mod
    try:
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), mod.__dict__)
    finally:
        del sys.modules["make_bad"]
    return mod


def _shingles(text: str, n: int = 5) -> set[tuple[str, ...]]:
    t = tokens(text)
    return {tuple(t[i:i + n]) for i in range(len(t) - n + 1)}


def _jaccard(a: str, b: str) -> float:
    sa, sb = _shingles(a), _shingles(b)
    return len(sa & sb) / len(sa | sb)


# --- articles.jsonl --------------------------------------------------------------------------------------

def test_every_line_is_a_complete_article(articles):
    assert 30 <= len(articles) <= 40
    for a in articles:
        assert set(a) == set(FIELDS), a.get("id")
        assert all(isinstance(a[f], str) and a[f].strip() for f in FIELDS), a["id"]
    assert len({a["id"] for a in articles}) == len(articles), "ids must be unique"
    assert len({a["url"] for a in articles}) == len(articles), "urls must be unique"


def test_lengths_and_paragraphs(articles):
    for a in articles:
        n = len(words(a["text"]))
        assert 180 <= n <= 450, (a["id"], n)
        paragraphs = [p for p in a["text"].split("\n\n") if p.strip()]
        assert len(paragraphs) >= 5, a["id"]
        assert "\n\n\n" not in a["text"], a["id"]


def test_dates_have_timezones_and_span_three_days(articles):
    days = set()
    for a in articles:
        assert re.search(r"(?:[+-]\d\d:\d\d|Z)$", a["published"]), a["published"]
        iso = parse_date(a["published"])
        assert iso is not None and iso.endswith("Z"), a["published"]
        days.add(iso[:10])
    assert days == {"2024-08-20", "2024-08-21", "2024-08-22"}
    published = [parse_date(a["published"]) for a in articles]
    assert published == sorted(published), "articles.jsonl is sorted by publication time"


def test_each_outlet_has_one_invented_domain(articles):
    domains: dict[str, set[str]] = {}
    for a in articles:
        host = outlet_from_url(a["url"])
        assert host and host.endswith(".example"), a["url"]
        domains.setdefault(a["source"], set()).add(host)
    assert all(len(hosts) == 1 for hosts in domains.values()), domains
    assert len({next(iter(h)) for h in domains.values()}) == len(domains), "two outlets share a domain"


def test_story_membership_is_complete(articles, expected, story_of):
    assert set(story_of) == {a["id"] for a in articles}, "every article belongs to exactly one story"
    assert sum(len(s["articles"]) for s in expected["stories"].values()) == len(articles)
    assert len(expected["stories"]) == 7
    for aid, key in story_of.items():
        assert aid.startswith(key + "-"), aid


def test_counts_per_story_and_outlet(articles, expected, story_of, copies):
    per_story = Counter(story_of[a["id"]] for a in articles)
    assert all(4 <= n <= 6 for n in per_story.values()), per_story
    pairs = Counter((story_of[a["id"]], a["source"]) for a in articles)
    assert max(pairs.values()) == 1, "an outlet tells each story once"
    for key in expected["stories"]:
        independent = {a["source"] for a in articles if story_of[a["id"]] == key and a["id"] not in copies}
        assert len(independent) >= 3, (key, independent)
    per_outlet = Counter(a["source"] for a in articles)
    assert len(per_outlet) >= 7
    assert max(per_outlet.values()) <= len(expected["stories"])


def _tfidf(docs: dict[str, str]) -> dict[str, dict[str, float]]:
    terms = {k: Counter(content_terms(v)) for k, v in docs.items()}
    df = Counter(t for c in terms.values() for t in c)
    n = len(docs)
    vecs = {}
    for k, c in terms.items():
        v = {t: (1 + math.log(f)) * math.log(n / df[t]) for t, f in c.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        vecs[k] = {t: x / norm for t, x in v.items()}
    return vecs


def _cos(a: dict[str, float], b: dict[str, float]) -> float:
    return sum(x * b.get(t, 0.0) for t, x in a.items())


def test_articles_are_closest_to_their_own_story(articles, story_of, copies):
    """Each story is coherent: an article is nearer (TF-IDF cosine) to its own story than to any other, even
    though the stories mention each other's names."""
    docs = {a["id"]: a["title"] + "\n" + a["text"] for a in articles}
    vecs = _tfidf(docs)
    for aid in docs:
        score: dict[str, list[float]] = {}
        for other in docs:
            if other != aid and other not in copies:
                score.setdefault(story_of[other], []).append(_cos(vecs[aid], vecs[other]))
        best = max(score, key=lambda k: sum(score[k]) / len(score[k]))
        assert best == story_of[aid], (aid, best)


# --- folder ----------------------------------------------------------------------------------------------

def test_folder_files(articles, expected):
    files = sorted(p for p in (SAMPLE / "folder").iterdir() if p.is_file())
    assert len(files) == 6
    assert {p.suffix for p in files} == {".txt", ".md"}
    listed = {f for s in expected["stories"].values() for f in s["folder"]}
    assert listed == {p.name for p in files}
    docs = {a["id"]: a["title"] + "\n" + a["text"] for a in articles}
    folder_story = {f: k for k, s in expected["stories"].items() for f in s["folder"]}
    for p in files:
        text = p.read_text(encoding="utf-8")
        n = len(words(text))
        assert 180 <= n <= 450, (p.name, n)
        assert derive_title(text), f"{p.name}: the first line must be a headline"
        vecs = _tfidf({**docs, p.name: text})
        story_ids = {k: s["articles"] for k, s in expected["stories"].items()}
        mean = {k: sum(_cos(vecs[p.name], vecs[i]) for i in ids) / len(ids) for k, ids in story_ids.items()}
        assert max(mean, key=mean.get) == folder_story[p.name], (p.name, mean)
        assert clean_text(text).removed, f"{p.name} carries residue"


# --- residue ---------------------------------------------------------------------------------------------

def test_residue_markers_are_where_expected_says(articles, expected):
    for r in expected["residue"]:
        found = {a["id"] for a in articles if r["line"] in a["text"]}
        assert found == set(r["ids"]), r["line"]


def test_about_half_the_articles_carry_residue(articles, expected):
    dirty = {i for r in expected["residue"] for i in r["ids"]}
    assert 0.4 <= len(dirty) / len(articles) <= 0.7, len(dirty)
    kinds = {r["kind"] for r in expected["residue"]}
    assert {"paywall", "photo_credit", "menu", "filed_under", "teaser", "share", "social_embed", "newsletter",
            "advertisement", "caption"} <= kinds


def test_glued_paywall_is_present(articles):
    glued = [a["id"] for a in articles if re.search(r"for 3 months[A-Z]", a["text"])]
    assert len(glued) >= 2, glued


def test_rule_residue_is_removed_by_core_clean(by_id, expected):
    """Markers labelled 'rule' are gone after core.clean; the summaries' no-residue checks rely on it."""
    for r in expected["residue"]:
        if r["caught_by"] != "rule":
            continue
        for aid in r["ids"]:
            assert r["line"] not in clean_text(by_id[aid]["text"]).text, (r["line"], aid)


def test_corpus_residue_repeats_verbatim_often_enough(by_id, expected, copies):
    """Residue no rule knows recurs as a whole line in enough distinct articles to be learned as boilerplate,
    and at least one such line really is left to the corpus-learned stage."""
    min_docs = _setting("clean", "boilerplate_min_docs", 4)
    max_words = _setting("clean", "boilerplate_max_words", 25)
    corpus = [r for r in expected["residue"] if r["caught_by"] == "corpus"]
    assert len(corpus) >= 3
    for r in corpus:
        ids = [i for i in r["ids"] if i not in copies]
        assert len(ids) >= min_docs, r["line"]
        assert len(words(r["line"])) <= max_words
        for aid in ids:
            assert r["line"] in by_id[aid]["text"].split("\n"), (r["line"], aid)
        assert len({by_id[i]["source"] for i in ids}) == 1, "boilerplate belongs to one outlet"
    survivors = [r["line"] for r in corpus if r["line"] in clean_text(by_id[r["ids"][0]]["text"]).text]
    assert survivors, "every corpus-labelled line is already caught by a rule; the sample needs new ones"


# --- duplicates and disagreements ------------------------------------------------------------------------

def test_exact_duplicates(by_id, expected):
    assert len(expected["exact_duplicates"]) == 2
    for d in expected["exact_duplicates"]:
        copy, orig = by_id[d["id"]], by_id[d["of"]]
        assert copy["text"] == orig["text"]
        assert copy["source"] != orig["source"] and copy["url"] != orig["url"]
    texts = Counter(a["text"] for a in by_id.values())
    assert sum(n - 1 for n in texts.values()) == 2, "no unplanned exact duplicates"


def test_near_duplicate_and_nothing_else_is_close(articles, by_id, expected):
    (near,) = expected["near_duplicates"]
    copy, orig = by_id[near["id"]]["text"], by_id[near["of"]]["text"]
    assert copy != orig
    assert copy.split(". ")[0] != orig.split(". ")[0], "the first sentence was changed"
    assert 0.85 <= _jaccard(copy, orig) < 0.97
    planted = {frozenset((d["id"], d["of"])) for d in expected["exact_duplicates"] + expected["near_duplicates"]}
    for a, b in combinations(articles, 2):
        if frozenset((a["id"], b["id"])) not in planted:
            assert _jaccard(a["text"], b["text"]) < 0.3, (a["id"], b["id"])


def test_planted_disagreements(by_id, expected):
    topics = {(d["story"], d["topic"]) for d in expected["disagreements"]}
    assert len(topics) >= 7 and len({s for s, _ in topics}) >= 6
    for d in expected["disagreements"]:
        a, b = d["claims"]
        for side in (a, b):
            for aid in side["ids"]:
                assert aid.startswith(d["story"] + "-")
                assert re.search(side["phrase"], by_id[aid]["text"]), (d["topic"], side["claim"], aid)
        if d["exclusive"]:
            for side, other in ((a, b), (b, a)):
                for aid in side["ids"]:
                    assert not re.search(other["phrase"], by_id[aid]["text"]), (d["topic"], aid)
    story = {(d["story"], d["topic"]): d for d in expected["disagreements"]}
    mayor = story[("transit", "the mayor's support for the increase")]
    assert re.search(r"Solberg confirmed", by_id[mayor["claims"][0]["ids"][0]]["text"])
    assert re.search(r"Solberg denied", by_id[mayor["claims"][1]["ids"][0]]["text"])


def test_agreed_facts_recur(by_id, expected):
    for fact in expected["agreements"]:
        assert len({by_id[i]["source"] for i in fact["ids"]}) >= 3, fact["fact"]
        for aid in fact["ids"]:
            assert fact["phrase"] in by_id[aid]["text"], (fact["fact"], aid)


def test_texts_carry_past_years(articles):
    for a in articles:
        years = {int(y) for y in re.findall(r"\b(19\d\d|20[0-2]\d)\b", a["text"])}
        assert any(y < 2024 for y in years), a["id"]


# --- the bad sample --------------------------------------------------------------------------------------

def test_bad_files_match_their_generator(make_bad):
    for name, data in make_bad.files().items():
        assert (BAD / name).read_bytes() == data, f"{name} is stale: run python sample/bad/make_bad.py"


def test_bad_jsonl_holds_each_defect(make_bad):
    raw = (BAD / "bad.jsonl").read_bytes()
    assert not raw.endswith(b"\n"), "the last line has no trailing newline"
    lines = raw.split(b"\n")
    assert len(lines) == len(make_bad.EXPECTED)
    min_words = _setting("clean", "min_words", 40)
    seen: set[str] = set()
    outcomes = []
    for (num, want_id, want), line in zip(make_bad.EXPECTED, lines):
        text, reason = decode_bytes(line)
        if reason:
            got = reason
        elif not text.strip():
            got = "skipped"
        else:
            obj, rej = parse_json_line(text)
            if rej:
                got = rej.reason
            else:
                assert obj.get("id") == want_id, num
                body = obj.get("text") or ""
                got = (("missing_text" if not body else None) or non_article_reason(body)
                       or ("duplicate_id" if obj["id"] in seen else None)
                       or ("too_short" if len(words(body)) < min_words else "ok"))
                seen.add(obj["id"])
                if want in ("crawl_notice", "javascript_disabled", "error_page"):
                    assert len(words(body)) >= min_words, f"line {num} must not also be too short"
        outcomes.append((num, got))
    assert outcomes == [(num, want) for num, _, want in make_bad.EXPECTED]
    assert {w for _, _, w in make_bad.EXPECTED} >= {
        "ok", "invalid_json", "not_an_object", "empty", "crawl_notice", "javascript_disabled", "invalid_utf8",
        "duplicate_id"}


def test_bad_jsonl_invalid_lines_really_are_invalid(make_bad):
    lines = (BAD / "bad.jsonl").read_bytes().split(b"\n")
    by_id = {aid: lines[num - 1] for num, aid, _ in make_bad.EXPECTED if aid}
    by_want = {want: lines[num - 1] for num, aid, want in make_bad.EXPECTED}
    invalid = by_id["bad-invalid-utf8"]
    with pytest.raises(UnicodeDecodeError):
        invalid.decode("utf-8")
    with pytest.raises(UnicodeDecodeError):
        invalid.decode("cp1252")
    mojibake = by_id["bad-mojibake"]  # cp1252 decodes every byte of it, yet it is no text
    with pytest.raises(UnicodeDecodeError):
        mojibake.decode("utf-8")
    mojibake.decode("cp1252")
    assert decode_bytes(mojibake)[1] == "invalid_utf8"
    cp = by_id["bad-good-cp1252"]
    with pytest.raises(UnicodeDecodeError):
        cp.decode("utf-8")
    assert "café" in decode_bytes(cp)[0]
    with pytest.raises(json.JSONDecodeError):
        json.loads(by_want["invalid_json"])
    assert isinstance(json.loads(by_want["not_an_object"]), list)
    no_text = json.loads(by_id["bad-no-text"])
    assert "text" not in no_text and no_text.get("title")


def test_binary_and_empty_files():
    data = (BAD / "binary.txt").read_bytes()
    assert b"\x00" in data and len(data) == 4096
    assert binary_reason(data) == "binary"
    assert (BAD / "empty.txt").read_bytes() == b""


@pytest.mark.parametrize("fmt", ["txt", "jsonl"])
def test_large_article_is_generated_not_committed(make_bad, tmp_path, fmt):
    assert not any(p.stat().st_size > 1_000_000 for p in SAMPLE.rglob("*") if p.is_file())
    path = make_bad.write_large_article(tmp_path / f"large_article.{fmt}", fmt=fmt)
    size = path.stat().st_size
    assert size >= 20_000_000 > 0
    assert size > _setting("ingest", "max_bytes", 10_000_000)
    with path.open("rb") as f:
        head = f.read(4096)
    if fmt == "txt":
        assert derive_title(head.decode("utf-8")) == "Port backlog schedule, in full"
    else:
        assert head.startswith(b'{"id": "bad-too-large"')
        assert path.read_bytes().count(b"\n") == 1
    with pytest.raises(ValueError, match="fmt"):
        make_bad.write_large_article(tmp_path / "x", fmt="pdf")


def test_bad_readme_lists_every_record(make_bad):
    readme = (BAD / "README.md").read_text(encoding="utf-8")
    for num, aid, want in make_bad.EXPECTED:
        label = "article" if want == "ok" else want
        assert re.search(rf"^\| {num} \| {re.escape(f'`{aid}`') if aid else '–'} \|.*{label}", readme, re.M), num
    for name, want in make_bad.EXPECTED_FILES.items():
        assert want in readme and (name in readme or name in ("large_article.txt", "long_article.jsonl"))


# --- the sample as a whole -------------------------------------------------------------------------------

def test_sample_is_small():
    total = sum(p.stat().st_size for p in SAMPLE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert total < 400_000, total


def test_sample_text_is_not_copied_from_shared_data(articles):
    """The sample is written for the project: no 10-word run may come from the evaluation data (shorter runs
    include stock phrases such as "did not respond to a request for comment")."""
    sources = sorted((SHARED / "seeds").glob("*.txt")) if (SHARED / "seeds").is_dir() else []
    multinews = SHARED / "data" / "multinews-dev" / "multinews_dev.jsonl"
    if not sources and not multinews.exists():
        pytest.skip("../shared is not available")

    def grams(text: str) -> set[tuple[str, ...]]:
        return _shingles(text, 10)

    ours = set()
    for a in articles:
        ours |= grams(a["text"])
    for p in sorted((SAMPLE / "folder").iterdir()):
        ours |= grams(p.read_text(encoding="utf-8"))
    theirs = set()
    for p in sources:
        theirs |= grams(p.read_text(encoding="utf-8", errors="replace"))
    if multinews.exists():
        for line in multinews.read_text(encoding="utf-8").splitlines():
            for doc in json.loads(line).get("documents", []):
                if isinstance(doc, str):
                    theirs |= grams(doc)
    assert not ours & theirs, sorted(ours & theirs)[:5]


def test_lead_after_glued_paywall_survives_cleaning():
    text = (SAMPLE / "folder" / "heat-cooling-centres-day-three.txt").read_text(encoding="utf-8")
    assert "Unlimited Digital Access Only 99¢for 3 monthsMore than 2,300 people" in text
    assert "More than 2,300 people used Port Calder's six cooling centres" in clean_text(text).text
