# -*- Python -*-
# The lit configuration of the ten test suite.

import ctypes
import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TEN"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".td"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ten_obj_root, "test")

config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%PYTHON", config.python_executable))
config.substitutions.append(("%ten_src_root", config.ten_src_root))
config.substitutions.append(("%ten_obj_root", config.ten_obj_root))

# Sharded programs run one process per device under MPICH's mpirun, on this
# machine alone (utils/setup.sh installs MPICH); the build must have found
# mpi.h for its collectives to have an MPI backend.
mpirun = shutil.which("mpirun")
if mpirun and config.ten_mpi_include_dir and \
        not config.ten_mpi_include_dir.endswith("-NOTFOUND"):
    config.available_features.add("mpi")
    mpirun_command = f"'{mpirun}' -launcher fork -hosts localhost"
    if config.ten_sanitizers:
        # LeakSanitizer's stop-the-world cannot always attach to the
        # processes of Hydra's fork launcher ("does not work under ptrace"):
        # their leaks are checked by the same code's runs without mpirun.
        mpirun_command += (" -genv ASAN_OPTIONS "
                           "allow_user_poisoning=0:allocator_may_return_null=1"
                           ":detect_leaks=0")
    config.substitutions.append(("%mpirun", mpirun_command))
    # The fake NCCL (unittests/Runtime/FakeNccl.c) needs MPICH's library:
    # the CUDA target's collectives run on it under mpirun.
    if os.path.exists(os.path.join(config.ten_obj_root, "lib",
                                   "libten-fake-nccl.so")):
        config.available_features.add("fake-nccl")

# TEN_OPT_CHECK_IR_ROUNDTRIP=1 makes every tensor-opt run check that its
# output parses back to the same IR.
tensor_opt = ToolSubst("tensor-opt", unresolved="fatal")
if os.environ.get("TEN_OPT_CHECK_IR_ROUNDTRIP"):
    tensor_opt = ToolSubst(
        "tensor-opt", extra_args=["--verify-roundtrip"], unresolved="fatal"
    )
llvm_config.add_tool_substitutions(
    [
        tensor_opt,
        ToolSubst("tensor-run", unresolved="fatal"),
        ToolSubst("ten-capi-test", unresolved="fatal"),
        ToolSubst("ten-collectives-test", unresolved="fatal"),
        ToolSubst("tensor-reduce", unresolved="fatal"),
        ToolSubst("ten-lsp-server", unresolved="fatal"),
        ToolSubst("tensor-compile", unresolved="fatal"),
        ToolSubst("ten-tblgen", unresolved="fatal"),
    ],
    [config.ten_tools_dir, config.llvm_tools_dir],
)

# Runs a file's functions with tensor-run and checks them against NumPy.
config.substitutions.append(
    (
        "%check-numpy",
        f"{config.python_executable} {config.ten_src_root}/utils/check-with-numpy.py "
        f"{os.path.join(config.ten_tools_dir, 'tensor-run')}",
    )
)

