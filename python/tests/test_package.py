"""The installed package: its stubs describe the compiled module exactly, and ship with it."""

from __future__ import annotations

import ast
import os

import lightsout
from lightsout import _core


def stub_names():
    path = os.path.join(os.path.dirname(lightsout.__file__), "_core.pyi")
    tree = ast.parse(open(path).read())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {
                n.name for n in node.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"
            }
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
    return top, members


def test_stubs_match_the_module():
    top, members = stub_names()
    public = {n for n in dir(_core) if not n.startswith("_")}
    assert top == public
    for cls, names in members.items():
        real = {n for n in vars(getattr(_core, cls)) if not n.startswith("_")}
        assert names == real, cls


def test_package_files_are_installed():
    here = os.path.dirname(lightsout.__file__)
    for name in ("py.typed", "_core.pyi", "__init__.py"):
        assert os.path.isfile(os.path.join(here, name)), name


def test_public_api():
    assert set(lightsout.__all__) <= set(dir(lightsout))
    assert issubclass(lightsout.RulesError, ValueError)
    assert issubclass(lightsout.BoardFormatError, ValueError)
