// Environment the server process is started with (by `npm start`, the memory benchmark, and the unit in the README).
//
// MALLOC_MMAP_THRESHOLD_: glibc serves large blocks (over 128 KB) from mmap and gives them back when freed, but after
// the first such block is freed it raises that threshold up to 32 MB, so that later blocks of that size come from
// the heap and stay resident. argon2 takes 19 MB per password hash in the libuv threads: with the threshold fixed at
// its default, a sign-in's memory is given back; left dynamic, the process held 40-50 MB more from then on
// (bench/RESULTS.md, "Memory under a mixed load"). An operator's own value wins.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

// Node's flags for the server process. Left to itself, V8 sizes the heap from the machine's memory and lets the old
// generation fill with garbage that a busy server's in-flight requests got promoted into: /api/me alone under load
// held 221-226 MB (median RSS) with 55-60 MB live. A 4 MB young generation and a 1 GB ceiling (far above the largest
// answer's needs) make V8 collect sooner: 137-138 MB, and 185-194 MB under the mixed load (bench/RESULTS.md).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=1024'];
