/*
 * The system simdjson library (default paths on Linux, pkg-config elsewhere). Its header is C++, so this
 * module exposes no declarations: it only brings simdjson's include and library paths to the
 * CSimdJSON shim, which includes <simdjson.h> from C++.
 */
