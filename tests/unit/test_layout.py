"""The code's shape: no module imports one that imports it back (lazily or not), the pure core never imports
pyspark, no import climbs a floor, no module reaches for another's private names, and the stage table stays a
table of contents."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "src" / "storyline"


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = p.relative_to(PKG.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def _imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other storyline modules, wherever in the module they are (inside functions too)."""
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in mods:
                    t = t.rsplit(".", 1)[0] if "." in t else ""
                if t and t != name and not name.startswith(t + "."):  # a package's own __init__ is no cycle
                    graph[name].add(t)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        stack.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return stack[stack.index(w):] + [w]
            if w not in state and (found := visit(w)):
                return found
        stack.pop()
        state[v] = 2
        return None

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return None


def test_no_import_cycle():
    assert _cycle(_imports(_modules())) is None


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_core_never_imports_pyspark():
    for path in (PKG / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "pyspark" for n in names), path


def test_the_stage_table_reads_at_a_glance():
    assert len((PKG / "run" / "plan.py").read_text(encoding="utf-8").splitlines()) < 100


def test_one_stage_per_file_named_for_it():
    from storyline.run.plan import STAGES

    for stage in STAGES:
        assert stage.body.__module__ == f"storyline.spark.{stage.name}" and stage.body.__name__ == "run", stage.name


MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60  # code lines: a docstring (and the examples doctest runs in it) is not counted
_PARSER_CALLS = frozenset("add_argument add_parser add_subparsers add_argument_group add_mutually_exclusive_group "
                          "set_defaults".split())


