"""The command line: every command and option explains itself; errors are one clean line."""

from __future__ import annotations

import argparse

import pytest

from storyline.cli import build_parser, main


def _subparsers(parser: argparse.ArgumentParser, prefix: str = ""):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield f"{prefix}{name}", sub, helps.get(name)
                yield from _subparsers(sub, f"{prefix}{name} ")


def test_every_command_and_option_has_help():
    commands = list(_subparsers(build_parser()))
    names = {c for c, _, _ in commands}
    assert {"run", "serve", "bench", "bench summarize", "bench extract", "bench dedup", "bench cluster"} <= names
    for name, sub, help_text in commands:
        assert help_text, f"'storyline {name}' has no help line"
        for action in sub._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            assert action.help, f"'storyline {name}' option {action.option_strings or action.dest} has no help"


def test_run_help_states_the_defaults_a_run_uses():
    from storyline.config import load_config

    cfg = load_config()
    run = dict((n, sub) for n, sub, _ in _subparsers(build_parser()))["run"]
    helps = {a.dest: a.help for a in run._actions}
    assert f"(default {cfg.stories.threshold})" in helps["threshold"]
    assert f"(default {cfg.summary.words})" in helps["words"]


def test_run_without_out_or_into_is_a_clean_error(capsys):
    assert main(["run", "sample/folder"]) == 2
    assert "--out" in capsys.readouterr().err


def test_unknown_command_exits_with_usage():
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2
