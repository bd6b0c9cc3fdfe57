//===- NcclTest.cpp - NCCL, loaded at run time ----------------------------===//
//
// The loader of NCCL and its messages: against the fake NCCL (built where
// MPICH is), a library that is not NCCL, a missing one, and the real
// libnccl.so.2 where one is installed (pip's nvidia-nccl-cu12, which
// PyTorch brings; loading it and asking its version need no GPU). The
// collectives themselves run under mpirun (test/Sharding/collectives.test,
// run-sharded-cuda.test).
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/Nccl.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace ten::cuda;

namespace {

TEST(NcclLoader, MissingOrWrongLibrariesAreErrors) {
  std::string error;
  EXPECT_EQ(Nccl::load("libten-no-such-nccl.so", error), nullptr);
  EXPECT_EQ(error.rfind("no NCCL: ", 0), 0u) << error;
  EXPECT_NE(error.find("set TEN_NCCL to its libnccl.so.2"), std::string::npos)
      << error;
  EXPECT_EQ(Nccl::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not NCCL: it has no ncclGetVersion");
}

#ifdef TEN_FAKE_NCCL
TEST(NcclLoader, TheFakeHasEveryEntryPoint) {
  std::string error;
  std::unique_ptr<Nccl> nccl = Nccl::load(TEN_FAKE_NCCL, error);
  ASSERT_NE(nccl, nullptr) << error;
  int version = 0;
  EXPECT_EQ(nccl->ncclGetVersion(&version), 0);
  EXPECT_EQ(version, 22304);
  EXPECT_EQ(nccl->describe(4, "ncclAllReduce"),
            "ncclAllReduce: invalid argument (NCCL_DEBUG=WARN says more)");
}
#endif

TEST(NcclLoader, TheInstalledNcclHasEveryEntryPoint) {
  // The default search, then pip's package (as PyTorch installs it).
  std::string library = Nccl::getDefaultLibrary();
  std::string error;
  std::unique_ptr<Nccl> nccl = Nccl::load(library, error);
  if (!nccl) {
    const char *python = "python3 -c 'import nvidia.nccl, os; "
                         "print(nvidia.nccl.__path__[0])' 2>/dev/null";
    if (FILE *pipe = popen(python, "r")) {
      char path[4096] = {0};
      if (fgets(path, sizeof(path), pipe)) {
        std::string directory(path);
        directory.erase(directory.find_last_not_of("\n") + 1);
        library = directory + "/lib/libnccl.so.2";
        nccl = Nccl::load(library, error);
      }
      pclose(pipe);
    }
  }
  if (!nccl)
    GTEST_SKIP() << "no NCCL installed: " << error;
  int version = 0;
  EXPECT_EQ(nccl->ncclGetVersion(&version), 0) << library;
  // NCCL 2.x: major * 10000 + minor * 100 + patch.
  EXPECT_GE(version, 21000) << library;
  EXPECT_EQ(nccl->describe(0, "ncclGroupEnd"),
            "ncclGroupEnd: no error (NCCL_DEBUG=WARN says more)");
}

} // namespace