# What `tensor-run --list-devices` prints for `target`, or None if it fails.
def list_devices(target, environment=None):
    try:
        listed = subprocess.run(
            [os.path.join(config.ten_tools_dir, "tensor-run"),
             "--target=" + target, "--list-devices"],
            env=environment, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return listed.stdout if listed.returncode == 0 else None


# The host has AVX-512 (its CPU device lists 512-bit vectors): tests of
# what the host's code generation does with its widest vectors.
if "512-bit vectors" in (list_devices("cpu") or ""):
    config.available_features.add("avx512")

# glibc's vector math library loads and the host has AVX2, whose registers
# its variants take: tests of the loops that call it
# (lib/Target/VectorMathLibrary.cpp).
def has_vector_math_library():
    try:
        ctypes.CDLL("libmvec.so.1")
        with open("/proc/cpuinfo") as cpuinfo:
            return " avx2" in cpuinfo.read()
    except OSError:
        return False


if has_vector_math_library():
    config.available_features.add("libmvec")

# The CUDA target is built (TEN_ENABLE_CUDA): ten-nvvm-pipeline, --target=cuda.
if config.ten_enable_cuda:
    config.available_features.add("cuda-target")
# The passes trace their decisions (LLVM_DEBUG) in builds with assertions.
if config.ten_enable_assertions:
    config.available_features.add("asserts")

# The CUDA toolkit that ten-nvvm-pipeline compiles with (its default, as in
# lib/Target/CUDA/Codegen/NVVMPipeline.cpp): tests that link libdevice or run ptxas
# need it (and the CUDA target); compiling to PTX otherwise needs LLVM alone.
cuda_path = next(
    (os.environ[v] for v in ("CUDA_HOME", "CUDA_PATH") if os.environ.get(v)),
    "/usr/local/cuda",
)
config.environment["CUDA_HOME"] = cuda_path
if config.ten_enable_cuda and os.path.exists(
    os.path.join(cuda_path, "nvvm", "libdevice", "libdevice.10.bc")
) and os.path.exists(os.path.join(cuda_path, "bin", "ptxas")):
    config.available_features.add("cuda-toolkit")
# The toolkit's binary tools that read cubins: on PATH, in the toolkit, or
# from PyPI's nvidia-cuda-cuobjdump and nvidia-cuda-nvdisasm (utils/setup.sh
# installs them where the toolkit lacks them).
def find_cuda_binary_tool(name):
    found = shutil.which(name) or shutil.which(name, path=os.path.join(cuda_path, "bin"))
    if found:
        return found
    # The Python that runs the tests, whose pip installed them: lit may run
    # on another one.
    try:
        roots = subprocess.run(
            [config.python_executable, "-c",
             "import nvidia; print('\\n'.join(nvidia.__path__))"],
            capture_output=True, text=True, timeout=60).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        return None
    for root in roots:
        for release in sorted(os.listdir(root)):
            candidate = os.path.join(root, release, "bin", name)
            if os.access(candidate, os.X_OK):
                return candidate
    return None


cuobjdump = find_cuda_binary_tool("cuobjdump")
nvdisasm = find_cuda_binary_tool("nvdisasm")
if "cuda-toolkit" in config.available_features and cuobjdump and nvdisasm:
    config.available_features.add("cuda-binary-tools")
    config.substitutions.append(("%cuobjdump", cuobjdump))
    config.substitutions.append(("%nvdisasm", nvdisasm))
    config.substitutions.append(
        ("%check-kernels",
         f"{config.python_executable} {config.ten_src_root}/test/Inputs/check-kernels.py")
    )
    config.substitutions.append(("%ptxas", os.path.join(cuda_path, "bin", "ptxas")))

# A GPU to run on: tensor-run lists a device through the machine's driver
# (never a fake one that $TEN_CUDA_DRIVER names). test/GPU/execution.test
# needs it.
def find_cuda_gpu():
    environment = dict(os.environ)
    environment.pop("TEN_CUDA_DRIVER", None)
    return (list_devices("cuda", environment) or "").startswith("cuda:0:")


if config.ten_enable_cuda and find_cuda_gpu():
    config.available_features.add("cuda-gpu")

# The PTX text that format=isa leaves in a gpu.binary, one line per line.
config.substitutions.append(
    ("%ptx-text", r"""sed -e 's/\\0A/\n/g' -e 's/\\09/ /g' -e 's/\\22/"/g'""")
)

# The Python package, importable from the build tree.
if config.ten_python:
    config.available_features.add("python")
    config.environment["PYTHONPATH"] = os.path.join(config.ten_obj_root, "python")

# Under -DTEN_ENABLE_SANITIZERS=ON only the project's code is instrumented.
# LLVM's allocators poison memory from inline header code, which the
# uninstrumented libMLIR then touches legitimately: manual poisoning is off.
if config.ten_sanitizers:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0:allocator_may_return_null=1"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"

# The interpreter that runs the Python package. Python is not instrumented:
# under the sanitizers the ASan runtime (and the C++ runtime, whose throws it
# intercepts) come first by LD_PRELOAD, and the interpreter's own
# allocations are not leaks of ours.
ten_python = config.python_executable
if config.ten_sanitizers and config.ten_asan_runtime:
    ten_python = (
        f"env 'LD_PRELOAD={config.ten_asan_runtime}' "
        f"ASAN_OPTIONS=allow_user_poisoning=0:allocator_may_return_null=1:detect_leaks=0 {ten_python}"
    )
config.substitutions.append(("%ten_python", ten_python))

# Configuring a project of its own against an installed ten (test/Install):
# the build's CMake, generator and compilers; a sanitized ten's libraries
# need the sanitizers' runtime in the program that links them.
downstream_flags = [
    f"-G '{config.cmake_generator}'",
    f"-DCMAKE_C_COMPILER='{config.cmake_c_compiler}'",
    f"-DCMAKE_CXX_COMPILER='{config.cmake_cxx_compiler}'",
]
if config.cmake_compiler_launcher:
    downstream_flags.append(
        f"-DCMAKE_CXX_COMPILER_LAUNCHER='{config.cmake_compiler_launcher}'"
    )
if config.ten_sanitizers:
    downstream_flags.append("-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
config.substitutions.append(("%cmake-downstream", f"'{config.cmake_command}' "
                             + " ".join(downstream_flags)))
config.substitutions.append(("%cmake", f"'{config.cmake_command}'"))

# Compiling and linking a C program against the build's ahead-of-time
# runtime (test/AOT); a sanitized runtime needs the sanitizers' runtime.
aot_link = [f"-L{config.ten_obj_root}/lib", "-lTenAotRuntime",
            f"-Wl,-rpath,{config.ten_obj_root}/lib", "-lmvec", "-lm"]
if config.ten_sanitizers:
    aot_link.append("-fsanitize=address,undefined")
config.substitutions.append(("%cc", f"'{config.cmake_c_compiler}'"))
config.substitutions.append(("%aot-link", " ".join(aot_link)))
config.substitutions.append(
    ("%aot-include", f"-I{config.ten_src_root}/include")
)
