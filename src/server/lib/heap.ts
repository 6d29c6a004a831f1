// Imported first by main.ts, so this runs before the rest of the server is loaded and allocates.
import v8 from "node:v8";

// Under load V8 doubles the young generation (up to 3 x 16 MB) after scavenges with many survivors, and
// the garbage it then promotes stayed in the old generation: an idle server held ~100 MB of heap after a
// minute of load (RSS 257-314 MB, bench:cold-start). A young generation that keeps its initial size
// (1 MB semi-spaces) means more, cheaper scavenges and an RSS of ~170-250 MB after the same load. V8 reads
// this flag at every resize, so setting it at run time works (not so --max-semi-space-size, read once).
v8.setFlagsFromString("--semi-space-growth-factor=1");
