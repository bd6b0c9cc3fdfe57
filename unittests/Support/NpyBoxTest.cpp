//===- NpyBoxTest.cpp - parts of .npy files read alone
//---------------------===//

#include "ten/Support/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <cstring>

using namespace mlir::ten;

namespace {

/// A .npy file in a temporary directory, removed at the end of the test.
class NpyFile {
public:
  explicit NpyFile(const std::string &contents) {
    llvm::SmallString<128> created;
    llvm::sys::fs::createTemporaryFile("ten-npy-box", "npy", created);
    path = std::string(created);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << contents;
  }
  ~NpyFile() { llvm::sys::fs::remove(path); }
  std::string path;
};

/// A float32 tensor of `shape` whose element i is i.
HostTensor iota(llvm::ArrayRef<int64_t> shape) {
  HostTensor tensor(ElementKind::F32, shape);
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    tensor.setFromDouble(i, static_cast<double>(i));
  return tensor;
}

std::vector<double> values(const HostTensor &tensor) {
  std::vector<double> result;
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    result.push_back(tensor.getAsDouble(i));
  return result;
}

TEST(NpyBoxTest, ReadsTheBoxOfACOrderFile) {
  NpyFile file(serializeNpy(iota({4, 3, 5})));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {2, 1, 1}, {2, 2, 3});
  ASSERT_TRUE(static_cast<bool>(box)) << llvm::toString(box.takeError());
  EXPECT_EQ(box->shape, (llvm::SmallVector<int64_t>{2, 2, 3}));
  // Element (i, j, k) of the whole is 15 i + 5 j + k.
  EXPECT_EQ(values(*box), (std::vector<double>{36, 37, 38, 41, 42, 43, 51, 52,
                                               53, 56, 57, 58}));
}

TEST(NpyBoxTest, ReadsAllAndNothing) {
  NpyFile file(serializeNpy(iota({2, 3})));
  llvm::Expected<HostTensor> all = readNpyBox(file.path, {0, 0}, {2, 3});
  ASSERT_TRUE(static_cast<bool>(all)) << llvm::toString(all.takeError());
  EXPECT_EQ(values(*all), (std::vector<double>{0, 1, 2, 3, 4, 5}));
  llvm::Expected<HostTensor> none = readNpyBox(file.path, {1, 0}, {0, 3});
  ASSERT_TRUE(static_cast<bool>(none)) << llvm::toString(none.takeError());
  EXPECT_EQ(none->getNumElements(), 0);
}

TEST(NpyBoxTest, ReadsAScalar) {
  NpyFile file(serializeNpy(iota({})));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {}, {});
  ASSERT_TRUE(static_cast<bool>(box)) << llvm::toString(box.takeError());
  EXPECT_EQ(values(*box), (std::vector<double>{0}));
}

/// A version 1.0 .npy file of `descr` and `shape` text with `data`.
std::string handMade(const std::string &descr, bool fortran,
                     const std::string &shape, const std::string &data) {
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': " + (fortran ? "True" : "False") +
                       ", 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::string file = "\x93NUMPY";
  file += '\x01';
  file += '\x00';
  file += static_cast<char>(header.size() & 0xff);
  file += static_cast<char>(header.size() >> 8);
  return file + header + data;
}

TEST(NpyBoxTest, SwapsBigEndianElements) {
  // Big-endian int16 0..5 as (2, 3).
  std::string data;
  for (int i = 0; i < 6; ++i) {
    data += '\x00';
    data += static_cast<char>(i);
  }
  NpyFile file(handMade(">i2", false, "(2, 3)", data));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {0, 1}, {2, 2});
  ASSERT_TRUE(static_cast<bool>(box)) << llvm::toString(box.takeError());
  EXPECT_EQ(values(*box), (std::vector<double>{1, 2, 4, 5}));
}

TEST(NpyBoxTest, CutsAFortranOrderFile) {
  // Column-major bytes of the (2, 3) matrix [[0, 1, 2], [3, 4, 5]].
  std::string data;
  for (int value : {0, 3, 1, 4, 2, 5})
    data += static_cast<char>(value);
  NpyFile file(handMade("|u1", true, "(2, 3)", data));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {1, 0}, {1, 2});
  ASSERT_TRUE(static_cast<bool>(box)) << llvm::toString(box.takeError());
  EXPECT_EQ(values(*box), (std::vector<double>{3, 4}));
}

TEST(NpyBoxTest, RefusesABoxOutsideTheArray) {
  NpyFile file(serializeNpy(iota({4, 3})));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {2, 0}, {3, 3});
  ASSERT_FALSE(static_cast<bool>(box));
  EXPECT_EQ(llvm::toString(box.takeError()),
            file.path + ": has 4 elements along dimension 0, fewer than the "
                        "part 2 to 5 that was asked for");
  llvm::Expected<HostTensor> rank = readNpyBox(file.path, {0}, {4});
  ASSERT_FALSE(static_cast<bool>(rank));
  EXPECT_EQ(llvm::toString(rank.takeError()),
            file.path + ": holds a tensor of 2 dimension(s), not 1");
}

TEST(NpyBoxTest, RefusesATruncatedFile) {
  std::string whole = serializeNpy(iota({4, 3}));
  NpyFile file(whole.substr(0, whole.size() - 4));
  llvm::Expected<HostTensor> box = readNpyBox(file.path, {0, 0}, {1, 3});
  ASSERT_FALSE(static_cast<bool>(box));
  EXPECT_NE(llvm::toString(box.takeError()).find("truncated"),
            std::string::npos);
}

TEST(NpyBoxTest, ReadsTheHeaderAlone) {
  NpyFile file(serializeNpy(iota({4, 3})));
  llvm::Expected<NpyHeader> header = readNpyHeader(file.path);
  ASSERT_TRUE(static_cast<bool>(header)) << llvm::toString(header.takeError());
  EXPECT_EQ(header->kind, ElementKind::F32);
  EXPECT_EQ(header->shape, (llvm::SmallVector<int64_t>{4, 3}));
}

} // namespace
