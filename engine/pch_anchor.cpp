// Compiles the shared precompiled header once; other engine targets reuse it.