def _code_lines(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    n = fn.end_lineno - fn.lineno + 1
    first = fn.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        n -= first.end_lineno - first.lineno + 1
    return n


def _parser_table(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function that is mostly argparse declarations: a table of options, read as one."""
    calls = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)]
    return sum(c.func.attr in _PARSER_CALLS for c in calls) * 2 >= len(calls) > 0


def _long_functions(tree: ast.AST) -> list[tuple[str, int]]:
    return [(f.name, _code_lines(f)) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
            and _code_lines(f) > MAX_FUNCTION_LINES and not _parser_table(f)]


def test_no_module_is_over_600_lines():
    long = {str(p.relative_to(PKG)): n for p in PKG.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_no_function_is_over_60_lines():
    long = {str(p.relative_to(PKG)): found for p in PKG.rglob("*.py")
            if (found := _long_functions(ast.parse(p.read_text(encoding="utf-8"))))}
    assert long == {}


def test_the_size_checks_find_a_long_function_and_spare_a_parser_table():
    body = "\n".join(f"    x{k} = {k}" for k in range(61))
    options = "\n".join(f"    p.add_argument('--o{k}')" for k in range(70))
    documented = '    """' + "\n".join(["doc"] * 80) + '"""\n    return 1'
    tree = ast.parse(f"def long():\n{body}\n\ndef options(p):\n{options}\n\ndef documented():\n{documented}\n")
    assert _long_functions(tree) == [("long", 62)]


def _climbs(graph: dict[str, set[str]], stages: set[str]) -> list[tuple[str, str]]:
    """Imports that climb a floor: a Spark module importing the runner, a stage module importing another stage
    module (shared Spark helpers have modules of their own), the pure core importing Spark, the runner or the
    app's config (it takes plain parameters)."""
    bad = []
    for mod, targets in graph.items():
        for t in targets:
            if mod.startswith("storyline.spark.") and t.startswith("storyline.run"):
                bad.append((mod, t))
            elif mod in stages and t in stages:
                bad.append((mod, t))
            elif mod.startswith("storyline.core") and (t.startswith(("storyline.run", "storyline.spark"))
                                                       or t == "storyline.config"):
                bad.append((mod, t))
    return sorted(bad)


def test_no_import_climbs_a_floor():
    from storyline.run.plan import STAGES

    stages = {f"storyline.spark.{s.name}" for s in STAGES}
    assert _climbs(_imports(_modules()), stages) == []


def test_the_floor_check_finds_each_climb():
    graph = {"storyline.spark.digest": {"storyline.run.stage", "storyline.spark.report"},
             "storyline.core.story.x": {"storyline.config", "storyline.core.text.text"},
             "storyline.spark.report": {"storyline.spark.mapping"}}
    assert _climbs(graph, {"storyline.spark.digest", "storyline.spark.report"}) == [
        ("storyline.core.story.x", "storyline.config"), ("storyline.spark.digest", "storyline.run.stage"),
        ("storyline.spark.digest", "storyline.spark.report")]


_NUMBERS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()


def _stages_said(text: str) -> tuple[int | None, list[str]]:
    """How many stages a text says a run has ("goes through twelve stages", "each of its twelve stages"), and the
    stage names it lists in the brackets after those words, if any."""
    import re

    m = re.search(r"\b(?:its|through) (" + "|".join(_NUMBERS) + r") stages\b(?: \(([^;]*))?", text)
    if not m:
        return None, []
    names = [re.sub(r"\s*\(.*", "", n).strip() for n in (m.group(2) or "").split(",")] if m.group(2) else []
    return _NUMBERS.index(m.group(1)) + 1, [n for n in names if n]


def test_the_docs_count_and_list_the_plan_s_stages():
    from storyline.run.plan import STAGES

    names = [s.name for s in STAGES]
    for doc in ("README.md", "docs/reference.md", "docs/development.md"):
        count, listed = _stages_said((PKG.parents[1] / doc).read_text(encoding="utf-8"))
        assert count in (None, len(names)), doc
        assert not listed or listed == names, (doc, listed)
    assert _stages_said((PKG.parents[1] / "docs/reference.md").read_text(encoding="utf-8"))[1] == names


def test_the_stage_count_check_reads_a_count_and_a_list():
    assert _stages_said("A run goes through three stages (ingest, clean (rules), dedup; then more).") == (
        3, ["ingest", "clean", "dedup"])
    assert _stages_said("It names each of its eleven stages as it starts.") == (11, [])
    assert _stages_said("What two stages share has a module of its own.") == (None, [])


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(tree: ast.AST, modules: set[str]) -> list[str]:
    """Where a module reaches into another storyline module for a ``_private`` name: ``from m import _x``,
    ``m._x`` through a module it imported, and ``setattr(m, "_x", ...)`` (a test's monkeypatch)."""
    bound: set[str] = set()  # the names a storyline module is known by here
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update(a.asname or a.name.split(".")[0] for a in node.names if a.name.startswith("storyline"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("storyline"):
            for a in node.names:
                if _private(a.name):
                    found.append(f"from {node.module} import {a.name}")
                elif f"{node.module}.{a.name}" in modules:
                    bound.add(a.asname or a.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound \
                and _private(node.attr):
            found.append(f"{node.value.id}.{node.attr}")
        elif isinstance(node, ast.Call) and len(node.args) >= 2 and isinstance(node.args[0], ast.Name) \
                and node.args[0].id in bound and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and _private(node.args[1].value):
            found.append(f'setattr({node.args[0].id}, "{node.args[1].value}")')
    return found


def test_no_module_reaches_for_another_module_s_private_name():
    modules = set(_modules())
    files = [*PKG.rglob("*.py"), *(PKG.parents[1] / "tests").rglob("*.py")]
    found = {str(f.relative_to(PKG.parents[1])): uses for f in files
             if (uses := _private_uses(ast.parse(f.read_text(encoding="utf-8")), modules))}
    assert found == {}


def test_the_private_name_check_finds_each_reach():
    code = ("import storyline.core.nlp.names as N\nfrom storyline.core.story import context\n"
            "from storyline.core.story.context import _QUOTES, context_need\nimport os\n"
            "N._places()\ncontext._settle_quotes\nos._exit\nself._x\nmonkeypatch.setattr(context, '_READ', {})\n")
    assert sorted(_private_uses(ast.parse(code), {"storyline.core.story.context", "storyline.core.nlp.names"})) == [
        "N._places", "context._settle_quotes", "from storyline.core.story.context import _QUOTES",
        'setattr(context, "_READ")']


# ``.get`` of a field of a story part, where the value read is a raw input record's: not a story part
_RECORD_READS = {("storyline.spark.ingest", "text"), ("storyline.spark.articles", "text")}


def _part_fields() -> set[str]:
    import dataclasses

    from storyline.core.story import model

    return {f.name for c in vars(model).values() if dataclasses.is_dataclass(c) and hasattr(c, "from_row")
            for f in dataclasses.fields(c)}


def _part_gets(tree: ast.AST, part_fields: set[str]) -> list[str]:
    """The ``x.get("field")`` calls of a module that read a story part's field outside a ``from_row`` reader."""
    readers = {id(n) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name == "from_row"
               for n in ast.walk(fn)}
    return [n.args[0].value for n in ast.walk(tree)
            if id(n) not in readers and isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr == "get" and n.args and isinstance(n.args[0], ast.Constant)
            and n.args[0].value in part_fields]


def test_story_parts_are_read_as_typed_objects_past_their_readers():
    part_fields = _part_fields()
    mods = {m: p for m, p in _modules().items()
            if m.startswith(("storyline.core.story", "storyline.report", "storyline.spark"))}
    found = sorted((m, key) for m, p in mods.items() for key in _part_gets(ast.parse(p.read_text()), part_fields))
    assert [f for f in found if f not in _RECORD_READS] == []


def test_the_part_read_check_finds_a_get_outside_a_reader():
    code = ("def from_row(d):\n    return d.get('text')\n\n"
            "def render(story):\n    return story.get('summary'), counts.get('rejects')\n")
    assert _part_gets(ast.parse(code), {"text", "summary"}) == ["summary"]


def _silent_deferrals(source: str) -> list[int]:
    """Lines of imports made inside a function with no comment saying why, on them or on the line above their run
    of imports."""
    lines = source.splitlines()
    out = []
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for n in ast.walk(fn):
                if isinstance(n, (ast.Import, ast.ImportFrom)):
                    k = n.lineno - 1
                    while k > 0 and lines[k - 1].lstrip().startswith(("import ", "from ")):
                        k -= 1  # the run of imports this one belongs to
                    said = any("#" in lines[i] for i in range(k, n.end_lineno)) or lines[k - 1].lstrip().startswith("#")
                    if not said:
                        out.append(n.lineno)
    return out


def test_an_import_inside_a_function_says_why_it_is_deferred():
    found = {m: lines for m, p in _modules().items() if (lines := _silent_deferrals(p.read_text(encoding="utf-8")))}
    assert found == {}


def test_the_deferral_check_finds_a_silent_one():
    code = ("def a():\n    # heavy: loaded on first use\n    import json\n    import os\n\n"
            "def b():\n    import re\n    return re\n")
    assert _silent_deferrals(code) == [7]
