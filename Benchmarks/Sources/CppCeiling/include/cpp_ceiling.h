/*
 * The C++ ceiling of the SimdUnbox benchmarks: simdjson On-Demand decoding the benchmark documents
 * into C++ structs equivalent to the Swift models (std::string, std::vector, std::optional), with
 * one parser reused across runs. This header is C only; the C++ lives in src/.
 *
 * Every call is noexcept: errors come back as simdjson error codes (0 is success).
 */
#ifndef CPP_CEILING_H
#define CPP_CEILING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Which document shape to decode; mirrors the Swift models of the CorpusModels target. */
typedef enum cpp_ceiling_workload {
    CPP_CEILING_TWITTER = 0,         /**< twitter.json into TwitterResponse */
    CPP_CEILING_CITM = 1,            /**< citm_catalog.json into CitmCatalog */
    CPP_CEILING_CANADA = 2,          /**< canada.json into FeatureCollection */
    CPP_CEILING_GSOC = 3,            /**< gsoc-2018.json into a dictionary of GsocProject */
    CPP_CEILING_GITHUB_EVENTS = 4,   /**< github_events.json into an array of GitHubEvent */
    CPP_CEILING_RECORDS = 5,         /**< generated records into an array of Record */
    CPP_CEILING_PARTIAL_TWITTER = 6, /**< twitter.json statuses into PartialStatus (id, text, user.screen_name) */
    CPP_CEILING_PARTIAL_RECORDS = 7, /**< generated records into RecordSummary (id, name, score) */
} cpp_ceiling_workload;

/**
 * What the last decode produced, counted over every field of the models: lets the benchmark check
 * that C++ and Swift decoded the same values. Strings include dictionary keys; absent optionals
 * count nothing.
 */
typedef struct cpp_ceiling_summary {
    uint64_t strings;
    uint64_t string_bytes;
    uint64_t integers;
    uint64_t integer_sum; /**< wrapping sum of every integer */
    uint64_t doubles;
    double double_sum;
    uint64_t booleans;
    uint64_t true_count;
} cpp_ceiling_summary;

/** A parser, a padded input buffer and the last decoded models. Use from one thread at a time. */
typedef struct cpp_ceiling_decoder cpp_ceiling_decoder;

/** Creates a decoder; NULL if memory is exhausted. */
cpp_ceiling_decoder *cpp_ceiling_decoder_create(void);

/** Destroys a decoder and the models it holds. */
void cpp_ceiling_decoder_destroy(cpp_ceiling_decoder *decoder);

/**
 * Copies `bytes` into the decoder's padded buffer and decodes them into the models of `workload`,
 * replacing (and freeing) the previous models. Writes the number of top-level items (statuses,
 * performances, coordinate pairs, projects, events or records) to `out_count`.
 *
 * Returns 0 on success, a simdjson error code otherwise, or -1 for an unexpected C++ exception.
 */
int cpp_ceiling_decode(
    cpp_ceiling_decoder *decoder,
    cpp_ceiling_workload workload,
    const void *bytes,
    size_t length,
    uint64_t *out_count
);

/** How the ceiling walks each object of the models. */
typedef enum cpp_ceiling_walk {
    /** Each field looked up by key (`object[key]`), in document order: what `cpp_ceiling_decode` does. */
    CPP_CEILING_FIND_FIELD = 0,
    /**
     * Each object's fields iterated once, in document order, each raw key dispatched on its first
     * byte and compared without unescaping (simdjson's fastest pattern); the required fields are
     * checked after the walk. The same models and summaries as CPP_CEILING_FIND_FIELD.
     */
    CPP_CEILING_SINGLE_PASS = 1,
} cpp_ceiling_walk;

/**
 * `cpp_ceiling_decode` with a choice of walk: the same inputs, models, count and return codes.
 */
int cpp_ceiling_decode_walk(
    cpp_ceiling_decoder *decoder,
    cpp_ceiling_workload workload,
    cpp_ceiling_walk walk,
    const void *bytes,
    size_t length,
    uint64_t *out_count
);

/** Summarizes the models of the last successful decode (which must have used `workload`). */
int cpp_ceiling_summarize(const cpp_ceiling_decoder *decoder, cpp_ceiling_workload workload,
                          cpp_ceiling_summary *out_summary);

/** What a pass over a stream of records computed (the Swift streams compute the same). */
typedef struct cpp_ceiling_stream_checksum {
    uint64_t count;      /**< records */
    uint64_t id_sum;     /**< wrapping sum of the ids */
    uint64_t text_bytes; /**< bytes of every name and bio (of every name, for summaries) */
} cpp_ceiling_stream_checksum;

/**
 * The ceiling of the streaming workloads: loads the file at `path` whole (simdjson's
 * `padded_string::load`) and decodes its records one at a time into a reused `Record`, folding each
 * into `out_checksum`: a root array, or with `json_lines` one document per line through
 * `iterate_many`. With `summaries`, each record is decoded into a `RecordSummary` (three fields)
 * instead. Unlike the Swift streams it holds the whole file in memory.
 *
 * Returns 0 on success, a simdjson error code otherwise, or -1 for an unexpected C++ exception.
 */
int cpp_ceiling_stream_records(cpp_ceiling_decoder *decoder, const char *path, int json_lines, int summaries,
                               cpp_ceiling_stream_checksum *out_checksum);

/** The name of the simdjson kernel chosen at run time, e.g. "icelake" or "haswell". */
const char *cpp_ceiling_active_implementation(void);

/**
 * Returns freed heap memory to the system (glibc's malloc_trim; nothing elsewhere), so that one
 * benchmark's peak resident memory is not inflated by what an earlier one freed.
 */
void cpp_ceiling_release_free_memory(void);

#ifdef __cplusplus
}
#endif

#endif /* CPP_CEILING_H */
