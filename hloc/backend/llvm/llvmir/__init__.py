"""LLVM IR building blocks every layer above uses: HLO element types as LLVM types and values
(irvalues.py), loops and indices in layout order (loops.py), small IR helpers (irutil.py: entry-block
slots, memcpy, structured control flow) and the hints later stages read (hints.py: glue functions,
functions compiled apart), symbol names (symbols.py: the one allocator). Nothing here knows about
kernels or modules."""
