//===- CusolverTest.cpp - cuSOLVER, loaded at run time --------------------===//
//
// The loader of cuSOLVER's dense API and its messages: the toolkit's
// library (or TEN_CUSOLVER's) and the tests' fake load and have every
// entry point of CusolverSymbols.def; a missing library and one that is
// not cuSOLVER are one line each. Nothing is called on a device: no GPU is
// needed.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/Cusolver.h"

#include "gtest/gtest.h"

using namespace ten::cuda;

namespace {

TEST(CusolverLoader, MissingOrWrongLibrariesAreErrors) {
  std::string error;
  EXPECT_EQ(Cusolver::load("libten-no-such-cusolver.so", error), nullptr);
  EXPECT_EQ(error.rfind("no cuSOLVER: ", 0), 0u) << error;
  EXPECT_EQ(Cusolver::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not cuSOLVER: it has no cusolverGetVersion");
}

TEST(CusolverLoader, TheToolkitsLibraryHasEveryEntryPoint) {
  std::string error;
  std::unique_ptr<Cusolver> cusolver =
      Cusolver::load(Cusolver::getDefaultLibrary(), error);
  if (!cusolver)
    GTEST_SKIP() << "no cuSOLVER installed: " << error;
  // Load resolves every symbol or fails; the version is the library's.
  EXPECT_NE(cusolver->cusolverDnZgetrs, nullptr);
  EXPECT_NE(cusolver->cusolverDnZgesvdj, nullptr);
  std::string version = cusolver->getVersion();
  EXPECT_TRUE(version.rfind("11.", 0) == 0 || version.rfind("12.", 0) == 0)
      << version;
}

TEST(CusolverLoader, TheFakeLibraryHasEveryEntryPoint) {
  // The tests' stand-in (FakeCusolver.c), which the CUDA target's tests
  // without a GPU run on: it must keep up with CusolverSymbols.def.
  std::string error;
  std::unique_ptr<Cusolver> cusolver = Cusolver::load(TEN_FAKE_CUSOLVER, error);
  ASSERT_NE(cusolver, nullptr) << error;
  EXPECT_EQ(cusolver->getVersion(), "11.7.0");
  EXPECT_NE(cusolver->cusolverDnXgeev, nullptr);
  void *handle = nullptr;
  ASSERT_EQ(cusolver->cusolverDnCreate(&handle), 0);
  EXPECT_EQ(cusolver->cusolverDnDestroy(handle), 0);
}

TEST(CusolverLoader, OptionalEntryPointsMayBeMissing) {
  // A cuSOLVER before 11.7 has no geev: it loads, without it.
  std::string error;
  std::unique_ptr<Cusolver> cusolver =
      Cusolver::load(TEN_FAKE_CUSOLVER_11_6, error);
  ASSERT_NE(cusolver, nullptr) << error;
  EXPECT_EQ(cusolver->getVersion(), "11.6.0");
  EXPECT_EQ(cusolver->cusolverDnXgeev, nullptr);
  EXPECT_EQ(cusolver->cusolverDnXgeev_bufferSize, nullptr);
  EXPECT_NE(cusolver->cusolverDnZgesvdj, nullptr);
}

TEST(CusolverLoader, FailuresNameTheCallAndTheStatus) {
  EXPECT_EQ(Cusolver::describe(3, "cusolverDnSgetrf"),
            "cusolverDnSgetrf: CUSOLVER_STATUS_INVALID_VALUE");
  EXPECT_EQ(Cusolver::describe(99, "cusolverDnCreate"),
            "cusolverDnCreate: cuSOLVER status 99");
}

} // namespace
