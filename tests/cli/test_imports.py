"""The CLI and the lab's commands share one helper module and never import each other back."""

import ast
import subprocess
import sys
from pathlib import Path

import contraband

PACKAGE = Path(contraband.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at module level or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_no_lab_module_imports_the_cli_back():
    for path in sorted((PACKAGE / "lab").glob("*.py")):
        imports = imported_modules(path)
        assert "contraband.cli" not in imports, path.name
        assert "contraband.cli" not in {name.rsplit(".", 1)[0] for name in imports}, path.name


def test_the_shared_helpers_import_neither_the_cli_nor_the_lab():
    imports = imported_modules(PACKAGE / "cli_common.py")
    assert not any(name.startswith(("contraband.cli.", "contraband.lab")) for name in imports)
    assert "contraband.cli" not in imports


def test_the_cli_and_the_lab_share_one_options_parser():
    from contraband import cli, cli_common
    from contraband.lab import commands

    assert cli.parse_options is cli_common.parse_options
    assert commands.parse_options is cli_common.parse_options


def test_the_lab_commands_can_be_imported_before_the_cli():
    code = (
        "import contraband.lab.commands, contraband.cli; "
        "names = [c.name for c in contraband.cli.app.registered_commands]; "
        "assert 'simulate' in names and 'play' in names, names"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
