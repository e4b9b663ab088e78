"""The README and the code agree: commands, options, formats, the set-up commands, CI."""

from __future__ import annotations

import re

import click
import pytest

from kb.cli import main
from kb.export.formats import FORMATS

from .conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(main.commands)


def test_readme_opens_with_two_set_up_commands():
    block = re.search(r"```sh\n(.*?)```", README, re.DOTALL).group(1).strip().splitlines()
    assert len(block) == 2
    assert block[0].endswith('kb search "split second"')
    assert block[1].endswith("python -m pytest -q")
    assert README.index("```sh") < README.index("## ")  # the very first thing after the title


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "README.md" in script and "sed -n 2p" in script


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_and_is_in_the_readme(name):
    command = main.commands[name]
    assert command.help and len(command.help.strip()) > 20
    assert f"`kb {name}" in README


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_is_in_the_readme(name):
    for param in main.commands[name].params:
        if isinstance(param, click.Option):
            option = max(param.opts, key=len)
            assert option in README, f"kb {name} {option}"


@pytest.mark.parametrize("command", ["export", "fragments"])
def test_cli_formats_are_the_exporters(command):
    choices = next(p.type.choices for p in main.commands[command].params if p.name == "fmt")
    assert list(choices) == list(FORMATS)
