#pragma once
// How many threads a run uses: set once, by whatever starts the run.

namespace attnlaw::harness {

// threads > 0 sets OpenMP's count (0 keeps its default). Either way, linear algebra runs on one
// thread: replicates and points are the unit of parallelism (for_each_replicate), and a count of
// threads must not change a result.
void use_threads(int threads);

}  // namespace attnlaw::harness
