"""Code generation backends. `hloc.backend.llvm` compiles modules to native code through llvmlite."""
