"""Builds lightsout._core with the project's CMake (-DLIGHTSOUT_PYTHON=ON) for pip.

The CMake tree is kept between installs (LIGHTSOUT_PYTHON_BUILD, default build-python/ at the
repository root), so a second `pip install .` rebuilds only what changed. LIGHTSOUT_JOBS sets
the parallel jobs (default 2), LIGHTSOUT_CMAKE_ARGS adds CMake arguments (./test passes
-DLIGHTSOUT_WERROR=ON).
"""

import os
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
# setuptools' own staging and egg-info go there too, not into the CMake tree build/.
os.makedirs(os.path.join(ROOT, "build-python"), exist_ok=True)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("LIGHTSOUT_PYTHON_BUILD", os.path.join(ROOT, "build-python"))
        jobs = os.environ.get("LIGHTSOUT_JOBS", "2")
        configure = [
            "cmake", "-S", ROOT, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release",
            "-DLIGHTSOUT_PYTHON=ON",
            "-DLIGHTSOUT_TESTS=OFF",
            "-DLIGHTSOUT_BENCH=OFF",
            "-DLIGHTSOUT_INSTALL=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
            # Ninja where there is one, as ./test's other trees: the same compile commands, which
            # ccache then serves from the main build.
            *(["-G", "Ninja"] if shutil.which("ninja") and not os.path.exists(
                os.path.join(build_dir, "CMakeCache.txt")) else []),
            *shlex.split(os.environ.get("LIGHTSOUT_CMAKE_ARGS", "")),
        ]
        subprocess.run(configure, check=True, stdin=subprocess.DEVNULL)
        subprocess.run(
            ["cmake", "--build", build_dir, "-j", jobs, "--target", "lightsout_python"],
            check=True, stdin=subprocess.DEVNULL,
        )
        built = os.path.join(build_dir, "python", "lightsout")
        names = [n for n in os.listdir(built) if n.startswith("_core") and n.endswith(".so")]
        if len(names) != 1:
            raise RuntimeError(f"expected one _core*.so in {built}, found {names}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, names[0]), target)


setup(
    package_dir={"": "python"},
    packages=["lightsout", "lightsout.research"],
    package_data={"lightsout": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("lightsout._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": os.path.join("build-python", "setuptools")},
             "egg_info": {"egg_base": "build-python"}},
    zip_safe=False,
)
