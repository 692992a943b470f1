"""`pip install .` from the checkout: the Python module `gqleval` (python/).

The extension is built by this checkout's CMake (-DGQLEVAL_PYTHON=ON, target
gqleval_pymodule), with nothing downloaded: it needs the Debian packages of
scripts/install-deps.sh (pybind11-dev, python3-dev, the libraries) and
setuptools, so install without build isolation where pip would fetch it:

    python3 -m venv --system-site-packages .venv   # sees Debian's pandas, dask
    .venv/bin/pip install --no-build-isolation .

GQLEVAL_BUILD_DIR names a CMake build folder to build in (and reuse); by
default a folder under setuptools' build/ is used.
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
# setuptools' own build and egg-info folder (ignored by git, as build*/ is).
os.makedirs(os.path.join(ROOT, "build-pip"), exist_ok=True)


def version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        return re.search(r"project\(gqleval VERSION ([0-9.]+)", f.read()).group(1)


class CMakeBuild(build_ext):
    """Builds gqleval._core with CMake and copies it where setuptools wants it."""

    def build_extension(self, ext):
        build_dir = os.environ.get("GQLEVAL_BUILD_DIR") or os.path.abspath(
            os.path.join(self.build_temp, "cmake"))
        configure = ["cmake", "-S", ROOT, "-B", build_dir, "-DGQLEVAL_PYTHON=ON",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            configure += ["-DCMAKE_BUILD_TYPE=Release", "-DGQLEVAL_TESTS=OFF"]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
        subprocess.check_call(configure)
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "gqleval_pymodule",
                               "-j", str(os.cpu_count() or 1)])
        name = os.path.basename(self.get_ext_filename(ext.name))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build_dir, "python", "gqleval", name), target)


setup(
    name="gqleval",
    version=version(),
    description="Does a GraphQL query written by a language model ask for the same data as "
                "the ground truth?",
    packages=["gqleval"],
    package_dir={"": "python"},
    package_data={"gqleval": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("gqleval._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # Not build/, the checkout's own CMake build folder.
    options={"build": {"build_base": "build-pip"}, "egg_info": {"egg_base": "build-pip"}},
    python_requires=">=3.9",
    zip_safe=False,
)
