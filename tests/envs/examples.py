"""The learning example's modules (``examples/``), imported as the example imports them: one
copy of each, so that a class made by one module is the class another module checks for."""

import importlib
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> ModuleType:
    """The module ``examples/<name>.py``."""
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    return importlib.import_module(name)
